// The numbered request/reply thread (src/core/workers/replyWorker.ts) that the stats, prerender and
// search index threads share: replies by id, keeps the process alive only while a reply is awaited,
// rejects what is pending when the thread exits, and says why it is unavailable.
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { spawnSync } from 'node:child_process';
import { buildSync } from 'esbuild';
import { ReplyTimeout, ReplyWorker } from '../../../src/core/workers/replyWorker';

type Req = { id: number; x: number; delayMs?: number; exit?: boolean };
type Reply = { id: number; echo: number; role: unknown };

const repoRoot = resolve(__dirname, '../../..');
const dir = mkdtempSync(join(tmpdir(), 'intent-lens-reply-worker-'));
const script = join(dir, 'echo.js');
writeFileSync(
  script,
  `const { parentPort, workerData } = require('node:worker_threads');
parentPort.on('message', (m) => {
  if (m.exit) process.exit(3);
  setTimeout(() => parentPort.postMessage({ id: m.id, echo: m.x, role: workerData && workerData.role }), m.delayMs || 0);
});`,
);
const workers: ReplyWorker<Req, Reply>[] = [];
const make = (locate: () => string | undefined = () => script, workerData?: unknown) => {
  const w = new ReplyWorker<Req, Reply>(locate, 'echo', { workerData });
  workers.push(w);
  return w;
};

afterEach(() => {
  for (const w of workers.splice(0)) w.dispose();
});

describe('ReplyWorker', () => {
  it('settles each request with the reply of its id, with the thread given its workerData', async () => {
    const w = make(undefined, { role: 'index' });
    const [slow, fast] = [w.request({ x: 1, delayMs: 80 }), w.request({ x: 2 })];
    expect(await fast).toMatchObject({ echo: 2, role: 'index' });
    expect(await slow).toMatchObject({ echo: 1, role: 'index' });
  });

  it('keeps a process alive while a reply is awaited, and lets it exit once idle', () => {
    // A process with nothing else to do (a CLI awaiting its stats or search reply): it must not exit
    // before the reply, nor stay after it.
    const bundle = join(dir, 'replyWorker.cjs');
    buildSync({
      entryPoints: [join(repoRoot, 'src/core/workers/replyWorker.ts')],
      bundle: true,
      platform: 'node',
      format: 'cjs',
      outfile: bundle,
      logLevel: 'silent',
    });
    const child = spawnSync(
      process.execPath,
      [
        '-e',
        `const { ReplyWorker } = require(${JSON.stringify(bundle)});
new ReplyWorker(() => ${JSON.stringify(script)}, 'echo').request({ x: 42, delayMs: 200 }).then((r) => console.log('reply', r.echo));`,
      ],
      { encoding: 'utf8', timeout: 20_000 },
    );
    expect(child.error).toBeUndefined();
    expect(child.stdout.trim()).toBe('reply 42');
    expect(child.status).toBe(0);
  });

  it('rejects a slow reply with ReplyTimeout and stays in use', async () => {
    const w = make();
    await expect(w.request({ x: 1, delayMs: 300 }, 20)).rejects.toBeInstanceOf(ReplyTimeout);
    expect(await w.request({ x: 7 })).toMatchObject({ echo: 7 });
  });

  it('rejects what is pending when the thread exits, and starts a new thread for the next request', async () => {
    const w = make();
    const pending = w.request({ x: 1, delayMs: 200 });
    await expect(w.request({ x: 2, exit: true })).rejects.toThrow(/echo thread exited \(3\)/);
    await expect(pending).rejects.toThrow(/exited/);
    expect(await w.request({ x: 9 })).toMatchObject({ echo: 9 });
  });

  it('is unavailable without its script, and its requests reject with why', async () => {
    const missing = make(() => undefined);
    expect(missing.available()).toBe(false);
    await expect(missing.request({ x: 1 })).rejects.toThrow(/no script for the echo thread/);
    const throwing = make(() => {
      throw new Error('searchWorker.js not found (run the build)');
    });
    await expect(throwing.request({ x: 1 })).rejects.toThrow(/run the build/);
  });

  it('sends nothing after dispose', async () => {
    const w = make();
    w.dispose();
    expect(w.available()).toBe(false);
    await expect(w.request({ x: 1 })).rejects.toThrow(/stopped/);
  });
});

process.on('exit', () => rmSync(dir, { recursive: true, force: true }));

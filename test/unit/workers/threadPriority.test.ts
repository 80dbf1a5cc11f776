// A background thread lowers its own priority and only its own: the thread that started it (the
// extension host's) keeps its nice value.
import { describe, it, expect } from 'vitest';
import { buildSync } from 'esbuild';
import { mkdtempSync, readlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import { BACKGROUND_NICE, lowerThisThreadPriority, thisThreadNice } from '../../../src/core/workers/threadPriority';

function buildProbe(): string {
  const out = join(mkdtempSync(join(tmpdir(), 'intent-lens-priority-')), 'probe.js');
  const source = `
    import { parentPort } from 'node:worker_threads';
    import { lowerThisThreadPriority, thisThreadNice } from ${JSON.stringify(resolve(__dirname, '../../../src/core/workers/threadPriority.ts'))};
    const before = thisThreadNice();
    const lowered = lowerThisThreadPriority();
    parentPort.postMessage({ before, lowered, after: thisThreadNice() });`;
  buildSync({
    stdin: { contents: source, loader: 'ts', resolveDir: __dirname },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    outfile: out,
    logLevel: 'silent',
  });
  return out;
}

describe.skipIf(process.platform !== 'linux')('background thread priority (Linux)', () => {
  it('a worker lowers its own nice value to the background one; the starting thread keeps its own', async () => {
    const mine = thisThreadNice();
    expect(mine).toBeTypeOf('number');
    const reply = await new Promise<{ before: number; lowered: boolean; after: number }>((res, rej) => {
      const w = new Worker(buildProbe());
      w.once('message', (m) => {
        res(m);
        void w.terminate();
      });
      w.once('error', rej);
    });
    expect(reply.before).toBe(mine);
    expect(reply.lowered).toBe(true);
    expect(reply.after).toBe(Math.max(mine!, Math.min(19, BACKGROUND_NICE)));
    expect(thisThreadNice()).toBe(mine);
  });

  it('never lowers the main thread of the process', () => {
    // The unit suite runs in forked processes (vitest.config.ts, pool 'forks'): this is the main thread.
    expect(Number(readlinkSync('/proc/thread-self').split('/').pop())).toBe(process.pid);
    const mine = thisThreadNice();
    expect(lowerThisThreadPriority()).toBe(false);
    expect(thisThreadNice()).toBe(mine);
  });
});

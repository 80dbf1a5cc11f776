// The worker path of run-log indexing gives what the calling thread gives (refs, diagnostics,
// incremental appends, reading a conversation back), and a dead worker is a diagnostic, not a hang.
import { describe, it, expect, beforeAll, vi } from 'vitest';
import {
  appendFileSync,
  copyFileSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { RunLogIndex } from '../../../src/core/load/runLogIndex';
import { RunLogPool } from '../../../src/core/load/runLogPool';
import { buildWorkerForTest } from '../workerBuild';

const SHARED_LOGS = resolve(__dirname, '../../../../shared/data/logs/math/snowball-stateful');

const buildWorker = (): string => buildWorkerForTest('core/load/runLogWorker');

/** Two real logs, plus one with a duplicate conv_id, a bad line and a truncated last line. */
function fixture(): { dir: string; files: string[]; rest: string } {
  const dir = mkdtempSync(join(tmpdir(), 'intent-lens-runlog-'));
  const real = readdirSync(SHARED_LOGS)
    .filter((f) => f.endsWith('.jsonl'))
    .sort()
    .slice(0, 2);
  const files = real.map((f) => {
    copyFileSync(join(SHARED_LOGS, f), join(dir, f));
    return join(dir, f);
  });
  const lines = readFileSync(files[0]!, 'utf8').split('\n').filter(Boolean);
  const fresh = (i: number) => JSON.stringify({ ...(JSON.parse(lines[i]!) as object), conv_id: `extra-${i}` });
  const last = fresh(3);
  const cut = Math.floor(last.length / 2);
  const mixed = join(dir, 'mixed.jsonl');
  writeFileSync(mixed, [fresh(1), lines[0], '{"conv_id": "broken", ', fresh(2)].join('\n') + '\n' + last.slice(0, cut));
  files.push(mixed);
  return { dir, files, rest: last.slice(cut) + '\n' + fresh(4) + '\n' };
}

const snapshot = (ix: RunLogIndex) => ({
  refs: ix.conversations(),
  diagnostics: ix.diagnostics(),
  files: ix.indexedFiles(),
});

// Built on two real logs of ../shared/data: skipped where that folder is absent.
describe.skipIf(!existsSync(SHARED_LOGS))('run-log indexing on worker threads', () => {
  let script: string;
  beforeAll(() => {
    script = buildWorker();
  }, 60000);

  it('gives the same refs and diagnostics as the calling thread, also after an append completes the truncated last line', async () => {
    const { dir, files, rest } = fixture();
    const inThread = new RunLogIndex();
    for (const f of files) await inThread.indexFile(f);
    // Three workers: the small third file is parsed before the first, whose conv_id still wins.
    const pool = new RunLogPool(() => script, 3);
    const onWorker = vi.spyOn(pool, 'index');
    const viaPool = new RunLogIndex();
    const batches: number[] = [];
    await viaPool.indexFiles(files, { pool, onBatch: (b) => batches.push(b.length) });
    expect(onWorker).toHaveBeenCalledTimes(files.length);
    const before = snapshot(inThread);
    expect(before.refs.length).toBeGreaterThan(100);
    expect(before.diagnostics.map((d) => d.code)).toEqual(
      expect.arrayContaining(['duplicate-conv-id', 'json-syntax', 'incomplete-line']),
    );
    expect(before.diagnostics.find((d) => d.code === 'duplicate-conv-id')).toMatchObject({ file: files[2], line: 2 });
    expect(snapshot(viaPool)).toEqual(before);
    // A duplicate parsed before its original was told of, then displaced: at least every ref.
    expect(batches.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(before.refs.length);

    appendFileSync(files[2]!, rest);
    const mixed = join(dir, 'mixed.jsonl');
    await inThread.indexFile(mixed);
    await viaPool.indexFiles([mixed], { pool });
    const after = snapshot(inThread);
    expect(after.refs.map((r) => r.conv_id)).toEqual(expect.arrayContaining(['extra-3', 'extra-4']));
    expect(after.diagnostics.map((d) => d.code)).not.toContain('incomplete-line');
    expect(snapshot(viaPool)).toEqual(after);
    // Refs made on a worker read back like any other.
    const ref = viaPool.get('extra-3')!;
    expect((await viaPool.readConversation(ref)).conv_id).toBe('extra-3');
    pool.dispose();
  }, 60000);

  it('a worker that dies fails only its file, with a diagnostic, and the load finishes', async () => {
    const { files } = fixture();
    const dying = join(mkdtempSync(join(tmpdir(), 'intent-lens-dying-')), 'dying.js');
    writeFileSync(dying, "require('node:worker_threads').parentPort.on('message', () => process.exit(7));\n");
    const pool = new RunLogPool(() => dying, 2);
    const ix = new RunLogIndex();
    const done: string[] = [];
    await ix.indexFiles(files, { pool, onFileDone: (p) => done.push(p) });
    expect(done.sort()).toEqual([...files].sort());
    expect(ix.conversations()).toEqual([]);
    for (const f of files)
      expect(ix.diagnostics(f)).toEqual([
        expect.objectContaining({
          code: 'index-failed',
          severity: 'error',
          message: expect.stringContaining('exit code 7'),
        }),
      ]);
    // A later pass (a file watcher's) without workers indexes it and drops the failure.
    await ix.indexFile(files[0]!);
    expect(ix.diagnostics(files[0]!)).toEqual([]);
    expect(ix.conversations().length).toBeGreaterThan(0);
    pool.dispose();
  }, 60000);

  it('when no worker can start at all, indexes in the calling thread rather than waiting forever', async () => {
    const { files } = fixture();
    // A relative path that is not "./…" makes the Worker constructor throw at once (ERR_WORKER_PATH).
    const pool = new RunLogPool(() => 'runLogWorker.js', 2);
    const ix = new RunLogIndex();
    await ix.indexFiles(files, { pool });
    const ref = new RunLogIndex();
    for (const f of files) await ref.indexFile(f);
    expect(snapshot(ix)).toEqual(snapshot(ref));
    expect(pool.available()).toBe(false);
  });

  it('without the bundled worker, indexes in the calling thread', async () => {
    const { files } = fixture();
    const pool = new RunLogPool(() => undefined, 2);
    const ix = new RunLogIndex();
    await ix.indexFiles(files, { pool });
    const ref = new RunLogIndex();
    for (const f of files) await ref.indexFile(f);
    expect(snapshot(ix)).toEqual(snapshot(ref));
  });
});

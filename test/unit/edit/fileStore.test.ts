import { describe, it, expect } from 'vitest';
import { mkdtempSync, writeFileSync, readFileSync, readdirSync, utimesSync, existsSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { FileChangedOnDiskError, readSnapshot, writeAtomic } from '../../../src/core/edit/fileStore';
import reviewCommand from '../../../src/cli/reviewCommand';
import { CliError } from '../../../src/cli/cliTypes';

const SHARED = resolve(__dirname, '../../../../shared/data');
const rec = (id: string) =>
  `{"task_id": "${id}", "task": "math", "shards": [{"shard_id": 1, "shard_text": "4 bags"}], "intent": {"shard_id": 1, "requirement": "bags", "original": "4 bags", "revised": "2 bags", "proposal": "use 2 bags?", "accept": "yes", "reject": "no", "neutral": ["a?", "b?"], "single_turn": {"original": "4 bags", "direct_revised": "2 bags"}, "reference": {"original": 4, "revised": 2}, "zz": 1}}`;

describe('atomic writes with external-change detection', () => {
  it('writes atomically and leaves no temp file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'il-store-'));
    const f = join(dir, 'a.records.jsonl');
    writeFileSync(f, 'one\n');
    const snap = await readSnapshot(f);
    await writeAtomic(snap, 'two\n');
    expect(readFileSync(f, 'utf8')).toBe('two\n');
    expect(readdirSync(dir)).toEqual(['a.records.jsonl']);
  });

  it('refuses to overwrite a file changed on disk (content, or same size with another mtime)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'il-store-'));
    const f = join(dir, 'a.records.jsonl');
    writeFileSync(f, 'one\n');
    const snap = await readSnapshot(f);
    writeFileSync(f, 'ONE\n');
    await expect(writeAtomic(snap, 'two\n')).rejects.toBeInstanceOf(FileChangedOnDiskError);
    expect(readFileSync(f, 'utf8')).toBe('ONE\n');
    const snap2 = await readSnapshot(f);
    utimesSync(f, new Date(), new Date(Date.now() + 5000));
    await expect(writeAtomic(snap2, 'two\n')).rejects.toBeInstanceOf(FileChangedOnDiskError);
    expect(readdirSync(dir)).toEqual(['a.records.jsonl']);
  });
});

describe('review CLI', () => {
  it('writes intent.review on one line only, keeps unknown fields, rejects bad input', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'il-review-'));
    const f = join(dir, 'a.records.jsonl');
    const text = `${rec('t1')}\n${rec('t2')}\r\n${rec('t3')}`;
    writeFileSync(f, text);
    expect(
      await reviewCommand.run([f, '--task-id', 't2', '--status', 'needs-work', '--note', 'wording', '--by', 'ana']),
    ).toBe(0);
    const after = readFileSync(f, 'utf8');
    const [l1, l2, l3] = after.split('\n');
    expect(l1).toBe(rec('t1'));
    expect(l3).toBe(rec('t3'));
    expect(l2!.endsWith('\r')).toBe(true);
    const r = JSON.parse(l2!);
    expect(r.intent.review).toMatchObject({ status: 'needs-work', note: 'wording', by: 'ana' });
    expect(r.intent.zz).toBe(1);
    expect(l2!.startsWith(rec('t2').slice(0, -2))).toBe(true);
    // Updating an existing review keeps its key order and drops the old note when none is given.
    expect(await reviewCommand.run([f, '--task-id', 't2', '--status', 'approved', '--by', 'ana'])).toBe(0);
    const r2 = JSON.parse(readFileSync(f, 'utf8').split('\n')[1]!);
    expect(Object.keys(r2.intent.review)).toEqual(['status', 'by', 'at']);
    expect(r2.intent.review.status).toBe('approved');
    await expect(reviewCommand.run([f, '--task-id', 'nope', '--status', 'approved'])).rejects.toBeInstanceOf(CliError);
    await expect(reviewCommand.run([f, '--task-id', 't1', '--status', 'great'])).rejects.toBeInstanceOf(CliError);
  });

  it.skipIf(!existsSync(join(SHARED, 'intent-sample.records.jsonl')))(
    'on a copy of the real records only the reviewed line changes',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'il-review-real-'));
      const f = join(dir, 'intent-sample.records.jsonl');
      copyFileSync(join(SHARED, 'intent-sample.records.jsonl'), f);
      const before = readFileSync(f, 'utf8').split('\n');
      expect(
        await reviewCommand.run([
          f,
          '--task-id',
          'sharded-spider-val-946-medium',
          '--status',
          'approved',
          '--note',
          'clear',
        ]),
      ).toBe(0);
      const after = readFileSync(f, 'utf8').split('\n');
      const changed = before.map((l, i) => (l === after[i] ? -1 : i)).filter((i) => i >= 0);
      expect(changed).toHaveLength(1);
      expect(JSON.parse(after[changed[0]!]!).task_id).toBe('sharded-spider-val-946-medium');
    },
  );
});

// Small sources of our own for the construction tests, and where the shared real data is.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { BenchmarkRecordSchema, type BenchmarkRecord } from '../../../src/core/schema/records';

export const repoRoot = resolve(__dirname, '../../..');
export const sharedData = resolve(repoRoot, '../shared/data');
export const peerEval = resolve(repoRoot, '../shared/peer-eval');
export const hasShared =
  existsSync(join(sharedData, 'intent-sample.records.jsonl')) && existsSync(join(peerEval, 'math.records.jsonl'));

/** A sharded math source (LiC style: shard 1 the goal, one fact per later shard). */
export function mathSource(over: Partial<BenchmarkRecord> = {}): BenchmarkRecord {
  return BenchmarkRecordSchema.parse({
    task_id: 'fixture-math/1',
    task: 'math',
    shards: [
      { shard_id: 1, shard_text: 'how much did Mia pay for the pencils?' },
      { shard_id: 2, shard_text: 'Mia bought 6 boxes of pencils' },
      { shard_id: 3, shard_text: 'each box holds 12 pencils' },
      { shard_id: 4, shard_text: 'a pencil costs $0.25' },
    ],
    question:
      'Mia bought 6 boxes of pencils. Each box holds 12 pencils. A pencil costs $0.25. How much did Mia pay for the pencils?',
    answer: 'She bought 6*12 = <<6*12=72>>72 pencils.\nShe paid 72*0.25 = $<<72*0.25=18>>18.\n#### 18',
    ...over,
  });
}

/** Records of a JSONL file, with any intent block removed (they become sources). */
export function sourcesOf(file: string): BenchmarkRecord[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => {
      const r = JSON.parse(l) as Record<string, unknown>;
      delete r.intent;
      return BenchmarkRecordSchema.parse(r);
    });
}

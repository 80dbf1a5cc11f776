// Cross-field checks of a record that its schema cannot express. The loader reports them as
// diagnostics (load/recordsFile.ts) and the revision editor lists them with the intent checks.
import type { BenchmarkRecord } from '../schema/records';

export const RECORD_CHECK_CODES = {
  'duplicate-shard-id': 'every shard_id of the record is distinct',
  'intent-shard-missing': "intent.shard_id names one of the record's shards",
} as const;
export type RecordCheckCode = keyof typeof RECORD_CHECK_CODES;

export interface RecordConsistencyIssue {
  code: RecordCheckCode;
  message: string;
  path: string;
}

export function recordConsistencyIssues(rec: BenchmarkRecord): RecordConsistencyIssue[] {
  const out: RecordConsistencyIssue[] = [];
  const ids = new Set<number>();
  rec.shards.forEach((s, i) => {
    if (ids.has(s.shard_id))
      out.push({
        code: 'duplicate-shard-id',
        message: `shard_id ${s.shard_id} appears twice`,
        path: `shards[${i}].shard_id`,
      });
    ids.add(s.shard_id);
  });
  if (rec.intent && !ids.has(rec.intent.shard_id)) {
    out.push({
      code: 'intent-shard-missing',
      message: `intent.shard_id ${rec.intent.shard_id} names no shard of this record`,
      path: 'intent.shard_id',
    });
  }
  return out;
}

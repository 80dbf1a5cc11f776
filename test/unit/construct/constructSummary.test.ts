import { describe, expect, it } from 'vitest';
import {
  sourcesWithoutRevision,
  summaryLines,
  summaryMessage,
  summaryTotals,
} from '../../../src/extension/construct/constructSummary';
import type { BenchmarkRecord } from '../../../src/core/schema/records';

const summary = {
  math: { sources: 3, constructed: 2, discarded: { 'no-valid-candidate': 1 } },
  database: { sources: 4, constructed: 1, discarded: { 'no-database': 2, 'no-valid-candidate': 1 } },
};

describe('construct-for-file summary', () => {
  it('totals constructed sources and the reasons for the others, most frequent first', () => {
    expect(summaryTotals(summary)).toEqual({
      sources: 7,
      constructed: 3,
      discarded: [
        ['no-database', 2],
        ['no-valid-candidate', 2],
      ],
    });
    expect(summaryMessage(summary, 'a.records.jsonl')).toBe(
      'constructed 3 of 7 sources in a.records.jsonl; not constructed: no-database 2, no-valid-candidate 2',
    );
    expect(summaryMessage({ math: { sources: 1, constructed: 1, discarded: {} } }, 'b')).toBe(
      'constructed 1 of 1 source in b',
    );
    expect(summaryLines(summary)).toEqual([
      'database: 1/4 constructed (not constructed: no-database 2, no-valid-candidate 1)',
      'math: 2/3 constructed (not constructed: no-valid-candidate 1)',
    ]);
  });

  it('takes only records without an intent block as sources', () => {
    const rec = (id: string, intent?: object) => ({
      value: { task_id: id, task: 'math', ...(intent ? { intent } : {}) } as BenchmarkRecord,
    });
    expect(sourcesWithoutRevision([rec('a'), rec('b', { shard_id: 1 }), rec('c')]).map((i) => i.value.task_id)).toEqual(
      ['a', 'c'],
    );
  });
});

// The Samples table's filters on the inactive, cost and file columns: one predicate for the tree and
// the table (the same visible rows), a run without the value (not re-scored, no cost logged) never
// in a set range, the file matched as the table shows it, and stored, described and linked as the
// other column filters are.
import { describe, expect, it } from 'vitest';
import { SourceTreeModel, describeFilters, hasActiveFilters, type TreeInput } from '../../../src/extension/tree/sourceTreeModel';
import { buildSamplesTable, visibleOf } from '../../../src/extension/samples/buildSamplesState';
import { cleanColumnFilters, matchesColumnFilters, type ColumnFilters } from '../../../src/extension/filters/columnFilters';
import { SampleFiltersSchema, SamplesWebviewCommand } from '../../../src/shared/protocol/samples';
import { SampleTable, visibleRowsOf } from '../../../webview/samples/sampleTable';
import type { ConversationRef } from '../../../src/core/load/runLogIndex';
import type { RescoredRun } from '../../../src/extension/tree/sourceTreeData';

let n = 0;
function conv(task_id: string, file: string, extra: Partial<ConversationRef> = {}): ConversationRef {
  n++;
  return { file, line: n, offset: 0, length: 1, conv_id: `c${n}`, task: 'math', task_id, model: 'm', mode: 'multi', condition: 'retained', verdict: 'incorrect', turns: 6, ...extra };
}

const convs = [
  conv('math/1', '/ws/logs/runs/math/asst.jsonl', { costUsd: 0.0004 }),
  conv('math/2', '/ws/logs/runs/math/asst.jsonl', { costUsd: 0.0125 }),
  conv('math/3', '/ws/logs/lic/Model-B.jsonl'),
  conv('math/4', '/ws/logs/lic/Model-B.jsonl', { costUsd: 0 }),
];
const rescores: Record<string, RescoredRun> = {
  // Two distinct inactive values (the count is of distinct values), one none.
  [convs[0]!.conv_id]: { is_correct: false, extracted: '60', inactive: [{ value: '3 sacks' }, { value: '3 sacks' }, { value: '$60' }], message: 'wrong' },
  [convs[2]!.conv_id]: { is_correct: true, extracted: '120', inactive: [], message: 'ok' },
};
const input: TreeInput = { records: new Map(), conversations: convs, rescored: (id) => rescores[id], fileLabel: (f) => f.replace('/ws/', '') };
const all = new SourceTreeModel(input);

/** The task ids the tree shows under `filters`, and those the table shows: they must agree. */
function shown(filters: ColumnFilters): string[] {
  const tree = all.withFilters(filters);
  const ids = tree.visibleConversations().map((c) => c.task_id).sort();
  const built = buildSamplesTable(all, tree);
  const table = new SampleTable(built.state.columns, built.state.count);
  const rows = [...visibleRowsOf(visibleOf(tree, built).visible, built.state.count)].map((i) => table.row(i).taskId).sort();
  expect(rows).toEqual(ids);
  return ids;
}

describe('inactive, cost and file column filters', () => {
  it('filter on the inactive count of re-scored runs; a run not re-scored never matches a set range', () => {
    expect(shown({ inactive: { min: 1 } })).toEqual(['math/1']);
    expect(shown({ inactive: { max: 0 } })).toEqual(['math/3']);
    expect(shown({ inactive: { min: 0, max: 5 } })).toEqual(['math/1', 'math/3']);
    expect(shown({ inactive: { min: 3 } })).toEqual([]);
    // The table's Inactive column shows the same count the filter reads.
    const built = buildSamplesTable(all, all);
    const table = new SampleTable(built.state.columns, built.state.count);
    const inactive = Object.fromEntries(Array.from({ length: built.state.count }, (_, i) => [table.row(i).taskId, table.row(i).inactive]));
    expect(inactive).toEqual({ 'math/1': 2, 'math/2': undefined, 'math/3': 0, 'math/4': undefined });
  });

  it('filter on the logged cost in dollars, fractions included; a run without a cost never matches a set range', () => {
    expect(shown({ cost: { min: 0.001 } })).toEqual(['math/2']);
    expect(shown({ cost: { max: 0.0005 } })).toEqual(['math/1', 'math/4']);
    expect(shown({ cost: { min: 0 } })).toEqual(['math/1', 'math/2', 'math/4']);
    expect(matchesColumnFilters(convs[2]!, { cost: { max: 1 } })).toBe(false);
  });

  it('filter on the file as the table shows it (relative, any case), not on the absolute path', () => {
    expect(shown({ fileText: 'RUNS/math' })).toEqual(['math/1', 'math/2']);
    expect(shown({ fileText: 'model-b.jsonl' })).toEqual(['math/3', 'math/4']);
    // The workspace's own folder is not part of what the column shows.
    expect(shown({ fileText: '/ws/' })).toEqual([]);
    expect(shown({ fileText: '  ' })).toEqual(['math/1', 'math/2', 'math/3', 'math/4']);
  });

  it('combine with each other and with the other filters', () => {
    expect(shown({ fileText: 'runs/', cost: { min: 0.01 } })).toEqual(['math/2']);
    expect(shown({ fileText: 'lic/', inactive: { min: 0 }, taskText: 'math/3' })).toEqual(['math/3']);
  });

  it('are active filters: stored without empty values, described, and valid in the shared schema', () => {
    const f = { fileText: ' runs/ ', cost: { min: 0.0005 }, inactive: { min: 1, max: 4 } };
    expect(hasActiveFilters({ inactive: { max: 0 } })).toBe(true);
    expect(hasActiveFilters({ fileText: 'x' })).toBe(true);
    expect(hasActiveFilters({ cost: {}, inactive: {}, fileText: ' ' })).toBe(false);
    expect(cleanColumnFilters({ fileText: ' ', cost: {}, inactive: {} })).toEqual({});
    expect(cleanColumnFilters(f)).toEqual({ fileText: 'runs/', cost: { min: 0.0005 }, inactive: { min: 1, max: 4 } });
    expect(describeFilters(f)).toBe('file contains "runs/" · cost: $0.0005– · inactive: 1–4');
    expect(SampleFiltersSchema.safeParse(cleanColumnFilters(f)).success).toBe(true);
    expect(SampleFiltersSchema.safeParse({ inactive: { min: 1.5 } }).success).toBe(false);
  });
});

describe('Samples table commands', () => {
  it('take a selection of many thousand rows (Re-score or Run Again on a filtered benchmark), not only 1,000', () => {
    const rows = Array.from({ length: 40_800 }, (_, i) => i);
    for (const command of ['open', 'rescore', 'runAgain'] as const) {
      const parsed = SamplesWebviewCommand.safeParse({ kind: 'command', command, params: { version: 1, rows } });
      expect(parsed.success, command).toBe(true);
    }
  });
});

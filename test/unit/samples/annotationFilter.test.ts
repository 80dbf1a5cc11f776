// The Samples table's annotation filter (issue #39) is the tree's too: one predicate, the same
// visible runs in both, stored (cleaned) and described like the other column filters, and the
// column's text sums up each run's annotations.
import { describe, expect, it } from 'vitest';
import { SourceTreeModel, describeFilters, hasActiveFilters } from '../../../src/extension/tree/sourceTreeModel';
import { buildSamplesTable, visibleOf } from '../../../src/extension/samples/buildSamplesState';
import { cleanColumnFilters } from '../../../src/extension/filters/columnFilters';
import {
  annotationColumnText,
  annotationChoices,
  runAnnotations,
  type RunAnnotations,
} from '../../../src/extension/filters/annotationFilter';
import { SampleFiltersSchema } from '../../../src/shared/protocol/samples';
import { SampleTable, visibleRowsOf } from '../../../webview/samples/sampleTable';
import type { ConversationRef } from '../../../src/core/load/runLogIndex';

const conv = (n: number): ConversationRef => ({
  file: '/ws/a.jsonl',
  line: n,
  offset: 0,
  length: 1,
  conv_id: `c${n}`,
  task: 'math',
  task_id: `math/${n}`,
  model: 'm',
  mode: 'multi',
  condition: 'original',
  verdict: 'incorrect',
  turns: 3,
});
const convs = [conv(1), conv(2), conv(3), conv(4)];
const summaries: Record<string, RunAnnotations> = {
  c1: { labels: ['leaked-inactive'], notes: 0, override: 'correct' },
  c2: { labels: ['verifier-wrong', 'leaked-inactive'], notes: 2 },
  c3: { labels: [], notes: 1 },
};
const all = new SourceTreeModel({ records: new Map(), conversations: convs, annotationsOf: (id) => summaries[id] });

function shown(annotations: string[]): { tree: string[]; table: string[] } {
  const tree = all.withFilters({ annotations });
  const built = buildSamplesTable(all, tree);
  const rows = [...visibleRowsOf(visibleOf(tree, built).visible, built.state.count)];
  return { tree: tree.visibleConversations().map((c) => c.conv_id), table: rows.map((r) => built.order[r]!.conv_id) };
}

describe('annotation filter', () => {
  it('lets through the runs with any chosen annotation, in the tree and the table alike', () => {
    const cases: Array<[string[], string[]]> = [
      [['annotated'], ['c1', 'c2', 'c3']],
      [['unannotated'], ['c4']],
      [['overridden'], ['c1']],
      [['noted'], ['c2', 'c3']],
      [['label:leaked-inactive'], ['c1', 'c2']],
      [['label:verifier-wrong', 'unannotated'], ['c2', 'c4']],
      [['label:refusal'], []],
    ];
    for (const [choices, ids] of cases) {
      const { tree, table } = shown(choices);
      expect(tree, choices.join()).toEqual(ids);
      expect(table, choices.join()).toEqual(ids);
    }
  });

  it('is stored, described and sent like the other column filters', () => {
    expect(cleanColumnFilters({ annotations: [] })).toEqual({});
    expect(cleanColumnFilters({ annotations: ['overridden'] })).toEqual({ annotations: ['overridden'] });
    expect(hasActiveFilters({ annotations: ['noted'] })).toBe(true);
    expect(describeFilters({ annotations: ['overridden', 'label:refusal'] })).toBe(
      'annotations: verdict overridden, label refusal',
    );
    expect(SampleFiltersSchema.safeParse({ annotations: ['label:x'] }).success).toBe(true);
    expect(SampleFiltersSchema.safeParse({ annotations: 'label:x' }).success).toBe(false);
  });

  it('sums up a run’s annotations for the column, and offers the labels in use', () => {
    expect(annotationColumnText(summaries.c2)).toBe('verifier-wrong, leaked-inactive · ✎2');
    expect(annotationColumnText(summaries.c1)).toBe('⚖✓ · leaked-inactive');
    expect(annotationColumnText(undefined)).toBeUndefined();
    const built = buildSamplesTable(all, all);
    const table = new SampleTable(built.state.columns, built.state.count);
    expect(built.order.map((_, i) => table.row(i).annotations)).toEqual([
      '⚖✓ · leaked-inactive',
      'verifier-wrong, leaked-inactive · ✎2',
      '✎1',
      undefined,
    ]);
    expect(annotationChoices(['my-label'])).toContain('label:my-label');
    expect(annotationChoices([])).toContain('label:ambiguous-task');
    // No annotated row: the column is left out of the state.
    expect(buildSamplesTable(new SourceTreeModel({ records: new Map(), conversations: convs }), all).state.columns.annotations).toBeUndefined();
  });

  it('reads a run’s current annotations: labels once each, notes counted, the winning override', () => {
    const base = { by: 'a', at: 't', updated_at: 't', basis: { verdict_source: 'logged', log_file: 'f', log_line: 1 }, source: { file: 's', line: 1 } };
    const list = [
      { ...base, id: '1', conv_id: 'c', kind: 'label' as const, value: 'refusal' },
      { ...base, id: '2', conv_id: 'c', kind: 'label' as const, value: 'refusal' },
      { ...base, id: '3', conv_id: 'c', kind: 'note' as const, value: 'hm' },
    ];
    expect(runAnnotations(list, 'incorrect')).toEqual({ labels: ['refusal'], notes: 1, override: 'incorrect' });
    expect(runAnnotations([], undefined)).toBeUndefined();
  });
});

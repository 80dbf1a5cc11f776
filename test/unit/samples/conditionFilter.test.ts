// The tree's Condition filter (part of the shared filter model: the Samples table applies it too)
// and the Instance filter's groups (multi-turn / single-turn / extended).
import { describe, expect, it } from 'vitest';
import { SourceTreeModel, describeFilters, hasActiveFilters, type TreeInput } from '../../../src/extension/tree/sourceTreeModel';
import { buildSamplesTable, visibleOf } from '../../../src/extension/samples/buildSamplesState';
import { cleanColumnFilters } from '../../../src/extension/filters/columnFilters';
import { SampleFiltersSchema } from '../../../src/shared/protocol/samples';
import { groupInstanceLabels, instanceGroupOf } from '../../../src/shared/instanceGroups';
import type { ConversationRef } from '../../../src/core/load/runLogIndex';

let n = 0;
function conv(condition: ConversationRef['condition'], verdict: ConversationRef['verdict'], extra: Partial<ConversationRef> = {}): ConversationRef {
  n++;
  return { file: '/ws/logs/a.jsonl', line: n, offset: 0, length: 1, conv_id: `c${n}`, task: 'math', task_id: `math/${n}`, model: 'm', mode: 'multi', condition, verdict, turns: 6, ...extra };
}

const convs = [
  conv('retained', 'incorrect'),
  conv('retained', 'correct'),
  conv('revised', 'incorrect'),
  conv('retained', 'incorrect', { path: 'persistence-retained', k: 2 }),
  conv('retained', 'incorrect', { mode: 'single' }),
  conv('original', 'correct'),
];
const input: TreeInput = { records: new Map(), conversations: convs, rescored: () => undefined, fileLabel: (f) => f };
const all = new SourceTreeModel(input);

describe('the Condition filter', () => {
  it('keeps the runs of the chosen conditions in every mode and path, with the verdict filter: "Retained + incorrect"', () => {
    const filters = { conditions: ['retained'], verdicts: ['incorrect' as const] };
    const tree = all.withFilters(filters);
    expect(tree.visibleConversations().map((c) => c.conv_id).sort()).toEqual(['c1', 'c4', 'c5']);
    // The table shows the same rows (one filter model).
    const built = buildSamplesTable(all, tree);
    expect(visibleOf(tree, built).visibleCount).toBe(3);
    expect(hasActiveFilters(filters)).toBe(true);
    expect(describeFilters(filters)).toContain('condition: Retained');
  });

  it('is stored when set, dropped when empty, and travels to the table', () => {
    expect(cleanColumnFilters({ conditions: ['revised'] })).toEqual({ conditions: ['revised'] });
    expect(cleanColumnFilters({ conditions: [] })).toEqual({});
    expect(SampleFiltersSchema.parse({ conditions: ['neutral'] })).toEqual({ conditions: ['neutral'] });
    expect(all.withFilters({ conditions: ['neutral'] }).visibleConversations()).toEqual([]);
  });
});

describe('instance groups', () => {
  it('puts multi-turn, single-turn and extended instances apart, each in the paper’s order', () => {
    const labels = ['Revised', 'S_Rev', 'persistence-retained k=2', 'Original', 'evolving · recap oracle', 'S_Orig', 'Retained', 'accumulation-retained k=10', 'accumulation-retained k=4', 'Neutral'];
    expect(groupInstanceLabels(labels)).toEqual([
      { group: 'multi-turn', labels: ['Original', 'Neutral', 'Retained', 'Revised'] },
      { group: 'single-turn', labels: ['S_Orig', 'S_Rev'] },
      { group: 'extended', labels: ['accumulation-retained k=4', 'accumulation-retained k=10', 'evolving · recap oracle', 'persistence-retained k=2'] },
    ]);
    expect(instanceGroupOf('Retained · recap full')).toBe('multi-turn');
    expect(groupInstanceLabels(['Original'])).toEqual([{ group: 'multi-turn', labels: ['Original'] }]);
  });
});

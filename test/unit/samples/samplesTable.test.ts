import { describe, expect, it } from 'vitest';
import { SourceTreeModel } from '../../../src/extension/tree/sourceTreeModel';
import { buildSamplesState } from '../../../src/extension/samples/buildSamplesState';
import { matchesColumnFilters, describeColumnFilters, cleanColumnFilters } from '../../../src/extension/tree/columnFilters';
import { SamplesStateSchema } from '../../../src/shared/protocol/samples';
import { sortVisible, nextSort } from '../../../webview/samples/gridModel';
import type { ConversationRef, Verdict } from '../../../src/core/load/runLogIndex';

let n = 0;
function conv(task_id: string, model: string, verdict: Verdict, turns: number, extra: Partial<ConversationRef> = {}): ConversationRef {
  n++;
  return { file: `/ws/logs/${model}.jsonl`, line: n, offset: 0, length: 1, conv_id: `c${n}`, task: task_id.startsWith('sql') ? 'database' : 'math', task_id, model, mode: 'multi', condition: 'original', verdict, turns, ...extra };
}

const convs = [
  conv('math/9', 'model-a', 'correct', 8, { responseTypes: 'answer_attempt×2', costUsd: 0.002 }),
  conv('math/10', 'model-b', 'incorrect', 12, { condition: 'retained' }),
  conv('sql/1', 'model-a', 'unscored', 4),
  conv('math/100', 'model-a', 'incorrect', 20, { mode: 'single', condition: 'original' }),
];
const label = (f: string) => f.replace('/ws/', '');

describe('Samples table state', () => {
  it('has one row per conversation from the index summaries, all visible without filters', () => {
    const state = buildSamplesState(new SourceTreeModel({ records: new Map(), conversations: convs }), label);
    expect(SamplesStateSchema.safeParse(state).success).toBe(true);
    expect(state.rows.map((r) => r.instance)).toEqual(['Original', 'Retained', 'Original', 'S_Orig']);
    expect(state.rows[0]).toMatchObject({ responseTypes: 'answer_attempt×2', costUsd: 0.002, file: 'logs/model-a.jsonl' });
    expect([...state.visible].sort()).toEqual([0, 1, 2, 3]);
    expect(state.options.models).toEqual(['model-a', 'model-b']);
  });

  it('shows exactly what the tree shows under the same filters (the table and the tree share one model)', () => {
    const filters = { models: ['model-a'], turns: { min: 5 } };
    const model = new SourceTreeModel({ records: new Map(), conversations: convs }, filters);
    const state = buildSamplesState(model, label);
    expect(state.visible.map((i) => state.rows[i]!.taskId).sort()).toEqual(['math/100', 'math/9']);
    // The tree's sources are the visible rows' sources.
    const treeSources = model.roots().flatMap((d) => model.children(d)).map((s) => (s.kind === 'source' ? s.taskId : ''));
    expect(treeSources.sort()).toEqual(['math/100', 'math/9']);
    expect(state.description).toBe('model: model-a · turns: 5–');
  });

  it('marks re-scored rows and their inactive count; others have no count (not computed)', () => {
    const model = new SourceTreeModel({
      records: new Map(),
      conversations: convs,
      rescored: (id) => (id === convs[1]!.conv_id ? { is_correct: true, extracted: '120', inactive: [{ value: '10 trays' }, { value: '10 trays' }, { value: '$120' }], message: 'ok' } : undefined),
    });
    const state = buildSamplesState(model, label);
    expect(state.rows[1]).toMatchObject({ verdict: 'correct', rescored: 'changed', inactive: 2 });
    expect(state.rows[0]!.inactive).toBeUndefined();
  });
});

describe('column filters', () => {
  it('match task text case-insensitively, instance labels and turn ranges', () => {
    expect(matchesColumnFilters(convs[0]!, { taskText: 'MATH/' })).toBe(true);
    expect(matchesColumnFilters(convs[2]!, { taskText: 'math/' })).toBe(false);
    expect(matchesColumnFilters(convs[3]!, { instances: ['S_Orig'] })).toBe(true);
    expect(matchesColumnFilters(convs[1]!, { instances: ['S_Orig'] })).toBe(false);
    expect(matchesColumnFilters(convs[1]!, { turns: { min: 12, max: 12 } })).toBe(true);
    expect(matchesColumnFilters(convs[1]!, { turns: { max: 11 } })).toBe(false);
  });

  it('drop empty values and describe the rest', () => {
    expect(cleanColumnFilters({ taskText: '  ', instances: [], turns: {} })).toEqual({});
    expect(describeColumnFilters({ taskText: 'gsm', instances: ['Retained'], turns: { max: 3 } })).toEqual(['task id contains "gsm"', 'instance: Retained', 'turns: –3']);
  });
});

describe('grid sorting', () => {
  const rows = buildSamplesState(new SourceTreeModel({ records: new Map(), conversations: convs }), label).rows;
  const ids = (order: number[]) => order.map((i) => rows[i]!.taskId);

  it('sorts task ids in natural order, both ways', () => {
    expect(ids(sortVisible(rows, [0, 1, 2, 3], { column: 'taskId', descending: false }))).toEqual(['math/9', 'math/10', 'math/100', 'sql/1']);
    expect(ids(sortVisible(rows, [0, 1, 2, 3], { column: 'taskId', descending: true }))).toEqual(['sql/1', 'math/100', 'math/10', 'math/9']);
  });

  it('sorts numbers numerically, keeps missing values last, and sorts only the visible rows', () => {
    expect(ids(sortVisible(rows, [0, 1, 2, 3], { column: 'turns', descending: true }))).toEqual(['math/100', 'math/10', 'math/9', 'sql/1']);
    expect(ids(sortVisible(rows, [0, 1, 2, 3], { column: 'costUsd', descending: true }))).toEqual(['math/9', 'math/10', 'sql/1', 'math/100']);
    expect(ids(sortVisible(rows, [3, 1], { column: 'turns', descending: false }))).toEqual(['math/10', 'math/100']);
  });

  it('cycles a header: ascending, descending, unsorted', () => {
    const a = nextSort(undefined, 'model');
    const b = nextSort(a, 'model');
    expect([a, b, nextSort(b, 'model'), nextSort(b, 'turns')]).toEqual([{ column: 'model', descending: false }, { column: 'model', descending: true }, undefined, { column: 'turns', descending: false }]);
  });
});

import { describe, expect, it } from 'vitest';
import { SourceTreeModel } from '../../../src/extension/tree/sourceTreeModel';
import { buildSamplesTable, convIdsOf, visibleOf } from '../../../src/extension/samples/buildSamplesState';
import { matchesColumnFilters, describeColumnFilters, cleanColumnFilters } from '../../../src/extension/filters/columnFilters';
import { SamplesStateSchema } from '../../../src/shared/protocol/samples';
import { sortVisible, nextSort, countingOrder, comparatorOrder, keepVisible } from '../../../webview/samples/gridModel';
import { SampleTable, visibleRowsOf } from '../../../webview/samples/sampleTable';
import type { ConversationRef, Verdict } from '../../../src/core/load/runLogIndex';

let n = 0;
function conv(task_id: string, model: string, verdict: Verdict, turns: number, extra: Partial<ConversationRef> = {}): ConversationRef {
  n++;
  return { file: `/ws/logs/${model}.jsonl`, line: n, offset: 0, length: 1, conv_id: `c${n}`, task: task_id.startsWith('sql') ? 'database' : 'math', task_id, model, mode: 'multi', condition: 'original', verdict, turns, ...extra };
}

const convs = [
  conv('math/9', 'model-a', 'correct', 8, { responseTypes: 'answer_attempt×2', costUsd: 0.002, tokens: 300 }),
  conv('math/10', 'model-b', 'incorrect', 12, { condition: 'retained', tokens: 1500 }),
  conv('sql/1', 'model-a', 'unscored', 4),
  conv('math/100', 'model-a', 'incorrect', 20, { mode: 'single', condition: 'original' }),
];
const label = (f: string) => f.replace('/ws/', '');

/** The state as the webview sees it: validated, unpacked, every row read back (its ids asked for as the page does, here all at once). */
function buildSamplesState(model: SourceTreeModel, all = model) {
  const built = buildSamplesTable(all, model);
  const { state } = built;
  const parsed = SamplesStateSchema.safeParse(state);
  expect(parsed.success).toBe(true);
  const table = new SampleTable(state.columns, state.count);
  const page = table.claimMissingIds(Array.from({ length: state.count }, (_, i) => i), state.count);
  table.settleIds(page, convIdsOf(built, state.version, page));
  const rows = Array.from({ length: state.count }, (_, i) => table.row(i));
  return { ...state, table, rows, visible: [...visibleRowsOf(state.visible, state.count)] };
}

describe('Samples table state', () => {
  it('has one row per conversation from the index summaries, all visible without filters', () => {
    const state = buildSamplesState(new SourceTreeModel({ records: new Map(), conversations: convs, fileLabel: label }));
    // Rows in the tree's order: domains in FORMAT.md's order, task ids in natural order.
    expect(state.rows.map((r) => r.taskId)).toEqual(['math/9', 'math/10', 'math/100', 'sql/1']);
    expect(state.rows.map((r) => r.instance)).toEqual(['Original', 'Retained', 'S_Orig', 'Original']);
    expect(state.rows[0]).toEqual({ convId: convs[0]!.conv_id, taskId: 'math/9', domain: 'math', model: 'model-a', instance: 'Original', verdict: 'correct', turns: 8, responseTypes: 'answer_attempt×2', costUsd: 0.002, tokens: 300, file: 'logs/model-a.jsonl', line: convs[0]!.line });
    expect(state.rows[3]).toEqual({ convId: convs[2]!.conv_id, taskId: 'sql/1', domain: 'database', model: 'model-a', instance: 'Original', verdict: 'unscored', turns: 4, file: 'logs/model-a.jsonl', line: convs[2]!.line });
    expect(state.visible).toEqual([0, 1, 2, 3]);
    expect(state.visibleCount).toBe(4);
    expect(state.options.models).toEqual(['model-a', 'model-b']);
  });

  it('shows exactly what the tree shows under the same filters (the table and the tree share one model)', () => {
    const filters = { models: ['model-a'], turns: { min: 5 } };
    const model = new SourceTreeModel({ records: new Map(), conversations: convs, fileLabel: label }, filters);
    const state = buildSamplesState(model, new SourceTreeModel({ records: new Map(), conversations: convs, fileLabel: label }));
    expect(state.count).toBe(4);
    expect(state.visible.map((i) => state.rows[i]!.taskId)).toEqual(['math/9', 'math/100']);
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
    const state = buildSamplesState(model);
    const row = (id: string) => state.rows.find((r) => r.convId === id)!;
    expect(row(convs[1]!.conv_id)).toMatchObject({ verdict: 'correct', rescored: 'changed', inactive: 2 });
    expect(row(convs[0]!.conv_id).inactive).toBeUndefined();
    expect(row(convs[0]!.conv_id).rescored).toBeUndefined();
  });
});

describe('conversation ids by page', () => {
  const all = new SourceTreeModel({ records: new Map(), conversations: convs, fileLabel: label });
  const built = buildSamplesTable(all, all, 7);

  it('answers the rows asked for, in their order, and refuses a stale version or an unknown row', () => {
    expect(convIdsOf(built, 7, [3, 0])).toEqual([convs[2]!.conv_id, convs[0]!.conv_id]);
    expect(() => convIdsOf(built, 6, [0])).toThrow(/table changed/);
    expect(() => convIdsOf(built, 7, [4])).toThrow(/no row 4/);
  });

  it('asks once per row, and again only after a failed page', () => {
    const table = new SampleTable(built.state.columns, built.state.count);
    expect(table.row(0).convId).toBeUndefined();
    const page = table.claimMissingIds([0, 1, 2, 9], 2);
    expect(page).toEqual([0, 1]);
    expect(table.claimMissingIds([0, 1, 2], 10)).toEqual([2]);
    table.settleIds(page, undefined);
    expect(table.claimMissingIds([0, 1], 10)).toEqual([0, 1]);
    table.settleIds([0, 1], convIdsOf(built, 7, [0, 1]));
    expect(table.row(1).convId).toBe(convs[1]!.conv_id);
    expect(table.claimMissingIds([0, 1], 10)).toEqual([]);
    expect(() => table.settleIds([2], [])).toThrow(/0 conversation ids for 1 rows/);
  });
});

describe('one filtered model for the tree and the table', () => {
  it('filters the same data again without regrouping it, and agrees with a model built from scratch', () => {
    const all = new SourceTreeModel({ records: new Map(), conversations: convs, fileLabel: label });
    const table = buildSamplesTable(all, all);
    for (const filters of [{ models: ['model-a'] }, { verdicts: ['incorrect' as const] }, { taskText: 'math', turns: { max: 12 } }, { instances: ['S_Orig'] }, {}]) {
      const again = all.withFilters(filters);
      expect(again.data).toBe(all.data);
      const fresh = new SourceTreeModel({ records: new Map(), conversations: convs, fileLabel: label }, filters);
      expect(again.visibleConversations().map((c) => c.conv_id)).toEqual(fresh.visibleConversations().map((c) => c.conv_id));
      // Rows by object for the shared data, by conv_id for a model of other data: the same bitmap.
      expect(visibleOf(again, table)).toEqual(visibleOf(fresh, table));
      expect(again.roots().flatMap((d) => again.children(d))).toEqual(fresh.roots().flatMap((d) => fresh.children(d)));
    }
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

  it('match response types as the table shows them, and logged token ranges (a run without tokens never matches one)', () => {
    expect(matchesColumnFilters(convs[0]!, { responseText: 'Answer Attempt' })).toBe(true);
    expect(matchesColumnFilters(convs[0]!, { responseText: 'answer_attempt×2' })).toBe(true);
    expect(matchesColumnFilters(convs[0]!, { responseText: 'clarification' })).toBe(false);
    expect(matchesColumnFilters(convs[1]!, { responseText: 'answer' })).toBe(false);
    expect(matchesColumnFilters(convs[1]!, { tokens: { min: 1000 } })).toBe(true);
    expect(matchesColumnFilters(convs[0]!, { tokens: { min: 1000 } })).toBe(false);
    expect(matchesColumnFilters(convs[0]!, { tokens: { max: 300 } })).toBe(true);
    expect(matchesColumnFilters(convs[2]!, { tokens: { max: 300 } })).toBe(false);
    // The tree's model applies them as the table does.
    const model = new SourceTreeModel({ records: new Map(), conversations: convs, fileLabel: label }, { tokens: { min: 1 } });
    expect(model.visibleConversations().map((c) => c.task_id).sort()).toEqual(['math/10', 'math/9']);
  });

  it('drop empty values and describe the rest', () => {
    expect(cleanColumnFilters({ taskText: '  ', responseText: ' ', instances: [], turns: {}, tokens: {} })).toEqual({});
    expect(cleanColumnFilters({ responseText: ' hedge ', tokens: { min: 5 } })).toEqual({ responseText: 'hedge', tokens: { min: 5 } });
    expect(describeColumnFilters({ taskText: 'gsm', instances: ['Retained'], turns: { max: 3 } })).toEqual(['task id contains "gsm"', 'instance: Retained', 'turns: –3']);
    expect(describeColumnFilters({ responseText: 'hedge', tokens: { min: 100, max: 900 } })).toEqual(['response types contain "hedge"', 'tokens: 100–900']);
  });
});

describe('grid sorting', () => {
  const { table, rows } = buildSamplesState(new SourceTreeModel({ records: new Map(), conversations: convs, fileLabel: label }));
  const ids = (order: Uint32Array) => [...order].map((i) => rows[i]!.taskId);
  const at = (...taskIds: string[]) => Uint32Array.from(taskIds.map((id) => rows.findIndex((r) => r.taskId === id)).sort((a, b) => a - b));
  const all = at('math/9', 'math/10', 'math/100', 'sql/1');

  it('sorts task ids in natural order, both ways', () => {
    expect(ids(sortVisible(table, all, { column: 'taskId', descending: false }))).toEqual(['math/9', 'math/10', 'math/100', 'sql/1']);
    expect(ids(sortVisible(table, all, { column: 'taskId', descending: true }))).toEqual(['sql/1', 'math/100', 'math/10', 'math/9']);
    expect(ids(sortVisible(table, all, undefined))).toEqual(['math/9', 'math/10', 'math/100', 'sql/1']);
  });

  it('sorts numbers numerically, keeps missing values last, and sorts only the visible rows', () => {
    expect(ids(sortVisible(table, all, { column: 'turns', descending: true }))).toEqual(['math/100', 'math/10', 'math/9', 'sql/1']);
    // Only math/9 logs a cost: ties (no cost) keep the tree's order, after it either way.
    expect(ids(sortVisible(table, all, { column: 'costUsd', descending: true }))).toEqual(['math/9', 'math/10', 'math/100', 'sql/1']);
    expect(ids(sortVisible(table, all, { column: 'costUsd', descending: false }))).toEqual(['math/9', 'math/10', 'math/100', 'sql/1']);
    expect(ids(sortVisible(table, at('math/100', 'math/10'), { column: 'turns', descending: false }))).toEqual(['math/10', 'math/100']);
    // Tokens where logged, numerically; rows without them last.
    expect(ids(sortVisible(table, all, { column: 'tokens', descending: true }))).toEqual(['math/10', 'math/9', 'math/100', 'sql/1']);
    expect(ids(sortVisible(table, all, { column: 'tokens', descending: false }))).toEqual(['math/9', 'math/10', 'math/100', 'sql/1']);
  });

  it('sorts verdicts by name and files by path then line', () => {
    expect(ids(sortVisible(table, all, { column: 'verdict', descending: false }))).toEqual(['math/9', 'math/10', 'math/100', 'sql/1']);
    expect(ids(sortVisible(table, all, { column: 'file', descending: false }))).toEqual(['math/9', 'sql/1', 'math/100', 'math/10']);
    expect(ids(sortVisible(table, all, { column: 'responseTypes', descending: true }))).toEqual(['math/9', 'math/10', 'math/100', 'sql/1']);
  });

  it('sorts by counting exactly as by comparison: stable, missing keys last, both directions', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (const size of [0, 1, 2, 50, 5000]) {
      const keys = Float64Array.from({ length: size }, () => (random() < 0.1 ? NaN : Math.floor(random() * 40)));
      const max = keys.reduce((m, k) => (Number.isNaN(k) ? m : Math.max(m, k)), 0);
      for (const descending of [false, true]) {
        const counted = [...countingOrder(keys, max, descending)];
        expect(counted).toEqual([...comparatorOrder(keys, descending)]);
        // Ties keep ascending positions; missing keys come last.
        for (let i = 1; i < counted.length; i++) {
          const [a, b] = [keys[counted[i - 1]!]!, keys[counted[i]!]!];
          if (Number.isNaN(b)) expect(Number.isNaN(a) ? counted[i - 1]! < counted[i]! : true).toBe(true);
          else {
            expect(Number.isNaN(a)).toBe(false);
            expect(descending ? a >= b : a <= b).toBe(true);
            if (a === b) expect(counted[i - 1]!).toBeLessThan(counted[i]!);
          }
        }
      }
    }
  });

  it('keeps the sort of every row for a filtered subset: the same order as sorting the subset', () => {
    const every = Uint32Array.from(rows.keys());
    const sorted = sortVisible(table, every, { column: 'turns', descending: true });
    for (const subset of [[0, 2], [1, 3], [3], [], [0, 1, 2, 3]]) {
      const visible = Uint32Array.from(subset);
      expect([...keepVisible(sorted, visible, rows.length)]).toEqual([...sortVisible(table, visible, { column: 'turns', descending: true })]);
    }
  });

  it('cycles a header: ascending, descending, unsorted', () => {
    const a = nextSort(undefined, 'model');
    const b = nextSort(a, 'model');
    expect([a, b, nextSort(b, 'model'), nextSort(b, 'turns')]).toEqual([{ column: 'model', descending: false }, { column: 'model', descending: true }, undefined, { column: 'turns', descending: false }]);
  });
});

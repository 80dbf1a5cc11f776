// Benchmark of the Samples table at 100,000 conversations (synthetic ConversationRefs: 10 models ×
// 2,500 sources × 4 instances): host-side state (rows + visible set through the tree's filter
// model), a filter change (visible set only), the webview's sort of every row, and the state's size
// on the wire. The grid itself mounts only the rows on screen (@tanstack/react-virtual).
import type { ConversationRef, Verdict } from '../src/core/load/runLogIndex';
import { SourceTreeModel } from '../src/extension/tree/sourceTreeModel';
import { buildSamplesState, visibleRows } from '../src/extension/samples/buildSamplesState';
import { sortVisible } from '../webview/samples/gridModel';

export function syntheticRefs(count: number): ConversationRef[] {
  const out: ConversationRef[] = [];
  const conditions = ['original', 'retained', 'revised', 'neutral'] as const;
  const verdicts: Verdict[] = ['correct', 'incorrect', 'unscored'];
  for (let i = 0; i < count; i++) {
    const model = `provider/model-${i % 10}`;
    const source = Math.floor(i / 40);
    out.push({ file: `/ws/logs/${model}.jsonl`, line: i + 1, offset: 0, length: 1, conv_id: `c${i}`, task: ['math', 'code', 'database', 'actions'][source % 4]!, task_id: `sharded-GSM8K/${source}`, model, mode: 'multi', condition: conditions[Math.floor(i / 10) % 4]!, verdict: verdicts[(i * 7) % 3]!, turns: 4 + (i % 17), responseTypes: 'answer_attempt×2 clarification×1' });
  }
  return out;
}

function time<T>(fn: () => T): [T, number] {
  const t0 = performance.now();
  const r = fn();
  return [r, performance.now() - t0];
}

export async function benchSamples(count = 100_000): Promise<Record<string, number | string>> {
  const conversations = syntheticRefs(count);
  const label = (f: string) => f.slice(4);
  const [state, stateMs] = time(() => buildSamplesState(new SourceTreeModel({ records: new Map(), conversations }), label));
  const [, filterMs] = time(() => visibleRows(new SourceTreeModel({ records: new Map(), conversations }, { models: ['provider/model-3'], turns: { min: 10 } }), state.rows));
  const [, sortTaskMs] = time(() => sortVisible(state.rows, state.visible, { column: 'taskId', descending: false }));
  const [, sortTurnsMs] = time(() => sortVisible(state.rows, state.visible, { column: 'turns', descending: true }));
  return {
    rows: state.rows.length,
    'state build (ms)': Math.round(stateMs),
    'filter change, visible set (ms)': Math.round(filterMs),
    'sort by task id (ms)': Math.round(sortTaskMs),
    'sort by turns (ms)': Math.round(sortTurnsMs),
    'state JSON (MB)': (JSON.stringify(state).length / 1e6).toFixed(1),
  };
}

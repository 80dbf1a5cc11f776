// Benchmark of the Samples table at 100,000 conversations (synthetic ConversationRefs: 10 models ×
// 2,500 sources × 4 instances): the host's packed state (columns + visible bitmap through the tree's
// filter model), a filter change (visible bitmap only), the webview's unpacking and sorts on the
// packed columns, and the messages' size on the wire — with the synthetic short ids and with 24-hex
// ids as real logs have. The grid itself mounts only the rows on screen (@tanstack/react-virtual).
import type { ConversationRef, Verdict } from '../src/core/load/runLogIndex';
import { SourceTreeModel } from '../src/extension/tree/sourceTreeModel';
import { buildSamplesTable, convIdsOf, visibleOf } from '../src/extension/samples/buildSamplesState';
import { SamplesStateSchema } from '../src/shared/protocol/samples';
import { sortVisible } from '../webview/samples/gridModel';
import { SampleTable, visibleRowsOf } from '../webview/samples/sampleTable';

export function syntheticRefs(count: number, hexIds = false): ConversationRef[] {
  const out: ConversationRef[] = [];
  const conditions = ['original', 'retained', 'revised', 'neutral'] as const;
  const verdicts: Verdict[] = ['correct', 'incorrect', 'unscored'];
  for (let i = 0; i < count; i++) {
    const model = `provider/model-${i % 10}`;
    const source = Math.floor(i / 40);
    const convId = hexIds ? `6a33d392642cb156${i.toString(16).padStart(8, '0')}` : `c${i}`;
    out.push({
      file: `/ws/logs/${model}.jsonl`,
      line: i + 1,
      offset: 0,
      length: 1,
      conv_id: convId,
      task: ['math', 'code', 'database', 'actions'][source % 4]!,
      task_id: `sharded-GSM8K/${source}`,
      model,
      mode: 'multi',
      condition: conditions[Math.floor(i / 10) % 4]!,
      verdict: verdicts[(i * 7) % 3]!,
      turns: 4 + (i % 17),
      responseTypes: 'answer_attempt×2 clarification×1',
    });
  }
  return out;
}

function time<T>(fn: () => T): [T, number] {
  const t0 = performance.now();
  const r = fn();
  return [r, performance.now() - t0];
}

const MB = (s: string) => (s.length / 1e6).toFixed(2);

export async function benchSamples(count = 100_000): Promise<Record<string, number | string>> {
  const conversations = syntheticRefs(count);
  const label = (f: string) => f.slice(4);
  const all = new SourceTreeModel({ records: new Map(), conversations, fileLabel: label });
  const [built, stateMs] = time(() => buildSamplesTable(all, all));
  const { state } = built;
  // A filter change filters the data the tree already has (`withFilters`); a data change rebuilds it.
  const [, rebuildMs] = time(() =>
    new SourceTreeModel(
      { records: new Map(), conversations },
      { models: ['provider/model-3'], turns: { min: 10 } },
    ).visibleConversations(),
  );
  const [, treeModelMs] = time(() =>
    all.withFilters({ models: ['provider/model-3'], turns: { min: 10 } }).visibleConversations(),
  );
  const [visible, filterMs] = time(() =>
    visibleOf(all.withFilters({ models: ['provider/model-3'], turns: { min: 11 } }), built),
  );
  const [, taskTextMs] = time(() => visibleOf(all.withFilters({ taskText: 'gsm8k/1' }), built));
  // The file, cost and inactive filters (one label test per file; no row logs a cost or is re-scored).
  const [, fileCostMs] = time(() =>
    visibleOf(all.withFilters({ fileText: 'model-3', cost: { max: 1 }, inactive: { min: 1 } }), built),
  );
  const page = Array.from({ length: 240 }, (_, i) => 50_000 + i);
  const [ids, idPageMs] = time(() => convIdsOf(built, state.version, page));
  const json = JSON.stringify(state);
  const [, parseMs] = time(() => JSON.parse(json));
  const [, validateMs] = time(() => SamplesStateSchema.parse(state));
  const [table, unpackMs] = time(() => new SampleTable(state.columns, state.count));
  const [rows, visibleMs] = time(() => visibleRowsOf(state.visible, state.count));
  const [, sortTaskMs] = time(() => sortVisible(table, rows, { column: 'taskId', descending: false }));
  const [, sortTurnsMs] = time(() => sortVisible(table, rows, { column: 'turns', descending: true }));
  const [, sortFileMs] = time(() => sortVisible(table, rows, { column: 'file', descending: false }));
  const filtered = visibleRowsOf(visible.visible, visible.count);
  const [, sortFilteredMs] = time(() => sortVisible(table, filtered, { column: 'taskId', descending: true }));
  const [, rowsMs] = time(() => {
    for (let i = 0; i < 60; i++) table.row(i);
  });
  const hex = new SourceTreeModel({ records: new Map(), conversations: syntheticRefs(count, true), fileLabel: label });
  const hexState = buildSamplesTable(hex, hex).state;
  return {
    rows: state.count,
    'host: state build, rows + columns + visible (ms)': Math.round(stateMs),
    'host: tree model from scratch + filtered (data change) (ms)': Math.round(rebuildMs),
    'host: filter change, tree model alone (ms)': Math.round(treeModelMs),
    'host: filter change, tree model + visible bitmap (ms)': Math.round(filterMs),
    'host: filter change, task id text (ms)': Math.round(taskTextMs),
    'host: filter change, file text + cost + inactive ranges (ms)': Math.round(fileCostMs),
    'host: ids of a 240-row page (ms)': idPageMs.toFixed(2),
    'ids page message, 24-hex ids (kB)': (
      JSON.stringify({ ids: ids.map((id) => id.replace(/^c/, '6a33d392642cb156').padEnd(24, '0')) }).length / 1e3
    ).toFixed(1),
    'state JSON, ids c0…c99999 (MB)': MB(json),
    'state JSON, 24-hex ids as in real logs (MB)': MB(JSON.stringify(hexState)),
    'visible message after a filter (kB)': (JSON.stringify(visible).length / 1e3).toFixed(1),
    'webview: JSON.parse of the state (ms)': Math.round(parseMs),
    'webview: zod validation of the state (ms)': Math.round(validateMs),
    'webview: unpack columns (ms)': Math.round(unpackMs),
    'webview: unpack visible bitmap (ms)': Math.round(visibleMs),
    'webview: read 60 rows for the screen (ms)': rowsMs.toFixed(2),
    'webview: sort by task id (ms)': Math.round(sortTaskMs),
    'webview: sort by turns (ms)': Math.round(sortTurnsMs),
    'webview: sort by file (ms)': Math.round(sortFileMs),
    [`webview: sort ${filtered.length} filtered rows by task id (ms)`]: Math.round(sortFilteredMs),
  };
}

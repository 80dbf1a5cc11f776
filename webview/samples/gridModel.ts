// The Samples grid's columns and sorting, pure (unit-tested): which value each column shows and
// sorts by, and the visible rows in sorted order. Filtering is the host's (the tree's model).
import type { SampleRow } from '../../src/shared/protocol/samples';
import type { SampleTable } from './sampleTable';
import { VERDICT_MARKS } from '../../src/shared/verdicts';

export type ColumnId = 'taskId' | 'domain' | 'model' | 'instance' | 'verdict' | 'annotations' | 'inactive' | 'turns' | 'responseTypes' | 'tokens' | 'costUsd' | 'file';
export type FilterKind = 'text' | 'set' | 'range' | 'none';

export interface Column {
  id: ColumnId;
  title: string;
  width: string;
  filter: FilterKind;
  text: (r: SampleRow) => string;
  /** Sort key per row, read from the packed columns: numbers sort numerically; NaN sorts last in either direction. */
  key: (t: SampleTable) => (row: number) => number;
}

/** Optional counts are stored + 1 (0: absent). */
const optional = (values: Uint32Array | undefined) => (row: number) => (values?.[row] ? values[row]! - 1 : NaN);

export const COLUMNS: readonly Column[] = [
  { id: 'taskId', title: 'Task id', width: 'minmax(160px, 2fr)', filter: 'text', text: (r) => r.taskId, key: (t) => t.rank('taskId') },
  { id: 'domain', title: 'Domain', width: '80px', filter: 'set', text: (r) => r.domain, key: (t) => t.rank('domain') },
  { id: 'model', title: 'Model', width: 'minmax(120px, 1.3fr)', filter: 'set', text: (r) => r.model, key: (t) => t.rank('model') },
  { id: 'instance', title: 'Instance', width: 'minmax(110px, 1fr)', filter: 'set', text: (r) => r.instance, key: (t) => t.rank('instance') },
  // Verdict codes are in the names' alphabetical order (correct, incorrect, unscored) × 3 re-scored states.
  { id: 'verdict', title: 'Verdict', width: '120px', filter: 'set', text: (r) => `${VERDICT_MARKS[r.verdict]} ${r.verdict}${r.rescored === 'changed' ? ' (re-scored)' : r.rescored ? ' (re-scored, same)' : ''}`, key: (t) => (row) => Math.floor(t.verdict[row]! / 3) },
  // Annotations (issue #39): the override mark, the labels, the notes; sorted by that text, unannotated last.
  { id: 'annotations', title: 'Annotations', width: 'minmax(120px, 1.2fr)', filter: 'set', text: (r) => r.annotations ?? '', key: (t) => t.rank('annotations') },
  { id: 'inactive', title: 'Inactive', width: '80px', filter: 'range', text: (r) => (r.inactive === undefined ? '·' : String(r.inactive)), key: (t) => optional(t.inactive) },
  { id: 'turns', title: 'Turns', width: '90px', filter: 'range', text: (r) => String(r.turns), key: (t) => (row) => t.turns[row]! },
  { id: 'responseTypes', title: 'Response types', width: 'minmax(120px, 1.3fr)', filter: 'text', text: (r) => r.responseTypes?.replace(/_/g, ' ') ?? '', key: (t) => t.rank('responseTypes') },
  { id: 'tokens', title: 'Tokens', width: '90px', filter: 'range', text: (r) => (r.tokens === undefined ? '' : r.tokens.toLocaleString('en')), key: (t) => optional(t.tokens) },
  { id: 'costUsd', title: 'Cost', width: '90px', filter: 'range', text: (r) => (r.costUsd === undefined ? '' : `$${r.costUsd.toFixed(4)}`), key: (t) => optional(t.cost) },
  {
    id: 'file',
    title: 'File',
    width: 'minmax(140px, 1.5fr)',
    filter: 'text',
    text: (r) => `${r.file}:${r.line}`,
    key: (t) => {
      const file = t.rank('file');
      return (row) => file(row) * 2 ** 32 + t.line[row]!;
    },
  },
];

/** The grid's least width: every column's minimum, the gaps and the row padding (see samples.css). */
export const GRID_MIN_WIDTH = COLUMNS.reduce((sum, c) => sum + Number(/(\d+)px/.exec(c.width)?.[1] ?? 0), 0) + 6 * (COLUMNS.length - 1) + 16;

export interface SortSpec {
  column: ColumnId;
  descending: boolean;
}

/** Keys below this (ranks, turns, verdicts, counts) sort by counting: linear, no comparator. */
const COUNTING_LIMIT = 1 << 20;

/** The visible rows sorted by a column (stable: ties keep the tree's order, i.e. ascending rows). */
export function sortVisible(table: SampleTable, visible: Uint32Array, sort: SortSpec | undefined): Uint32Array {
  if (!sort) return visible;
  const column = COLUMNS.find((c) => c.id === sort.column);
  if (!column) return visible;
  const keyOf = column.key(table);
  const keys = new Float64Array(visible.length);
  let max = 0;
  let small = true;
  for (let p = 0; p < visible.length; p++) {
    const k = (keys[p] = keyOf(visible[p]!));
    if (Number.isNaN(k)) continue;
    if (k > max) max = k;
    if (!(k >= 0 && k < COUNTING_LIMIT && Number.isInteger(k))) small = false;
  }
  const positions = small ? countingOrder(keys, max, sort.descending) : comparatorOrder(keys, sort.descending);
  const out = new Uint32Array(positions.length);
  for (let p = 0; p < positions.length; p++) out[p] = visible[positions[p]!]!;
  return out;
}

/** The rows of `sorted` (every row, in sort order) that are in `visible`: a filter change keeps the sort without sorting again. */
export function keepVisible(sorted: Uint32Array, visible: Uint32Array, count: number): Uint32Array {
  const shown = new Uint8Array(count);
  for (let p = 0; p < visible.length; p++) shown[visible[p]!] = 1;
  const out = new Uint32Array(visible.length);
  let o = 0;
  for (let p = 0; p < sorted.length && o < out.length; p++) if (shown[sorted[p]!]) out[o++] = sorted[p]!;
  return o === out.length ? out : out.subarray(0, o);
}

/** Positions by key (stable), NaN last in either direction. */
export function countingOrder(keys: Float64Array, max: number, descending: boolean): Uint32Array {
  // Bucket max + 1 holds the missing keys, so they come last.
  const counts = new Uint32Array(max + 3);
  const bucket = (k: number) => (Number.isNaN(k) ? max + 1 : descending ? max - k : k);
  for (let p = 0; p < keys.length; p++) counts[bucket(keys[p]!) + 1]!++;
  for (let b = 1; b < counts.length; b++) counts[b] = counts[b]! + counts[b - 1]!;
  const out = new Uint32Array(keys.length);
  for (let p = 0; p < keys.length; p++) out[counts[bucket(keys[p]!)]!++] = p;
  return out;
}

/** Positions by key with a comparator (stable), NaN last in either direction. */
export function comparatorOrder(keys: Float64Array, descending: boolean): Uint32Array {
  const dir = descending ? -1 : 1;
  const positions = Array.from({ length: keys.length }, (_, p) => p);
  positions.sort((a, b) => {
    const ka = keys[a]!;
    const kb = keys[b]!;
    const ma = Number.isNaN(ka);
    const mb = Number.isNaN(kb);
    if (ma || mb) return ma === mb ? a - b : ma ? 1 : -1;
    return ka !== kb ? (ka - kb) * dir : a - b;
  });
  return Uint32Array.from(positions);
}

/** The next sort after a header click: ascending, then descending, then none. */
export function nextSort(current: SortSpec | undefined, column: ColumnId): SortSpec | undefined {
  if (current?.column !== column) return { column, descending: false };
  return current.descending ? undefined : { column, descending: true };
}

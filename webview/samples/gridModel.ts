// The Samples grid's columns and sorting, pure (unit-tested): which value each column shows and
// sorts by, and the visible rows in sorted order. Filtering is the host's (the tree's model).
import type { SampleRow } from '../../src/shared/protocol/samples';
import type { SampleTable } from './sampleTable';

export type ColumnId = 'taskId' | 'domain' | 'model' | 'instance' | 'verdict' | 'inactive' | 'turns' | 'responseTypes' | 'costUsd' | 'file';
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

const VERDICT_SIGN: Record<SampleRow['verdict'], string> = { correct: '✓', incorrect: '✗', unscored: '–' };
/** Optional counts are stored + 1 (0: absent). */
const optional = (values: Uint32Array | undefined) => (row: number) => (values?.[row] ? values[row]! - 1 : NaN);

export const COLUMNS: readonly Column[] = [
  { id: 'taskId', title: 'Task id', width: 'minmax(160px, 2fr)', filter: 'text', text: (r) => r.taskId, key: (t) => t.rank('taskId') },
  { id: 'domain', title: 'Domain', width: '80px', filter: 'set', text: (r) => r.domain, key: (t) => t.rank('domain') },
  { id: 'model', title: 'Model', width: 'minmax(120px, 1.3fr)', filter: 'set', text: (r) => r.model, key: (t) => t.rank('model') },
  { id: 'instance', title: 'Instance', width: 'minmax(110px, 1fr)', filter: 'set', text: (r) => r.instance, key: (t) => t.rank('instance') },
  // Verdict codes are in the names' alphabetical order (correct, incorrect, unscored) × 3 re-scored states.
  { id: 'verdict', title: 'Verdict', width: '120px', filter: 'set', text: (r) => `${VERDICT_SIGN[r.verdict]} ${r.verdict}${r.rescored === 'changed' ? ' (re-scored)' : r.rescored ? ' (re-scored, same)' : ''}`, key: (t) => (row) => Math.floor(t.verdict[row]! / 3) },
  { id: 'inactive', title: 'Inactive', width: '70px', filter: 'none', text: (r) => (r.inactive === undefined ? '·' : String(r.inactive)), key: (t) => optional(t.inactive) },
  { id: 'turns', title: 'Turns', width: '90px', filter: 'range', text: (r) => String(r.turns), key: (t) => (row) => t.turns[row]! },
  { id: 'responseTypes', title: 'Response types', width: 'minmax(120px, 1.3fr)', filter: 'none', text: (r) => r.responseTypes?.replace(/_/g, ' ') ?? '', key: (t) => t.rank('responseTypes') },
  { id: 'costUsd', title: 'Cost', width: '70px', filter: 'none', text: (r) => (r.costUsd === undefined ? '' : `$${r.costUsd.toFixed(4)}`), key: (t) => optional(t.cost) },
  {
    id: 'file',
    title: 'File',
    width: 'minmax(140px, 1.5fr)',
    filter: 'none',
    text: (r) => `${r.file}:${r.line}`,
    key: (t) => {
      const file = t.rank('file');
      return (row) => file(row) * 2 ** 32 + t.line[row]!;
    },
  },
];

export interface SortSpec {
  column: ColumnId;
  descending: boolean;
}

/** The visible rows sorted by a column (stable: ties keep the tree's order, i.e. ascending rows). */
export function sortVisible(table: SampleTable, visible: Uint32Array, sort: SortSpec | undefined): Uint32Array {
  if (!sort) return visible;
  const column = COLUMNS.find((c) => c.id === sort.column);
  if (!column) return visible;
  const keyOf = column.key(table);
  const n = visible.length;
  const keys = new Float64Array(n);
  for (let p = 0; p < n; p++) keys[p] = keyOf(visible[p]!);
  const dir = sort.descending ? -1 : 1;
  const positions = new Uint32Array(n);
  for (let p = 0; p < n; p++) positions[p] = p;
  positions.sort((a, b) => {
    const ka = keys[a]!;
    const kb = keys[b]!;
    const ma = Number.isNaN(ka);
    const mb = Number.isNaN(kb);
    if (ma || mb) return ma === mb ? a - b : ma ? 1 : -1;
    return ka !== kb ? (ka - kb) * dir : a - b;
  });
  const out = new Uint32Array(n);
  for (let p = 0; p < n; p++) out[p] = visible[positions[p]!]!;
  return out;
}

/** The next sort after a header click: ascending, then descending, then none. */
export function nextSort(current: SortSpec | undefined, column: ColumnId): SortSpec | undefined {
  if (current?.column !== column) return { column, descending: false };
  return current.descending ? undefined : { column, descending: true };
}

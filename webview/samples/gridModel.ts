// The Samples grid's columns and sorting, pure (unit-tested): which value each column shows and
// sorts by, and the visible row indexes in sorted order. Filtering is the host's (the tree's model).
import type { SampleRow } from '../../src/shared/protocol/samples';

export type ColumnId = 'taskId' | 'domain' | 'model' | 'instance' | 'verdict' | 'inactive' | 'turns' | 'responseTypes' | 'costUsd' | 'file';
export type FilterKind = 'text' | 'set' | 'range' | 'none';

export interface Column {
  id: ColumnId;
  title: string;
  width: string;
  filter: FilterKind;
  text: (r: SampleRow) => string;
  /** Sort key: numbers sort numerically; undefined sorts last in either direction. */
  key: (r: SampleRow) => string | number | undefined;
}

const VERDICT_SIGN: Record<SampleRow['verdict'], string> = { correct: '✓', incorrect: '✗', unscored: '–' };

export const COLUMNS: readonly Column[] = [
  { id: 'taskId', title: 'Task id', width: 'minmax(160px, 2fr)', filter: 'text', text: (r) => r.taskId, key: (r) => r.taskId },
  { id: 'domain', title: 'Domain', width: '80px', filter: 'set', text: (r) => r.domain, key: (r) => r.domain },
  { id: 'model', title: 'Model', width: 'minmax(120px, 1.3fr)', filter: 'set', text: (r) => r.model, key: (r) => r.model },
  { id: 'instance', title: 'Instance', width: 'minmax(110px, 1fr)', filter: 'set', text: (r) => r.instance, key: (r) => r.instance },
  { id: 'verdict', title: 'Verdict', width: '120px', filter: 'set', text: (r) => `${VERDICT_SIGN[r.verdict]} ${r.verdict}${r.rescored === 'changed' ? ' (re-scored)' : r.rescored ? ' (re-scored, same)' : ''}`, key: (r) => r.verdict },
  { id: 'inactive', title: 'Inactive', width: '70px', filter: 'none', text: (r) => (r.inactive === undefined ? '·' : String(r.inactive)), key: (r) => r.inactive },
  { id: 'turns', title: 'Turns', width: '90px', filter: 'range', text: (r) => String(r.turns), key: (r) => r.turns },
  { id: 'responseTypes', title: 'Response types', width: 'minmax(120px, 1.3fr)', filter: 'none', text: (r) => r.responseTypes?.replace(/_/g, ' ') ?? '', key: (r) => r.responseTypes },
  { id: 'costUsd', title: 'Cost', width: '70px', filter: 'none', text: (r) => (r.costUsd === undefined ? '' : `$${r.costUsd.toFixed(4)}`), key: (r) => r.costUsd },
  { id: 'file', title: 'File', width: 'minmax(140px, 1.5fr)', filter: 'none', text: (r) => `${r.file}:${r.line}`, key: (r) => `${r.file}\u0000${String(r.line).padStart(9, '0')}` },
];

export interface SortSpec {
  column: ColumnId;
  descending: boolean;
}

const collator = new Intl.Collator('en', { numeric: true });

/** The visible indexes sorted by a column (stable: ties keep the host's order). */
export function sortVisible(rows: readonly SampleRow[], visible: readonly number[], sort: SortSpec | undefined): number[] {
  if (!sort) return [...visible];
  const column = COLUMNS.find((c) => c.id === sort.column);
  if (!column) return [...visible];
  // Keys are read once per row, and strings are ranked once per distinct value (the collator is
  // the slow part): 100,000 rows then sort on plain numbers.
  const raw = visible.map((i) => column.key(rows[i]!));
  const distinct = [...new Set(raw.filter((k): k is string => typeof k === 'string'))].sort(collator.compare);
  const rank = new Map(distinct.map((k, r) => [k, r]));
  const keys = raw.map((k) => (typeof k === 'string' ? rank.get(k)! : k));
  const dir = sort.descending ? -1 : 1;
  return visible
    .map((i, pos) => ({ i, pos, key: keys[pos] }))
    .sort((a, b) => {
      if (a.key === undefined || b.key === undefined) return a.key === b.key ? a.pos - b.pos : a.key === undefined ? 1 : -1;
      const c = a.key - b.key;
      return c !== 0 ? c * dir : a.pos - b.pos;
    })
    .map((x) => x.i);
}

/** The next sort after a header click: ascending, then descending, then none. */
export function nextSort(current: SortSpec | undefined, column: ColumnId): SortSpec | undefined {
  if (current?.column !== column) return { column, descending: false };
  return current.descending ? undefined : { column, descending: true };
}

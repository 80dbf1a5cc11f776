// The filter control under a column header: text (task id, response types, file contain), set
// (checkbox list), range (turns, tokens, cost, inactive count from–to). Each edits the shared filter
// model through `onChange`.
import { useCallback, useEffect, useRef, useState } from 'react';
import { groupInstanceLabels } from '../../src/shared/instanceGroups';
import type { SampleFilters } from '../../src/shared/protocol/samples';
import type { Column } from './gridModel';
import { annotationChoiceName } from '../../src/shared/annotationChoices';

type SetKey = 'domains' | 'models' | 'instances' | 'verdicts' | 'annotations';
const SET_KEYS: Partial<Record<Column['id'], SetKey>> = { domain: 'domains', model: 'models', instance: 'instances', verdict: 'verdicts', annotations: 'annotations' };
/** How a set filter shows its values (they travel as they are). */
const SET_NAMES: Partial<Record<SetKey, (value: string) => string>> = { annotations: annotationChoiceName };
const TEXT_KEYS: Partial<Record<Column['id'], 'taskText' | 'responseText' | 'fileText'>> = { taskId: 'taskText', responseTypes: 'responseText', file: 'fileText' };
const RANGE_KEYS: Partial<Record<Column['id'], 'turns' | 'tokens' | 'cost' | 'inactive'>> = { turns: 'turns', tokens: 'tokens', costUsd: 'cost', inactive: 'inactive' };
/** Ranges of whole counts, except the cost in dollars. */
const FRACTIONAL: ReadonlySet<Column['id']> = new Set(['costUsd']);

export interface FilterProps {
  column: Column;
  filters: SampleFilters;
  options: Record<SetKey, string[]>;
  /** The column's own key only (see the `changeFilters` command). */
  onChange: (changes: SampleFilters) => void;
}

function TextFilter({ value, label, onChange }: { value: string; label: string; onChange: (v: string) => void }) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  // Sent after typing pauses: each change re-filters the tree too.
  useEffect(() => {
    if (text === value) return;
    const t = setTimeout(() => onChange(text), 250);
    return () => clearTimeout(t);
  }, [text, value, onChange]);
  return <input className="il-filter-text" type="search" placeholder="contains…" aria-label={`Filter ${label}`} value={text} onChange={(e) => setText(e.target.value)} />;
}

/**
 * Closes an open dropdown on Escape (wherever the focus is), a press outside it, and when the view is
 * hidden or loses the window's focus (another editor tab, another window).
 */
function useDismiss(open: boolean, box: React.RefObject<HTMLDivElement | null>, close: () => void): void {
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.stopPropagation();
      close();
      box.current?.querySelector<HTMLButtonElement>('.il-filter-button')?.focus();
    };
    const onPointer = (e: PointerEvent) => {
      if (!(e.target instanceof Node) || !box.current?.contains(e.target)) close();
    };
    const onHidden = () => {
      if (document.visibilityState === 'hidden') close();
    };
    document.addEventListener('keydown', onKey, true);
    document.addEventListener('pointerdown', onPointer, true);
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('blur', close);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      document.removeEventListener('pointerdown', onPointer, true);
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('blur', close);
    };
  }, [open, box, close]);
}

function SetFilter({ label, options, selected, grouped, name = (o) => o, onChange }: { label: string; options: string[]; selected: string[]; grouped: boolean; name?: (value: string) => string; onChange: (v: string[]) => void }) {
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, box, close);
  const toggle = (o: string) => onChange(selected.includes(o) ? selected.filter((s) => s !== o) : [...selected, o]);
  const option = (o: string) => (
    <label key={o} className="il-filter-option" data-value={o}>
      <input type="checkbox" checked={selected.includes(o)} onChange={() => toggle(o)} /> {name(o)}
    </label>
  );
  return (
    <div className="il-filter-set" ref={box}>
      <button className="il-filter-button" aria-expanded={open} aria-label={`Filter ${label}`} onClick={() => setOpen(!open)} data-active={selected.length > 0}>
        {selected.length ? `${selected.length} of ${options.length}` : 'all'} ▾
      </button>
      {open && (
        <div className="il-filter-popup" role="group" aria-label={`${label} values`} data-testid="filter-popup">
          {grouped
            ? groupInstanceLabels(options).map((g) => (
                <div key={g.group} role="group" aria-label={g.group}>
                  <div className="il-filter-group">{g.group}</div>
                  {g.labels.map(option)}
                </div>
              ))
            : options.map(option)}
          <button className="il-filter-clear" onClick={() => onChange([])}>
            Show all
          </button>
        </div>
      )}
    </div>
  );
}

type Range = { min?: number; max?: number };
const sameRange = (a: Range | undefined, b: Range | undefined) => a?.min === b?.min && a?.max === b?.max;
const rangeText = (r: Range | undefined) => ({ min: r?.min === undefined ? '' : String(r.min), max: r?.max === undefined ? '' : String(r.max) });

/**
 * Min and max as typed, sent together after typing pauses. Why local: a controlled input showing
 * only the host's value dropped keystrokes made before the host answered ("12" became "2"), and a
 * max typed meanwhile was sent with the old min. The host's value is taken when it changes, unless
 * an edit is still unsent (it wins, and is sent next).
 */
function RangeFilter({ value, label, fractional, onChange }: { value: Range | undefined; label: string; fractional: boolean; onChange: (v: Range) => void }) {
  const read = (s: string) => (s.trim() === '' || !Number.isFinite(Number(s)) ? undefined : Math.max(0, fractional ? Number(s) : Math.floor(Number(s))));
  const parse = (t: { min: string; max: string }): Range => {
    const r: Range = {};
    const min = read(t.min);
    const max = read(t.max);
    if (min !== undefined) r.min = min;
    if (max !== undefined) r.max = max;
    return r;
  };
  const [text, setText] = useState(() => rangeText(value));
  const textRef = useRef(text);
  textRef.current = text;
  /** What the text was last synced to or sent as: the text differs from it while an edit is unsent. */
  const base = useRef<Range | undefined>(value);
  useEffect(() => {
    if (!sameRange(parse(textRef.current), base.current)) return;
    base.current = value;
    setText(rangeText(value));
    // Only the host's value starts a sync (the text is read through its ref).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value?.min, value?.max]);
  useEffect(() => {
    const next = parse(text);
    if (sameRange(next, base.current)) return;
    const t = setTimeout(() => {
      base.current = next;
      onChange(next);
    }, 250);
    return () => clearTimeout(t);
    // `parse` depends on `fractional` only, fixed per column.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text, onChange]);
  const step = fractional ? 'any' : 1;
  return (
    <div className="il-filter-range">
      <input type="number" min={0} step={step} placeholder="min" aria-label={`${label} at least`} value={text.min} onChange={(e) => setText({ ...text, min: e.target.value })} />
      <input type="number" min={0} step={step} placeholder="max" aria-label={`${label} at most`} value={text.max} onChange={(e) => setText({ ...text, max: e.target.value })} />
    </div>
  );
}

export function ColumnFilter({ column, filters, options, onChange }: FilterProps) {
  const textKey = TEXT_KEYS[column.id];
  if (column.filter === 'text' && textKey) return <TextFilter label={column.title} value={filters[textKey] ?? ''} onChange={(v) => onChange({ [textKey]: v })} />;
  const rangeKey = RANGE_KEYS[column.id];
  if (column.filter === 'range' && rangeKey) return <RangeFilter label={column.title} fractional={FRACTIONAL.has(column.id)} value={filters[rangeKey]} onChange={(v) => onChange({ [rangeKey]: v })} />;
  const key = SET_KEYS[column.id];
  if (column.filter !== 'set' || !key) return null;
  const selected = (filters[key] ?? []) as string[];
  const names = SET_NAMES[key];
  return <SetFilter label={column.title} options={options[key]} selected={selected} grouped={key === 'instances'} {...(names ? { name: names } : {})} onChange={(v) => onChange({ [key]: v })} />;
}

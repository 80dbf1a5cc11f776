// The Samples table: every conversation in one virtualised grid (only the rows on screen are in the
// DOM: smooth at 100,000 rows). Header click sorts; the row under each header filters (the filters
// are the Sources tree's: the host applies them and answers with the visible rows). Click, Ctrl/Cmd
// click and Shift click select; Enter opens; the toolbar opens, compares a pair, re-scores or runs again.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { MAX_ID_PAGE, type SampleFilters, type SamplesState, type SamplesView } from '../../src/shared/protocol/samples';
import type { CommandParams } from '../../src/shared/protocol';
import { COLUMNS, GRID_MIN_WIDTH, keepVisible, nextSort, sortVisible, type SortSpec } from './gridModel';
import { SampleTable, visibleRowsOf } from './sampleTable';
import { ColumnFilter } from './ColumnFilter';

const ROW_HEIGHT = 24;
/** Rows above and below the screen whose ids are fetched with it, so a scroll seldom waits for them. */
const ID_MARGIN = 100;

type RowCommand = 'open' | 'compare' | 'rescore' | 'runAgain' | 'copyFilterLink';

export interface SamplesAppProps {
  state: SamplesState;
  initialSort: SortSpec | undefined;
  onSortChanged: (s: SortSpec | undefined) => void;
  onFilters: (f: SampleFilters) => void;
  /** One column's filter edited: only its key travels, merged on the host. */
  onFilterChanges: (changes: SampleFilters) => void;
  onCommand: <C extends RowCommand>(command: C, params: CommandParams<typeof SamplesView, C>) => void;
  /** The conversation ids of rows of this state (rejects when the host's rows changed meanwhile). */
  requestIds: (rows: number[]) => Promise<string[]>;
  onRendered: () => void;
}

export function SamplesApp({ state, initialSort, onSortChanged, onFilters, onFilterChanges, onCommand, requestIds, onRendered }: SamplesAppProps) {
  const [sort, setSort] = useState<SortSpec | undefined>(initialSort);
  // Unpacked once per state (rows) and once per filter change (visible); sorted on the packed numbers.
  const table = useMemo(() => new SampleTable(state.columns, state.count), [state.columns, state.count]);
  const visible = useMemo(() => visibleRowsOf(state.visible, state.count), [state.visible, state.count]);
  // Every row in sort order, kept once sorted with nothing filtered out: a filter change then only
  // drops rows from it (linear) instead of sorting again.
  const sortedAll = useRef<{ table: SampleTable; sort: SortSpec; rows: Uint32Array } | undefined>(undefined);
  const order = useMemo(() => {
    if (!sort) return visible;
    const cached = sortedAll.current;
    if (cached?.table === table && cached.sort === sort) return keepVisible(cached.rows, visible, table.count);
    const rows = sortVisible(table, visible, sort);
    if (visible.length === table.count) sortedAll.current = { table, sort, rows };
    return rows;
  }, [table, visible, sort]);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [cursor, setCursor] = useState(0);
  const anchor = useRef<number | undefined>(undefined);
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: order.length, getScrollElement: () => scroller.current, estimateSize: () => ROW_HEIGHT, overscan: 12 });
  const template = COLUMNS.map((c) => c.width).join(' ');
  // Narrower than its columns, the grid scrolls sideways; the header follows the body (no re-render).
  const head = useRef<HTMLDivElement>(null);
  const followScroll = useCallback(() => {
    if (head.current && scroller.current) head.current.style.transform = `translateX(${-scroller.current.scrollLeft}px)`;
  }, []);
  const version = state.version;

  // Ids by page: the rows on screen and a margin, asked for as the grid scrolls; a re-render shows them.
  const [, setIdPages] = useState(0);
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items[items.length - 1]?.index ?? -1;
  useEffect(() => {
    if (last < 0) return;
    const rows = table.claimMissingIds(order.subarray(Math.max(0, first - ID_MARGIN), Math.min(order.length, last + 1 + ID_MARGIN)), MAX_ID_PAGE);
    if (!rows.length) return;
    requestIds(rows).then(
      (ids) => {
        table.settleIds(rows, ids);
        setIdPages((n) => n + 1);
      },
      // The rows changed on the host: the new state's table asks again.
      () => table.settleIds(rows, undefined),
    );
  }, [first, last, order, table, requestIds]);

  useEffect(() => {
    requestAnimationFrame(() => onRendered());
    // Once per state.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state]);
  // A new row set (the data or the verdicts changed): a row number may name another conversation
  // now, so nothing stays selected (a command would otherwise act on rows the user did not pick).
  useEffect(() => {
    setSelected((s) => (s.size ? new Set() : s));
    anchor.current = undefined;
  }, [version]);
  // Rows filtered away are no longer selected.
  useEffect(() => {
    setSelected((s) => {
      if (!s.size) return s;
      const shown = new Set(visible);
      return new Set([...s].filter((i) => shown.has(i)));
    });
  }, [visible]);

  const clickRow = (pos: number, e: React.MouseEvent) => {
    const row = order[pos]!;
    setCursor(pos);
    if (e.shiftKey && anchor.current !== undefined) {
      const [a, b] = [Math.min(anchor.current, pos), Math.max(anchor.current, pos)];
      setSelected(new Set(order.slice(a, b + 1)));
      return;
    }
    anchor.current = pos;
    if (e.ctrlKey || e.metaKey) {
      setSelected((s) => {
        const n = new Set(s);
        if (n.has(row)) n.delete(row);
        else n.add(row);
        return n;
      });
    } else setSelected(new Set([row]));
  };

  // Commands name rows (in the grid's order); the host maps them to conversations.
  const selectedRows = useMemo(() => (selected.size ? Array.from(order.filter((i) => selected.has(i))) : []), [order, selected]);
  const open = useCallback(() => selectedRows.length && onCommand('open', { version, rows: selectedRows }), [selectedRows, onCommand, version]);

  const onKey = (e: React.KeyboardEvent) => {
    if (e.target instanceof HTMLElement && e.target.closest('input, button')) return;
    const move = e.key === 'ArrowDown' ? 1 : e.key === 'ArrowUp' ? -1 : e.key === 'PageDown' ? 20 : e.key === 'PageUp' ? -20 : 0;
    if (move) {
      e.preventDefault();
      const pos = Math.max(0, Math.min(order.length - 1, cursor + move));
      setCursor(pos);
      anchor.current = pos;
      if (order[pos] !== undefined) setSelected(new Set([order[pos]!]));
      virtualizer.scrollToIndex(pos);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      open();
    }
  };

  const filtered = state.visibleCount !== state.count;
  return (
    <div className="il-samples">
      <div className="il-toolbar">
        <strong data-testid="row-count">
          {filtered ? `${state.visibleCount} of ${state.count}` : state.count} conversations
        </strong>
        {state.description && (
          <span className="il-filter-description" data-testid="filter-description">
            filtered: {state.description}
          </span>
        )}
        {filtered && <button onClick={() => onFilters({})}>Clear Filters</button>}
        {filtered && (
          <button title="Copy a link that opens this filter in the Sources tree and this table" onClick={() => onCommand('copyFilterLink', {})}>
            Copy Link
          </button>
        )}
        <span className="il-spacer" />
        <span>{selectedRows.length} selected</span>
        <button disabled={!selectedRows.length} onClick={open}>
          Open
        </button>
        <button disabled={selectedRows.length !== 2} title="Select exactly two conversations" onClick={() => onCommand('compare', { version, left: selectedRows[0]!, right: selectedRows[1]! })}>
          Compare Pair
        </button>
        <button disabled={!selectedRows.length} onClick={() => onCommand('rescore', { version, rows: selectedRows })}>
          Re-score
        </button>
        <button disabled={!selectedRows.length} title="Run the instance of each selected conversation again (the default provider)" onClick={() => onCommand('runAgain', { version, rows: selectedRows })}>
          Run Again…
        </button>
      </div>
      <div className="il-grid-head-clip">
        <div className="il-grid-head" role="row" ref={head} style={{ gridTemplateColumns: template, minWidth: GRID_MIN_WIDTH }}>
          {COLUMNS.map((c) => (
            <div key={c.id} className="il-head-cell" role="columnheader" aria-sort={sort?.column === c.id ? (sort.descending ? 'descending' : 'ascending') : 'none'} data-column={c.id}>
              <button
                className="il-sort"
                onClick={() => {
                  const s = nextSort(sort, c.id);
                  setSort(s);
                  onSortChanged(s);
                }}
              >
                {c.title} {sort?.column === c.id ? (sort.descending ? '▼' : '▲') : ''}
              </button>
              <ColumnFilter column={c} filters={state.filters} options={{ ...state.options, verdicts: ['correct', 'incorrect', 'unscored'] }} onChange={onFilterChanges} />
            </div>
          ))}
        </div>
      </div>
      <div className="il-grid-body" ref={scroller} role="grid" aria-rowcount={order.length} tabIndex={0} onKeyDown={onKey} onScroll={followScroll} data-testid="grid">
        {order.length === 0 && <p className="il-empty">{state.count ? 'No conversation matches the filters. Clear Filters shows them all.' : 'No run logs in this workspace: logs are found by the intentLens.logsGlob setting.'}</p>}
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative', minWidth: GRID_MIN_WIDTH }}>
          {items.map((item) => {
            const i = order[item.index]!;
            const r = table.row(i);
            return (
              <div
                key={i}
                role="row"
                aria-selected={selected.has(i)}
                className={`il-row${selected.has(i) ? ' il-selected' : ''}${item.index === cursor ? ' il-cursor' : ''}`}
                data-conv-id={r.convId}
                style={{ gridTemplateColumns: template, height: ROW_HEIGHT, transform: `translateY(${item.start}px)` }}
                onClick={(e) => clickRow(item.index, e)}
                onDoubleClick={() => onCommand('open', { version, rows: [i] })}
              >
                {COLUMNS.map((c) => (
                  <div key={c.id} role="gridcell" className={`il-cell il-cell-${c.id}${c.id === 'verdict' ? ` il-verdict-${r.verdict}` : ''}`} title={c.text(r)}>
                    {c.text(r)}
                  </div>
                ))}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}

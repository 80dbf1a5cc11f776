// The Samples table: every conversation in one virtualised grid (only the rows on screen are in the
// DOM: smooth at 100,000 rows). Header click sorts; the row under each header filters (the filters
// are the Sources tree's: the host applies them and answers with the visible rows). Click, Ctrl/Cmd
// click and Shift click select; Enter opens; the toolbar opens, compares a pair, re-scores or runs again.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useVirtualizer, type VirtualItem } from '@tanstack/react-virtual';
import type { SampleFilters, SamplesState, SamplesView } from '../../src/shared/protocol/samples';
import type { CommandParams } from '../../src/shared/protocol';
import { COLUMNS, GRID_MIN_WIDTH, type SortSpec } from './gridModel';
import type { SampleTable } from './sampleTable';
import { GridHead } from './GridHead';
import { SamplesToolbar } from './SamplesToolbar';
import { useIdPages, useSortedRows } from './useSampleRows';
import { useRowSelection } from './useRowSelection';

const ROW_HEIGHT = 24;

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

const template = COLUMNS.map((c) => c.width).join(' ');

export function SamplesApp(props: SamplesAppProps) {
  const { state, onCommand } = props;
  const [sort, setSort] = useState<SortSpec | undefined>(props.initialSort);
  const { table, visible, order } = useSortedRows(state, sort);
  const version = state.version;
  const selection = useRowSelection(order, visible, version);
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: order.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  // Narrower than its columns, the grid scrolls sideways; the header follows the body (no re-render).
  const head = useRef<HTMLDivElement>(null);
  const followScroll = useCallback(() => {
    if (head.current && scroller.current) head.current.style.transform = `translateX(${-scroller.current.scrollLeft}px)`;
  }, []);

  const items = virtualizer.getVirtualItems();
  useIdPages(table, order, { first: items[0]?.index ?? 0, last: items[items.length - 1]?.index ?? -1 }, props.requestIds);

  useEffect(() => {
    requestAnimationFrame(() => props.onRendered());
    // Once per state.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state]);

  const { selectedRows } = selection;
  const open = useCallback(
    () => selectedRows.length && onCommand('open', { version, rows: selectedRows }),
    [selectedRows, onCommand, version],
  );

  const onKey = (e: React.KeyboardEvent) => {
    if (e.target instanceof HTMLElement && e.target.closest('input, button')) return;
    const move = e.key === 'ArrowDown' ? 1 : e.key === 'ArrowUp' ? -1 : e.key === 'PageDown' ? 20 : e.key === 'PageUp' ? -20 : 0;
    if (move) {
      e.preventDefault();
      virtualizer.scrollToIndex(selection.moveCursor(selection.cursor + move));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      open();
    }
  };

  const onSort = (s: SortSpec | undefined) => {
    setSort(s);
    props.onSortChanged(s);
  };
  return (
    <div className="il-samples">
      <SamplesToolbar state={state} selectedRows={selectedRows} open={open} onFilters={props.onFilters} onCommand={onCommand} />
      <GridHead
        headRef={head}
        template={template}
        state={state}
        sort={sort}
        onSort={onSort}
        onFilterChanges={props.onFilterChanges}
      />
      <div
        className="il-grid-body"
        ref={scroller}
        role="grid"
        aria-rowcount={order.length}
        tabIndex={0}
        onKeyDown={onKey}
        onScroll={followScroll}
        data-testid="grid"
      >
        {order.length === 0 && (
          <p className="il-empty">
            {state.count
              ? 'No conversation matches the filters. Clear Filters shows them all.'
              : 'No run logs in this workspace: logs are found by the intentLens.logsGlob setting.'}
          </p>
        )}
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative', minWidth: GRID_MIN_WIDTH }}>
          {items.map((item) => (
            <GridRow
              key={order[item.index]!}
              item={item}
              row={order[item.index]!}
              table={table}
              selected={selection.selected.has(order[item.index]!)}
              cursor={item.index === selection.cursor}
              onClick={(e) => selection.clickRow(item.index, e)}
              onOpen={() => onCommand('open', { version, rows: [order[item.index]!] })}
            />
          ))}
        </div>
      </div>
    </div>
  );
}

/** One conversation's row, placed at its virtual offset. */
function GridRow(props: {
  item: VirtualItem;
  row: number;
  table: SampleTable;
  selected: boolean;
  cursor: boolean;
  onClick: (e: React.MouseEvent) => void;
  onOpen: () => void;
}) {
  const r = props.table.row(props.row);
  return (
    <div
      role="row"
      aria-selected={props.selected}
      className={`il-row${props.selected ? ' il-selected' : ''}${props.cursor ? ' il-cursor' : ''}`}
      data-conv-id={r.convId}
      style={{ gridTemplateColumns: template, height: ROW_HEIGHT, transform: `translateY(${props.item.start}px)` }}
      onClick={props.onClick}
      onDoubleClick={props.onOpen}
    >
      {COLUMNS.map((c) => (
        <div
          key={c.id}
          role="gridcell"
          className={`il-cell il-cell-${c.id}${c.id === 'verdict' ? ` il-verdict-${r.verdict}` : ''}`}
          title={c.text(r)}
        >
          {c.text(r)}
        </div>
      ))}
    </div>
  );
}

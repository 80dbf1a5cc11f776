// The Samples table's rows: the state's packed columns unpacked once, the visible rows in sort
// order, and the conversation ids of the rows on screen fetched by page as the grid scrolls.
import { useEffect, useMemo, useRef, useState } from 'react';
import { MAX_ID_PAGE, type SamplesState } from '../../src/shared/protocol/samples';
import { keepVisible, sortVisible, type SortSpec } from './gridModel';
import { SampleTable, visibleRowsOf } from './sampleTable';

/** Rows above and below the screen whose ids are fetched with it, so a scroll seldom waits for them. */
const ID_MARGIN = 100;

export function useSortedRows(state: SamplesState, sort: SortSpec | undefined) {
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
  return { table, visible, order };
}

/** Ids by page: the rows `first..last` on screen and a margin, asked for as the grid scrolls; a re-render shows them. */
export function useIdPages(
  table: SampleTable,
  order: Uint32Array,
  screen: { first: number; last: number },
  requestIds: (rows: number[]) => Promise<string[]>,
) {
  const [, setIdPages] = useState(0);
  const { first, last } = screen;
  useEffect(() => {
    if (last < 0) return;
    const near = order.subarray(Math.max(0, first - ID_MARGIN), Math.min(order.length, last + 1 + ID_MARGIN));
    const rows = table.claimMissingIds(near, MAX_ID_PAGE);
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
}

// The conversation's transcript rows (the system prompt, one per user turn, the other log entries)
// and their virtualiser. Until the first paint only the rows on screen and the first render's
// (hydrated) rows are rendered, none below the screen: each is a Markdown render and its layout
// before the view is shown. Three turns beyond the screen after.
import { useCallback, useLayoutEffect, useMemo, useState, type RefObject } from 'react';
import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import type { ConversationState } from '../../src/shared/protocol/conversation';

export type Row = { kind: 'system' } | { kind: 'turn'; turn: number } | { kind: 'logs' };

/** The rows of the first, unpositioned render: the focus turn's (or the first) and the next, as the virtualiser then shows them at the top. */
function firstPaintRows(rows: readonly Row[], focusRow: number): number[] {
  const first = focusRow >= 0 ? focusRow : 0;
  return [first, first + 1].filter((i) => i < rows.length);
}

export function useTranscriptRows(state: ConversationState, scroller: RefObject<HTMLDivElement | null>) {
  const rows = useMemo<Row[]>(
    () => [
      ...(state.system.length ? [{ kind: 'system' } as const] : []),
      ...state.turns.map((t) => ({ kind: 'turn' as const, turn: t.index })),
      ...(state.standalone.length || state.bookkeeping.length ? [{ kind: 'logs' } as const] : []),
    ],
    [state],
  );
  const rowOfTurn = useCallback((turn: number) => rows.findIndex((r) => r.kind === 'turn' && r.turn === turn), [rows]);
  const firstRows = useMemo(
    () => firstPaintRows(rows, rowOfTurn(state.focusTurn ?? -1)),
    [rows, rowOfTurn, state.focusTurn],
  );
  // Until the first paint, the rows on screen and the first render's (hydrated) rows (see above).
  const [firstPaint, setFirstPaint] = useState(true);
  const rangeExtractor = useCallback(
    (range: Range) =>
      firstPaint
        ? [...new Set([...defaultRangeExtractor(range), ...firstRows])].sort((a, b) => a - b)
        : defaultRangeExtractor(range),
    [firstPaint, firstRows],
  );
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 260,
    overscan: firstPaint ? 0 : 3,
    rangeExtractor,
  });
  // The first render lays its rows out in flow, unpositioned: it is the host's prerendered HTML
  // (prerender.tsx) and the page's hydration of it, and the page's CSP drops style attributes in
  // markup (React does not set them when it hydrates). The virtualiser positions rows from the next
  // render on, before the page paints again.
  const [positioned, setPositioned] = useState(false);
  useLayoutEffect(() => {
    // The prerendered rows' real heights, before the first positioned render: estimated at 260 px
    // each, a screen seemed to need rows below them, which were rendered (their Markdown parsed)
    // and then dropped once measured, all before the first paint.
    for (const row of scroller.current?.querySelectorAll<HTMLElement>(':scope > div > .il-row[data-index]') ?? [])
      virtualizer.resizeItem(Number(row.dataset.index), row.offsetHeight);
    setPositioned(true);
    // Once, for the first render's rows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const endFirstPaint = useCallback(() => setFirstPaint(false), []);
  return { rows, rowOfTurn, firstRows, firstPaint, endFirstPaint, virtualizer, positioned };
}

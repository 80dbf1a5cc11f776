// The conversation view's keyboard navigation: J/K next/previous turn, N/Shift+N next/previous
// inactive span (F7/F8 from the host do the same), F forks from the current turn; and going to a
// turn (a search hit, the leak's link), once its virtualised row is mounted.
import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { ConversationNavigate, ConversationState, ConversationView } from '../../src/shared/protocol/conversation';
import type { CommandParams } from '../../src/shared/protocol';
import { useNavigationKeys } from './useNavigationKeys';

/** Every inactive span, in reading order: which turn holds it and its rank within that turn. */
function inactiveStops(state: ConversationState): Array<{ turn: number; nth: number }> {
  const out: Array<{ turn: number; nth: number }> = [];
  for (const t of state.turns) {
    let nth = 0;
    for (const r of t.replies) for (let i = 0; i < r.spans.length; i++) out.push({ turn: t.index, nth: nth++ });
  }
  return out;
}

export interface TurnNavigationInput {
  state: ConversationState;
  scroller: RefObject<HTMLDivElement | null>;
  /** The virtualised row of a user turn (-1: none). */
  rowOfTurn: (turn: number) => number;
  scrollToRow: (row: number) => void;
  onCommand: <C extends 'forkFromTurn'>(command: C, params: CommandParams<typeof ConversationView, C>) => void;
  subscribeNavigate: (listener: (a: ConversationNavigate) => void) => () => void;
  subscribeScroll: (listener: (turn: number) => void) => () => void;
  /** Other plain keys (without Shift) the view handles; true when handled. */
  onOtherKey?: (key: string) => boolean;
}

export function useTurnNavigation({
  state,
  scroller,
  rowOfTurn,
  scrollToRow,
  onCommand,
  subscribeNavigate,
  subscribeScroll,
  onOtherKey,
}: TurnNavigationInput) {
  const stops = useMemo(() => inactiveStops(state), [state]);
  const [currentTurn, setCurrentTurn] = useState<number>(state.focusTurn ?? 0);
  const stopIndex = useRef(-1);

  /** Scrolls a turn into view, then (once its row is mounted) runs `then` on the row element. */
  const goToTurn = useCallback(
    (turn: number, then?: (row: HTMLElement) => void) => {
      const row = rowOfTurn(turn);
      if (row < 0) return;
      setCurrentTurn(turn);
      scrollToRow(row);
      let frames = 0;
      const settle = () => {
        const el = scroller.current?.querySelector<HTMLElement>(`[data-turn="${turn}"]`);
        if (el) {
          then?.(el);
          return;
        }
        // The row mounts after the virtualiser has scrolled: wait for it, a bounded number of frames.
        if (frames++ < 60) requestAnimationFrame(settle);
      };
      requestAnimationFrame(settle);
    },
    [rowOfTurn, scrollToRow, scroller],
  );

  const goToStop = useCallback(
    (delta: 1 | -1) => {
      if (!stops.length) return;
      stopIndex.current = (stopIndex.current + delta + stops.length) % stops.length;
      const stop = stops[stopIndex.current]!;
      goToTurn(stop.turn, (row) => {
        const mark = row.querySelectorAll<HTMLElement>('.il-reply mark[data-inactive]')[stop.nth];
        if (!mark) return;
        for (const m of scroller.current?.querySelectorAll('.il-current-span') ?? [])
          m.classList.remove('il-current-span');
        mark.classList.add('il-current-span');
        mark.scrollIntoView({ block: 'center' });
        mark.focus({ preventScroll: true });
      });
    },
    [stops, goToTurn, scroller],
  );

  const navigate = useCallback(
    (action: ConversationNavigate) => {
      if (action === 'nextTurn') goToTurn(Math.min(state.turns.length - 1, currentTurn + 1));
      else if (action === 'previousTurn') goToTurn(Math.max(0, currentTurn - 1));
      else goToStop(action === 'nextInactive' ? 1 : -1);
    },
    [goToTurn, goToStop, currentTurn, state.turns.length],
  );

  useEffect(() => subscribeNavigate(navigate), [subscribeNavigate, navigate]);
  useEffect(() => subscribeScroll((turn) => goToTurn(turn)), [subscribeScroll, goToTurn]);
  useNavigationKeys({ state, currentTurn, navigate, onCommand, onOtherKey });

  return { stops, currentTurn, goToTurn };
}

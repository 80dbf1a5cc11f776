// The compare view's navigation: F7/F8 (from the host) to the next/previous difference or inactive
// span, Alt+P to show/hide the shared prefix, and the leak's link to a side's user turn; each move
// says where it landed in the status line.
import { useCallback, useEffect, useState } from 'react';
import type { CompareState, NavigateAction } from '../../src/shared/protocol/compare';
import { moveTo, type StopKind } from './navigation';

export interface CompareNavigationInput {
  state: CompareState;
  subscribeNavigate: (listener: (action: NavigateAction) => void) => () => void;
  initialPrefixOpen: boolean;
  onPrefixToggled: (open: boolean) => void;
}

export function useCompareNavigation({
  state,
  subscribeNavigate,
  initialPrefixOpen,
  onPrefixToggled,
}: CompareNavigationInput) {
  const [prefixOpen, setPrefixOpen] = useState(initialPrefixOpen);
  const [status, setStatus] = useState('');
  const togglePrefix = useCallback(() => {
    setPrefixOpen((open) => {
      onPrefixToggled(!open);
      setStatus(!open ? 'Shared prefix shown' : 'Shared prefix hidden');
      return !open;
    });
  }, [onPrefixToggled]);

  const navigate = useCallback(
    (action: NavigateAction) => {
      if (action === 'togglePrefix') return togglePrefix();
      const kind: StopKind = action === 'nextDifference' || action === 'previousDifference' ? 'difference' : 'inactive';
      const dir = action.startsWith('next') ? 1 : -1;
      const at = moveTo(kind, dir);
      if (!at) return setStatus(kind === 'difference' ? 'No differences' : 'No inactive content highlighted');
      if (kind === 'inactive')
        setStatus(`Inactive ${at.index + 1}/${at.total}: ${at.element.getAttribute('title') ?? ''}`);
      else
        setStatus(`Difference ${at.index + 1}/${at.total}${at.element.dataset.branchPoint ? ' (branch point)' : ''}`);
    },
    [togglePrefix],
  );

  useEffect(() => subscribeNavigate(navigate), [subscribeNavigate, navigate]);

  // The leak's link: the aligned row that holds a side's user turn (the shared prefix opens when it
  // is there), scrolled to and given the keyboard focus.
  const goToSideTurn = useCallback(
    (which: 'left' | 'right', turn: number) => {
      const row = state.rows.findIndex((r) => r[which] === turn);
      if (row < 0) return;
      if (row < state.prefixEnd && !prefixOpen) togglePrefix();
      let frames = 0;
      const settle = () => {
        const el = document.querySelector<HTMLElement>(`.il-row[data-row="${row}"]`);
        if (!el) return void (frames++ < 60 && requestAnimationFrame(settle));
        el.scrollIntoView({ block: 'center' });
        el.focus({ preventScroll: true });
        setStatus(`${which === 'left' ? state.left.instanceLabel : state.right.instanceLabel}: U${turn + 1}`);
      };
      requestAnimationFrame(settle);
    },
    [state, prefixOpen, togglePrefix],
  );

  return { prefixOpen, status, setStatus, togglePrefix, navigate, goToSideTurn };
}

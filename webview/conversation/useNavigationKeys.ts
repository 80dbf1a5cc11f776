// The conversation view's plain-key handler: J/K next/previous turn, N/Shift+N next/previous inactive
// span, F forks from the current turn; keys typed into a field or with a modifier are left alone.
import { useEffect } from 'react';
import type { ConversationNavigate, ConversationState, ConversationView } from '../../src/shared/protocol/conversation';
import type { CommandParams } from '../../src/shared/protocol';

export interface NavigationKeysInput {
  state: ConversationState;
  currentTurn: number;
  navigate: (action: ConversationNavigate) => void;
  onCommand: <C extends 'forkFromTurn'>(command: C, params: CommandParams<typeof ConversationView, C>) => void;
  /** Other plain keys (without Shift) the view handles; true when handled. */
  onOtherKey?: (key: string) => boolean;
}

export function useNavigationKeys({ state, currentTurn, navigate, onCommand, onOtherKey }: NavigationKeysInput) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (
        e.ctrlKey ||
        e.metaKey ||
        e.altKey ||
        (e.target instanceof HTMLElement && e.target.closest('input, textarea, select'))
      )
        return;
      const key = e.key.toLowerCase();
      if (key === 'f' && !e.shiftKey && state.canFork && state.turns[currentTurn]) {
        e.preventDefault();
        onCommand('forkFromTurn', { turn: currentTurn + 1 });
        return;
      }
      if (!e.shiftKey && onOtherKey?.(key)) {
        e.preventDefault();
        return;
      }
      const action: ConversationNavigate | undefined =
        key === 'j'
          ? 'nextTurn'
          : key === 'k'
            ? 'previousTurn'
            : key === 'n'
              ? e.shiftKey
                ? 'previousInactive'
                : 'nextInactive'
              : undefined;
      if (!action) return;
      e.preventDefault();
      navigate(action);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [navigate, onCommand, currentTurn, state, onOtherKey]);
}

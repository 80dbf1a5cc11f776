// The leak in words (issue 42): "⚠ The final answer gives 120, the reference of the rejected change
// to 10 trays, proposed at U3." and a link (a button, in the tab order) to the turn where it was said.
// Shared by the conversation header and each side of the compare view.
import type { LeakMessage } from '../../src/shared/protocol/compare';

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export interface LeakNoteProps {
  leak: LeakMessage;
  /** `U3`, for the turn the leak links to; no link without it. */
  turnLabel?: string;
  onGoToTurn: (turn: number) => void;
  /** Suffix of the test ids (`leak-left`, `leak-sentence-left` …); none in the conversation view. */
  which?: string;
}

export function LeakNote({ leak, turnLabel, onGoToTurn, which }: LeakNoteProps) {
  const id = (name: string) => (which ? `${name}-${which}` : name);
  return (
    <p className="il-leak" data-testid={id('leak')}>
      <span className="il-leak-sign" aria-hidden="true">
        ⚠
      </span>{' '}
      <span data-testid={id('leak-sentence')}>{capitalise(leak.sentence)}</span>
      {leak.turn !== undefined && turnLabel && (
        <button
          type="button"
          className="il-link-button"
          data-testid={id('leak-link')}
          onClick={() => onGoToTurn(leak.turn!)}
          aria-label={`Go to ${turnLabel}, where it was said`}
        >
          Go to {turnLabel}
        </button>
      )}
    </p>
  );
}

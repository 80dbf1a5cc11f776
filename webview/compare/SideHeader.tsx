// One side's header in the compare view: instance, model and verdict (with where it came from), the
// final answer's inactive content, the extracted answer and active reference, and the buttons that
// open the log line, annotate this side's conversation (a turn, or the text selected in this side)
// and override its verdict (issue #39; Tab reaches them, Ctrl+Alt+A / Ctrl+Alt+V ask for a side).
import type { CompareSide } from '../../src/shared/protocol/compare';
import { verdictLabel } from '../../src/shared/verdicts';
import { LeakNote } from '../shared/LeakNote';
import { Badge, Button } from './controls';

interface SideHeaderProps {
  side: CompareSide;
  which: 'left' | 'right';
  onReveal: () => void;
  /** Scrolls to this side's user turn (the leak's link). */
  onGoToTurn: (turn: number) => void;
  onAnnotate: () => void;
  onOverride: () => void;
}

export function SideHeader({ side, which, onReveal, onGoToTurn, onAnnotate, onOverride }: SideHeaderProps) {
  return (
    <section className="il-side-header" data-side={which} data-testid={`side-${which}`}>
      <div className="il-side-title">
        <strong>{side.instanceLabel}</strong> · {side.model}
        <Badge
          className="il-verdict"
          data={{ verdict: side.verdict, testid: `verdict-${which}` }}
          title={`Verdict of the final response: ${side.verdict}`}
        >
          {verdictLabel(side.verdict)}
        </Badge>
        {side.verdictNote ? (
          <span className="il-verdict-note" data-testid={`verdict-note-${which}`}>
            {side.verdictNote}
          </span>
        ) : null}
      </div>
      {side.leak && (
        <LeakNote
          leak={side.leak}
          {...(side.leak.turn !== undefined && side.turns[side.leak.turn]
            ? { turnLabel: `U${side.leak.turn + 1}` }
            : {})}
          onGoToTurn={onGoToTurn}
          which={which}
        />
      )}
      <dl className="il-facts">
        <dt>extracted answer</dt>
        <dd data-testid={`answer-${which}`}>{side.extractedAnswer ?? '—'}</dd>
        <dt>active reference</dt>
        <dd data-testid={`reference-${which}`}>{side.activeReference ?? '—'}</dd>
        <dt>active value</dt>
        <dd data-testid={`active-value-${which}`}>{side.activeValue ?? '—'}</dd>
      </dl>
      <div className="il-side-actions">
        <Button secondary onClick={onReveal} title={`${side.file}:${side.line}`}>
          Open log line
        </Button>
        <Button
          secondary
          onClick={onAnnotate}
          title="Annotate this conversation: a turn, or the text selected in this side"
          testId={`annotate-${which}`}
        >
          Annotate…
        </Button>
        <Button
          secondary
          onClick={onOverride}
          title="Override this conversation's verdict (with a reason)"
          testId={`override-${which}`}
        >
          Override Verdict…
        </Button>
      </div>
    </section>
  );
}

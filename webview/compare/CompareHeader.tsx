// The compare view's header parts: each side's title, verdict, leak note and facts, and the
// toolbar (differences, inactive spans, the shared prefix, the native diff, reload).
import type { CompareSide, NavigateAction } from '../../src/shared/protocol/compare';
import { Badge, Button, Toolbar } from './controls';
import { LeakNote } from '../shared/LeakNote';
import { verdictLabel } from '../../src/shared/verdicts';
import type { CompareAppProps } from './CompareApp';

interface SideHeaderProps {
  side: CompareSide;
  which: 'left' | 'right';
  onReveal: () => void;
  /** Scrolls to this side's user turn (the leak's link). */
  onGoToTurn: (turn: number) => void;
  /** Annotate this side's conversation: a turn, or the text selected in this side (issue #39). */
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
          title="Annotate this conversation: a turn, or the text selected in this side (Tab reaches it; Ctrl+Alt+A asks for a side)"
          testId={`annotate-${which}`}
        >
          Annotate…
        </Button>
        <Button
          secondary
          onClick={onOverride}
          title="Override this conversation's verdict, with a reason (Ctrl+Alt+V asks for a side)"
          testId={`override-${which}`}
        >
          Override Verdict…
        </Button>
      </div>
    </section>
  );
}

interface CompareToolbarProps {
  navigate: (action: NavigateAction) => void;
  togglePrefix: () => void;
  prefixOpen: boolean;
  inactiveCount: number;
  onCommand: CompareAppProps['onCommand'];
  onReload: CompareAppProps['onReload'];
  setStatus: (status: string) => void;
}

/** The view's buttons: differences, inactive spans, the shared prefix, the native diff, reload. */
export function CompareToolbar({
  navigate,
  togglePrefix,
  prefixOpen,
  inactiveCount,
  onCommand,
  onReload,
  setStatus,
}: CompareToolbarProps) {
  return (
    <Toolbar label="Compare navigation">
      <Button
        secondary
        onClick={() => navigate('previousDifference')}
        title="Previous difference (Shift+F7)"
        testId="prev-diff"
      >
        ↑ Difference
      </Button>
      <Button secondary onClick={() => navigate('nextDifference')} title="Next difference (F7)" testId="next-diff">
        ↓ Difference
      </Button>
      <Button
        secondary
        onClick={() => navigate('previousInactive')}
        title="Previous inactive span (Shift+F8)"
        testId="prev-inactive"
      >
        ↑ Inactive
      </Button>
      <Button secondary onClick={() => navigate('nextInactive')} title="Next inactive span (F8)" testId="next-inactive">
        ↓ Inactive ({inactiveCount})
      </Button>
      <Button secondary onClick={togglePrefix} title="Show / hide the shared prefix (Alt+P)" testId="toggle-prefix">
        {prefixOpen ? 'Hide' : 'Show'} shared prefix
      </Button>
      <Button
        onClick={() => onCommand('openNativeDiff', {})}
        title="The two final responses in VS Code's diff editor"
        testId="native-diff"
      >
        Open in Native Diff
      </Button>
      <Button
        secondary
        onClick={() => {
          onReload().then(
            () => setStatus('Reloaded'),
            (e: unknown) => setStatus(`Reload failed: ${e instanceof Error ? e.message : String(e)}`),
          );
        }}
        title="Re-read both conversations from their run logs"
        testId="reload"
      >
        Reload
      </Button>
    </Toolbar>
  );
}

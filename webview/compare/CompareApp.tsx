// The compare view: two conversations aligned turn by turn. The shared prefix is collapsed behind
// one line that says whether it is identical; the branch point row is marked loudly; later turns sit
// side by side with an "in effect" rail per side; the final responses end in a Monaco diff editor.
import { Fragment, useCallback, useEffect, useMemo, useState } from 'react';
import type {
  AlignedRowMessage,
  CompareSide,
  CompareState,
  CompareTurn,
  CompareView,
  NavigateAction,
  RailEntry,
} from '../../src/shared/protocol/compare';
import type { CommandParams } from '../../src/shared/protocol';
import { SpanText } from './SpanText';
import { TextDiff } from './TextDiff';
import { Button, Toolbar } from './controls';
import { SideHeader } from './SideHeader';
import { sideSelection } from './sideSelection';
import { useCompareNavigation } from './useCompareNavigation';
import { Notes } from '../shared/Notes';
// Monaco is most of the view's start-up cost: FinalDiff loads it lazily, after the conversation has painted.
import { FinalDiff } from './FinalDiff';

export const KEY_HELP =
  'F7 / Shift+F7 next / previous difference · F8 / Shift+F8 next / previous inactive span · Alt+P show / hide the shared prefix';

function Rail({ entry, requirement }: { entry: RailEntry | undefined; requirement: string | undefined }) {
  if (!entry) return <div className="il-rail il-rail-empty" aria-hidden="true" />;
  const title = `In effect after this user turn${requirement ? ` (${requirement})` : ''}: ${entry.inEffect ?? 'not stated yet'}${entry.pending.length ? `; pending: ${entry.pending.join(', ')}` : ''}${entry.inactive.length ? `; no longer in effect: ${entry.inactive.join(', ')}` : ''}${entry.note ? `. ${entry.note}` : ''}`;
  return (
    <div
      className={`il-rail${entry.changed ? ' il-rail-changed' : ''}`}
      data-testid="rail"
      data-in-effect={entry.inEffect ?? ''}
      title={title}
    >
      <span className="il-rail-caption">in effect</span>
      <span className="il-rail-value">{entry.inEffect ?? '—'}</span>
      {entry.pending.map((p) => (
        <span key={p} className="il-rail-pending">
          pending {p}
        </span>
      ))}
      {entry.note && (
        <span className="il-rail-note" data-testid="rail-note" title={entry.note}>
          replaced by hand
        </span>
      )}
    </div>
  );
}

function TurnBody({ turn, side }: { turn: CompareTurn; side: CompareSide }) {
  return (
    <div className="il-turn">
      <div className="il-msg il-user" data-role="user">
        <span className="il-role">User · {turn.label}</span>
        <SpanText message={turn.user} />
      </div>
      {turn.assistant.map((m) => (
        <div key={m.traceIndex} className="il-msg il-assistant" data-role="assistant" data-trace-index={m.traceIndex}>
          <span className="il-role">{side.model}</span>
          <SpanText message={m} />
        </div>
      ))}
      {turn.assistant.length === 0 && <div className="il-msg il-missing">no assistant reply</div>}
    </div>
  );
}

function Cell({
  side,
  turn,
  which,
  requirement,
}: {
  side: CompareSide;
  turn: CompareTurn | undefined;
  which: 'left' | 'right';
  requirement: string | undefined;
}) {
  if (!turn)
    return (
      <div className="il-cell il-cell-absent" data-side={which}>
        no such turn in {side.instanceLabel}
      </div>
    );
  return (
    <div className="il-cell" data-side={which}>
      <Rail entry={turn.rail} requirement={requirement} />
      <TurnBody turn={turn} side={side} />
    </div>
  );
}

const KIND_TEXT: Record<AlignedRowMessage['kind'], string> = {
  identical: 'identical',
  'same-turn': 'same turn, different text',
  changed: 'different turns',
  'left-only': 'left only',
  'right-only': 'right only',
};

function RowView({
  state,
  row,
  index,
  branch,
  prefix,
}: {
  state: CompareState;
  row: AlignedRowMessage;
  index: number;
  branch: boolean;
  prefix: boolean;
}) {
  const l = row.left !== undefined ? state.left.turns[row.left] : undefined;
  const r = row.right !== undefined ? state.right.turns[row.right] : undefined;
  const turnNo = (t: CompareTurn | undefined) => (t ? `U${t.index + 1}` : '—');
  const isStop = !prefix && row.kind !== 'identical';
  if (prefix && row.kind === 'identical' && l) {
    // Identical on both sides: shown once.
    return (
      <div className="il-row il-row-identical il-row-merged" data-row={index} data-row-kind={row.kind} tabIndex={-1}>
        <div className="il-row-head">
          {turnNo(l)} · {l.label} <span className="il-same">identical on both sides</span>
        </div>
        <div className="il-cell il-cell-merged">
          <Rail entry={l.rail} requirement={state.intent?.requirement} />
          <TurnBody turn={l} side={state.left} />
        </div>
      </div>
    );
  }
  return (
    <div
      className={`il-row il-row-${row.kind}${branch ? ' il-branch' : ''}`}
      data-row={index}
      data-row-kind={row.kind}
      {...(isStop ? { 'data-diff-stop': 'row' } : {})}
      {...(branch ? { 'data-branch-point': 'true', 'data-testid': 'branch-point' } : {})}
      tabIndex={-1}
    >
      {branch && (
        <div className="il-branch-banner" role="heading" aria-level={2}>
          <span className="il-branch-icon codicon codicon-git-branch" aria-hidden="true" />
          <strong>BRANCH POINT</strong>
          <span>{state.branchSummary}</span>
        </div>
      )}
      <div className="il-row-head">
        {turnNo(l)} · {l?.label ?? '—'} ↔ {turnNo(r)} · {r?.label ?? '—'}{' '}
        <span className={`il-kind il-kind-${row.kind}`}>{KIND_TEXT[row.kind]}</span>
      </div>
      <div className="il-cells">
        <Cell side={state.left} turn={l} which="left" requirement={state.intent?.requirement} />
        <Cell side={state.right} turn={r} which="right" requirement={state.intent?.requirement} />
      </div>
    </div>
  );
}

export interface CompareAppProps {
  state: CompareState;
  /** Called once: the rows and the final responses' text diff are committed. */
  onRendered: () => void;
  /** Called once: Monaco's diff editor computed its diff (true) or gave up (false). */
  onEditorDiff: (computed: boolean) => void;
  onCommand: <C extends 'openNativeDiff' | 'revealInLog' | 'annotate' | 'overrideVerdict'>(
    command: C,
    params: CommandParams<typeof CompareView, C>,
  ) => void;
  /** Re-reads both conversations on the host (request/response). */
  onReload: () => Promise<void>;
  subscribeNavigate: (listener: (action: NavigateAction) => void) => () => void;
  initialPrefixOpen: boolean;
  onPrefixToggled: (open: boolean) => void;
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
function CompareToolbar({
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

/** The aligned rows: the shared prefix folded behind one line (when there is one), then the rest, the branch point marked. */
function AlignedRows({
  state,
  prefixOpen,
  togglePrefix,
}: {
  state: CompareState;
  prefixOpen: boolean;
  togglePrefix: () => void;
}) {
  const prefixRows = useMemo(() => state.rows.slice(0, state.prefixEnd), [state]);
  const restRows = useMemo(() => state.rows.slice(state.prefixEnd), [state]);
  return (
    <section className="il-conversation" aria-label="Aligned conversations">
      {state.prefixEnd > 0 && (
        <div
          className="il-prefix"
          data-testid="shared-prefix"
          data-collapsed={prefixOpen ? 'false' : 'true'}
          data-identical={state.prefixIdentical ? 'true' : 'false'}
        >
          <button type="button" className="il-prefix-toggle" aria-expanded={prefixOpen} onClick={togglePrefix}>
            <span aria-hidden="true">{prefixOpen ? '▾' : '▸'}</span> Shared prefix: {state.prefixEnd} user turn
            {state.prefixEnd === 1 ? '' : 's'} ·{' '}
            {state.prefixIdentical ? (
              <span className="il-same">identical (user turns and replies)</span>
            ) : (
              <span className="il-differs">same user turns, replies differ</span>
            )}
          </button>
          {prefixOpen &&
            prefixRows.map((row, i) => <RowView key={i} state={state} row={row} index={i} branch={false} prefix />)}
        </div>
      )}
      {restRows.map((row, j) => {
        const i = state.prefixEnd + j;
        return (
          <Fragment key={i}>
            <RowView state={state} row={row} index={i} branch={i === state.branchRow} prefix={false} />
          </Fragment>
        );
      })}
    </section>
  );
}

/** The final responses: a word diff at once, Monaco's diff editor in its place once it has computed its own. */
function FinalResponses({
  state,
  onEditorDiff,
}: {
  state: CompareState;
  onEditorDiff: CompareAppProps['onEditorDiff'];
}) {
  const [editorDiff, setEditorDiff] = useState<boolean | undefined>(undefined);
  const editorDiffDone = useCallback(
    (computed: boolean) => {
      setEditorDiff((was) => {
        if (was === undefined) onEditorDiff(computed);
        return computed;
      });
    },
    [onEditorDiff],
  );
  return (
    <section className="il-final" data-diff-stop="final" tabIndex={-1} aria-label="Final responses">
      <h2>
        Final responses{' '}
        <span className="il-final-sides">
          {state.left.instanceLabel} (left) ↔ {state.right.instanceLabel} (right)
        </span>
      </h2>
      <div className="il-final-stack">
        {editorDiff !== true && (
          <TextDiff left={state.left.finalResponse?.text ?? ''} right={state.right.finalResponse?.text ?? ''} />
        )}
        <FinalDiff
          left={state.left.finalResponse}
          right={state.right.finalResponse}
          onDiffComputed={editorDiffDone}
          pending={editorDiff !== true}
        />
      </div>
    </section>
  );
}

export function CompareApp({
  state,
  onRendered,
  onEditorDiff,
  onCommand,
  onReload,
  subscribeNavigate,
  initialPrefixOpen,
  onPrefixToggled,
}: CompareAppProps) {
  const { prefixOpen, status, setStatus, togglePrefix, navigate, goToSideTurn } = useCompareNavigation({
    state,
    subscribeNavigate,
    initialPrefixOpen,
    onPrefixToggled,
  });
  const inactiveCount = useMemo(() => {
    let n = 0;
    for (const s of [state.left, state.right])
      for (const t of s.turns) for (const m of t.assistant) n += m.spans.length;
    return n;
  }, [state]);

  // Rendered = rows and the text diff committed (one commit). Monaco's diff editor loads after and
  // replaces the text diff once it has computed its own: it does not hold up the view.
  useEffect(() => {
    performance.mark('il:rows-committed');
    onRendered();
    // Once per view, not per state pushed later.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <main className="il-compare" data-testid="compare">
      <header className="il-header">
        <h1 className="il-title">{state.taskId}</h1>
        {state.intent && (
          <p className="il-requirement">
            Selected requirement <strong>{state.intent.requirement}</strong>: original{' '}
            <code>{state.intent.original}</code>, proposed <code>{state.intent.revised}</code>
          </p>
        )}
        <CompareToolbar
          navigate={navigate}
          togglePrefix={togglePrefix}
          prefixOpen={prefixOpen}
          inactiveCount={inactiveCount}
          onCommand={onCommand}
          onReload={onReload}
          setStatus={setStatus}
        />
        <p className="il-help" data-testid="key-help">
          {KEY_HELP}
        </p>
        <Notes notes={state.notes} />
      </header>

      <div className="il-sides">
        <SideHeader
          side={state.left}
          which="left"
          onReveal={() => onCommand('revealInLog', { side: 'left' })}
          onGoToTurn={(turn) => goToSideTurn('left', turn)}
          onAnnotate={() => onCommand('annotate', { side: 'left', ...sideSelection(state, 'left') })}
          onOverride={() => onCommand('overrideVerdict', { side: 'left' })}
        />
        <SideHeader
          side={state.right}
          which="right"
          onReveal={() => onCommand('revealInLog', { side: 'right' })}
          onGoToTurn={(turn) => goToSideTurn('right', turn)}
          onAnnotate={() => onCommand('annotate', { side: 'right', ...sideSelection(state, 'right') })}
          onOverride={() => onCommand('overrideVerdict', { side: 'right' })}
        />
      </div>

      <AlignedRows state={state} prefixOpen={prefixOpen} togglePrefix={togglePrefix} />
      <FinalResponses state={state} onEditorDiff={onEditorDiff} />

      <footer className="il-status" role="status" aria-live="polite" data-testid="status">
        {status}
      </footer>
    </main>
  );
}

// The conversation view: verdict (with provenance), extracted answer and active reference at the
// top; the transcript below, one virtualised row per user turn (a 200-turn conversation only mounts
// what is on screen); keys J/K for next/previous turn and N/Shift+N for next/previous inactive span
// (F7/F8 from the host do the same); F forks from the current turn, as its "Fork from here…" button.
import { useCallback, useEffect, useRef } from 'react';
import type { ConversationNavigate, ConversationState, ConversationView } from '../../src/shared/protocol/conversation';
import type { CommandParams } from '../../src/shared/protocol';
import { markdownRenders } from './Markdown';
import { Notes } from '../shared/Notes';
import { AnnotationList } from './AnnotationList';
import { VERDICT_MARKS } from '../../src/shared/verdicts';
import { LeakNote } from '../shared/LeakNote';
import { useTurnNavigation } from './useTurnNavigation';
import { useTranscriptRows } from './useTranscriptRows';
import { TranscriptRows } from './TranscriptRows';

export interface ConversationAppProps {
  state: ConversationState;
  onCommand: <
    C extends
      'openLogLine' | 'compareWith' | 'compareWithCounterpart' | 'forkFromTurn' | 'annotate' | 'overrideVerdict',
  >(
    command: C,
    params: CommandParams<typeof ConversationView, C>,
  ) => void;
  subscribeNavigate: (listener: (a: ConversationNavigate) => void) => () => void;
  subscribeScroll: (listener: (turn: number) => void) => () => void;
  onRendered: () => void;
}

/** The selected text of the transcript, if any (to annotate it as a span), and the 0-based turn it is in. */
function selectedText(): { text: string; turn?: number } | undefined {
  const selection = window.getSelection();
  const text = selection?.toString().trim();
  if (!text) return undefined;
  const anchor = selection?.anchorNode;
  const element = anchor instanceof Element ? anchor : anchor?.parentElement;
  const turn = Number(element?.closest<HTMLElement>('[data-testid="turn"]')?.dataset.turn);
  return { text: text.slice(0, 4000), ...(Number.isInteger(turn) ? { turn } : {}) };
}

/** The task in effect in plain words (the state carries `original` / `revised`, or a function name). */
function taskInEffect(state: ConversationState): string {
  if (state.activeTask === undefined) return '(unknown: no record or plan)';
  if (state.mode === 'evolving') return state.activeTask;
  return state.activeTask === 'revised' ? 'the revised task (the change was accepted)' : 'the original task';
}

interface HeaderProps {
  state: ConversationState;
  inactiveCount: number;
  onCommand: ConversationAppProps['onCommand'];
  onGoToTurn: (turn: number) => void;
  annotate: () => void;
}

function Header({ state, inactiveCount, onCommand, onGoToTurn, annotate }: HeaderProps) {
  const v = state.verdict;
  const leak = state.leak;
  const leakTurn = leak?.turn !== undefined ? state.turns[leak.turn] : undefined;
  return (
    <header className="il-header" data-testid="header">
      <h1 className="il-title">
        {state.taskId} · {state.instanceLabel} · {state.model}
      </h1>
      <div className="il-summary">
        <span
          className={`il-verdict-badge il-verdict-${v.verdict}`}
          data-verdict={v.verdict}
          data-verdict-source={v.source}
          title={v.detail}
        >
          {VERDICT_MARKS[v.verdict]} {v.verdict}
        </span>
        <span className="il-provenance" data-testid="provenance">
          {v.source === 'logged' ? 'logged' : `${v.source} (logged ${v.logged ?? 'unscored'})`}: {v.detail}
        </span>
      </div>
      {leak && <LeakNote leak={leak} {...(leakTurn ? { turnLabel: leakTurn.label } : {})} onGoToTurn={onGoToTurn} />}
      <dl className="il-facts">
        <dt>answer extracted by the log</dt>
        <dd data-testid="extracted-answer">{state.extractedAnswer ?? '(none logged)'}</dd>
        <dt>{state.mode === 'evolving' ? 'function in effect' : 'task in effect'}</dt>
        <dd data-testid="active-task">{taskInEffect(state)}</dd>
        <dt>expected answer</dt>
        <dd data-testid="active-reference">{state.activeReference ?? '(no record)'}</dd>
        {state.requirement && (
          <>
            <dt>requirement</dt>
            <dd>{state.requirement}</dd>
          </>
        )}
      </dl>
      <div className="il-actions">
        <button onClick={() => onCommand('openLogLine', {})} title={`${state.fileLabel}:${state.line}`}>
          Open Log Line
        </button>
        {state.counterpart && (
          <button
            data-testid="compare-counterpart"
            onClick={() => onCommand('compareWithCounterpart', {})}
            title={`Compare this run with its ${state.counterpart.label} sibling (same source and model)`}
          >
            Compare with {state.counterpart.label}
          </button>
        )}
        <button onClick={() => onCommand('compareWith', {})}>Compare With…</button>
        <button onClick={annotate} title="Annotate the current turn, or the selected text (A)" data-testid="annotate">
          Annotate…
        </button>
        <button
          onClick={() => onCommand('overrideVerdict', {})}
          title="Override the verdict, with a reason (V)"
          data-testid="override-verdict"
        >
          Override Verdict…
        </button>
        <span className="il-help">
          {state.turns.length} user turns · {inactiveCount} inactive span{inactiveCount === 1 ? '' : 's'} marked · J/K
          turns · N/Shift+N inactive{state.canFork ? ' · F fork from the current turn' : ''} · {state.fileLabel}:
          {state.line}
        </span>
      </div>
      <Notes notes={state.notes} />
      <AnnotationList annotations={state.annotations} />
    </header>
  );
}

export function ConversationApp({
  state,
  onCommand,
  subscribeNavigate,
  subscribeScroll,
  onRendered,
}: ConversationAppProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const { rows, rowOfTurn, firstRows, firstPaint, endFirstPaint, virtualizer, positioned } = useTranscriptRows(
    state,
    scroller,
  );
  const scrollToRow = useCallback((row: number) => virtualizer.scrollToIndex(row, { align: 'start' }), [virtualizer]);
  // A and V: annotate the current turn (or the selection), override the verdict.
  const otherKeys = useRef<(key: string) => boolean>(() => false);
  const { stops, currentTurn, goToTurn } = useTurnNavigation({
    state,
    scroller,
    rowOfTurn,
    scrollToRow,
    onCommand,
    subscribeNavigate,
    subscribeScroll,
    onOtherKey: (key) => otherKeys.current(key),
  });
  const annotate = useCallback(() => {
    // A selection is annotated on the turn it is in (the current turn may be another one).
    const selection = selectedText();
    const turn = selection?.turn ?? currentTurn;
    onCommand('annotate', {
      ...(state.turns[turn] ? { turn: turn + 1 } : {}),
      ...(selection ? { selection: selection.text } : {}),
    });
  }, [onCommand, currentTurn, state.turns]);
  otherKeys.current = (key) => {
    if (key === 'a') annotate();
    else if (key === 'v') onCommand('overrideVerdict', {});
    else return false;
    return true;
  };

  useEffect(() => {
    performance.mark('il:rows-committed');
    if (state.focusTurn !== undefined) goToTurn(state.focusTurn);
    requestAnimationFrame(() => {
      // Before the first paint only what the screen shows and the hydrated rows are parsed (the e2e holds it to that).
      if (firstPaint) document.body.dataset.markdownBeforeFirstPaint = String(markdownRenders());
      onRendered();
      endFirstPaint();
    });
    // Once per state: the focus turn applies when the conversation is (re)loaded.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state]);

  const fork = useCallback((turn: number) => onCommand('forkFromTurn', { turn }), [onCommand]);
  // The leak's link: to the turn, and the keyboard focus with it (J/K and F then start there).
  const goToLeakTurn = useCallback(
    (turn: number) => goToTurn(turn, (row) => row.focus({ preventScroll: true })),
    [goToTurn],
  );

  return (
    <div className="il-app">
      <Header
        state={state}
        inactiveCount={stops.length}
        onCommand={onCommand}
        onGoToTurn={goToLeakTurn}
        annotate={annotate}
      />
      <div className="il-scroller" ref={scroller} data-testid="transcript" tabIndex={0} aria-label="Transcript">
        {state.turns.length === 0 && <p className="il-empty">This conversation has no user turns.</p>}
        <TranscriptRows
          rows={rows}
          positioned={positioned}
          firstRows={firstRows}
          virtualizer={virtualizer}
          state={state}
          currentTurn={currentTurn}
          onFork={fork}
        />
      </div>
    </div>
  );
}

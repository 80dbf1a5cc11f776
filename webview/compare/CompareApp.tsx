// The compare view: two conversations aligned turn by turn. The shared prefix is collapsed behind
// one line that says whether it is identical; the branch point row is marked loudly; later turns sit
// side by side with an "in effect" rail per side; the final responses end in a Monaco diff editor.
// This module lays the view out; its parts are AlignedRows, CompareHeader and FinalResponses.
import { useEffect, useMemo } from 'react';
import type { CompareState, CompareView, NavigateAction } from '../../src/shared/protocol/compare';
import type { CommandParams } from '../../src/shared/protocol';
import { useCompareNavigation } from './useCompareNavigation';
import { Notes } from '../shared/Notes';
import { AlignedRows } from './AlignedRows';
import { CompareToolbar, SideHeader } from './CompareHeader';
import { FinalResponses } from './FinalResponses';
import { sideSelection } from './sideSelection';

export const KEY_HELP =
  'F7 / Shift+F7 next / previous difference · F8 / Shift+F8 next / previous inactive span · Alt+P show / hide the shared prefix';

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
          onAnnotate={() => onCommand('annotate', { side: 'left', ...sideSelection(state, 'left') })}
          onOverride={() => onCommand('overrideVerdict', { side: 'left' })}
          onGoToTurn={(turn) => goToSideTurn('left', turn)}
        />
        <SideHeader
          side={state.right}
          which="right"
          onReveal={() => onCommand('revealInLog', { side: 'right' })}
          onAnnotate={() => onCommand('annotate', { side: 'right', ...sideSelection(state, 'right') })}
          onOverride={() => onCommand('overrideVerdict', { side: 'right' })}
          onGoToTurn={(turn) => goToSideTurn('right', turn)}
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

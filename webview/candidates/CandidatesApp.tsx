// The candidates view: every candidate revision of one source task, the passing ones to pick from
// (radio buttons: Tab into the list, arrow keys between candidates), the discarded ones folded
// with their reason. The chosen candidate's value can be edited: the host re-checks it (debounced,
// busy while it runs) and Write Revision (Ctrl+Enter) writes the chosen one as the record's `intent`. The host
// end is passed in (`CandidatesApi`), so the view renders in plain Node for the component tests.
import { createElement, useEffect, useState } from 'react';
import type {
  CandidatesState,
  CandidateView,
  Choice,
  RecheckResult,
  WriteResult,
} from '../../src/shared/protocol/candidates';
import { Badge, CandidateCard } from './CandidateCard';
import { ChosenValue } from './ChosenValue';
import { useCandidateChoice } from './useCandidateChoice';

export { initialChoice, RECHECK_DEBOUNCE_MS } from './useCandidateChoice';

/** What the view asks of the host (main.tsx binds it to the bridge). */
export interface CandidatesApi {
  recheck(choice: Choice): Promise<RecheckResult>;
  write(choice: Choice): Promise<WriteResult>;
  onState(listener: (state: CandidatesState) => void): () => void;
  rendered(): void;
}

export function CandidatesApp({ initial, api }: { initial: CandidatesState; api: CandidatesApi }) {
  const [state, setState] = useState(initial);
  const choice = useCandidateChoice(state, initial, api);
  const { chosen, edit } = choice;

  useEffect(() => {
    const off = api.onState(setState);
    api.rendered();
    return off;
  }, [api]);

  const passing = state.candidates.filter((c) => !c.discarded);
  const discarded = state.candidates.filter((c) => c.discarded);

  // The chosen card shows the edited value's re-check once it is back.
  const shown = (c: CandidateView): CandidateView => {
    const r = edit?.result?.candidate;
    return c.index === chosen && r && !edit.busy ? { ...r, index: c.index, selected: false } : c;
  };

  return (
    <main className="il-candidates" data-domain={state.domain} data-written={state.written ? 'true' : 'false'}>
      <CandidatesHeader state={state} passing={passing.length} discarded={discarded.length} />
      <section className="il-list" role="radiogroup" aria-label="candidates that pass every check">
        {passing.length === 0 ? <p className="il-note">No candidate passes every check.</p> : null}
        {passing.map((c) => (
          <CandidateCard key={c.index} c={shown(c)} chosen={c.index === chosen} onChoose={() => choice.choose(c.index)}>
            {c.index === chosen ? (
              <ChosenValue revised={c.revised} edit={edit} editedOk={choice.editedOk} onValue={choice.onValue} />
            ) : null}
          </CandidateCard>
        ))}
      </section>
      <footer className="il-actions">
        {createElement(
          'vscode-button',
          {
            onClick: choice.write,
            disabled: choice.canWrite ? undefined : true,
            'data-testid': 'write',
            title: 'Write the chosen candidate as the record’s intent, then open the revision editor (Ctrl+Enter)',
          },
          choice.writing ? 'Writing…' : 'Write Revision',
        )}
        {choice.message ? (
          <span
            className={`il-message ${choice.message.ok ? 'il-pass' : 'il-fail'}`}
            data-testid="message"
            role="status"
          >
            {choice.message.message}
          </span>
        ) : null}
      </footer>
      {discarded.length ? (
        <section className="il-discarded-list" aria-label="discarded candidates">
          {createElement(
            'vscode-collapsible',
            { title: `Discarded candidates (${discarded.length})`, 'data-testid': 'discarded' },
            discarded.map((c) => <CandidateCard key={c.index} c={c} />),
          )}
        </section>
      ) : null}
    </main>
  );
}

function CandidatesHeader({
  state,
  passing,
  discarded,
}: {
  state: CandidatesState;
  passing: number;
  discarded: number;
}) {
  return (
    <header className="il-head">
      <h1>
        New revision · <span data-testid="task-id">{state.taskId}</span>
      </h1>
      <div className="il-meta">
        <Badge>{state.domain}</Badge>
        <span className="il-file">{state.file}</span>
        <span className="il-count" data-testid="counts">
          {passing} passing · {discarded} discarded
        </span>
      </div>
      {state.notes.map((n, i) => (
        <p key={i} className="il-note" data-testid="note">
          {n}
        </p>
      ))}
      {state.selected === null && state.message ? (
        <p className="il-note il-fail" data-testid="no-selection">
          No revision selected ({state.reason}): {state.message}
        </p>
      ) : null}
      {state.written ? (
        <p className="il-note il-pass" data-testid="written">
          This record has a revision now (review pending): Edit Revision opens it.
        </p>
      ) : null}
    </header>
  );
}

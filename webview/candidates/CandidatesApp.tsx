// The candidates view: every candidate revision of one source task, the passing ones to pick from
// (radio buttons: Tab into the list, arrow keys between candidates), the discarded ones folded
// with their reason. The chosen candidate's value can be edited: the host re-checks it (debounced,
// busy while it runs) and Write Revision (Ctrl+Enter) writes the chosen one as the record's `intent`. The host
// end is passed in (`CandidatesApi`), so the view renders in plain Node for the component tests.
import { createElement, useEffect, useRef, useState } from 'react';
import type { CandidatesState, CandidateView, Choice, RecheckResult, WriteResult } from '../../src/shared/protocol/candidates';
import { Badge, CandidateCard } from './CandidateCard';
import { CHECK_OUTCOME_MARKS } from '../../src/shared/verdicts';

/** What the view asks of the host (main.tsx binds it to the bridge). */
export interface CandidatesApi {
  recheck(choice: Choice): Promise<RecheckResult>;
  write(choice: Choice): Promise<WriteResult>;
  onState(listener: (state: CandidatesState) => void): () => void;
  rendered(): void;
}

/** Typing pauses this long before the value is re-checked (each re-check runs the domain's checks). */
export const RECHECK_DEBOUNCE_MS = 400;

interface Edit {
  value: string;
  busy: boolean;
  result?: RecheckResult;
  error?: string;
}

/** The candidate picked at first: the construction's choice, else the first that passed. */
export function initialChoice(state: CandidatesState): number | undefined {
  if (state.selected !== null && state.candidates.some((c) => c.index === state.selected && !c.discarded)) return state.selected;
  return state.candidates.find((c) => !c.discarded)?.index;
}

interface ValueElement extends HTMLElement {
  value: string;
}

/** A @vscode-elements text field (its `input` event comes from its shadow root: wired by ref). */
function ValueField(props: { value: string; onChange: (v: string) => void; invalid: boolean }) {
  const ref = useRef<ValueElement | null>(null);
  const onChange = useRef(props.onChange);
  onChange.current = props.onChange;
  useEffect(() => {
    const el = ref.current;
    if (el && el.value !== props.value) el.value = props.value;
  }, [props.value]);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const listener = () => onChange.current(el.value);
    el.addEventListener('input', listener);
    return () => el.removeEventListener('input', listener);
  }, []);
  return createElement('vscode-textfield', { ref, value: props.value, 'data-testid': 'value', 'aria-label': 'revised value', invalid: props.invalid ? true : undefined, className: 'il-value-field' });
}

function RecheckStatus({ edit }: { edit: Edit | undefined }) {
  if (!edit) return <span className="il-status" data-testid="recheck-status" data-status="listed">as constructed</span>;
  if (edit.busy) {
    return (
      <span className="il-status" data-testid="recheck-status" data-status="busy" aria-live="polite">
        {createElement('vscode-progress-ring', { className: 'il-ring' })} re-checking…
      </span>
    );
  }
  const c = edit.result?.candidate;
  if (edit.error || !c || c.discarded) {
    const why = edit.error ?? (c?.discarded ? `${c.discarded}: ${c.checks.find((k) => !k.ok)?.evidence ?? ''}` : (edit.result?.message ?? edit.result?.reason ?? 'no such candidate'));
    return (
      <span className="il-status il-fail" data-testid="recheck-status" data-status="failed" aria-live="polite">
        {CHECK_OUTCOME_MARKS.fail} {why}
      </span>
    );
  }
  return (
    <span className="il-status il-pass" data-testid="recheck-status" data-status="passed" aria-live="polite">
      {CHECK_OUTCOME_MARKS.pass} every check passes
    </span>
  );
}

export function CandidatesApp({ initial, api }: { initial: CandidatesState; api: CandidatesApi }) {
  const [state, setState] = useState(initial);
  const [chosen, setChosen] = useState(() => initialChoice(initial));
  const [edit, setEdit] = useState<Edit | undefined>(undefined);
  const [writing, setWriting] = useState(false);
  const [message, setMessage] = useState<WriteResult | undefined>(undefined);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const seq = useRef(0);

  useEffect(() => {
    const off = api.onState(setState);
    api.rendered();
    return () => {
      off();
      clearTimeout(timer.current);
    };
  }, [api]);

  const passing = state.candidates.filter((c) => !c.discarded);
  const discarded = state.candidates.filter((c) => c.discarded);
  const chosenCard = passing.find((c) => c.index === chosen);

  const choose = (index: number) => {
    seq.current++;
    clearTimeout(timer.current);
    setChosen(index);
    setEdit(undefined);
    setMessage(undefined);
  };

  const onValue = (value: string) => {
    if (!chosenCard) return;
    const n = ++seq.current;
    clearTimeout(timer.current);
    setMessage(undefined);
    if (value.trim() === chosenCard.revised) return setEdit(undefined);
    setEdit({ value, busy: true });
    const target = chosenCard.target;
    timer.current = setTimeout(() => {
      api.recheck({ target, value }).then(
        (result) => n === seq.current && setEdit({ value, busy: false, result }),
        (e: unknown) => n === seq.current && setEdit({ value, busy: false, error: e instanceof Error ? e.message : String(e) }),
      );
    }, RECHECK_DEBOUNCE_MS);
  };

  const editedOk = !edit || (!edit.busy && !edit.error && !!edit.result?.candidate && !edit.result.candidate.discarded);
  const canWrite = !state.written && !writing && !!chosenCard && editedOk;
  const write = () => {
    if (!canWrite || !chosenCard) return;
    setWriting(true);
    setMessage(undefined);
    api.write({ target: chosenCard.target, value: edit ? edit.value : chosenCard.revised }).then(
      (r) => {
        setWriting(false);
        setMessage(r);
      },
      (e: unknown) => {
        setWriting(false);
        setMessage({ ok: false, message: e instanceof Error ? e.message : String(e) });
      },
    );
  };

  // Ctrl+Enter (Cmd+Enter) writes from anywhere in the view, the value field included.
  const writeRef = useRef(write);
  writeRef.current = write;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
        e.preventDefault();
        writeRef.current();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // The chosen card shows the edited value's re-check once it is back.
  const shown = (c: CandidateView): CandidateView => {
    const r = edit?.result?.candidate;
    return c.index === chosen && r && !edit.busy ? { ...r, index: c.index, selected: false } : c;
  };

  return (
    <main className="il-candidates" data-domain={state.domain} data-written={state.written ? 'true' : 'false'}>
      <header className="il-head">
        <h1>
          New revision · <span data-testid="task-id">{state.taskId}</span>
        </h1>
        <div className="il-meta">
          <Badge>{state.domain}</Badge>
          <span className="il-file">{state.file}</span>
          <span className="il-count" data-testid="counts">
            {passing.length} passing · {discarded.length} discarded
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
      <section className="il-list" role="radiogroup" aria-label="candidates that pass every check">
        {passing.length === 0 ? <p className="il-note">No candidate passes every check.</p> : null}
        {passing.map((c) => (
          <CandidateCard key={c.index} c={shown(c)} chosen={c.index === chosen} onChoose={() => choose(c.index)}>
            {c.index === chosen ? (
              <div className="il-edit">
                <label className="il-edit-label">
                  Revised value{' '}
                  <ValueField value={edit?.value ?? c.revised} onChange={onValue} invalid={!editedOk && !edit?.busy} />
                </label>
                {edit ? <Badge className="il-edited">edited</Badge> : null}
                <RecheckStatus edit={edit} />
              </div>
            ) : null}
          </CandidateCard>
        ))}
      </section>
      <footer className="il-actions">
        {createElement(
          'vscode-button',
          { onClick: write, disabled: canWrite ? undefined : true, 'data-testid': 'write', title: 'Write the chosen candidate as the record’s intent, then open the revision editor (Ctrl+Enter)' },
          writing ? 'Writing…' : 'Write Revision',
        )}
        {message ? (
          <span className={`il-message ${message.ok ? 'il-pass' : 'il-fail'}`} data-testid="message" role="status">
            {message.message}
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

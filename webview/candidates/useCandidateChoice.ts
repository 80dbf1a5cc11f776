// The candidates view's choice: which candidate is chosen, its edited value re-checked by the host
// (debounced; only the latest answer counts), and Write Revision (also Ctrl/Cmd+Enter anywhere).
import { useEffect, useRef, useState } from 'react';
import type { CandidatesState, RecheckResult, WriteResult } from '../../src/shared/protocol/candidates';
import type { CandidatesApi } from './CandidatesApp';

/** Typing pauses this long before the value is re-checked (each re-check runs the domain's checks). */
export const RECHECK_DEBOUNCE_MS = 400;

export interface Edit {
  value: string;
  busy: boolean;
  result?: RecheckResult;
  error?: string;
}

/** The candidate picked at first: the construction's choice, else the first that passed. */
export function initialChoice(state: CandidatesState): number | undefined {
  if (state.selected !== null && state.candidates.some((c) => c.index === state.selected && !c.discarded))
    return state.selected;
  return state.candidates.find((c) => !c.discarded)?.index;
}

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

export function useCandidateChoice(state: CandidatesState, initial: CandidatesState, api: CandidatesApi) {
  const [chosen, setChosen] = useState(() => initialChoice(initial));
  const [edit, setEdit] = useState<Edit | undefined>(undefined);
  const [writing, setWriting] = useState(false);
  const [message, setMessage] = useState<WriteResult | undefined>(undefined);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const seq = useRef(0);
  useEffect(() => () => clearTimeout(timer.current), [api]);

  const chosenCard = state.candidates.find((c) => !c.discarded && c.index === chosen);

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
        (e: unknown) => n === seq.current && setEdit({ value, busy: false, error: messageOf(e) }),
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
        setMessage({ ok: false, message: messageOf(e) });
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

  return { chosen, edit, writing, message, choose, onValue, editedOk, canWrite, write };
}

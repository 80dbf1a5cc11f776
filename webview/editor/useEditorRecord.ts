// The record the revision editor shows and the form over its intent block: follows new host states
// without dropping unapplied edits, and runs Apply, the review decisions and Reload.
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { IntentBlock, ReviewStatus } from '../../src/core/schema/records';
import type { ApplyResult, EditorState } from '../../src/shared/protocol/editor';
import { intentOf, same, type EditorActions } from './editorActions';

export type EditorRecord = ReturnType<typeof useEditorRecord>;

export function useEditorRecord(incoming: EditorState, actions: EditorActions) {
  const [state, setState] = useState(incoming);
  const [form, setForm] = useState<IntentBlock>(() => intentOf(incoming));
  const [note, setNote] = useState('');
  const [conflict, setConflict] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | undefined>();

  const baseIntent = useMemo(() => intentOf(state), [state]);
  const modified = !same(form, baseIntent);

  useEffect(() => {
    actions.pending(modified ? form : null, state.raw);
  }, [modified, form, state.raw, actions]);

  // A new state from the host: another record, or this record changed in the document (undo, a
  // text edit, a reload). Unapplied edits are never dropped silently.
  useEffect(() => {
    if (incoming.taskId !== state.taskId || !modified) {
      setState(incoming);
      setForm(intentOf(incoming));
      setConflict(undefined);
      if (incoming.taskId !== state.taskId) {
        setNote('');
        setMessage(undefined); // about the previous record; the host's notice says what happened
      }
    } else if (incoming.raw !== state.raw) {
      setConflict(
        'This record changed in the document (an undo, a text edit or a reload) while you have unapplied edits ' +
          'here; applying them now would be refused.',
      );
    } else setState(incoming);
    // Only a new host state triggers this.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [incoming]);

  /** Takes a host's answer to a write: the new state and `done` as the message, or the conflict. */
  const finish = useCallback((r: ApplyResult, done: string) => {
    if (!r.ok) {
      setConflict(r.conflict ?? 'not written');
      return false;
    }
    if (r.state) {
      setState(r.state);
      setForm(intentOf(r.state));
    }
    setConflict(undefined);
    setMessage(done);
    return true;
  }, []);

  const whileBusy = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  };

  const apply = (save: boolean) =>
    whileBusy(async () => {
      const r = await actions.apply(form, state.raw, save);
      finish(
        r,
        save ? 'Applied and saved.' : 'Applied to the document, not saved yet (Save File, or Ctrl+S in the file).',
      );
    });

  const review = (status: ReviewStatus) =>
    whileBusy(async () => {
      const reviewedId = state.taskId;
      const r = await actions.review(form, state.raw, status, note);
      // Saved: on disk before the next record shows. Not saved: stay here, "unsaved" in the header.
      const saved = r.ok && r.state?.dirty === false;
      const ok = finish(
        r,
        saved ? `Marked ${status}: ${reviewedId} (saved).` : `Marked ${status}: ${reviewedId}, NOT SAVED.`,
      );
      if (ok) {
        setNote('');
        if (saved && status !== 'pending') actions.next({ taskId: reviewedId, status });
      }
    });

  const reload = async () => {
    const s = await actions.reload();
    setState(s);
    setForm(intentOf(s));
    setConflict(undefined);
  };

  return { state, form, setForm, note, setNote, conflict, busy, message, baseIntent, modified, apply, review, reload };
}

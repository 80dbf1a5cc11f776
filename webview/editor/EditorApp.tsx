// The revision editor: one record's `intent` block as a form, the checks re-run on every keystroke
// (the same pure checks `validate` runs), a live preview of every rendered instance, and the review
// bar. Nothing is written until Apply or a review decision; the host then replaces only this
// record's text through a WorkspaceEdit and refuses if the record changed meanwhile.
import { useEffect, useMemo, useState, useCallback, type ReactNode } from 'react';
import { BenchmarkRecordSchema, type BenchmarkRecord, type IntentBlock, type ReviewStatus } from '../../src/core/schema/records';
import { checkIntent, type CheckIssue } from '../../src/core/checks/intentChecks';
import type { ApplyResult, EditorState } from '../../src/shared/protocol/editor';
import { formatFieldPath } from '../../src/core/jsonl/diagnostics';
import { describeZodIssue } from '../../src/core/load/zodIssueText';
import { listChecks, type DatabaseCheckState } from '../../src/core/checks/checkList';
import { CheckList } from './CheckList';
import { Badge, Button, MonacoField, TextArea, TextField } from './fields';
import { Preview } from './Preview';

type HostIssue = { code: string; severity: 'error' | 'warning' | 'info'; message: string; path: string };

export interface EditorActions {
  apply(intent: IntentBlock, baseRaw: string, save: boolean): Promise<ApplyResult>;
  review(intent: IntentBlock, baseRaw: string, status: ReviewStatus, note: string): Promise<ApplyResult>;
  /** The database findings, or why the references were not executed. */
  checkReferences(intent: IntentBlock): Promise<{ issues: HostIssue[]; notRun?: string }>;
  reload(): Promise<EditorState>;
  /** `reviewed`: the decision just recorded, so the host names it when it shows the next record. */
  next(reviewed?: { taskId: string; status: ReviewStatus }): void;
  /** Tells the host about unapplied edits (null: none), so closing the editor asks first. */
  pending(intent: IntentBlock | null, baseRaw: string): void;
}

const intentOf = (state: EditorState): IntentBlock => structuredClone((state.record as { intent: IntentBlock }).intent);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function EditorApp(props: { state: EditorState; actions: EditorActions }) {
  const [state, setState] = useState(props.state);
  const [form, setForm] = useState<IntentBlock>(() => intentOf(props.state));
  const [note, setNote] = useState('');
  const [conflict, setConflict] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [dbIssues, setDbIssues] = useState<HostIssue[]>([]);
  const [dbState, setDbState] = useState<DatabaseCheckState>({ ran: false, reason: 'running…' });
  const [message, setMessage] = useState<string | undefined>();

  const baseIntent = useMemo(() => intentOf(state), [state]);
  const modified = !same(form, baseIntent);

  useEffect(() => {
    props.actions.pending(modified ? form : null, state.raw);
  }, [modified, form, state.raw, props.actions]);

  // A new state from the host: another record, or this record changed in the document (undo, a
  // text edit, a reload). Unapplied edits are never dropped silently.
  useEffect(() => {
    const incoming = props.state;
    if (incoming.taskId !== state.taskId || !modified) {
      setState(incoming);
      setForm(intentOf(incoming));
      setConflict(undefined);
      if (incoming.taskId !== state.taskId) {
        setNote('');
        setMessage(undefined); // about the previous record; the host's notice says what happened
      }
    } else if (incoming.raw !== state.raw) {
      setConflict('This record changed in the document (an undo, a text edit or a reload) while you have unapplied edits here; applying them now would be refused.');
    } else setState(incoming);
    // Only a new host state triggers this.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.state]);

  const parsed = useMemo(() => BenchmarkRecordSchema.safeParse({ ...state.record, intent: form }), [state.record, form]);
  const rec: BenchmarkRecord | undefined = parsed.success ? parsed.data : undefined;
  const schemaIssues: HostIssue[] = useMemo(
    () => (parsed.success ? [] : parsed.error.issues.map((i) => ({ code: 'schema', severity: 'error' as const, message: describeZodIssue(i, { ...state.record, intent: form }), path: formatFieldPath(i.path) }))),
    [parsed, state.record, form],
  );
  const issues: Array<CheckIssue | HostIssue> = useMemo(() => (parsed.success ? [...checkIntent(parsed.data), ...dbIssues] : schemaIssues), [parsed, dbIssues, schemaIssues]);
  // Every check with its outcome: the list and its counts come from here.
  const checkRuns = useMemo(() => listChecks(parsed.success ? parsed.data : undefined, issues, { database: dbState, schemaFindings: schemaIssues }), [parsed, issues, dbState, schemaIssues]);

  useEffect(() => {
    let live = true;
    void props.actions.checkReferences(baseIntent).then(
      (r) => {
        if (!live) return;
        setDbIssues(r.issues);
        setDbState(r.notRun ? { ran: false, reason: r.notRun } : { ran: true });
      },
      (e: unknown) => live && setDbState({ ran: false, reason: `failed: ${e instanceof Error ? e.message : String(e)}` }),
    );
    return () => {
      live = false;
    };
  }, [baseIntent, props.actions]);

  const issuesAt = (path: string) => issues.filter((i) => i.severity !== 'info' && (i.path === path || i.path.startsWith(`${path}.`) || i.path.startsWith(`${path}[`)));
  const invalid = (path: string) => issuesAt(path).length > 0;
  const update = (patch: (draft: IntentBlock) => void) =>
    setForm((f) => {
      const next = structuredClone(f);
      patch(next);
      return next;
    });
  /** The row of one of the intent's plain texts: the field (labelled, marked invalid) with its issues beside it. */
  const textRow = (key: TextKey, Field: TextControl, label: string, field: { label?: string; testId?: string } = {}) => (
    <Row label={label} issues={issuesAt(`intent.${key}`)}>
      <Field value={form[key]} onChange={(v) => update((d) => void (d[key] = v))} testId={field.testId ?? key} label={field.label ?? label} invalid={invalid(`intent.${key}`)} />
    </Row>
  );

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

  const apply = async (save: boolean) => {
    setBusy(true);
    try {
      finish(await props.actions.apply(form, state.raw, save), save ? 'Applied and saved.' : 'Applied to the document, not saved yet (Save File, or Ctrl+S in the file).');
    } finally {
      setBusy(false);
    }
  };

  const review = async (status: ReviewStatus) => {
    setBusy(true);
    try {
      const reviewedId = state.taskId;
      const r = await props.actions.review(form, state.raw, status, note);
      // Saved: on disk before the next record shows. Not saved: stay here, "unsaved" in the header.
      const saved = r.ok && r.state?.dirty === false;
      const ok = finish(r, saved ? `Marked ${status}: ${reviewedId} (saved).` : `Marked ${status}: ${reviewedId}, NOT SAVED.`);
      if (ok) {
        setNote('');
        if (saved && status !== 'pending') props.actions.next({ taskId: reviewedId, status });
      }
    } finally {
      setBusy(false);
    }
  };

  const reload = async () => {
    const s = await props.actions.reload();
    setState(s);
    setForm(intentOf(s));
    setConflict(undefined);
  };

  // Keyboard loop: Alt+A approve, Alt+R reject, Alt+W needs work, Alt+N next, Ctrl+Enter apply.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (busy) return;
      if (e.ctrlKey && e.key === 'Enter') return void apply(false);
      if (!e.altKey || e.ctrlKey || e.metaKey) return;
      const k = e.key.toLowerCase();
      const map: Record<string, () => void> = { a: () => void review('approved'), r: () => void review('rejected'), w: () => void review('needs-work'), n: () => props.actions.next() };
      const action = map[k] ?? map[e.code.replace('Key', '').toLowerCase()];
      if (action) {
        e.preventDefault();
        action();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const reviewStatus = baseIntent.review?.status ?? 'no review';

  return (
    <div className="il-editor">
      <header className="il-header">
        <h1 className="il-title" data-testid="task-id">
          {state.taskId}
        </h1>
        <div className="il-meta">
          <span>line {state.line}</span>
          <Badge className={`il-status il-status-${reviewStatus}`}>{reviewStatus}</Badge>
          <span data-testid="progress">
            {state.progress.reviewed} of {state.progress.total} reviewed
          </span>
          {modified && <span className="il-modified" data-testid="modified">● unapplied edits</span>}
        </div>
        {state.dirty && (
          <div className="il-unsaved" role="alert" data-testid="unsaved">
            <strong>● Unsaved:</strong> {fileName(state.file)} has changes that are not on disk.{' '}
            <Button onClick={() => void apply(true)} disabled={busy} testId="save-file">
              Save File
            </Button>
          </div>
        )}
        {state.notice && (
          <p className="il-notice" role="status" data-testid="notice">
            {state.notice}
          </p>
        )}
        <div className="il-actions">
          <Button onClick={() => void apply(false)} disabled={busy || !modified} testId="apply" title="Ctrl+Enter">
            Apply
          </Button>
          <Button onClick={() => void apply(true)} disabled={busy || (!modified && !state.dirty)} secondary testId="apply-save">
            {modified ? 'Apply & Save' : 'Save'}
          </Button>
          <Button onClick={() => setForm(baseIntent)} disabled={busy || !modified} secondary testId="discard">
            Discard
          </Button>
        </div>
        <div className="il-review">
          <TextField value={note} onChange={setNote} testId="review-note" label="Review note" placeholder="Review note (optional for approve)" />
          <Button onClick={() => void review('approved')} disabled={busy} testId="approve" title="Alt+A">
            Approve
          </Button>
          <Button onClick={() => void review('rejected')} disabled={busy} secondary testId="reject" title="Alt+R">
            Reject
          </Button>
          <Button onClick={() => void review('needs-work')} disabled={busy} secondary testId="needs-work" title="Alt+W">
            Needs work
          </Button>
          <Button onClick={() => props.actions.next()} secondary testId="next" title={`Alt+N: the next record whose review status is "pending" (a record without a review block is not queued)`}>
            {state.progress.pending ? `Next pending (${state.progress.pending} left)` : 'Next pending (none left)'}
          </Button>
        </div>
        {conflict && (
          <div className="il-conflict" role="alert" data-testid="conflict">
            {conflict} <Button onClick={() => void reload()} secondary testId="reload">Load the current version (discards edits here)</Button>
          </div>
        )}
        {message && !conflict && <p className="il-help" data-testid="message">{message}</p>}
      </header>

      <div className="il-columns">
        <form className="il-form" onSubmit={(e) => e.preventDefault()}>
          <CheckList runs={checkRuns} />

          {textRow('requirement', TextField, 'Requirement')}
          <div className="il-pair">
            {textRow('original', TextField, 'Original value')}
            {textRow('revised', TextField, 'Revised value')}
          </div>
          {textRow('proposal', MonacoField, 'Proposal (shared by Retained and Revised)', { label: 'Proposal' })}
          <div className="il-pair">
            {textRow('accept', TextArea, 'Accept')}
            {textRow('reject', TextArea, 'Reject', { testId: 'reject-text' })}
          </div>
          <div className="il-pair">
            {[0, 1].map((i) => (
              <Row key={i} label={`Clarification question ${i + 1}`} issues={issuesAt(`intent.neutral[${i}]`)}>
                <TextArea value={form.neutral[i as 0 | 1]} onChange={(v) => update((d) => void (d.neutral[i as 0 | 1] = v))} testId={`neutral-${i}`} label={`Clarification question ${i + 1}`} invalid={invalid(`intent.neutral[${i}]`)} />
              </Row>
            ))}
          </div>
          <Row label="Connector (single-turn S_Rev / S_Ret)" issues={issuesAt('intent.connector')}>
            <TextField value={form.connector ?? ''} onChange={(v) => update((d) => (v === '' ? void delete d.connector : void (d.connector = v)))} testId="connector" label="Connector" invalid={invalid('intent.connector')} />
          </Row>
          <Row label="Single-turn original (S_Orig)" issues={issuesAt('intent.single_turn.original')}>
            <MonacoField value={form.single_turn.original} onChange={(v) => update((d) => void (d.single_turn.original = v))} testId="single-original" label="Single-turn original" minLines={3} />
          </Row>
          <Row label="Single-turn direct revised (S_Dir)" issues={issuesAt('intent.single_turn.direct_revised')}>
            <MonacoField value={form.single_turn.direct_revised} onChange={(v) => update((d) => void (d.single_turn.direct_revised = v))} testId="single-direct" label="Single-turn direct revised" minLines={3} invalid={invalid('intent.single_turn.direct_revised')} />
          </Row>

          <fieldset className="il-group">
            <legend>Extra proposals (accumulation depth 2..4)</legend>
            {(form.extra_proposals ?? []).map((p, i) => (
              <div key={i} className="il-extra">
                <div className="il-pair">
                  <Row label={`Block ${i + 2} value`} issues={issuesAt(`intent.extra_proposals[${i}].revised`)}>
                    <TextField value={p.revised} onChange={(v) => update((d) => void (d.extra_proposals![i]!.revised = v))} testId={`extra-${i}-revised`} label={`Extra proposal ${i + 1} value`} invalid={invalid(`intent.extra_proposals[${i}].revised`)} />
                  </Row>
                  <Button secondary onClick={() => update((d) => (d.extra_proposals!.splice(i, 1), d.extra_proposals!.length === 0 ? void delete d.extra_proposals : undefined))} testId={`extra-${i}-remove`}>
                    Remove
                  </Button>
                </div>
                <Row label="Proposal" issues={issuesAt(`intent.extra_proposals[${i}].proposal`)}>
                  <TextArea value={p.proposal} onChange={(v) => update((d) => void (d.extra_proposals![i]!.proposal = v))} testId={`extra-${i}-proposal`} label={`Extra proposal ${i + 1}`} invalid={invalid(`intent.extra_proposals[${i}].proposal`)} />
                </Row>
                <Row label="Reject" issues={issuesAt(`intent.extra_proposals[${i}].reject`)}>
                  <TextArea value={p.reject} onChange={(v) => update((d) => void (d.extra_proposals![i]!.reject = v))} testId={`extra-${i}-reject`} label={`Extra reject ${i + 1}`} invalid={invalid(`intent.extra_proposals[${i}].reject`)} />
                </Row>
              </div>
            ))}
            {(form.extra_proposals?.length ?? 0) < 3 && (
              <Button secondary onClick={() => update((d) => void (d.extra_proposals = [...(d.extra_proposals ?? []), { revised: '', proposal: '', reject: '' }]))} testId="extra-add">
                Add extra proposal
              </Button>
            )}
          </fieldset>

          <fieldset className="il-group">
            <legend>Extra clarification pairs (depth 2..4)</legend>
            {(form.extra_neutral ?? []).map((pair, i) => (
              <div key={i} className="il-pair">
                {[0, 1].map((j) => (
                  <Row key={j} label={`Pair ${i + 2}, question ${j + 1}`} issues={issuesAt(`intent.extra_neutral[${i}][${j}]`)}>
                    <TextArea value={pair[j as 0 | 1]} onChange={(v) => update((d) => void (d.extra_neutral![i]![j as 0 | 1] = v))} testId={`extra-neutral-${i}-${j}`} label={`Extra clarification ${i + 1}.${j + 1}`} invalid={invalid(`intent.extra_neutral[${i}][${j}]`)} />
                  </Row>
                ))}
                <Button secondary onClick={() => update((d) => (d.extra_neutral!.splice(i, 1), d.extra_neutral!.length === 0 ? void delete d.extra_neutral : undefined))} testId={`extra-neutral-${i}-remove`}>
                  Remove
                </Button>
              </div>
            ))}
            {(form.extra_neutral?.length ?? 0) < 3 && (
              <Button secondary onClick={() => update((d) => void (d.extra_neutral = [...(d.extra_neutral ?? []), ['', '']]))} testId="extra-neutral-add">
                Add clarification pair
              </Button>
            )}
          </fieldset>
        </form>

        <aside className="il-preview-column">
          <h2>Preview</h2>
          <Preview rec={rec} />
        </aside>
      </div>
    </div>
  );
}

/** The file's name without its folders (the header never shows absolute paths). */
const fileName = (file: string) => file.split(/[\\/]/).pop() ?? file;

/** The intent block's plain text fields that the form edits in place. */
type TextKey = 'requirement' | 'original' | 'revised' | 'proposal' | 'accept' | 'reject';
type TextControl = (props: { value: string; onChange: (v: string) => void; testId: string; label: string; invalid?: boolean }) => ReactNode;

function Row(props: { label: string; issues: Array<{ message: string; severity: string }>; children: ReactNode }) {
  return (
    <div className="il-row" role="group" aria-label={props.label}>
      <span className="il-label">{props.label}</span>
      {props.children}
      {props.issues.map((i, n) => (
        <span key={n} className={`il-row-issue il-issue-${i.severity}`}>
          {i.message}
        </span>
      ))}
    </div>
  );
}

// The revision editor's header: the record, its review status and progress, the unsaved and
// conflict banners, and the Apply / review bar.
import type { EditorActions } from './editorActions';
import type { EditorRecord } from './useEditorRecord';
import { Badge, Button, TextField } from './fields';

/** The file's name without its folders (the header never shows absolute paths). */
const fileName = (file: string) => file.split(/[\\/]/).pop() ?? file;

export function EditorHeader({ record, actions }: { record: EditorRecord; actions: EditorActions }) {
  const { state, modified, busy, conflict, message } = record;
  const reviewStatus = record.baseIntent.review?.status ?? 'no review';
  return (
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
        {modified && (
          <span className="il-modified" data-testid="modified">
            ● unapplied edits
          </span>
        )}
      </div>
      {state.dirty && (
        <div className="il-unsaved" role="alert" data-testid="unsaved">
          <strong>● Unsaved:</strong> {fileName(state.file)} has changes that are not on disk.{' '}
          <Button onClick={() => void record.apply(true)} disabled={busy} testId="save-file">
            Save File
          </Button>
        </div>
      )}
      {state.notice && (
        <p className="il-notice" role="status" data-testid="notice">
          {state.notice}
        </p>
      )}
      <ApplyBar record={record} />
      <ReviewBar record={record} actions={actions} />
      {conflict && (
        <div className="il-conflict" role="alert" data-testid="conflict">
          {conflict}{' '}
          <Button onClick={() => void record.reload()} secondary testId="reload">
            Load the current version (discards edits here)
          </Button>
        </div>
      )}
      {message && !conflict && (
        <p className="il-help" data-testid="message">
          {message}
        </p>
      )}
    </header>
  );
}

function ApplyBar({ record }: { record: EditorRecord }) {
  const { busy, modified } = record;
  return (
    <div className="il-actions">
      <Button onClick={() => void record.apply(false)} disabled={busy || !modified} testId="apply" title="Ctrl+Enter">
        Apply
      </Button>
      <Button
        onClick={() => void record.apply(true)}
        disabled={busy || (!modified && !record.state.dirty)}
        secondary
        testId="apply-save"
      >
        {modified ? 'Apply & Save' : 'Save'}
      </Button>
      <Button onClick={() => record.setForm(record.baseIntent)} disabled={busy || !modified} secondary testId="discard">
        Discard
      </Button>
    </div>
  );
}

function ReviewBar({ record, actions }: { record: EditorRecord; actions: EditorActions }) {
  const { busy, state } = record;
  const nextTitle =
    'Alt+N: the next record whose review status is "pending" (a record without a review block is not queued)';
  return (
    <div className="il-review">
      <TextField
        value={record.note}
        onChange={record.setNote}
        testId="review-note"
        label="Review note"
        placeholder="Review note (optional for approve)"
      />
      <Button onClick={() => void record.review('approved')} disabled={busy} testId="approve" title="Alt+A">
        Approve
      </Button>
      <Button onClick={() => void record.review('rejected')} disabled={busy} secondary testId="reject" title="Alt+R">
        Reject
      </Button>
      <Button
        onClick={() => void record.review('needs-work')}
        disabled={busy}
        secondary
        testId="needs-work"
        title="Alt+W"
      >
        Needs work
      </Button>
      <Button onClick={() => actions.next()} secondary testId="next" title={nextTitle}>
        {state.progress.pending ? `Next pending (${state.progress.pending} left)` : 'Next pending (none left)'}
      </Button>
    </div>
  );
}

// The revision editor: one record's `intent` block as a form, the checks re-run on every keystroke
// (the same pure checks `validate` runs), a live preview of every rendered instance, and the review
// bar. Nothing is written until Apply or a review decision; the host then replaces only this
// record's text through a WorkspaceEdit and refuses if the record changed meanwhile.
import type { EditorState } from '../../src/shared/protocol/editor';
import type { EditorActions } from './editorActions';
import { EditorHeader } from './EditorHeader';
import { formBinding } from './formRows';
import { IntentForm } from './IntentForm';
import { Preview } from './Preview';
import { useEditorRecord } from './useEditorRecord';
import { useIntentChecks } from './useIntentChecks';
import { useReviewKeys } from './useReviewKeys';

export function EditorApp(props: { state: EditorState; actions: EditorActions }) {
  const record = useEditorRecord(props.state, props.actions);
  const { rec, issues, checkRuns } = useIntentChecks(
    record.state.record,
    record.form,
    record.baseIntent,
    props.actions,
  );
  useReviewKeys({
    busy: record.busy,
    apply: () => void record.apply(false),
    review: (status) => void record.review(status),
    next: () => props.actions.next(),
  });

  return (
    <div className="il-editor">
      <EditorHeader record={record} actions={props.actions} />

      <div className="il-columns">
        <IntentForm bind={formBinding(record.form, issues, record.setForm)} checkRuns={checkRuns} />

        <aside className="il-preview-column">
          <h2>Preview</h2>
          <Preview rec={rec} />
        </aside>
      </div>
    </div>
  );
}

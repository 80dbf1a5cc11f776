// The review decisions (Approve, Reject, Needs work) on a record: from the command's argument, the
// open revision editor or a pick; written through the revision editor when it shows the record,
// else into the records file under its lock.
import * as vscode from 'vscode';
import type { ExtensionServices } from '../services';
import type { ReviewStatus } from '../../core/schema/records';
import { reviewEdits } from '../../core/edit/reviewEdits';
import { readCommandTarget, type ReadOptions } from '../commandTarget';
import { RevisionEditorPanel, reviewerName } from './revisionEditorPanel';
import { editRecord, findRecordInDocument, RecordConflictError } from './recordDocuments';
import { currentRecords } from './reviewState';
import { askReason } from './reviewReason';

/** Review commands are about a record: a bare string argument is its task id. */
export const BY_TASK_ID: ReadOptions = { stringIs: 'taskId' };

/** The command's record: its argument, else (for review decisions) the open editor's, else a pick. */
export async function pickTaskId(
  data: ExtensionServices['data'],
  arg: unknown,
  preferActive = true,
): Promise<string | undefined> {
  const fromArg =
    readCommandTarget(arg, BY_TASK_ID).taskId ?? (preferActive ? RevisionEditorPanel.active?.taskId : undefined);
  if (fromArg) return fromArg;
  const items = currentRecords(data).map((r) => ({
    label: r.record.task_id,
    description: `${r.record.intent?.review?.status ?? 'no review'} · ${r.record.intent?.requirement ?? ''}`,
  }));
  return (await vscode.window.showQuickPick(items, { title: 'Which revision?' }))?.label;
}

/** Records a decision on the command's record (`done` runs once it is written); errors are shown. */
export async function recordReviewDecision(
  data: ExtensionServices['data'],
  reviewStatus: ReviewStatus,
  arg: unknown,
  done: () => void,
): Promise<void> {
  const taskId = await pickTaskId(data, arg);
  if (!taskId) return;
  // Approve records at once; Reject and Needs work ask for a reason (optional: Escape skips it).
  const note = reviewStatus === 'approved' ? undefined : await askReason(reviewStatus, taskId);
  try {
    const panel = RevisionEditorPanel.active;
    if (panel && panel.taskId === taskId) {
      const r = await panel.reviewCurrent(reviewStatus, note || undefined);
      if (!r.ok) throw new RecordConflictError(r.conflict ?? 'not written');
    } else {
      const found = await findRecordInDocument(data, taskId);
      if (!found) throw new RecordConflictError(`no record ${taskId}`);
      const by = reviewerName();
      // Saved at once under the file's lock (undo in the file still reverts it).
      await editRecord(
        data,
        taskId,
        reviewEdits(found.item.value, { status: reviewStatus, ...(note ? { note } : {}), ...(by ? { by } : {}) }),
        { baseRaw: found.item.raw, save: true },
      );
    }
    done();
  } catch (e) {
    void vscode.window.showErrorMessage(`Intent Lens: ${e instanceof Error ? e.message : String(e)}`);
  }
}

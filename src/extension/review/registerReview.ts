// The review workflow: the revision editor, Approve / Reject / Needs work (tree context menu,
// editor, palette), "Review Next Pending" (keybinding), review progress in the status bar, live
// intent checks in the Problems panel with quick fixes, and the template library.
import * as vscode from 'vscode';
import { readFile } from 'node:fs/promises';
import type { ExtensionServices } from '../services';
import type { ReviewStatus } from '../../core/schema/records';
import { reviewEdits } from '../../core/edit/reviewEdits';
import { readCommandTarget, readCommandTargets, type ReadOptions } from '../commandTarget';
import { RevisionEditorPanel, reviewerName } from './revisionEditorPanel';
import { editRecord, findRecordInDocument, RecordConflictError } from './recordDocuments';
import { nextPending, progressNow, currentRecords } from './reviewState';
import { IntentQuickFixProvider, registerIntentDiagnostics } from './intentDiagnostics';
import { applyTemplatesCommand, openTemplateLibrary } from './templateCommands';
import { askReason } from './reviewReason';
import { COMMANDS } from '../commandIds';
import { PENDING_RULE } from '../../core/edit/reviewStatus';
import { registerRecordStatus } from './recordStatus';

const RECORDS_FILE = /\.records\.jsonl?$/i;

/** Tree badges and progress follow the open records documents, saved or not. */
function followRecordDocuments(context: vscode.ExtensionContext, data: ExtensionServices['data']): void {
  const changed = new Map<string, vscode.TextDocument>();
  let timer: NodeJS.Timeout | undefined;
  context.subscriptions.push(
    vscode.workspace.onDidChangeTextDocument((e) => {
      if (
        e.document.uri.scheme !== 'file' ||
        !RECORDS_FILE.test(e.document.uri.fsPath) ||
        e.contentChanges.length === 0
      )
        return;
      changed.set(e.document.uri.fsPath, e.document);
      clearTimeout(timer);
      timer = setTimeout(() => {
        for (const [path, doc] of changed) data.updateRecordsFromDocument(path, doc.getText());
        changed.clear();
      }, 150);
    }),
    // A document closed without saving: the disk is the truth again.
    vscode.workspace.onDidCloseTextDocument((d) => {
      if (d.uri.scheme !== 'file' || !RECORDS_FILE.test(d.uri.fsPath)) return;
      void readFile(d.uri.fsPath, 'utf8').then(
        (text) => data.updateRecordsFromDocument(d.uri.fsPath, text),
        () => undefined,
      );
    }),
    { dispose: () => clearTimeout(timer) },
  );
}

/** Review commands are about a record: a bare string argument is its task id. */
const BY_TASK_ID: ReadOptions = { stringIs: 'taskId' };

export function registerReview(services: ExtensionServices): void {
  const { context, data } = services;
  // The intent checks reach the Problems panel through this live collection (document text, field
  // ranges, quick fixes), not through the validator's record checks (`validate` passes those), so they are never reported twice.
  registerIntentDiagnostics(context, data);
  context.subscriptions.push(
    vscode.languages.registerCodeActionsProvider(
      [{ scheme: 'file', pattern: '**/*.records.{jsonl,json}' }],
      new IntentQuickFixProvider(),
      { providedCodeActionKinds: IntentQuickFixProvider.kinds },
    ),
  );

  const status = vscode.window.createStatusBarItem('intentLens.reviewProgress', vscode.StatusBarAlignment.Left, 50);
  status.name = 'Intent Lens Review Progress';
  status.command = COMMANDS.reviewNext;
  const updateStatus = () => {
    const p = progressNow(data);
    if (p.total === 0) return status.hide();
    status.text = `$(checklist) ${p.reviewed} of ${p.total} reviewed · ${p.pending} pending`;
    status.tooltip = `Intent Lens: ${p.pending} ${PENDING_RULE} — click or press Ctrl+Alt+Shift+R for the next one`;
    status.show();
  };
  let statusTimer: NodeJS.Timeout | undefined;
  const scheduleStatus = () => {
    clearTimeout(statusTimer);
    statusTimer = setTimeout(updateStatus, 200);
  };
  context.subscriptions.push(
    status,
    data.onDidChange(scheduleStatus),
    vscode.workspace.onDidChangeTextDocument(
      (e) => /\.records\.jsonl?$/i.test(e.document.uri.fsPath) && scheduleStatus(),
    ),
    { dispose: () => clearTimeout(statusTimer) },
  );
  void data.ensureLoaded().then(updateStatus);
  followRecordDocuments(context, data);
  registerRecordStatus(context);

  /** The command's record: its argument, else (for review decisions) the open editor's, else a pick. */
  const pickTaskId = async (arg: unknown, preferActive = true): Promise<string | undefined> => {
    const fromArg =
      readCommandTarget(arg, BY_TASK_ID).taskId ?? (preferActive ? RevisionEditorPanel.active?.taskId : undefined);
    if (fromArg) return fromArg;
    const items = currentRecords(data).map((r) => ({
      label: r.record.task_id,
      description: `${r.record.intent?.review?.status ?? 'no review'} · ${r.record.intent?.requirement ?? ''}`,
    }));
    return (await vscode.window.showQuickPick(items, { title: 'Which revision?' }))?.label;
  };

  const review = async (reviewStatus: ReviewStatus, arg: unknown) => {
    const taskId = await pickTaskId(arg);
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
      updateStatus();
    } catch (e) {
      void vscode.window.showErrorMessage(`Intent Lens: ${e instanceof Error ? e.message : String(e)}`);
    }
  };

  context.subscriptions.push(
    vscode.commands.registerCommand(COMMANDS.reviewEditRevision, async (arg: unknown) => {
      const taskId = await pickTaskId(arg, false);
      if (taskId) await RevisionEditorPanel.show(services, taskId);
    }),
    vscode.commands.registerCommand(COMMANDS.reviewApprove, (arg: unknown) => review('approved', arg)),
    vscode.commands.registerCommand(COMMANDS.reviewReject, (arg: unknown) => review('rejected', arg)),
    vscode.commands.registerCommand(COMMANDS.reviewNeedsWork, (arg: unknown) => review('needs-work', arg)),
    vscode.commands.registerCommand(COMMANDS.reviewNext, async () => {
      await data.ensureLoaded();
      const next = nextPending(data, RevisionEditorPanel.active?.taskId);
      if (!next) {
        const p = progressNow(data);
        void vscode.window.showInformationMessage(
          `Intent Lens: no record is pending review (${p.reviewed} of ${p.total} reviewed; "pending" means ${PENDING_RULE}).`,
        );
        return;
      }
      await RevisionEditorPanel.show(services, next.record.task_id);
    }),
    vscode.commands.registerCommand(COMMANDS.reviewApplyTemplates, (arg: unknown, selection: unknown) =>
      applyTemplatesCommand(services, [
        ...new Set(readCommandTargets(arg, selection, BY_TASK_ID).flatMap((t) => (t.taskId ? [t.taskId] : []))),
      ]),
    ),
    vscode.commands.registerCommand(COMMANDS.reviewOpenTemplates, () => openTemplateLibrary()),
  );
}

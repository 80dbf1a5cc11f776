// The review workflow: the revision editor, Approve / Reject / Needs work (tree context menu,
// editor, palette), "Review Next Pending" (keybinding), review progress in the status bar, live
// intent checks in the Problems panel with quick fixes, and the template library.
import * as vscode from 'vscode';
import { readFile } from 'node:fs/promises';
import type { ExtensionServices } from '../services';
import type { ReviewStatus } from '../../core/schema/records';
import { readCommandTargets } from '../commandTarget';
import { RevisionEditorPanel } from './revisionEditorPanel';
import { nextPending, progressNow } from './reviewState';
import { IntentQuickFixProvider, registerIntentDiagnostics } from './intentDiagnostics';
import { applyTemplatesCommand, openTemplateLibrary } from './templateCommands';
import { COMMANDS } from '../commandIds';
import { PENDING_RULE } from '../../core/edit/reviewStatus';
import { registerRecordStatus } from './recordStatus';
import { registerReviewProgressStatus } from './reviewProgressStatus';
import { BY_TASK_ID, pickTaskId, recordReviewDecision } from './reviewDecision';

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

  const updateStatus = registerReviewProgressStatus(context, data);
  followRecordDocuments(context, data);
  registerRecordStatus(context);
  const review = (reviewStatus: ReviewStatus, arg: unknown) =>
    recordReviewDecision(data, reviewStatus, arg, updateStatus);

  context.subscriptions.push(
    vscode.commands.registerCommand(COMMANDS.reviewEditRevision, async (arg: unknown) => {
      const taskId = await pickTaskId(data, arg, false);
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

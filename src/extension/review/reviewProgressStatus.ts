// Review progress in the status bar ("N of M reviewed · P pending"; a click opens the next pending
// record), following data changes and edits of open records documents.
import * as vscode from 'vscode';
import type { ExtensionServices } from '../services';
import { progressNow } from './reviewState';
import { COMMANDS } from '../commandIds';
import { PENDING_RULE } from '../../core/edit/reviewStatus';

/** Shows the status bar item; returns what updates it at once (after a review decision). */
export function registerReviewProgressStatus(
  context: vscode.ExtensionContext,
  data: ExtensionServices['data'],
): () => void {
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
  return updateStatus;
}

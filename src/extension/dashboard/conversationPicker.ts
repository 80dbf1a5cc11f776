// Click-through from a dashboard number (and "Open Conversation" without a target): resolves its
// selector to conversations, shows them in a quick pick, and opens the chosen one in the conversation
// view, with buttons to compare Retained ↔ Revised of the same source, reveal the source in the
// Sources tree, or open the raw log line.
import * as vscode from 'vscode';
import { basename } from 'node:path';
import type { ConversationRef } from '../../core/load/runLogIndex';
import { instanceLabel } from '../../core/render/instances';
import { selectConversations } from '../../core/stats/selectConversations';
import type { StatsReport } from '../../core/stats/statsTypes';
import type { RecapMode } from '../../core/schema/runlog';
import type { DashboardSelector } from '../../shared/protocol/dashboard';
import { COMMANDS } from '../commandIds';
import { sentToWindow } from '../windowMessages';
import { PickFocusKeeper } from '../picks/pickFocusKeeper';
import { VERDICT_CODICONS } from '../../shared/verdicts';

export function resolveSelector(
  refs: readonly ConversationRef[],
  report: StatsReport | undefined,
  sel: DashboardSelector,
  recapOf?: (ref: ConversationRef) => RecapMode,
): ConversationRef[] {
  if (sel.anyOf) {
    const seen = new Set<string>();
    const out: ConversationRef[] = [];
    for (const s of sel.anyOf)
      for (const r of resolveSelector(refs, report, s, recapOf))
        if (!seen.has(r.conv_id) && seen.add(r.conv_id)) out.push(r);
    return out;
  }
  if (sel.inactive) {
    const { model, domain, condition, withInactiveOnly } = sel.inactive;
    const row = report?.inactive.find((r) => r.model === model && r.domain === domain && r.condition === condition);
    return row ? selectConversations(refs, { convIds: withInactiveOnly ? row.inactive_conv_ids : row.conv_ids }) : [];
  }
  const { inactive: _i, anyOf: _a, ...plain } = sel;
  return selectConversations(refs, plain, recapOf);
}

const pickTitle = (title: string, n: number) => `${title} — ${n} conversation${n === 1 ? '' : 's'}`;

interface ConversationPick extends vscode.QuickPickItem {
  ref: ConversationRef;
}

const compareButton: vscode.QuickInputButton = {
  iconPath: new vscode.ThemeIcon('diff'),
  tooltip: 'Compare Retained ↔ Revised',
};
const rawLineButton: vscode.QuickInputButton = {
  iconPath: new vscode.ThemeIcon('go-to-file'),
  tooltip: 'Open the log line',
};
const revealButton: vscode.QuickInputButton = {
  iconPath: new vscode.ThemeIcon('list-tree'),
  tooltip: 'Reveal the source in the Sources tree',
};

export async function openLogLine(ref: ConversationRef): Promise<void> {
  const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(ref.file));
  const pos = new vscode.Position(Math.max(0, ref.line - 1), 0);
  await vscode.window.showTextDocument(doc, { selection: new vscode.Range(pos, pos), preview: true });
}

const noneBehind = (title: string) =>
  void vscode.window.showInformationMessage(`Intent Lens: no conversations behind ${title}.`);

/**
 * Shows the conversations behind a number; resolves when one was opened or the pick closed. `refs`
 * may still be coming (all of the workspace's, while its logs index): the pick shows at once, busy,
 * and lists them when they have all come, not the part indexed when it opened.
 */
export async function showConversationPick(
  refs: readonly ConversationRef[] | Promise<readonly ConversationRef[]>,
  title: string,
): Promise<void> {
  if (Array.isArray(refs) && !refs.length) return noneBehind(title);
  const qp = vscode.window.createQuickPick<ConversationPick>();
  const focus = new PickFocusKeeper(qp);
  // Closed by the user while the conversations were still coming: nothing more to show.
  let hidden = false;
  qp.title = Array.isArray(refs) ? pickTitle(title, refs.length) : `${title} — loading the run logs…`;
  qp.placeholder = 'Filter by task, model, verdict or file; Enter opens the conversation';
  qp.matchOnDescription = true;
  qp.matchOnDetail = true;
  const closed = new Promise<void>((resolve) => {
    qp.onDidAccept(() => {
      const pick = qp.selectedItems[0];
      qp.hide();
      if (pick) void vscode.commands.executeCommand(COMMANDS.openConversation, { convId: pick.ref.conv_id });
    });
    qp.onDidTriggerItemButton((e) => {
      qp.hide();
      if (e.button === compareButton)
        void vscode.commands.executeCommand(COMMANDS.compareRetainedRevised, { convId: e.item.ref.conv_id });
      else if (e.button === revealButton)
        void vscode.commands.executeCommand(COMMANDS.revealSource, e.item.ref.task_id);
      else void openLogLine(e.item.ref);
    });
    focus.onDidClose(() => {
      hidden = true;
      focus.dispose();
      qp.dispose();
      resolve();
    });
  });
  // On screen before the rows are built (tens of thousands at full scale), and not closed by a
  // webview that VS Code gives the focus back to meanwhile (PickFocusKeeper takes it back).
  qp.ignoreFocusOut = true;
  qp.busy = true;
  qp.show();
  await sentToWindow();
  let all: readonly ConversationRef[];
  try {
    all = await refs;
  } catch (e) {
    qp.hide();
    throw e;
  }
  if (hidden) return;
  if (!all.length) {
    qp.hide();
    return noneBehind(title);
  }
  qp.title = pickTitle(title, all.length);
  const sorted = [...all].sort(
    (a, b) => a.task_id.localeCompare(b.task_id, undefined, { numeric: true }) || a.model.localeCompare(b.model),
  );
  qp.items = sorted.map((ref) => ({
    ref,
    label: `$(${VERDICT_CODICONS[ref.verdict]}) ${ref.task_id}`,
    description: `${ref.model} · ${instanceLabel(ref)} · ${ref.verdict}`,
    detail: `${basename(ref.file)}:${ref.line} · ${ref.conv_id}`,
    buttons:
      ref.mode === 'multi' && !ref.path ? [compareButton, revealButton, rawLineButton] : [revealButton, rawLineButton],
  }));
  qp.busy = false;
  await closed;
}

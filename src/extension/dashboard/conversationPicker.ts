// Click-through from a dashboard number: resolves its selector to conversations, shows them in a
// quick pick, and opens the chosen one (the Sources tree's conversation command when it exists,
// else the log line), with buttons to compare Retained ↔ Revised of the same source, reveal the
// source in the Sources tree, or open the raw log line.
import * as vscode from 'vscode';
import { focusPick } from '../picks/pickSession';
import { basename } from 'node:path';
import type { ConversationRef } from '../../core/load/runLogIndex';
import { instanceLabel } from '../../core/render/instances';
import { selectConversations } from '../../core/stats/selectConversations';
import type { StatsReport } from '../../core/stats/statsTypes';
import type { RecapMode } from '../../core/schema/runlog';
import type { DashboardSelector } from '../../shared/protocol/dashboard';
import { COMMANDS } from '../commandIds';
import { sentToWindow } from '../windowMessages';

/** Commands another module may provide to open a conversation's turn document, tried in order. */

export function resolveSelector(refs: readonly ConversationRef[], report: StatsReport | undefined, sel: DashboardSelector, recapOf?: (ref: ConversationRef) => RecapMode): ConversationRef[] {
  if (sel.anyOf) {
    const seen = new Set<string>();
    const out: ConversationRef[] = [];
    for (const s of sel.anyOf) for (const r of resolveSelector(refs, report, s, recapOf)) if (!seen.has(r.conv_id) && seen.add(r.conv_id)) out.push(r);
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

const verdictIcon: Record<ConversationRef['verdict'], string> = { correct: '$(pass)', incorrect: '$(error)', unscored: '$(circle-slash)' };

interface ConversationPick extends vscode.QuickPickItem {
  ref: ConversationRef;
}

const compareButton: vscode.QuickInputButton = { iconPath: new vscode.ThemeIcon('diff'), tooltip: 'Compare Retained ↔ Revised' };
const rawLineButton: vscode.QuickInputButton = { iconPath: new vscode.ThemeIcon('go-to-file'), tooltip: 'Open the log line' };
const revealButton: vscode.QuickInputButton = { iconPath: new vscode.ThemeIcon('list-tree'), tooltip: 'Reveal the source in the Sources tree' };

export async function openLogLine(ref: ConversationRef): Promise<void> {
  const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(ref.file));
  const pos = new vscode.Position(Math.max(0, ref.line - 1), 0);
  await vscode.window.showTextDocument(doc, { selection: new vscode.Range(pos, pos), preview: true });
}

export async function openConversation(ref: ConversationRef): Promise<void> {
  // The Sources tree's turn document (`intent-lens:/conv/<id>.md`); the raw log line without it.
  const known = new Set(await vscode.commands.getCommands(true));
  if (known.has(COMMANDS.openConversation)) await vscode.commands.executeCommand(COMMANDS.openConversation, { convId: ref.conv_id });
  else await openLogLine(ref);
}

/** Shows the conversations behind a number; resolves when one was opened or the pick closed. */
export async function showConversationPick(refs: readonly ConversationRef[], title: string): Promise<void> {
  if (!refs.length) {
    void vscode.window.showInformationMessage(`Intent Lens: no conversations behind ${title}.`);
    return;
  }
  const qp = vscode.window.createQuickPick<ConversationPick>();
  qp.title = `${title} — ${refs.length} conversation${refs.length === 1 ? '' : 's'}`;
  qp.placeholder = 'Filter by task, model, verdict or file; Enter opens the conversation';
  qp.matchOnDescription = true;
  qp.matchOnDetail = true;
  const closed = new Promise<void>((resolve) => {
    qp.onDidAccept(() => {
      const pick = qp.selectedItems[0];
      qp.hide();
      if (pick) void openConversation(pick.ref);
    });
    qp.onDidTriggerItemButton((e) => {
      qp.hide();
      if (e.button === compareButton) void vscode.commands.executeCommand(COMMANDS.compareRetainedRevised, { convId: e.item.ref.conv_id });
      else if (e.button === revealButton) void vscode.commands.executeCommand(COMMANDS.revealSource, e.item.ref.task_id);
      else void openLogLine(e.item.ref);
    });
    qp.onDidHide(() => {
      qp.dispose();
      resolve();
    });
  });
  // On screen before the rows are built (tens of thousands at full scale), and not closed by a
  // webview that takes the focus back meanwhile: it is given back with the rows (see PickSession).
  qp.ignoreFocusOut = true;
  qp.busy = true;
  qp.show();
  await sentToWindow();
  const sorted = [...refs].sort((a, b) => a.task_id.localeCompare(b.task_id, undefined, { numeric: true }) || a.model.localeCompare(b.model));
  qp.items = sorted.map((ref) => ({
    ref,
    label: `${verdictIcon[ref.verdict]} ${ref.task_id}`,
    description: `${ref.model} · ${instanceLabel(ref)} · ${ref.verdict}`,
    detail: `${basename(ref.file)}:${ref.line} · ${ref.conv_id}`,
    buttons: ref.mode === 'multi' && !ref.path ? [compareButton, revealButton, rawLineButton] : [revealButton, rawLineButton],
  }));
  qp.busy = false;
  void focusPick();
  await closed;
}

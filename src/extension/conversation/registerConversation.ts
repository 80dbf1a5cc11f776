// The conversation view: `openConversationView` is what every "open conversation / turn" action
// runs (the Sources tree, the dashboard, search hits via `intentLens.openConversation`); the Open
// Turn / Open Conversation commands; the keyboard navigation commands bound while a conversation
// panel is the active editor.
import * as vscode from 'vscode';
import { isAbsolute, resolve } from 'node:path';
import type { ExtensionServices } from '../services';
import { CONVERSATION_NAVIGATE_ACTIONS } from '../../shared/protocol/conversation';
import { COMMANDS, CONVERSATION_NAVIGATE_COMMANDS, INTERNAL_COMMANDS } from '../commandIds';
import { isEmptyTarget, readCommandTarget, type CommandTarget } from '../commandTarget';
import { showConversationPick } from '../dashboard/conversationPicker';
import { registerCommandTable, type FeatureCommand } from '../commandTable';
import { ConversationPanel } from './conversationPanel';
import { readConversationTarget, resolveConversation } from './conversationTarget';

/** A file named by a search hit or link: absolute, or relative to a workspace folder. */
function absoluteFile(file: string): string[] {
  if (isAbsolute(file)) return [file];
  return (vscode.workspace.workspaceFolders ?? []).map((f) => resolve(f.uri.fsPath, file));
}

/** Opens the conversation view for whatever names a conversation; says why when nothing does. */
/** `options.reuse: false` opens a view of its own even where a preview view could be reused. */
export async function openConversationView(
  services: ExtensionServices,
  arg: unknown,
  options: { reuse?: boolean } = {},
): Promise<ConversationPanel | undefined> {
  // Callers run this once the user has picked the conversation: the render time excludes think time.
  const commandAt = Date.now();
  const read = readConversationTarget(arg);
  if ('error' in read) {
    void vscode.window.showErrorMessage(`Intent Lens: cannot open a conversation: ${read.error}`);
    return undefined;
  }
  const { target } = read;
  await services.data.ensureLoaded();
  const ref = resolveConversation(target, services.data.conversations(), (indexed, named) =>
    absoluteFile(named).includes(indexed),
  );
  if (!ref) {
    const what = target.convId ?? `${target.file}:${target.line}`;
    void vscode.window.showErrorMessage(
      `Intent Lens: no conversation ${what} in the workspace's run logs (is the log included by intentLens.logsGlob?).`,
    );
    return undefined;
  }
  const focus =
    target.traceIndex !== undefined
      ? { traceIndex: target.traceIndex }
      : target.turn !== undefined
        ? { turn: target.turn - 1 }
        : undefined;
  try {
    return await ConversationPanel.show(services, ref.conv_id, focus, commandAt, options.reuse ?? true);
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    services.output.appendLine(`[conversation] ${msg}`);
    void vscode.window.showErrorMessage(`Intent Lens: cannot open conversation ${ref.conv_id}: ${msg}`);
    return undefined;
  }
}

/**
 * Opens the conversation view for a command's target (at the turn, for a turn); without one, the
 * pick of every conversation (while the logs index, it waits for all of them: a part would never fill in).
 */
async function openTarget(services: ExtensionServices, target: CommandTarget): Promise<unknown> {
  if (isEmptyTarget(target))
    return showConversationPick(
      services.data.ensureLoaded().then(() => services.data.conversations()),
      'Open Conversation',
    );
  return openConversationView(services, target);
}

/** The Sources tree's selected item (Open Turn from the keyboard: Ctrl+Enter on a row). */
async function treeSelection(): Promise<CommandTarget> {
  return readCommandTarget(await vscode.commands.executeCommand<unknown>(INTERNAL_COMMANDS.treeSelection));
}

// Only Open Turn (tree-focused: click, Ctrl+Enter) falls back to the tree selection; from the
// palette a stale selection would silently reopen the last turn, so Open Conversation without an
// argument always offers the pick.
const CONVERSATION_COMMANDS: ReadonlyArray<FeatureCommand<ExtensionServices>> = [
  {
    id: COMMANDS.openTurn,
    run: async (services, arg) => {
      const target = readCommandTarget(arg);
      return openTarget(services, isEmptyTarget(target) ? await treeSelection() : target);
    },
  },
  { id: COMMANDS.openConversation, run: (services, arg) => openTarget(services, readCommandTarget(arg)) },
];

export function registerConversation(services: ExtensionServices): void {
  registerCommandTable(services.context, services, CONVERSATION_COMMANDS);
  services.context.subscriptions.push(
    ...CONVERSATION_NAVIGATE_ACTIONS.map((action) =>
      vscode.commands.registerCommand(CONVERSATION_NAVIGATE_COMMANDS[action], () =>
        ConversationPanel.active?.navigate(action),
      ),
    ),
    // For tests and the bench: what the active conversation view shows.
    vscode.commands.registerCommand(INTERNAL_COMMANDS.conversationInspectActive, () => {
      const p = ConversationPanel.active;
      return p ? { convId: p.convId, state: p.currentState, renderedMs: p.lastRenderedMs } : undefined;
    }),
  );
}

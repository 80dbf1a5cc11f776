// The fork feature: "Fork From Turn…" on a user turn of the Sources tree (`forkFromTurn.ts`), "Fork
// Conversations…" for a batch selected by a filter expression (`forkConversations.ts`), and "Compare
// With Parent" on a fork. Nothing runs in an untrusted workspace.
import * as vscode from 'vscode';
import type { ExtensionServices } from '../services';
import { forkFromTurnCommand } from './forkFromTurn';
import { forkBatchCommand } from './forkConversations';
import { COMMANDS, INTERNAL_COMMANDS } from '../commandIds';
import { readCommandTarget } from '../commandTarget';

async function compareWithParent(services: ExtensionServices, arg: unknown): Promise<void> {
  await services.data.ensureLoaded();
  const convId = readCommandTarget(arg).convId;
  const ref = convId ? services.data.logs.get(convId) : undefined;
  if (!ref?.forkedFrom)
    return void vscode.window.showInformationMessage(
      'Intent Lens: pick a fork (a run shown under its parent) to compare with its parent.',
    );
  await vscode.commands.executeCommand(INTERNAL_COMMANDS.compareOpen, {
    left: ref.forkedFrom.conv_id,
    right: ref.conv_id,
  });
}

export function registerFork(services: ExtensionServices): void {
  services.context.subscriptions.push(
    vscode.commands.registerCommand(COMMANDS.forkFromTurn, (arg?: unknown) => forkFromTurnCommand(services, arg)),
    vscode.commands.registerCommand(COMMANDS.forkConversations, (arg?: unknown) => forkBatchCommand(services, arg)),
    vscode.commands.registerCommand(COMMANDS.forkCompareWithParent, (arg?: unknown) =>
      compareWithParent(services, arg),
    ),
  );
}

// A first run without data: Open Sample Workspace… (walkthrough, empty Sources view) copies the
// samples shipped in the package into a new folder inside the one the user picks and opens it there.
// The extension runs where the workspace is (extensionKind "workspace"), so the picked folder and the
// package are on the same machine, local or remote.
import * as vscode from 'vscode';
import { basename } from 'node:path';
import { takeCopiedSamplesNote, writeCopiedSamplesNote } from '../../core/samples/copiedSamplesNote';
import { copySamples, SAMPLE_FOLDER_NAME } from '../../core/samples/copySamples';
import { COMMANDS } from '../commandIds';
import type { ExtensionServices } from '../services';

export function registerFirstRun(services: ExtensionServices): void {
  services.context.subscriptions.push(
    vscode.commands.registerCommand(COMMANDS.openSampleWorkspace, () => openSampleWorkspace(services)),
  );
  sayWhereSamplesWereCopied(services);
}

async function openSampleWorkspace(services: ExtensionServices): Promise<void> {
  const picked = await vscode.window.showOpenDialog({
    canSelectFiles: false,
    canSelectFolders: true,
    canSelectMany: false,
    openLabel: 'Copy Samples Here',
    title: `Open Sample Workspace: the samples are copied into a new folder "${SAMPLE_FOLDER_NAME}" in the folder you pick`,
  });
  const parent = picked?.[0];
  if (!parent) return;
  const samples = vscode.Uri.joinPath(services.context.extensionUri, 'samples').fsPath;
  let copied: string;
  try {
    copied = copySamples(samples, parent.fsPath);
    writeCopiedSamplesNote(services.context.globalStorageUri.fsPath, copied);
  } catch (e) {
    const reason = e instanceof Error ? e.message : String(e);
    void vscode.window.showErrorMessage(`Intent Lens could not copy the samples into ${parent.fsPath}: ${reason}`);
    return;
  }
  services.output.appendLine(`[samples] copied the samples to ${copied}`);
  // The picked folder's URI keeps its scheme and authority (a remote window's folder stays remote).
  await vscode.commands.executeCommand('vscode.openFolder', vscode.Uri.joinPath(parent, basename(copied)));
}

/** In the window the command opened (after its reload): where the samples are, said once. */
function sayWhereSamplesWereCopied(services: ExtensionServices): void {
  const open = (vscode.workspace.workspaceFolders ?? []).map((f) => f.uri.fsPath);
  if (open.length === 0) return;
  const copied = takeCopiedSamplesNote(services.context.globalStorageUri.fsPath, open);
  if (!copied) return;
  services.output.appendLine(`[samples] this window opened the samples copied to ${copied}`);
  void vscode.window.showInformationMessage(
    `Intent Lens copied its samples to ${copied} and opened that folder. Changes you make there stay in the copy.`,
  );
}

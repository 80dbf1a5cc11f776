// A first run without data: Open Sample Workspace… (walkthrough, empty Sources view) copies the
// samples shipped in the package into a folder the user picks and opens it there. The extension runs
// where the workspace is (extensionKind "workspace"), so the picked folder and the package are on
// the same machine, local or remote.
import * as vscode from 'vscode';
import { basename } from 'node:path';
import { copySamples } from '../../core/samples/copySamples';
import { COMMANDS } from '../commandIds';
import type { ExtensionServices } from '../services';

export function registerFirstRun(services: ExtensionServices): void {
  services.context.subscriptions.push(
    vscode.commands.registerCommand(COMMANDS.openSampleWorkspace, () => openSampleWorkspace(services)),
  );
}

async function openSampleWorkspace(services: ExtensionServices): Promise<void> {
  const picked = await vscode.window.showOpenDialog({
    canSelectFiles: false,
    canSelectFolders: true,
    canSelectMany: false,
    openLabel: 'Copy Samples Here',
    title: 'Open Sample Workspace: the folder to copy the samples into',
  });
  const parent = picked?.[0];
  if (!parent) return;
  const samples = vscode.Uri.joinPath(services.context.extensionUri, 'samples').fsPath;
  let copied: string;
  try {
    copied = copySamples(samples, parent.fsPath);
  } catch (e) {
    const reason = e instanceof Error ? e.message : String(e);
    void vscode.window.showErrorMessage(`Intent Lens could not copy the samples into ${parent.fsPath}: ${reason}`);
    return;
  }
  services.output.appendLine(`[samples] copied the samples to ${copied}`);
  // The picked folder's URI keeps its scheme and authority (a remote window's folder stays remote).
  await vscode.commands.executeCommand('vscode.openFolder', vscode.Uri.joinPath(parent, basename(copied)));
}

// A file an export wrote: said with its path relative to the workspace (never absolute), with
// *Open* and *Reveal in Explorer* actions.
import * as vscode from 'vscode';

/** The path as the workspace shows it (relative inside a workspace folder, else the file's name). */
export function shownPath(uri: vscode.Uri): string {
  const relative = vscode.workspace.asRelativePath(uri, (vscode.workspace.workspaceFolders?.length ?? 0) > 1);
  return relative === uri.fsPath ? (uri.path.split('/').pop() ?? relative) : relative;
}

/** "<what> saved to <path>" with Open / Reveal in Explorer; returns the path as shown. */
export function announceSaved(what: string, uri: vscode.Uri, detail?: string): string {
  const path = shownPath(uri);
  void vscode.window
    .showInformationMessage(
      `Intent Lens: ${what} saved to ${path}${detail ? ` (${detail})` : ''}.`,
      'Open',
      'Reveal in Explorer',
    )
    .then(async (choice) => {
      if (choice === 'Open') await vscode.commands.executeCommand('vscode.open', uri);
      if (choice === 'Reveal in Explorer') await vscode.commands.executeCommand('revealInExplorer', uri);
    });
  return path;
}

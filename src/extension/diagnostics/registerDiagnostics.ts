// The Problems panel: every invalid line of a records, run-log or plan file becomes a located
// vscode.Diagnostic (code, field path in the message), refreshed whenever the data changes. The
// loaders keep the valid lines, so the rest of a file still loads.
import * as vscode from 'vscode';
import type { ExtensionServices } from '../services';
import type { Diagnostic, Severity } from '../../core/jsonl/diagnostics';
import { withRelativePaths } from '../../core/jsonl/relativePaths';

const SEVERITIES: Record<Severity, vscode.DiagnosticSeverity> = {
  error: vscode.DiagnosticSeverity.Error,
  warning: vscode.DiagnosticSeverity.Warning,
  info: vscode.DiagnosticSeverity.Information,
};

/** Positions past the end of a line are clamped by the editor: this underlines to the line's end. */
const LINE_END = 1_000_000_000;

/** The workspace folders' paths, which messages are made relative to. */
export function workspaceRoots(): string[] {
  return (vscode.workspace.workspaceFolders ?? []).map((f) => f.uri.fsPath);
}

/** A loader diagnostic for the Problems panel: field path appended, absolute paths made relative. */
export function toVscodeDiagnostic(d: Diagnostic, roots: readonly string[] = workspaceRoots()): vscode.Diagnostic {
  const line = Math.max(0, d.line - 1);
  const col = Math.max(0, d.column - 1);
  const text = withRelativePaths(d.message, roots);
  const message = d.path ? `${text} (at ${d.path})` : text;
  const out = new vscode.Diagnostic(new vscode.Range(line, col, line, LINE_END), message, SEVERITIES[d.severity]);
  out.code = d.code;
  out.source = 'Intent Lens';
  return out;
}

export function registerDiagnostics(services: ExtensionServices): void {
  const { context, data } = services;
  const collection = vscode.languages.createDiagnosticCollection('intent-lens');
  context.subscriptions.push(collection);
  // The loaders' diagnostics only: the intent checks reach the Problems panel live, from each records
  // document's text (review/intentDiagnostics.ts), so they are not run here a second time.
  const update = () => {
    collection.clear();
    for (const [file, diags] of data.diagnostics()) {
      const roots = workspaceRoots();
      if (diags.length)
        collection.set(
          vscode.Uri.file(file),
          diags.map((d) => toVscodeDiagnostic(d, roots)),
        );
    }
  };
  context.subscriptions.push(data.onDidChange(() => update()));
  update();
}

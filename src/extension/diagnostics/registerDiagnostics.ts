// The Problems panel: every invalid line of a records, run-log or plan file becomes a located
// vscode.Diagnostic (code, field path in the message), refreshed whenever the data changes. The
// loaders keep the valid lines, so the rest of a file still loads.
import * as vscode from 'vscode';
import type { ExtensionServices } from '../services';
import type { Diagnostic, Severity } from '../../core/jsonl/diagnostics';
import { runRecordChecks } from '../../core/load/validateFiles';

const SEVERITIES: Record<Severity, vscode.DiagnosticSeverity> = {
  error: vscode.DiagnosticSeverity.Error,
  warning: vscode.DiagnosticSeverity.Warning,
  info: vscode.DiagnosticSeverity.Information,
};

/** Positions past the end of a line are clamped by the editor: this underlines to the line's end. */
const LINE_END = 1_000_000_000;

export function toVscodeDiagnostic(d: Diagnostic): vscode.Diagnostic {
  const line = Math.max(0, d.line - 1);
  const col = Math.max(0, d.column - 1);
  const message = d.path ? `${d.message} (at ${d.path})` : d.message;
  const out = new vscode.Diagnostic(new vscode.Range(line, col, line, LINE_END), message, SEVERITIES[d.severity]);
  out.code = d.code;
  out.source = 'Intent Lens';
  return out;
}

export function registerDiagnostics(services: ExtensionServices): void {
  const { context, data, output } = services;
  const collection = vscode.languages.createDiagnosticCollection('intent-lens');
  context.subscriptions.push(collection);
  let generation = 0;
  /** Record-check results per records file; re-run only when that file changed (not on every log append). */
  const checked = new Map<string, Diagnostic[]>();

  const update = async (changed?: readonly string[]) => {
    const mine = ++generation;
    const byFile = new Map<string, Diagnostic[]>();
    for (const [file, diags] of data.diagnostics()) byFile.set(file, [...diags]);
    // Feature checks registered with the shared validator (e.g. intent/template checks) run here too.
    const recordFiles = new Set(data.recordFilePaths());
    for (const f of [...checked.keys()]) if (!recordFiles.has(f) || !changed || changed.includes(f)) checked.delete(f);
    const stale = new Set([...recordFiles].filter((f) => !checked.has(f)));
    try {
      const fresh = new Map<string, Diagnostic[]>([...stale].map((f) => [f, []]));
      for (const entry of data.records().values()) {
        const list = fresh.get(entry.file);
        if (list) list.push(...(await runRecordChecks(entry.record, { file: entry.file, line: entry.line, column: 1 })));
      }
      for (const [f, list] of fresh) checked.set(f, list);
    } catch (e) {
      output.appendLine(`[diagnostics] a record check failed: ${e instanceof Error ? e.message : String(e)}`);
    }
    for (const [file, extra] of checked) if (extra.length) byFile.set(file, [...(byFile.get(file) ?? []), ...extra]);
    if (mine !== generation) return; // a newer update is under way
    collection.clear();
    for (const [file, diags] of byFile) {
      if (diags.length) collection.set(vscode.Uri.file(file), diags.map(toVscodeDiagnostic));
    }
  };
  context.subscriptions.push(data.onDidChange((e) => void update(e.files)));
  void update();
}

// The intent checks in the Problems panel, live: computed from each records document's current
// text (unsaved edits included) and from the loaded files otherwise, placed on the record's line at
// the offending field's value. Quick fixes apply the checks' obvious fixes as one-line edits.
import * as vscode from 'vscode';
import { readFile } from 'node:fs/promises';
import { parseRecordsTextSliced } from '../../core/load/recordsFile';
import { sliceTurns } from '../../core/load/steps';
import { checkIntent, CHECK_CODES, type CheckIssue } from '../../core/checks/intentChecks';
import { checkDatabaseReferences } from '../../core/checks/referenceResults';
import { parseJsonSpans, nodeAt, type JsonNode } from '../../core/jsonl/jsonSpans';
import { applyFieldEdits, parsePath } from '../../core/edit/editRaw';
import type { WorkspaceData } from '../data/workspaceData';
import { isRecordsDocument, locateInDocument } from './recordDocuments';
import { COMMANDS } from '../commandIds';
import { withRelativePaths } from '../../core/jsonl/relativePaths';
import { workspaceRoots } from '../diagnostics/registerDiagnostics';
import { databasesFor } from '../settings/verifySettings';

export const INTENT_DIAGNOSTIC_SOURCE = 'intent-lens checks';

/** Folders the database check looks in for a records file: the one rule of `databasesFor`. */
export function databaseFolders(file: string): string[] {
  const folder = databasesFor(file);
  return folder ? [folder] : [];
}

const SEVERITY: Record<CheckIssue['severity'], vscode.DiagnosticSeverity> = {
  error: vscode.DiagnosticSeverity.Error,
  warning: vscode.DiagnosticSeverity.Warning,
  info: vscode.DiagnosticSeverity.Information,
};

/**
 * Intent-check diagnostics for one records text, each on its record line at the field value. Runs
 * on the extension host's thread in slices: after the first load it checks every record (414 at
 * full scale), measured 280–430 ms in one host task at load 8–10 before it was sliced.
 */
async function diagnoseText(path: string, text: string, withDatabase: boolean): Promise<vscode.Diagnostic[]> {
  const file = await parseRecordsTextSliced(path, text);
  const out: vscode.Diagnostic[] = [];
  const lines = file.format === 'jsonl' ? text.split('\n') : [];
  const turn = sliceTurns();
  for (const item of file.items) {
    await turn();
    const issues = checkIntent(item.value);
    if (withDatabase && trusted())
      issues.push(...(await checkDatabaseReferences(item.value, databaseFolders(path), { followLinks: trusted() })));
    // The record's JSON spans, parsed once for all its issues (not once per issue).
    let spans: JsonNode | undefined;
    const spansOf = () => (spans ??= parseJsonSpans(item.raw));
    for (const issue of issues) {
      const range = rangeOf(
        item.raw,
        spansOf,
        issue.path,
        item.line - 1,
        lines[item.line - 1]?.length ?? item.raw.length,
      );
      const d = new vscode.Diagnostic(
        range,
        withRelativePaths(issue.message, workspaceRoots()),
        SEVERITY[issue.severity],
      );
      d.code = issue.code;
      d.source = INTENT_DIAGNOSTIC_SOURCE;
      out.push(d);
    }
  }
  return out;
}

// Database execution reads files only (sql.js in memory), but keep it to trusted workspaces like
// every other execution.
function trusted(): boolean {
  return vscode.workspace.isTrusted;
}

/** The field's value span on the record's line (single-line records), else the whole line. */
function rangeOf(raw: string, spans: () => JsonNode, path: string, line: number, lineLength: number): vscode.Range {
  try {
    const node = nodeAt(spans(), parsePath(path));
    if (node && !raw.includes('\n')) return new vscode.Range(line, node.start, line, node.end);
  } catch {
    // Fall through to the whole line.
  }
  return new vscode.Range(line, 0, line, lineLength);
}

export function registerIntentDiagnostics(
  context: vscode.ExtensionContext,
  data: WorkspaceData,
): vscode.DiagnosticCollection {
  const collection = vscode.languages.createDiagnosticCollection('intentLens.intentChecks');
  const timers = new Map<string, NodeJS.Timeout>();
  const refreshDocument = (doc: vscode.TextDocument, withDatabase: boolean) => {
    if (!isRecordsDocument(doc)) return;
    clearTimeout(timers.get(doc.uri.toString()));
    timers.set(
      doc.uri.toString(),
      setTimeout(
        () => {
          void diagnoseText(doc.uri.fsPath, doc.getText(), withDatabase).then((d) => collection.set(doc.uri, d));
        },
        withDatabase ? 50 : 250,
      ),
    );
  };
  const refreshFiles = async () => {
    for (const path of data.recordFilePaths()) {
      const open = vscode.workspace.textDocuments.find((d) => d.uri.fsPath === path);
      if (open) refreshDocument(open, true);
      else {
        try {
          collection.set(vscode.Uri.file(path), await diagnoseText(path, await readFile(path, 'utf8'), true));
        } catch {
          collection.delete(vscode.Uri.file(path));
        }
      }
    }
  };
  context.subscriptions.push(
    collection,
    vscode.workspace.onDidOpenTextDocument((d) => refreshDocument(d, true)),
    vscode.workspace.onDidChangeTextDocument((e) => refreshDocument(e.document, false)),
    vscode.workspace.onDidSaveTextDocument((d) => refreshDocument(d, true)),
    // Only a change to a records file changes what the checks say (an appended log line does not);
    // the first load ends with a change event naming every file.
    data.onDidChange(({ files }) => {
      const records = new Set(data.recordFilePaths());
      if (files.some((f) => records.has(f))) void refreshFiles();
    }),
    { dispose: () => timers.forEach((t) => clearTimeout(t)) },
  );
  for (const d of vscode.workspace.textDocuments) refreshDocument(d, true);
  return collection;
}

/** Quick fixes for the checks whose fix is obvious, plus "Edit Revision" on every intent check. */
export class IntentQuickFixProvider implements vscode.CodeActionProvider {
  static readonly kinds = [vscode.CodeActionKind.QuickFix];

  provideCodeActions(
    document: vscode.TextDocument,
    range: vscode.Range,
    context: vscode.CodeActionContext,
  ): vscode.CodeAction[] {
    const actions: vscode.CodeAction[] = [];
    for (const diag of context.diagnostics) {
      const code = typeof diag.code === 'object' ? String(diag.code.value) : String(diag.code ?? '');
      if (!(code in CHECK_CODES)) continue;
      const lineText = document.lineAt(diag.range.start.line).text;
      const taskId = taskIdOf(lineText);
      if (!taskId) continue;
      const found = locateInDocument(document, taskId);
      if (!found) continue;
      for (const issue of checkIntent(found.item.value)) {
        if (issue.code !== code || !issue.fix) continue;
        const action = new vscode.CodeAction(issue.fix.title, vscode.CodeActionKind.QuickFix);
        action.diagnostics = [diag];
        action.isPreferred = true;
        action.edit = new vscode.WorkspaceEdit();
        action.edit.replace(document.uri, found.range, applyFieldEdits(found.item.raw, issue.fix.set));
        actions.push(action);
      }
      const open = new vscode.CodeAction(`Edit revision ${taskId}`, vscode.CodeActionKind.QuickFix);
      open.diagnostics = [diag];
      open.command = { command: COMMANDS.reviewEditRevision, title: 'Edit Revision', arguments: [{ taskId }] };
      actions.push(open);
    }
    void range;
    return dedupe(actions);
  }
}

function dedupe(actions: vscode.CodeAction[]): vscode.CodeAction[] {
  const seen = new Set<string>();
  return actions.filter((a) => (seen.has(a.title) ? false : (seen.add(a.title), true)));
}

function taskIdOf(line: string): string | undefined {
  try {
    const v: unknown = JSON.parse(line);
    if (v && typeof v === 'object' && 'task_id' in v && typeof (v as { task_id: unknown }).task_id === 'string')
      return (v as { task_id: string }).task_id;
  } catch {
    const m = /"task_id"\s*:\s*("(?:[^"\\]|\\.)*")/.exec(line);
    if (m) return JSON.parse(m[1]!) as string;
  }
  return undefined;
}

// The verifier options construction checks candidates with: the same settings Re-score reads
// (databases folder, Python, unisolated code, lenient actions parsing) and Workspace Trust (code
// checks execute only in a trusted workspace; the core reports what it did not run). One function,
// so it can become the extension's shared verify-options path without touching its callers.
import * as vscode from 'vscode';
import { isAbsolute, join } from 'node:path';
import type { VerifyOptions } from '../../core/verify/verifyTypes';
import type { SqlExecutor } from '../../core/verify/database/sqlExecutor';

/** `intentLens.databasesFolder` for a records file: absolute as it is, else under the file's workspace folder. */
function databasesFor(file: string): string | undefined {
  const configured = vscode.workspace.getConfiguration('intentLens').get<string>('databasesFolder', 'databases');
  if (!configured) return undefined;
  if (isAbsolute(configured)) return configured;
  const folder = vscode.workspace.getWorkspaceFolder(vscode.Uri.file(file)) ?? vscode.workspace.workspaceFolders?.[0];
  return folder ? join(folder.uri.fsPath, configured) : undefined;
}

/** The options for constructing revisions of records in `file`; `sql` is the feature's shared executor. */
export function constructVerifyOptions(file: string, sql: SqlExecutor): VerifyOptions {
  const config = vscode.workspace.getConfiguration('intentLens');
  const databasesDir = databasesFor(file);
  return {
    trusted: vscode.workspace.isTrusted,
    sql,
    python: { pythonPath: config.get<string>('python', 'python3') || 'python3', allowUnisolated: config.get<boolean>('verify.allowUnisolated', false) },
    lenientActionsFormat: config.get<boolean>('actions.lenientParsing', false) === true,
    ...(databasesDir ? { databasesDir } : {}),
  };
}

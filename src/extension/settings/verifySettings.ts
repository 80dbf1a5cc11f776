// The verifier options of the extension: one function for Re-score, Run, Fork, the Test Explorer
// and the intent diagnostics, so a setting (python, lenient actions parsing, the databases
// folder, unisolated code) means the same on every road to a verdict.
import * as vscode from 'vscode';
import { databasesFolderFor, verifyOptionsOf, type VerifySettings } from '../../core/verify/verifySettings';
import type { VerifyOptions } from '../../core/verify/verifyTypes';
import { setting } from './settings';

/** A record (or any loaded file) the verdict is for: its file decides the workspace folder. */
export type VerifyTarget = { file: string } | string;

/**
 * `intentLens.databasesFolder` for a file: absolute as it is; relative under the workspace folder
 * that holds the file (the first workspace folder when the file is in none).
 */
export function databasesFor(file: string | undefined): string | undefined {
  const folder =
    (file ? vscode.workspace.getWorkspaceFolder(vscode.Uri.file(file)) : undefined) ??
    vscode.workspace.workspaceFolders?.[0];
  return databasesFolderFor(setting('databasesFolder'), folder?.uri.fsPath);
}

/** The settings that decide a verdict, for the record or file being scored. */
export function verifySettingsFor(target: VerifyTarget | undefined): VerifySettings {
  const file = typeof target === 'string' ? target : target?.file;
  const databasesDir = databasesFor(file);
  return {
    execute: vscode.workspace.isTrusted,
    followDatabaseLinks: vscode.workspace.isTrusted,
    python: setting('python'),
    allowUnisolated: setting('verify.allowUnisolated'),
    lenientActions: setting('actions.lenientParsing'),
    ...(databasesDir ? { databasesDir } : {}),
  };
}

/** The verifier options for the record or file being scored (Re-score, Run, Fork, Test Explorer). */
export function verifyOptionsFor(target: VerifyTarget | undefined): VerifyOptions {
  return verifyOptionsOf(verifySettingsFor(target));
}

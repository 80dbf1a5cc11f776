// Registers the intent checks with the shared validator, so `intent-lens validate` and the
// extension's Problems panel run the same checks. Importing this module is enough (idempotent).
import { dirname, join, resolve } from 'node:path';
import { registerRecordCheck } from '../load/validateFiles';
import type { Diagnostic } from '../jsonl/diagnostics';
import type { BenchmarkRecord } from '../schema/records';
import { checkIntent, type CheckIssue } from './intentChecks';
import { checkDatabaseReferences } from './referenceResults';

/** Where the database check looks for `<db_id>.sqlite`, given the records file. */
export type DatabaseFoldersResolver = (recordsFile: string) => string[];

/** CLI default: `$INTENT_LENS_DATABASES`, then `databases/` beside the records file and in the cwd. */
export const defaultDatabaseFolders: DatabaseFoldersResolver = (file) =>
  [process.env.INTENT_LENS_DATABASES, join(dirname(file), 'databases'), resolve('databases')].filter((d): d is string => typeof d === 'string' && d !== '');

let resolveFolders: DatabaseFoldersResolver = defaultDatabaseFolders;

/** The extension points this at `intentLens.databasesFolder`. */
export function setDatabaseFoldersResolver(r: DatabaseFoldersResolver): void {
  resolveFolders = r;
}

export function issueToDiagnostic(i: CheckIssue, loc: { file: string; line: number; column: number }): Diagnostic {
  return { file: loc.file, line: loc.line, column: loc.column, severity: i.severity, code: i.code, message: i.message, path: i.path };
}

/** All intent checks of one record, the database execution included. */
export async function runAllIntentChecks(rec: BenchmarkRecord, recordsFile: string): Promise<CheckIssue[]> {
  return [...checkIntent(rec), ...(await checkDatabaseReferences(rec, resolveFolders(recordsFile)))];
}

let registered = false;
export function registerIntentChecks(): void {
  if (registered) return;
  registered = true;
  registerRecordCheck(async (rec, loc) => (await runAllIntentChecks(rec, loc.file)).map((i) => issueToDiagnostic(i, loc)));
}

registerIntentChecks();

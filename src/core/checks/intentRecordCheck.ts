// The intent checks as a record check of the shared validator: `intent-lens validate` passes it
// explicitly (with where to find the databases), so nothing is registered in module state.
import { dirname, join, resolve } from 'node:path';
import type { RecordCheck } from '../load/validateFiles';
import type { Diagnostic } from '../jsonl/diagnostics';
import type { BenchmarkRecord } from '../schema/records';
import { checkIntent, type CheckIssue } from './intentChecks';
import { checkDatabaseReferences } from './referenceResults';
import type { DatabaseLookupOptions } from '../verify/database/databaseVerifier';

/** Where the database check looks for `<db_id>.sqlite`, given the records file. */
export type DatabaseFoldersResolver = (recordsFile: string) => string[];

/** CLI default: `$INTENT_LENS_DATABASES`, then `databases/` beside the records file and in the cwd. */
export const defaultDatabaseFolders: DatabaseFoldersResolver = (file) =>
  [process.env.INTENT_LENS_DATABASES, join(dirname(file), 'databases'), resolve('databases')].filter(
    (d): d is string => typeof d === 'string' && d !== '',
  );

export function issueToDiagnostic(i: CheckIssue, loc: { file: string; line: number; column: number }): Diagnostic {
  return {
    file: loc.file,
    line: loc.line,
    column: loc.column,
    severity: i.severity,
    code: i.code,
    message: i.message,
    path: i.path,
  };
}

/** All intent checks of one record, the database execution included (databases looked up in `folders`). */
export async function runAllIntentChecks(
  rec: BenchmarkRecord,
  folders: readonly string[],
  opts: DatabaseLookupOptions = {},
): Promise<CheckIssue[]> {
  return [...checkIntent(rec), ...(await checkDatabaseReferences(rec, folders, opts))];
}

/** The intent checks for `validateFile`/`validatePaths`' `recordChecks`, looking for databases where `databaseFolders` says. */
export function intentRecordCheck(
  databaseFolders: DatabaseFoldersResolver = defaultDatabaseFolders,
  opts: DatabaseLookupOptions = {},
): RecordCheck {
  return async (rec, loc) =>
    (await runAllIntentChecks(rec, databaseFolders(loc.file), opts)).map((i) => issueToDiagnostic(i, loc));
}

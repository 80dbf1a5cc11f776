// Validation of whole files, shared by `intent-lens validate` and the extension's Problems panel.
import type { Diagnostic } from '../jsonl/diagnostics';
import { detectFileKind, findDataFiles, loadEvolvingFile, type DataFileKind } from './dataFiles';
import { loadRecordsFile } from './recordsFile';
import { RunLogIndex } from './runLogIndex';
import { diag } from './validateObject';
import type { BenchmarkRecord } from '../schema/records';

export interface FileValidation {
  path: string;
  kind: DataFileKind | 'unknown';
  /** Valid records, conversations or plans. */
  items: number;
  diagnostics: Diagnostic[];
}

/**
 * Extra record checks registered by features (e.g. the template checks of the review workflow), so
 * `validate` and the Problems panel run the same checks.
 */
export type RecordCheck = (rec: BenchmarkRecord, loc: { file: string; line: number; column: number }) => Diagnostic[] | Promise<Diagnostic[]>;
const recordChecks: RecordCheck[] = [];
export function registerRecordCheck(check: RecordCheck): void {
  recordChecks.push(check);
}

/** Runs the registered record checks on one record (the Problems panel runs them like `validate`). */
export async function runRecordChecks(rec: BenchmarkRecord, loc: { file: string; line: number; column: number }): Promise<Diagnostic[]> {
  const out: Diagnostic[] = [];
  for (const check of recordChecks) out.push(...(await check(rec, loc)));
  return out;
}

export interface LoadLimits {
  /** Longest line (and largest file read whole), in bytes. */
  maxLineBytes?: number;
}

export async function validateFile(path: string, limits: LoadLimits = {}): Promise<FileValidation> {
  try {
    return await validateReadableFile(path, limits);
  } catch (e) {
    // A file that turned into a FIFO, vanished or grew past the limit: a problem of that file only.
    return { path, kind: 'unknown', items: 0, diagnostics: [diag({ file: path, line: 1, column: 1 }, 'error', 'unreadable', e instanceof Error ? e.message : String(e))] };
  }
}

async function validateReadableFile(path: string, limits: LoadLimits): Promise<FileValidation> {
  const kind = await detectFileKind(path);
  if (kind === 'records') {
    const f = await loadRecordsFile(path, limits);
    const extra: Diagnostic[] = [];
    for (const item of f.items) for (const check of recordChecks) extra.push(...(await check(item.value, { file: path, line: item.line, column: 1 })));
    return { path, kind, items: f.items.length, diagnostics: sortDiagnostics([...f.diagnostics, ...extra]) };
  }
  if (kind === 'evolving') {
    const f = await loadEvolvingFile(path, limits);
    return { path, kind, items: f.items.length, diagnostics: f.diagnostics };
  }
  if (kind === 'logs') {
    const index = new RunLogIndex(limits);
    const r = await index.indexFile(path);
    return { path, kind, items: r.added.length, diagnostics: r.diagnostics };
  }
  return { path, kind: 'unknown', items: 0, diagnostics: [diag({ file: path, line: 1, column: 1 }, 'warning', 'unknown-kind', 'not recognised as records, run logs or evolving plans (no valid object with `shards`, `trace` or `anchor`+`turns`)')] };
}

export async function validatePaths(paths: readonly string[], limits: LoadLimits = {}): Promise<FileValidation[]> {
  const { files, diagnostics } = await findDataFiles(paths);
  const out: FileValidation[] = diagnostics.map((d) => ({ path: d.file, kind: 'unknown', items: 0, diagnostics: [d] }));
  for (const f of files) out.push(await validateFile(f, limits));
  return out;
}

function sortDiagnostics(d: Diagnostic[]): Diagnostic[] {
  return d.sort((a, b) => a.line - b.line || a.column - b.column);
}

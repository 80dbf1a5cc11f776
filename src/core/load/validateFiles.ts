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

/** A check of one record beyond its schema (e.g. the intent checks), given by the caller of the validator. */
export type RecordCheck = (
  rec: BenchmarkRecord,
  loc: { file: string; line: number; column: number },
) => Diagnostic[] | Promise<Diagnostic[]>;

export interface ValidateOptions {
  /** Longest line (and largest file read whole), in bytes. */
  maxLineBytes?: number;
  /** Run on every valid record of a records file, in order. */
  recordChecks?: readonly RecordCheck[];
}

export async function validateFile(path: string, opts: ValidateOptions = {}): Promise<FileValidation> {
  try {
    return await validateReadableFile(path, opts);
  } catch (e) {
    // A file that turned into a FIFO, vanished or grew past the limit: a problem of that file only.
    return {
      path,
      kind: 'unknown',
      items: 0,
      diagnostics: [
        diag({ file: path, line: 1, column: 1 }, 'error', 'unreadable', e instanceof Error ? e.message : String(e)),
      ],
    };
  }
}

async function validateReadableFile(path: string, opts: ValidateOptions): Promise<FileValidation> {
  const limits = opts.maxLineBytes !== undefined ? { maxLineBytes: opts.maxLineBytes } : {};
  const kind = await detectFileKind(path);
  if (kind === 'records') {
    const f = await loadRecordsFile(path, limits);
    const extra: Diagnostic[] = [];
    for (const item of f.items)
      for (const check of opts.recordChecks ?? [])
        extra.push(...(await check(item.value, { file: path, line: item.line, column: 1 })));
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
  return {
    path,
    kind: 'unknown',
    items: 0,
    diagnostics: [
      diag(
        { file: path, line: 1, column: 1 },
        'warning',
        'unknown-kind',
        'not recognised as records, run logs or evolving plans (no valid object with `shards`, `trace` or `anchor`+`turns`)',
      ),
    ],
  };
}

export async function validatePaths(paths: readonly string[], opts: ValidateOptions = {}): Promise<FileValidation[]> {
  const { files, diagnostics } = await findDataFiles(paths);
  const out: FileValidation[] = diagnostics.map((d) => ({ path: d.file, kind: 'unknown', items: 0, diagnostics: [d] }));
  for (const f of files) out.push(await validateFile(f, opts));
  return out;
}

function sortDiagnostics(d: Diagnostic[]): Diagnostic[] {
  return d.sort((a, b) => a.line - b.line || a.column - b.column);
}

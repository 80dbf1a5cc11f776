// Loads a benchmark records file (JSONL or a JSON array). Every bad line becomes a located
// diagnostic and the rest still loads; each record keeps its line's exact text and byte range
// so an edit can rewrite that line alone.
import { decodeDataFile } from './decodeDataFile';
import { BenchmarkRecordSchema, type BenchmarkRecord } from '../schema/records';
import type { Diagnostic } from '../jsonl/diagnostics';
import { parseJsonLocated, lineColumnAt } from '../jsonl/jsonSyntax';
import { splitJsonArray } from '../jsonl/jsonArray';
import { diag, zodIssuesToDiagnostics, type Location } from './validateObject';
import { recordConsistencyIssues } from '../checks/recordConsistency';
import type { z } from 'zod';
import { runSteps, runStepsSliced, type Steps } from './steps';

export interface LoadedItem<T> {
  value: T;
  /** 1-based line where the item starts. */
  line: number;
  /** The item's exact source text (a JSONL line without its terminator, or a JSON array element). */
  raw: string;
}

export interface LoadedFile<T> {
  path: string;
  format: 'jsonl' | 'json';
  items: LoadedItem<T>[];
  diagnostics: Diagnostic[];
  /** Number of non-blank lines or array elements seen, valid or not. */
  seen: number;
}

export interface SourceChunk {
  line: number;
  column: number;
  text: string;
  /** False for a JSONL last line without a newline (still being written). */
  terminated: boolean;
}

/** Splits a whole text into JSONL lines or, for a JSON array, its elements. */
export function splitSource(
  path: string,
  text: string,
): { format: 'jsonl' | 'json'; chunks: SourceChunk[]; diagnostics: Diagnostic[] } {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const looksLikeArray = /\.json$/i.test(path) || /^\s*\[/.test(body);
  if (looksLikeArray) {
    const elements = splitJsonArray(body);
    if (elements) {
      return {
        format: 'json',
        chunks: elements.map((e) => ({ line: e.line, column: e.column, text: e.text, terminated: true })),
        diagnostics: [],
      };
    }
    if (/\.json$/i.test(path) && !/^\s*\{/.test(body)) {
      return {
        format: 'json',
        chunks: [],
        diagnostics: [
          diag(
            { file: path, line: 1, column: 1 },
            'error',
            'json-not-array',
            'a .json data file must hold one JSON array of objects',
          ),
        ],
      };
    }
  }
  const chunks: SourceChunk[] = [];
  const lines = body.split('\n');
  const endsWithNewline = body.endsWith('\n');
  lines.forEach((l, idx) => {
    const isLast = idx === lines.length - 1;
    if (isLast && l === '') return;
    chunks.push({
      line: idx + 1,
      column: 1,
      text: l.endsWith('\r') ? l.slice(0, -1) : l,
      terminated: !isLast || endsWithNewline,
    });
  });
  return { format: 'jsonl', chunks, diagnostics: [] };
}

export interface ParsedChunks<T> {
  items: LoadedItem<T>[];
  diagnostics: Diagnostic[];
  seen: number;
}

/**
 * Parses and validates chunks against a schema, yielding after each (see `steps.ts`). A syntax
 * error in an unterminated last line is reported as `incomplete-line` (a file still being written),
 * not as a syntax error.
 */
export function* parseChunkSteps<S extends z.ZodType>(
  path: string,
  chunks: SourceChunk[],
  schema: S,
  extraCheck?: (value: z.infer<S>, loc: Location) => Diagnostic[],
): Steps<ParsedChunks<z.infer<S>>> {
  const items: LoadedItem<z.infer<S>>[] = [];
  const diagnostics: Diagnostic[] = [];
  let seen = 0;
  for (const c of chunks) {
    if (c.text.trim() === '') continue;
    if (seen++) yield;
    const loc: Location = { file: path, line: c.line, column: c.column };
    const parsed = parseJsonLocated(c.text);
    if (!parsed.ok) {
      if (!c.terminated) {
        diagnostics.push(
          diag(
            loc,
            'warning',
            'incomplete-line',
            'last line is incomplete (no newline yet, JSON not closed): the file may still be being written',
          ),
        );
        continue;
      }
      const at = lineColumnAt(c.text, parsed.error.offset);
      diagnostics.push(
        diag(
          { file: path, line: c.line + at.line - 1, column: at.line === 1 ? c.column + at.column - 1 : at.column },
          'error',
          'json-syntax',
          `invalid JSON: ${parsed.error.message}`,
        ),
      );
      continue;
    }
    if (parsed.value === null || typeof parsed.value !== 'object' || Array.isArray(parsed.value)) {
      diagnostics.push(diag(loc, 'error', 'not-an-object', 'each line must hold one JSON object'));
      continue;
    }
    const r = schema.safeParse(parsed.value);
    if (!r.success) {
      diagnostics.push(...zodIssuesToDiagnostics(loc, r.error, [], parsed.value));
      continue;
    }
    const more = extraCheck?.(r.data, loc) ?? [];
    diagnostics.push(...more);
    items.push({ value: r.data, line: c.line, raw: c.text });
  }
  return { items, diagnostics, seen };
}

export function parseRecordsText(path: string, text: string): LoadedFile<BenchmarkRecord> {
  return runSteps(recordsTextSteps(path, text));
}

/** `parseRecordsText` in slices, for a caller on the extension host's thread. */
export function parseRecordsTextSliced(path: string, text: string): Promise<LoadedFile<BenchmarkRecord>> {
  return runStepsSliced(recordsTextSteps(path, text));
}

function* recordsTextSteps(path: string, text: string): Steps<LoadedFile<BenchmarkRecord>> {
  const { format, chunks, diagnostics: splitDiags } = splitSource(path, text);
  const seenIds = new Map<string, number>();
  const { items, diagnostics, seen } = yield* parseChunkSteps(path, chunks, BenchmarkRecordSchema, (rec, loc) => {
    const out: Diagnostic[] = [];
    const prev = seenIds.get(rec.task_id);
    if (prev !== undefined) {
      out.push(
        diag(
          loc,
          'error',
          'duplicate-task-id',
          `task_id \`${rec.task_id}\` already defined on line ${prev}`,
          'task_id',
        ),
      );
    } else seenIds.set(rec.task_id, loc.line);
    out.push(...checkRecordConsistency(rec, loc));
    return out;
  });
  // A duplicate is an error on the later line, and that later record is not loaded.
  const dupLines = new Set(diagnostics.filter((d) => d.code === 'duplicate-task-id').map((d) => d.line));
  return {
    path,
    format,
    items: items.filter((i) => !dupLines.has(i.line)),
    diagnostics: [...splitDiags, ...diagnostics],
    seen,
  };
}

/** Cross-field checks a schema cannot express (checks/recordConsistency.ts), located. */
function checkRecordConsistency(rec: BenchmarkRecord, loc: Location): Diagnostic[] {
  return recordConsistencyIssues(rec).map((i) => diag(loc, 'error', i.code, i.message, i.path));
}

/** Reads and parses a records file in slices, so a caller on the extension host's thread never holds it for long. */
export async function loadRecordsFile(
  path: string,
  opts: { maxLineBytes?: number } = {},
): Promise<LoadedFile<BenchmarkRecord>> {
  const { text, diagnostics } = await decodeDataFile(path, opts.maxLineBytes);
  const loaded = await parseRecordsTextSliced(path, text);
  return { ...loaded, diagnostics: [...diagnostics, ...loaded.diagnostics] };
}

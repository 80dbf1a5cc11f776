// The one implementation of reading run-log lines: a JSONL file (or what was appended to it since a
// cursor) is read line by line, each line parsed and validated into a ConversationRef. The index
// runs it in the calling thread (CLI, tests, appends) and the indexing workers run the same code.
import { readLineBytes, readSlice } from '../jsonl/lineReader';
import type { Diagnostic } from '../jsonl/diagnostics';
import { parseJsonLocated } from '../jsonl/jsonSyntax';
import type { RunLogEntry } from '../schema/runlog';
import { parseRunLogText } from './validateRunLog';
import { diag } from './validateObject';
import { DEFAULT_MAX_LINE_BYTES } from '../jsonl/regularFile';
import { invalidUtf8Diagnostic } from './decodeDataFile';
import { refOfEntry, type ConversationRef, type LineSpan } from './runLogRefs';
import { skimRunLogRef } from './runLogSkim';

/** How far a file is indexed: plain data, so a worker can take it and hand it back. */
export interface FileCursor {
  /** Bytes indexed so far: the end of the last complete line. */
  indexedBytes: number;
  nextLine: number;
  mtimeMs: number;
  /** An unterminated last line that did not parse yet. */
  incomplete?: { line: number; offset: number };
  /** The last indexed line had no newline: a newline appended later ends it, not a blank line. */
  openLastLine?: boolean;
  /** The bytes just before `indexedBytes`: if they change, the file was rewritten, not appended to. */
  tail?: string;
}

const TAIL_BYTES = 256;

/** A cheap fingerprint of the indexed region: its first and last bytes. */
export async function readTail(path: string, end: number): Promise<string> {
  if (end <= 0) return '';
  const start = Math.max(0, end - TAIL_BYTES);
  const head = await readSlice(path, 0, Math.min(TAIL_BYTES, end));
  return head + '\u0000' + (await readSlice(path, start, end - start));
}

/** What still holds of a file's diagnostics when more of it is indexed: a previously incomplete last line (and a failed attempt) are read again. */
export const stillTrue = (diags: readonly Diagnostic[]): Diagnostic[] =>
  diags.filter((d) => d.code !== 'incomplete-line' && d.code !== 'index-failed');

/** Parses and validates one line (or `.json` array element) into a ref and its entry; problems go to `diags`. */
export function parseRunLogLine(
  at: LineSpan,
  text: string,
  diags: Diagnostic[],
  column = 1,
): { ref: ConversationRef; entry: RunLogEntry } | undefined {
  // The index keeps summaries and offsets; a verifier reads the line again (with its float literals).
  const v = parseRunLogText(text, { file: at.file, line: at.line, column }, { keepFloats: false });
  if (v.diagnostics.length) diags.push(...v.diagnostics);
  return v.entry && { ref: refOfEntry(v.entry, at), entry: v.entry };
}

export interface ScanOptions {
  maxLineBytes?: number;
  signal?: AbortSignal;
  /** The file shrank or changed before the cursor: called before its first line is indexed anew. */
  onReset?: () => void;
  /**
   * The caller reads each parsed entry (`onRef`'s second argument): every line is parsed in full.
   * Without it a valid line is read by the fast path (runLogSkim.ts) and comes with no entry.
   */
  entries?: boolean;
  /** Each conversation parsed, in line order; a refusal (a duplicate conv_id) pushes its diagnostic to `diags`. */
  onRef: (ref: ConversationRef, entry: RunLogEntry | undefined, diags: Diagnostic[]) => void;
}

export interface ScanResult {
  cursor: FileCursor;
  /** The new diagnostics, in line order. */
  diagnostics: Diagnostic[];
  reset: boolean;
}

/** Indexes a JSONL run log from `prev` (undefined: from the start); `size` and `mtimeMs` from a stat just taken. */
export async function scanJsonlFile(
  path: string,
  prev: FileCursor | undefined,
  size: number,
  mtimeMs: number,
  opts: ScanOptions,
): Promise<ScanResult> {
  let reset = false;
  if (prev && (size < prev.indexedBytes || (await readTail(path, prev.indexedBytes)) !== (prev.tail ?? ''))) {
    // Truncated or rewritten in place: start over.
    prev = undefined;
    reset = true;
    opts.onReset?.();
  }
  const c: FileCursor = prev ? { ...prev, mtimeMs } : { indexedBytes: 0, nextLine: 1, mtimeMs };
  // A previously incomplete last line is re-read from its start.
  delete c.incomplete;
  const diags: Diagnostic[] = [];
  const wasOpen = c.openLastLine;
  c.openLastLine = false;
  const maxLineBytes = opts.maxLineBytes;
  for await (const raw of readLineBytes(path, {
    startOffset: c.indexedBytes,
    startLine: c.nextLine,
    ...(opts.signal ? { signal: opts.signal } : {}),
    ...(maxLineBytes ? { maxLineBytes } : {}),
  })) {
    if (raw.tooLong) {
      if (!raw.terminated) {
        // Still being written, or a huge last line: report it, index nothing past it yet.
        c.incomplete = { line: raw.line, offset: raw.offset };
        diags.push(
          diag(
            { file: path, line: raw.line, column: 1 },
            'warning',
            'incomplete-line',
            `last line is over the ${maxLineBytes ?? DEFAULT_MAX_LINE_BYTES}-byte line limit and has no newline: not indexed`,
          ),
        );
        break;
      }
      diags.push(
        diag(
          { file: path, line: raw.line, column: 1 },
          'error',
          'line-too-long',
          `line is ${raw.length} bytes, over the ${maxLineBytes ?? DEFAULT_MAX_LINE_BYTES}-byte limit (intentLens.load.maxLineBytes / --max-line-bytes): skipped`,
        ),
      );
      c.indexedBytes = raw.next;
      c.nextLine = raw.line + 1;
      continue;
    }
    if (raw.invalidUtf8) diags.push(invalidUtf8Diagnostic({ file: path, line: raw.line, column: 1 }));
    if (wasOpen && raw.offset === c.indexedBytes && raw.length === 0 && raw.line === c.nextLine) {
      // The newline that closes the line indexed last time.
      c.indexedBytes = raw.next;
      c.nextLine = raw.line + 1;
      continue;
    }
    const at = { file: path, line: raw.line, offset: raw.offset, length: raw.length };
    // Most lines: a terminated, valid one read by the fast path; the others are decoded and parsed in full.
    const skimmed = raw.terminated && !raw.invalidUtf8 && !opts.entries ? skimRunLogRef(at, raw.bytes) : undefined;
    if (skimmed) {
      c.indexedBytes = raw.next;
      c.nextLine = raw.line + 1;
      opts.onRef(skimmed, undefined, diags);
      continue;
    }
    const text = raw.bytes.toString('utf8');
    if (!raw.terminated && !parseJsonLocated(text, { keepFloats: false }).ok) {
      // Last line without newline: index it if it is complete JSON, else wait for more.
      if (text.trim() !== '') {
        c.incomplete = { line: raw.line, offset: raw.offset };
        diags.push(
          diag(
            { file: path, line: raw.line, column: 1 },
            'warning',
            'incomplete-line',
            'last line is incomplete (no newline, JSON not closed): the log may still be being written; it is indexed when completed',
          ),
        );
      }
      break;
    }
    if (text.trim() === '') {
      c.indexedBytes = raw.next;
      c.nextLine = raw.line + 1;
      continue;
    }
    const parsed = parseRunLogLine(at, text, diags);
    c.indexedBytes = raw.next;
    if (raw.terminated) c.nextLine = raw.line + 1;
    else c.openLastLine = true;
    if (parsed) opts.onRef(parsed.ref, parsed.entry, diags);
  }
  c.tail = await readTail(path, c.indexedBytes);
  return { cursor: c, diagnostics: diags, reset };
}

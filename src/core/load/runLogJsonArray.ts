// A `.json` run-log file holds one array of conversations. It cannot grow by appending lines, so it is
// read whole (bounded by the line limit) and split into its elements, each then read like a JSONL
// line: the index keeps each element's byte offset (`indexJsonArrayElements`), `score` streams them
// (runLogReader.ts `readRunLogLines`). One rule for both: an empty file holds no conversations, any
// other text that is not an array is reported.
import { splitJsonArray, type ArrayElement } from '../jsonl/jsonArray';
import { parseJsonLocated } from '../jsonl/jsonSyntax';
import type { Diagnostic } from '../jsonl/diagnostics';
import type { RunLogEntry } from '../schema/runlog';
import { decodeDataFile } from './decodeDataFile';
import { diag } from './validateObject';
import { refOfEntry, type ConversationRef } from './runLogRefs';
import { parseRunLogText } from './validateRunLog';

export interface JsonArrayLog {
  text: string;
  /** The array's elements; undefined when the file holds no array (reported unless it is empty). */
  elements: ArrayElement[] | undefined;
  /** The array is closed (`]` last): a file still being written has none yet. */
  closed: boolean;
  /** Invalid UTF-8 lines, and a file that is not an array. */
  diagnostics: Diagnostic[];
}

/** Reads a `.json` run log whole and splits it into elements (throws as `decodeDataFile` does). */
export async function readJsonArrayLog(path: string, maxBytes?: number): Promise<JsonArrayLog> {
  const { text, diagnostics } = await decodeDataFile(path, maxBytes);
  const elements = splitJsonArray(text);
  if (!elements && text.trim() !== '')
    diagnostics.push(
      diag(
        { file: path, line: 1, column: 1 },
        'error',
        'json-not-array',
        'a .json run-log file must hold one JSON array of conversations',
      ),
    );
  return { text, elements, closed: /\]\s*$/.test(text), diagnostics };
}

export interface JsonArrayIndexOptions {
  signal?: AbortSignal;
  /** Whether a parsed conversation joins the index (a refusal pushes its diagnostic to `diags`). */
  admit: (ref: ConversationRef, diags: Diagnostic[], column: number) => boolean;
  /** Each admitted conversation with its entry, in array order. */
  onRef: (ref: ConversationRef, entry: RunLogEntry) => void;
}

/**
 * Parses a `.json` log's elements into refs that locate each element by byte offset and length, so
 * it is read back like a JSONL line. Returns the diagnostics (the file's own first).
 */
export function indexJsonArrayElements(path: string, log: JsonArrayLog, opts: JsonArrayIndexOptions): Diagnostic[] {
  const { text, elements } = log;
  const diags: Diagnostic[] = [...log.diagnostics];
  if (!elements) return diags;
  let charPos = 0;
  let bytePos = 0;
  elements.forEach((el, i) => {
    opts.signal?.throwIfAborted();
    bytePos += Buffer.byteLength(text.slice(charPos, el.start), 'utf8');
    charPos = el.start;
    // The array is still open (a file being written): a last element that does not parse is incomplete.
    if (!log.closed && i === elements.length - 1 && !parseJsonLocated(el.text).ok) {
      diags.push(
        diag(
          { file: path, line: el.line, column: el.column },
          'warning',
          'incomplete-line',
          'the JSON array is not closed and its last element is incomplete: the log may still be being written',
        ),
      );
      return;
    }
    const v = parseRunLogText(el.text, { file: path, line: el.line, column: el.column }, { keepFloats: false });
    diags.push(...v.diagnostics);
    if (!v.entry) return;
    const ref = refOfEntry(v.entry, {
      file: path,
      line: el.line,
      offset: bytePos,
      length: Buffer.byteLength(el.text, 'utf8'),
    });
    if (opts.admit(ref, diags, el.column)) opts.onRef(ref, v.entry);
  });
  return diags;
}

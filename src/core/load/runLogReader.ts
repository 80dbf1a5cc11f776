// The one reader of a run-log line. By the place the index recorded for a conversation (file, byte
// offset, length): its raw text, its entry (one schema, RunLogEntrySchema, the full parse the index's
// skim is held equal to), its trace as messages (search), its user turns (fork), and its last answer
// (stats); the index's
// open path (readConversation), search, stats and fork read through it. A whole file, line by line
// (`readRunLogLines`): each line's place, text and entry, for `score`, which rescores every line and
// copies the others to --out as they were.
// A log line is ~30 KB of which only the last assistant message matters to stats, so that message
// is located from the end of the line and parsed alone; anything unexpected falls back to the
// whole line. A batch reader keeps a few files open (thousands of reads in a few files).
import { open, type FileHandle } from 'node:fs/promises';
import type { ConversationRef } from './runLogRefs';
import { RunLogEntrySchema, type RunLogEntry } from '../schema/runlog';
import { parseConversation } from '../conversation';
import { readLines, readSlice } from '../jsonl/lineReader';
import type { Diagnostic } from '../jsonl/diagnostics';
import { parseRunLogText } from './validateRunLog';
import { readJsonArrayLog } from './runLogJsonArray';

/** Where a conversation's line is. */
export type LogPlace = Pick<ConversationRef, 'file' | 'offset' | 'length'>;

/** A trace message as search reads it: a role and any content. */
export interface TraceMessageLike {
  role: string;
  content: unknown;
}

/** A user message of a trace with its 1-based turn (U1, U2, …) and its index in the trace. */
export interface UserTurn {
  turn: number;
  traceIndex: number;
  content: unknown;
}

/** The user turns of a trace in order: the numbering every view and the fork use for "U3". */
export function userTurnsOf(trace: readonly TraceMessageLike[]): UserTurn[] {
  const out: UserTurn[] = [];
  trace.forEach((m, traceIndex) => {
    if (m.role === 'user') out.push({ turn: out.length + 1, traceIndex, content: m.content });
  });
  return out;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/** True when the quote at `i` closes or opens a string (an even run of backslashes before it). */
function isRealQuote(buf: Buffer, i: number): boolean {
  let slashes = 0;
  for (let j = i - 1; j >= 0 && buf[j] === BACKSLASH; j--) slashes++;
  return slashes % 2 === 0;
}

/**
 * Finds the last `"role": "assistant"` key/value pair outside strings (inside a JSON string every
 * quote is escaped, so the unescaped pattern only occurs as structure) and parses its object.
 */
export function lastAssistantFromLine(buf: Buffer): string | undefined {
  let from = buf.length;
  for (;;) {
    const at = buf.lastIndexOf('"role"', from);
    if (at < 0) return undefined;
    from = at - 1;
    if (!isRealQuote(buf, at)) continue;
    let i = at + 6;
    while (i < buf.length && (buf[i] === 0x20 || buf[i] === 0x0a || buf[i] === 0x09 || buf[i] === 0x0d)) i++;
    if (buf[i] !== 0x3a) continue; // ':'
    i++;
    while (i < buf.length && (buf[i] === 0x20 || buf[i] === 0x0a || buf[i] === 0x09 || buf[i] === 0x0d)) i++;
    if (buf.toString('latin1', i, i + 11) !== '"assistant"') continue;
    // Walk back to the enclosing object's `{`, skipping strings.
    let depth = 0;
    let inString = false;
    let start = -1;
    for (let j = at - 1; j >= 0; j--) {
      const c = buf[j];
      if (c === QUOTE && isRealQuote(buf, j)) inString = !inString;
      else if (!inString) {
        if (c === CLOSE_BRACE) depth++;
        else if (c === OPEN_BRACE) {
          if (depth === 0) {
            start = j;
            break;
          }
          depth--;
        }
      }
    }
    if (start < 0) return undefined;
    // Forward to its matching `}`.
    depth = 0;
    inString = false;
    let end = -1;
    for (let j = start; j < buf.length; j++) {
      const c = buf[j];
      if (inString) {
        if (c === BACKSLASH) j++;
        else if (c === QUOTE) inString = false;
      } else if (c === QUOTE) inString = true;
      else if (c === OPEN_BRACE) depth++;
      else if (c === CLOSE_BRACE && --depth === 0) {
        end = j + 1;
        break;
      }
    }
    if (end < 0) return undefined;
    const msg: unknown = JSON.parse(buf.toString('utf8', start, end));
    if (
      msg &&
      typeof msg === 'object' &&
      'role' in msg &&
      msg.role === 'assistant' &&
      'content' in msg &&
      typeof msg.content === 'string'
    )
      return msg.content;
    return undefined;
  }
}

/** A line's entry: JSON, then the run-log schema (throws on either). */
export function parseRunLogEntry(text: string): RunLogEntry {
  return RunLogEntrySchema.parse(JSON.parse(text));
}

/** The line's messages when it is a JSON object with a trace array of {role: string} objects. */
export function traceOfLine(text: string): TraceMessageLike[] | undefined {
  let trace: unknown;
  try {
    trace = (JSON.parse(text) as { trace?: unknown } | null)?.trace;
  } catch {
    return undefined;
  }
  if (!Array.isArray(trace)) return undefined;
  const isMessage = (m: unknown): m is TraceMessageLike =>
    typeof m === 'object' && m !== null && typeof (m as { role?: unknown }).role === 'string';
  return trace.every(isMessage) ? trace : undefined;
}

/** A line's last assistant answer: found from the end of the line, else through the whole parse. */
export function lastAnswerOfLine(buf: Buffer): string | undefined {
  try {
    const fast = lastAssistantFromLine(buf);
    if (fast !== undefined) return fast;
  } catch {
    /* an odd line: parse it whole */
  }
  const parsed = RunLogEntrySchema.safeParse(JSON.parse(buf.toString('utf8')));
  return parsed.success ? parseConversation(parsed.data).finalAnswer?.text : undefined;
}

/** One conversation's line, read once (the index's open path, a fork's parent). */
export function readRunLogRaw(ref: LogPlace): Promise<string> {
  return readSlice(ref.file, ref.offset, ref.length);
}

/** One conversation's entry, read once and validated. */
export async function readRunLogEntry(ref: LogPlace): Promise<RunLogEntry> {
  return parseRunLogEntry(await readRunLogRaw(ref));
}

/** Most files a batch reader keeps open; the least recently opened is closed first. */
const MAX_OPEN_FILES = 16;

interface OpenFile {
  handle: Promise<FileHandle>;
  /** Reads in flight: an evicted file is closed when the last one ends. */
  busy: number;
  evicted: boolean;
}

const closeFile = (f: OpenFile) =>
  void f.handle.then(
    (h) => h.close(),
    () => undefined,
  );

/** Reads many conversations, keeping their files open until `close`. */
export class RunLogReader {
  private readonly files = new Map<string, OpenFile>();

  private openFile(file: string): OpenFile {
    const known = this.files.get(file);
    if (known) return known;
    if (this.files.size >= MAX_OPEN_FILES) {
      const [oldest, f] = this.files.entries().next().value!;
      this.files.delete(oldest);
      f.evicted = true;
      if (!f.busy) closeFile(f);
    }
    const f: OpenFile = { handle: open(file, 'r'), busy: 0, evicted: false };
    // A file that cannot be opened is tried again on the next read.
    f.handle.catch(() => this.files.get(file) === f && this.files.delete(file));
    this.files.set(file, f);
    return f;
  }

  /** The line's bytes (fewer when the file is shorter than the index thought). */
  async bytes(ref: LogPlace): Promise<Buffer> {
    const f = this.openFile(ref.file);
    f.busy++;
    try {
      const handle = await f.handle;
      const buf = Buffer.allocUnsafe(ref.length);
      let got = 0;
      while (got < ref.length) {
        const { bytesRead } = await handle.read(buf, got, ref.length - got, ref.offset + got);
        if (bytesRead === 0) break;
        got += bytesRead;
      }
      return got === ref.length ? buf : buf.subarray(0, got);
    } finally {
      if (--f.busy === 0 && f.evicted) closeFile(f);
    }
  }

  async raw(ref: LogPlace): Promise<string> {
    return (await this.bytes(ref)).toString('utf8');
  }

  async entry(ref: LogPlace): Promise<RunLogEntry> {
    return parseRunLogEntry(await this.raw(ref));
  }

  /** The conversation's messages, or undefined when the line is no longer a conversation. */
  async trace(ref: LogPlace): Promise<TraceMessageLike[] | undefined> {
    return traceOfLine(await this.raw(ref));
  }

  /** The conversation's last assistant message, or undefined when it has none. */
  async lastAnswer(ref: LogPlace): Promise<string | undefined> {
    return lastAnswerOfLine(await this.bytes(ref));
  }

  async close(): Promise<void> {
    const all = [...this.files.values()];
    this.files.clear();
    await Promise.all(all.map(async (f) => (await f.handle.catch(() => undefined))?.close()));
  }
}

/** One line of a run log as a whole-file read gives it (a `.json` file: one element of its array). */
export interface RunLogLine {
  file: string;
  /** 1-based line (of a `.json` element: the line it starts on). */
  line: number;
  /** 1-based column where it starts: 1, but for a `.json` element. */
  column: number;
  /** The line's text; absent for a line over the length limit. */
  text?: string;
  /** Where the line's exact bytes are (a JSONL line; a `.json` element has none). */
  bytes?: { offset: number; length: number };
  /** Longer than `maxLineBytes`: not read (the caller says what it does without it). */
  tooLong?: true;
  /** The bytes are not valid UTF-8 (`text` holds U+FFFD where they were; `bytes` are the originals). */
  invalidUtf8?: true;
  /**
   * The conversation, when the line holds a valid one: the parsed object itself, so every field is
   * kept (unknown ones too), with its float literals remembered for the verifiers.
   */
  entry?: RunLogEntry;
  /** Why the text is not a conversation (syntax, else schema), located; none for a blank line. */
  problems: Diagnostic[];
}

export interface ReadRunLogLinesOptions {
  maxLineBytes?: number;
  /** The problems of a `.json` file as a whole (invalid UTF-8 lines, not an array), before its elements. */
  onFileProblems?: (problems: readonly Diagnostic[]) => void;
}

/** A line's text read in full: its entry, or why it has none. */
function readLineText(at: Omit<RunLogLine, 'problems'> & { text: string }): RunLogLine {
  if (at.text.trim() === '') return { ...at, problems: [] };
  const v = parseRunLogText(at.text, { file: at.file, line: at.line, column: at.column }, { keepFloats: true });
  return { ...at, ...(v.entry ? { entry: v.entry } : {}), problems: v.diagnostics };
}

/**
 * Every line of a run log in file order, streamed: a JSONL log line by line (a 1 GB log never becomes
 * one string), a `.json` array element by element (read whole, bounded by `maxLineBytes`).
 */
export async function* readRunLogLines(file: string, opts: ReadRunLogLinesOptions = {}): AsyncGenerator<RunLogLine> {
  const limit = opts.maxLineBytes ? { maxLineBytes: opts.maxLineBytes } : {};
  if (/\.json$/i.test(file)) {
    const log = await readJsonArrayLog(file, opts.maxLineBytes);
    opts.onFileProblems?.(log.diagnostics);
    for (const el of log.elements ?? []) yield readLineText({ file, line: el.line, column: el.column, text: el.text });
    return;
  }
  for await (const raw of readLines(file, limit)) {
    const bytes = { offset: raw.offset, length: raw.length };
    if (raw.tooLong) yield { file, line: raw.line, column: 1, bytes, tooLong: true, problems: [] };
    else {
      const at = {
        file,
        line: raw.line,
        column: 1,
        text: raw.text,
        bytes,
        ...(raw.invalidUtf8 ? { invalidUtf8: true as const } : {}),
      };
      yield readLineText(at);
    }
  }
}

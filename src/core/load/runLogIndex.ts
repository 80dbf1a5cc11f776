// An index over run-log files that keeps byte offsets and a small summary per conversation, not the
// traces: a 200 MB folder indexes in a fraction of the memory that holding parsed lines would take,
// and one conversation is read back on demand by its offset. Appended lines are picked up
// incrementally; a truncated last line is reported as incomplete and indexed once completed.
import { stat } from 'node:fs/promises';
import { splitJsonArray } from '../jsonl/jsonArray';
import { readLines, readSlice } from '../jsonl/lineReader';
import type { Diagnostic } from '../jsonl/diagnostics';
import { parseJsonLocated, lineColumnAt } from '../jsonl/jsonSyntax';
import { RunLogEntrySchema, type Condition, type ExtendedPath, type ForkedFrom, type Mode, type RecapMode, type RunLogEntry, effectiveCondition, effectiveMode } from '../schema/runlog';
import { validateRunLogEntry } from './validateRunLog';
import { diag } from './validateObject';
import { DEFAULT_MAX_LINE_BYTES, describeFileType, FileTooLargeError, NotRegularFileError } from '../jsonl/regularFile';
import { decodeDataFile, invalidUtf8Diagnostic } from './decodeDataFile';

export type Verdict = 'correct' | 'incorrect' | 'unscored';

export interface ConversationRef {
  file: string;
  line: number;
  offset: number;
  length: number;
  conv_id: string;
  task: string;
  task_id: string;
  model: string;
  mode: Mode;
  condition: Condition;
  path?: ExtendedPath;
  k?: number;
  recap?: RecapMode;
  verdict: Verdict;
  /** Number of user and assistant messages. */
  turns: number;
  /** Set on a fork: the conversation it continues and the edit (FORMAT.md's optional `forked_from`). */
  forkedFrom?: ForkedFrom;
  /** LiC response types logged (`system-verification`), counted: `answer_attempt×3 clarification×1`. */
  responseTypes?: string;
  /** Sum of the messages' `cost_usd`, when any is logged. */
  costUsd?: number;
}

/** The summary fields read while the line is parsed anyway: no second pass over any trace. */
function traceSummary(trace: RunLogEntry['trace']): Pick<ConversationRef, 'turns' | 'responseTypes' | 'costUsd'> {
  let turns = 0;
  let cost: number | undefined;
  const types = new Map<string, number>();
  for (const m of trace) {
    if (m.role === 'user' || m.role === 'assistant') turns++;
    if (typeof m.cost_usd === 'number') cost = (cost ?? 0) + m.cost_usd;
    if (m.role === 'log' && m.content && typeof m.content === 'object') {
      const c = m.content as { type?: unknown; response?: { response_type?: unknown }; response_type?: unknown };
      if (c.type !== 'system-verification') continue;
      const t = typeof c.response?.response_type === 'string' ? c.response.response_type : typeof c.response_type === 'string' ? c.response_type : undefined;
      if (t) types.set(t, (types.get(t) ?? 0) + 1);
    }
  }
  return { turns, ...(types.size ? { responseTypes: [...types].map(([t, n]) => `${t}×${n}`).join(' ') } : {}), ...(cost !== undefined ? { costUsd: cost } : {}) };
}

/**
 * Which instance of its source a conversation (or a planned run) is: mode × condition × path/k, and
 * for evolving intent the recap mode (one instance per memory aid). Stable: tree node ids use it.
 */
export function instanceKey(i: { mode: string; condition: string; path?: string; k?: number; recap?: string }): string {
  const key = [i.mode, i.condition, i.path ?? '', i.k ?? ''];
  if (i.recap) key.push(i.recap);
  return key.join('|');
}

/** The key the index groups by: task_id × model × instance. */
export function conversationKey(r: Pick<ConversationRef, 'task_id' | 'model' | 'mode' | 'condition' | 'path' | 'k' | 'recap'>): string {
  return [r.task_id, r.model, instanceKey(r)].join('\u0000');
}

/**
 * A conversation's verdict. `is_correct` wins when boolean; LiC math logs leave it null and put the
 * exact-match result in `score` (1 correct, 0 wrong); both null means not scored.
 */
export function verdictOf(e: { is_correct?: boolean | null; score?: number | null }): Verdict {
  if (e.is_correct === true) return 'correct';
  if (e.is_correct === false) return 'incorrect';
  if (typeof e.score === 'number') return e.score >= 1 ? 'correct' : 'incorrect';
  return 'unscored';
}

interface FileState {
  path: string;
  /** Bytes indexed so far: the end of the last complete line. */
  indexedBytes: number;
  nextLine: number;
  mtimeMs: number;
  refs: ConversationRef[];
  diagnostics: Diagnostic[];
  /** An unterminated last line that did not parse yet. */
  incomplete?: { line: number; offset: number };
  /** The last indexed line had no newline: a newline appended later ends it, not a blank line. */
  openLastLine?: boolean;
  /** The bytes just before `indexedBytes`: if they change, the file was rewritten, not appended to. */
  tail?: string;
}

const TAIL_BYTES = 256;

/** A cheap fingerprint of the indexed region: its first and last bytes. */
async function readTail(path: string, end: number): Promise<string> {
  if (end <= 0) return '';
  const start = Math.max(0, end - TAIL_BYTES);
  const head = await readSlice(path, 0, Math.min(TAIL_BYTES, end));
  return head + '\u0000' + (await readSlice(path, start, end - start));
}

async function tailUnchanged(path: string, state: FileState): Promise<boolean> {
  return (await readTail(path, state.indexedBytes)) === (state.tail ?? '');
}

export interface IndexFileOptions {
  signal?: AbortSignal;
  /** Called with batches of new conversations as they are indexed (first tree rows early). */
  onBatch?: (refs: ConversationRef[]) => void;
  batchSize?: number;
  /** Called with each newly indexed conversation and its parsed entry (the search index reads the text here, once). */
  onEntry?: (ref: ConversationRef, entry: RunLogEntry) => void;
}

export interface IndexFileResult {
  path: string;
  added: ConversationRef[];
  diagnostics: Diagnostic[];
  /** True when the file had shrunk or changed before the indexed end, and was indexed anew. */
  reset: boolean;
}

export interface RunLogIndexOptions {
  /** Longest line indexed (bytes; also the largest `.json` array file). Default 256 MB. */
  maxLineBytes?: number;
}

export class RunLogIndex {
  private readonly files = new Map<string, FileState>();
  private readonly byConvId = new Map<string, ConversationRef>();

  constructor(private readonly limits: RunLogIndexOptions = {}) {}

  /**
   * Indexes a file, or what was appended to it since the last call. A path that is not a regular
   * file (a FIFO, a device, a dangling link) yields a diagnostic, never a hang or a throw.
   */
  async indexFile(path: string, opts: IndexFileOptions = {}): Promise<IndexFileResult> {
    const unreadable = (message: string): IndexFileResult => {
      this.removeFile(path);
      return { path, added: [], diagnostics: [diag({ file: path, line: 1, column: 1 }, 'warning', 'not-a-file', message)], reset: false };
    };
    const st = await stat(path).catch((e: unknown) => e as NodeJS.ErrnoException);
    if (st instanceof Error) return unreadable(st.code === 'ELOOP' ? 'symbolic link loop: skipped' : st.code === 'ENOENT' ? 'missing (or a dangling link): skipped' : `cannot read: ${st.message}`);
    if (!st.isFile()) return unreadable(`${describeFileType(st)}, not a regular file: skipped`);
    try {
      // A `.json` file holds one array: it cannot grow by appending lines, so it is indexed whole.
      if (/\.json$/i.test(path)) return await this.indexJsonArrayFile(path, opts);
      return await this.indexJsonlFile(path, st.size, st.mtimeMs, opts);
    } catch (e) {
      if (e instanceof NotRegularFileError || e instanceof FileTooLargeError) return unreadable(e.message);
      throw e;
    }
  }

  private async indexJsonlFile(path: string, size: number, mtimeMs: number, opts: IndexFileOptions): Promise<IndexFileResult> {
    const st = { size, mtimeMs };
    let state = this.files.get(path);
    let reset = false;
    if (state && (st.size < state.indexedBytes || !(await tailUnchanged(path, state)))) {
      // Truncated or rewritten in place: start over.
      this.removeFile(path);
      state = undefined;
      reset = true;
    }
    if (!state) {
      state = { path, indexedBytes: 0, nextLine: 1, mtimeMs: st.mtimeMs, refs: [], diagnostics: [] };
      this.files.set(path, state);
    }
    state.mtimeMs = st.mtimeMs;
    // A previously incomplete last line is re-read from its start.
    state.diagnostics = state.diagnostics.filter((d) => d.code !== 'incomplete-line');
    state.incomplete = undefined;
    const added: ConversationRef[] = [];
    const newDiags: Diagnostic[] = [];
    const batchSize = opts.batchSize ?? 200;
    let batch: ConversationRef[] = [];
    const wasOpen = state.openLastLine;
    state.openLastLine = false;
    const maxLineBytes = this.limits.maxLineBytes;
    for await (const raw of readLines(path, { startOffset: state.indexedBytes, startLine: state.nextLine, ...(opts.signal ? { signal: opts.signal } : {}), ...(maxLineBytes ? { maxLineBytes } : {}) })) {
      if (raw.tooLong) {
        if (!raw.terminated) {
          // Still being written, or a huge last line: report it, index nothing past it yet.
          state.incomplete = { line: raw.line, offset: raw.offset };
          newDiags.push(diag({ file: path, line: raw.line, column: 1 }, 'warning', 'incomplete-line', `last line is over the ${maxLineBytes ?? DEFAULT_MAX_LINE_BYTES}-byte line limit and has no newline: not indexed`));
          break;
        }
        newDiags.push(diag({ file: path, line: raw.line, column: 1 }, 'error', 'line-too-long', `line is ${raw.length} bytes, over the ${maxLineBytes ?? DEFAULT_MAX_LINE_BYTES}-byte limit (intentLens.load.maxLineBytes / --max-line-bytes): skipped`));
        state.indexedBytes = raw.next;
        state.nextLine = raw.line + 1;
        continue;
      }
      if (raw.invalidUtf8) newDiags.push(invalidUtf8Diagnostic({ file: path, line: raw.line, column: 1 }));
      if (wasOpen && raw.offset === state.indexedBytes && raw.length === 0 && raw.line === state.nextLine) {
        // The newline that closes the line indexed last time.
        state.indexedBytes = raw.next;
        state.nextLine = raw.line + 1;
        continue;
      }
      if (!raw.terminated) {
        // Last line without newline: index it if it is complete JSON, else wait for more.
        const parsed = parseJsonLocated(raw.text);
        if (!parsed.ok) {
          if (raw.text.trim() !== '') {
            state.incomplete = { line: raw.line, offset: raw.offset };
            newDiags.push(diag({ file: path, line: raw.line, column: 1 }, 'warning', 'incomplete-line', 'last line is incomplete (no newline, JSON not closed): the log may still be being written; it is indexed when completed'));
          }
          break;
        }
      }
      if (raw.text.trim() === '') {
        state.indexedBytes = raw.next;
        state.nextLine = raw.line + 1;
        continue;
      }
      const ref = this.indexLine(path, raw.line, raw.offset, raw.length, raw.text, newDiags, 1, opts.onEntry);
      state.indexedBytes = raw.next;
      if (raw.terminated) state.nextLine = raw.line + 1;
      else state.openLastLine = true;
      if (ref) {
        state.refs.push(ref);
        added.push(ref);
        batch.push(ref);
        if (batch.length >= batchSize) {
          opts.onBatch?.(batch);
          batch = [];
        }
      }
    }
    if (batch.length) opts.onBatch?.(batch);
    state.tail = await readTail(path, state.indexedBytes);
    state.diagnostics.push(...newDiags);
    return { path, added, diagnostics: newDiags, reset };
  }

  private indexLine(file: string, line: number, offset: number, length: number, text: string, diags: Diagnostic[], column = 1, onEntry?: IndexFileOptions['onEntry']): ConversationRef | undefined {
    const loc = { file, line, column };
    const parsed = parseJsonLocated(text);
    if (!parsed.ok) {
      // A `.json` array element may span lines: locate the error relative to where the element starts.
      const at = lineColumnAt(text, parsed.error.offset);
      diags.push(diag({ file, line: line + at.line - 1, column: at.line === 1 ? column + at.column - 1 : at.column }, 'error', 'json-syntax', `invalid JSON: ${parsed.error.message}`));
      return undefined;
    }
    const v = validateRunLogEntry(parsed.value, loc);
    if (v.diagnostics.length) diags.push(...v.diagnostics);
    const e = v.entry;
    if (!e) return undefined;
    const prev = this.byConvId.get(e.conv_id);
    if (prev) {
      diags.push(diag(loc, 'error', 'duplicate-conv-id', `conv_id \`${e.conv_id}\` already used at ${prev.file}:${prev.line}`, 'conv_id'));
      return undefined;
    }
    const ref: ConversationRef = {
      file,
      line,
      offset,
      length,
      conv_id: e.conv_id,
      task: e.task,
      task_id: e.task_id,
      model: e.assistant_model ?? 'unknown model',
      mode: effectiveMode(e),
      condition: effectiveCondition(e),
      verdict: verdictOf(e),
      ...traceSummary(e.trace),
    };
    if (e.path !== undefined) ref.path = e.path;
    if (e.k !== undefined) ref.k = e.k;
    if (e.recap !== undefined) ref.recap = e.recap;
    if (e.forked_from !== undefined) ref.forkedFrom = e.forked_from;
    this.byConvId.set(e.conv_id, ref);
    onEntry?.(ref, e);
    return ref;
  }

  /**
   * Indexes a `.json` file holding one array of conversations by the byte offsets of its elements,
   * so `readConversation` reads one element back like a JSONL line. Re-indexed whole when changed.
   */
  private async indexJsonArrayFile(path: string, opts: IndexFileOptions): Promise<IndexFileResult> {
    const st = await stat(path);
    const prev = this.files.get(path);
    if (prev && prev.mtimeMs === st.mtimeMs && prev.indexedBytes === st.size) return { path, added: [], diagnostics: [], reset: false };
    this.removeFile(path);
    const state: FileState = { path, indexedBytes: st.size, nextLine: 1, mtimeMs: st.mtimeMs, refs: [], diagnostics: [] };
    this.files.set(path, state);
    const decoded = await decodeDataFile(path, this.limits.maxLineBytes);
    const text = decoded.text;
    const diags: Diagnostic[] = [...decoded.diagnostics];
    const elements = splitJsonArray(text);
    if (!elements) {
      if (text.trim() !== '') diags.push(diag({ file: path, line: 1, column: 1 }, 'error', 'json-not-array', 'a .json run-log file must hold one JSON array of conversations'));
    } else {
      // The array is still open (a file being written): a last element that does not parse is incomplete.
      const closed = /\]\s*$/.test(text);
      let charPos = 0;
      let bytePos = 0;
      elements.forEach((el, i) => {
        opts.signal?.throwIfAborted();
        bytePos += Buffer.byteLength(text.slice(charPos, el.start), 'utf8');
        charPos = el.start;
        if (!closed && i === elements.length - 1 && !parseJsonLocated(el.text).ok) {
          diags.push(diag({ file: path, line: el.line, column: el.column }, 'warning', 'incomplete-line', 'the JSON array is not closed and its last element is incomplete: the log may still be being written'));
          return;
        }
        const ref = this.indexLine(path, el.line, bytePos, Buffer.byteLength(el.text, 'utf8'), el.text, diags, el.column, opts.onEntry);
        if (ref) state.refs.push(ref);
      });
    }
    state.diagnostics = diags;
    if (state.refs.length) opts.onBatch?.([...state.refs]);
    return { path, added: [...state.refs], diagnostics: diags, reset: prev !== undefined };
  }

  removeFile(path: string): void {
    const st = this.files.get(path);
    if (!st) return;
    for (const r of st.refs) if (this.byConvId.get(r.conv_id) === r) this.byConvId.delete(r.conv_id);
    this.files.delete(path);
  }

  /** Reads one whole conversation back by its offset. */
  async readConversation(ref: ConversationRef): Promise<RunLogEntry> {
    const text = await readSlice(ref.file, ref.offset, ref.length);
    return RunLogEntrySchema.parse(JSON.parse(text));
  }

  get(convId: string): ConversationRef | undefined {
    return this.byConvId.get(convId);
  }

  conversations(): ConversationRef[] {
    const out: ConversationRef[] = [];
    for (const st of this.files.values()) out.push(...st.refs);
    return out;
  }

  diagnostics(path?: string): Diagnostic[] {
    if (path) return this.files.get(path)?.diagnostics ?? [];
    return [...this.files.values()].flatMap((s) => s.diagnostics);
  }

  indexedFiles(): string[] {
    return [...this.files.keys()];
  }

  /** Groups conversations by task_id × model × mode × condition × path/k. */
  groupByKey(): Map<string, ConversationRef[]> {
    const m = new Map<string, ConversationRef[]>();
    for (const r of this.conversations()) {
      const k = conversationKey(r);
      const list = m.get(k);
      if (list) list.push(r);
      else m.set(k, [r]);
    }
    return m;
  }
}


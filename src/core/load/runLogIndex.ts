// An index over run-log files that keeps byte offsets and a small summary per conversation, not the
// traces: a 200 MB folder indexes in a fraction of the memory that holding parsed lines would take,
// and one conversation is read back on demand by its offset. Appended lines are picked up
// incrementally; a truncated last line is reported as incomplete and indexed once completed. Many
// files at once (the first load) can be parsed on worker threads (`indexFiles` with a RunLogPool).
import { stat } from 'node:fs/promises';
import { splitJsonArray } from '../jsonl/jsonArray';
import { readRunLogEntry } from './runLogReader';
import type { Diagnostic } from '../jsonl/diagnostics';
import { parseJsonLocated } from '../jsonl/jsonSyntax';
import type { RunLogEntry } from '../schema/runlog';
import { diag } from './validateObject';
import { describeFileType, FileTooLargeError, NotRegularFileError } from '../jsonl/regularFile';
import { decodeDataFile } from './decodeDataFile';
import { StringPool, conversationKey, type ConversationRef } from './runLogRefs';
import { parseRunLogLine, scanJsonlFile, stillTrue, type FileCursor } from './runLogScan';
import { RunLogWorkerError, RunLogWorkerUnavailable, type RunLogPool } from './runLogPool';
import type { CacheUse } from './runLogCachedScan';

export { instanceKey, conversationKey, verdictOf, type ConversationRef, type Verdict } from './runLogRefs';

interface FileState {
  path: string;
  cursor: FileCursor;
  refs: ConversationRef[];
  diagnostics: Diagnostic[];
}

export interface IndexFileOptions {
  signal?: AbortSignal;
  /** Called with batches of new conversations as they are indexed (first tree rows early). */
  onBatch?: (refs: ConversationRef[]) => void;
  batchSize?: number;
  /** Called with each newly indexed conversation and its parsed entry (the search index reads the text here, once). */
  onEntry?: (ref: ConversationRef, entry: RunLogEntry) => void;
  /** Instead of first come, first served for conv_ids (`indexFiles` keeps the files' order). */
  admit?: Admit;
}

export interface IndexFileResult {
  path: string;
  added: ConversationRef[];
  diagnostics: Diagnostic[];
  /** True when the file had shrunk or changed before the indexed end, and was indexed anew. */
  reset: boolean;
}

export interface IndexFilesOptions {
  /** Parses JSONL files on these workers when it has them; else (and for `.json` arrays) in this thread. */
  pool?: RunLogPool;
  onBatch?: (refs: ConversationRef[]) => void;
  /** Called as each file is done, in completion order. */
  onFileDone?: (path: string) => void;
  /** The index cache's folder (runLogCache.ts): the workers take unchanged logs from it and store what they scan. */
  cacheDir?: string;
  /** How the cache served a file the workers indexed, and why an entry was not used or not written. */
  onCache?: (path: string, use: CacheUse, notes: readonly string[]) => void;
}

export interface RunLogIndexOptions {
  /** Longest line indexed (bytes; also the largest `.json` array file). Default 256 MB. */
  maxLineBytes?: number;
}

/** The diagnostic on `ref`, whose conv_id `first` already has. */
const dupDiag = (ref: ConversationRef, first: ConversationRef, column = 1): Diagnostic =>
  diag(
    { file: ref.file, line: ref.line, column },
    'error',
    'duplicate-conv-id',
    `conv_id \`${ref.conv_id}\` already used at ${first.file}:${first.line}`,
    'conv_id',
  );

/** Decides whether a parsed ref joins the index (a duplicate's diagnostic goes to `diags`). */
type Admit = (ref: ConversationRef, diags: Diagnostic[], column?: number) => boolean;

export class RunLogIndex {
  private readonly files = new Map<string, FileState>();
  private readonly byConvId = new Map<string, ConversationRef>();
  private readonly strings = new StringPool();

  constructor(private readonly limits: RunLogIndexOptions = {}) {}

  /**
   * Indexes a file, or what was appended to it since the last call. A path that is not a regular
   * file (a FIFO, a device, a dangling link) yields a diagnostic, never a hang or a throw.
   */
  async indexFile(path: string, opts: IndexFileOptions = {}): Promise<IndexFileResult> {
    const st = await this.statFile(path);
    if (typeof st === 'string') return this.unreadable(path, st);
    try {
      // A `.json` file holds one array: it cannot grow by appending lines, so it is indexed whole.
      if (/\.json$/i.test(path)) return await this.indexJsonArrayFile(path, opts);
      return await this.indexJsonlFile(path, st.size, st.mtimeMs, opts);
    } catch (e) {
      if (e instanceof NotRegularFileError || e instanceof FileTooLargeError) return this.unreadable(path, e.message);
      throw e;
    }
  }

  /**
   * Indexes many files, JSONL ones on the pool's workers (two files at a time, each merged here in
   * batches of refs) when it has them: the first load of a large workspace, off the calling thread.
   * The result is the same as `indexFile` on each in turn: the files keep the order given, and of
   * two conversations with one conv_id the one in the earlier file (or line) wins, whichever was
   * parsed first.
   */
  async indexFiles(paths: readonly string[], opts: IndexFilesOptions = {}): Promise<void> {
    const pool = opts.pool?.available() ? opts.pool : undefined;
    if (!pool) {
      for (const p of paths) {
        await this.indexFile(p, opts.onBatch ? { onBatch: opts.onBatch } : {});
        opts.onFileDone?.(p);
      }
      return;
    }
    const order = new Map(paths.map((p, i) => [p, i]));
    /** Duplicate conv_ids found out of file order, by the file they are reported in. */
    const late = new Map<string, Diagnostic[]>();
    const admit = (ref: ConversationRef, diags: Diagnostic[] | undefined, column = 1): boolean => {
      const prev = this.byConvId.get(ref.conv_id);
      const prevRank = prev ? (order.get(prev.file) ?? -1) : -1;
      if (!prev || prevRank <= (order.get(ref.file) ?? -1)) {
        const to = diags ?? lateFor(ref.file);
        return this.admit(ref, to, column);
      }
      // `prev` is in a later file that was parsed first: it is the duplicate.
      const owner = this.files.get(prev.file);
      if (owner) owner.refs.splice(owner.refs.indexOf(prev), 1);
      lateFor(prev.file).push(dupDiag(prev, ref));
      this.byConvId.delete(ref.conv_id);
      return this.admit(ref, [], column);
    };
    const lateFor = (path: string) => late.get(path) ?? (late.set(path, []), late.get(path)!);
    const one = async (path: string) => {
      const st = /\.jsonl$/i.test(path) ? await this.statFile(path) : undefined;
      const inThread = () => this.indexFile(path, { ...(opts.onBatch ? { onBatch: opts.onBatch } : {}), admit });
      if (st && typeof st !== 'string') {
        if (!(await this.indexOnWorker(pool, path, st, (ref) => admit(ref, undefined), opts))) await inThread();
      } else await inThread();
      opts.onFileDone?.(path);
    };
    // Placeholders keep the files in the order given (conversations() lists them by file).
    for (const p of paths) this.stateFor(p);
    await Promise.all(paths.map(one));
    for (const [path, dups] of late) {
      const state = this.files.get(path);
      if (state)
        state.diagnostics = mergeByLine(
          state.diagnostics,
          dups.sort((a, b) => a.line - b.line),
        );
    }
  }

  /** False when no worker could take the file (it was not touched: index it in this thread). */
  private async indexOnWorker(
    pool: RunLogPool,
    path: string,
    st: { size: number; mtimeMs: number },
    admit: (ref: ConversationRef) => boolean,
    opts: IndexFilesOptions,
  ): Promise<boolean> {
    let state = this.stateFor(path);
    try {
      const r = await pool.index({
        path,
        prev: state.cursor,
        size: st.size,
        mtimeMs: st.mtimeMs,
        ...(this.limits.maxLineBytes ? { maxLineBytes: this.limits.maxLineBytes } : {}),
        ...(opts.cacheDir ? { cacheDir: opts.cacheDir } : {}),
        onReset: () => {
          this.removeFile(path);
          state = this.stateFor(path);
        },
        onRefs: (refs) => {
          const added = refs.filter(admit);
          state.refs.push(...added);
          if (added.length) opts.onBatch?.(added);
        },
      });
      if (r.cache) opts.onCache?.(path, r.cache, r.notes ?? []);
      state.cursor = r.cursor;
      state.diagnostics = [...stillTrue(state.diagnostics), ...r.diagnostics];
    } catch (e) {
      if (e instanceof RunLogWorkerUnavailable) return false;
      // The same errors the calling thread turns into a diagnostic; a dead worker fails this file only.
      const message = e instanceof Error ? e.message : String(e);
      if (e instanceof RunLogWorkerError && e.unreadable) {
        this.unreadable(path, message);
        return true;
      }
      this.removeFile(path);
      this.files.set(path, {
        path,
        cursor: { indexedBytes: 0, nextLine: 1, mtimeMs: 0 },
        refs: [],
        diagnostics: [
          diag({ file: path, line: 1, column: 1 }, 'error', 'index-failed', `could not be indexed: ${message}`),
        ],
      });
    }
    return true;
  }

  private stateFor(path: string): FileState {
    let state = this.files.get(path);
    if (!state)
      this.files.set(
        path,
        (state = { path, cursor: { indexedBytes: 0, nextLine: 1, mtimeMs: 0 }, refs: [], diagnostics: [] }),
      );
    return state;
  }

  /** A regular file's size and mtime, or why it cannot be indexed. */
  private async statFile(path: string): Promise<{ size: number; mtimeMs: number } | string> {
    const st = await stat(path).catch((e: unknown) => e as NodeJS.ErrnoException);
    if (st instanceof Error)
      return st.code === 'ELOOP'
        ? 'symbolic link loop: skipped'
        : st.code === 'ENOENT'
          ? 'missing (or a dangling link): skipped'
          : `cannot read: ${st.message}`;
    if (!st.isFile()) return `${describeFileType(st)}, not a regular file: skipped`;
    return st;
  }

  private unreadable(path: string, message: string): IndexFileResult {
    this.removeFile(path);
    return {
      path,
      added: [],
      diagnostics: [diag({ file: path, line: 1, column: 1 }, 'warning', 'not-a-file', message)],
      reset: false,
    };
  }

  /** Takes a parsed ref into the index unless its conv_id is taken (then a diagnostic says where). */
  private admit(ref: ConversationRef, diags: Diagnostic[], column = 1): boolean {
    const prev = this.byConvId.get(ref.conv_id);
    if (prev) {
      diags.push(dupDiag(ref, prev, column));
      return false;
    }
    this.strings.internRef(ref);
    this.byConvId.set(ref.conv_id, ref);
    return true;
  }

  private async indexJsonlFile(
    path: string,
    size: number,
    mtimeMs: number,
    opts: IndexFileOptions,
  ): Promise<IndexFileResult> {
    const prev = this.files.get(path)?.cursor;
    const admit: Admit = opts.admit ?? ((ref, diags) => this.admit(ref, diags));
    let state = this.stateFor(path);
    const added: ConversationRef[] = [];
    const batchSize = opts.batchSize ?? 200;
    let batch: ConversationRef[] = [];
    const r = await scanJsonlFile(path, prev, size, mtimeMs, {
      ...(this.limits.maxLineBytes ? { maxLineBytes: this.limits.maxLineBytes } : {}),
      ...(opts.signal ? { signal: opts.signal } : {}),
      // The search index reads each entry's text: only then is every line parsed in full.
      entries: opts.onEntry !== undefined,
      onReset: () => {
        this.removeFile(path);
        state = this.stateFor(path);
      },
      onRef: (ref, entry, diags) => {
        if (!admit(ref, diags)) return;
        state.refs.push(ref);
        added.push(ref);
        if (entry) opts.onEntry?.(ref, entry);
        batch.push(ref);
        if (batch.length >= batchSize) {
          opts.onBatch?.(batch);
          batch = [];
        }
      },
    });
    if (batch.length) opts.onBatch?.(batch);
    state.cursor = r.cursor;
    state.diagnostics = [...stillTrue(state.diagnostics), ...r.diagnostics];
    return { path, added, diagnostics: r.diagnostics, reset: r.reset };
  }

  /**
   * Indexes a `.json` file holding one array of conversations by the byte offsets of its elements,
   * so `readConversation` reads one element back like a JSONL line. Re-indexed whole when changed.
   */
  private async indexJsonArrayFile(path: string, opts: IndexFileOptions): Promise<IndexFileResult> {
    const st = await stat(path);
    const known = this.files.get(path);
    // A placeholder (`indexFiles` keeps the order by them) is not a previous index: it keeps its place.
    const prev =
      known && (known.cursor.indexedBytes > 0 || known.refs.length || known.diagnostics.length) ? known : undefined;
    if (prev && prev.cursor.mtimeMs === st.mtimeMs && prev.cursor.indexedBytes === st.size)
      return { path, added: [], diagnostics: [], reset: false };
    if (prev) this.removeFile(path);
    const state: FileState = {
      path,
      cursor: { indexedBytes: st.size, nextLine: 1, mtimeMs: st.mtimeMs },
      refs: [],
      diagnostics: [],
    };
    this.files.set(path, state);
    const decoded = await decodeDataFile(path, this.limits.maxLineBytes);
    const text = decoded.text;
    const diags: Diagnostic[] = [...decoded.diagnostics];
    const elements = splitJsonArray(text);
    if (!elements) {
      if (text.trim() !== '')
        diags.push(
          diag(
            { file: path, line: 1, column: 1 },
            'error',
            'json-not-array',
            'a .json run-log file must hold one JSON array of conversations',
          ),
        );
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
        const parsed = parseRunLogLine(
          { file: path, line: el.line, offset: bytePos, length: Buffer.byteLength(el.text, 'utf8') },
          el.text,
          diags,
          el.column,
        );
        if (parsed && (opts.admit ?? ((r, d, c) => this.admit(r, d, c)))(parsed.ref, diags, el.column)) {
          state.refs.push(parsed.ref);
          opts.onEntry?.(parsed.ref, parsed.entry);
        }
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
    if (!this.files.size) this.strings.clear();
  }

  /** Reads one whole conversation back by its offset. */
  async readConversation(ref: ConversationRef): Promise<RunLogEntry> {
    return readRunLogEntry(ref);
  }

  get(convId: string): ConversationRef | undefined {
    return this.byConvId.get(convId);
  }

  conversations(): ConversationRef[] {
    const out: ConversationRef[] = [];
    for (const st of this.files.values()) out.push(...st.refs);
    return out;
  }

  /** The conversations of the given files (those not indexed give none), in the order given. */
  conversationsIn(paths: Iterable<string>): ConversationRef[] {
    const out: ConversationRef[] = [];
    for (const p of new Set(paths)) {
      const st = this.files.get(p);
      if (st) out.push(...st.refs);
    }
    return out;
  }

  /** How many conversations all files hold (`conversations().length`, without making the list). */
  get size(): number {
    let n = 0;
    for (const st of this.files.values()) n += st.refs.length;
    return n;
  }

  /** How many conversations a file holds (without listing every conversation: the tree asks on each refresh). */
  conversationCount(path: string): number {
    return this.files.get(path)?.refs.length ?? 0;
  }

  diagnostics(path?: string): Diagnostic[] {
    if (path) return this.files.get(path)?.diagnostics ?? [];
    return [...this.files.values()].flatMap((s) => s.diagnostics);
  }

  /** Whether a file is in the index (cheaper than searching indexedFiles()). */
  has(path: string): boolean {
    return this.files.has(path);
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

/**
 * The worker's diagnostics (line order) with the duplicate conv_ids found while merging: each after
 * the others of its line, where checking in line order would have put it.
 */
function mergeByLine(diags: readonly Diagnostic[], dups: readonly Diagnostic[]): Diagnostic[] {
  if (!dups.length) return [...diags];
  const out: Diagnostic[] = [];
  let i = 0;
  for (const d of dups) {
    while (i < diags.length && diags[i]!.line <= d.line) out.push(diags[i++]!);
    out.push(d);
  }
  return out.concat(diags.slice(i));
}

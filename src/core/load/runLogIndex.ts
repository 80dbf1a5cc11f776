// An index over run-log files that keeps byte offsets and a small summary per conversation, not the
// traces: a 200 MB folder indexes in a fraction of the memory that holding parsed lines would take,
// and one conversation is read back on demand by its offset. Appended lines are picked up
// incrementally; a truncated last line is reported as incomplete and indexed once completed. Many
// files at once (the first load) can be parsed on worker threads (`indexFiles` with a RunLogPool).
import { stat } from 'node:fs/promises';
import { readRunLogEntry } from './runLogReader';
import type { Diagnostic } from '../jsonl/diagnostics';
import type { RunLogEntry } from '../schema/runlog';
import { diag } from './validateObject';
import { describeFileType, FileTooLargeError, NotRegularFileError } from '../jsonl/regularFile';
import { StringPool, conversationKey, type ConversationRef } from './runLogRefs';
import { scanJsonlFile, stillTrue, type FileCursor } from './runLogScan';
import { indexJsonArrayElements, readJsonArrayLog } from './runLogJsonArray';
import { admitInFileOrder, duplicateConvIdDiagnostic, mergeByLine, type Admit } from './runLogAdmission';
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
    const { admit, lateDiagnostics } = admitInFileOrder(paths, {
      byConvId: this.byConvId,
      admit: (ref, diags, column) => this.admit(ref, diags, column),
      drop: (ref) => {
        const owner = this.files.get(ref.file);
        if (owner) owner.refs.splice(owner.refs.indexOf(ref), 1);
      },
    });
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
    for (const [path, dups] of lateDiagnostics()) {
      const state = this.files.get(path);
      if (state) state.diagnostics = mergeByLine(state.diagnostics, dups);
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
      diags.push(duplicateConvIdDiagnostic(ref, prev, column));
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
    const log = await readJsonArrayLog(path, this.limits.maxLineBytes);
    const diags = indexJsonArrayElements(path, log, {
      ...(opts.signal ? { signal: opts.signal } : {}),
      admit: opts.admit ?? ((r, d, c) => this.admit(r, d, c)),
      onRef: (ref, entry) => {
        state.refs.push(ref);
        opts.onEntry?.(ref, entry);
      },
    });
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

// A small pool of worker threads that index run logs (runLogWorker.ts), so parsing 1 GB of JSON
// does not run on the extension host's thread. Files are handed out one at a time to the first free
// worker; workers end when the pool is idle (their heaps go back). A worker that dies fails only the
// file it was indexing (the index turns that into a diagnostic) and is replaced for the next file.
import { Worker } from 'node:worker_threads';
import { availableParallelism } from 'node:os';
import { findBundledScript } from '../workers/bundledScript';
import type { Diagnostic } from '../jsonl/diagnostics';
import type { FileCursor } from './runLogScan';
import type { ConversationRef } from './runLogRefs';
import type { CacheUse } from './runLogCachedScan';

/** What the worker gives for a file: its cursor and diagnostics, and how the index cache served it. */
export interface PoolResult {
  cursor: FileCursor;
  diagnostics: Diagnostic[];
  cache?: CacheUse;
  /** Why a cache entry was not used or not written. */
  notes?: string[];
}

export interface RunLogWorkerRequest {
  id: number;
  path: string;
  prev: FileCursor | undefined;
  size: number;
  mtimeMs: number;
  maxLineBytes?: number;
  /** The index cache's folder: a log indexed from its start goes through the cache. */
  cacheDir?: string;
}

/** A file to index, or: the pool is idle, end once the cache entries being written are written. */
export type RunLogWorkerMessage = RunLogWorkerRequest | { close: true };

export type RunLogWorkerReply =
  | { id: number; kind: 'reset' }
  | { id: number; kind: 'refs'; refs: ConversationRef[] }
  | { id: number; kind: 'done'; cursor: FileCursor; diagnostics: Diagnostic[]; cache?: CacheUse; notes?: string[] }
  | { id: number; kind: 'error'; message: string; unreadable: boolean }
  /** A cache entry of a file done earlier could not be written. */
  | { id: number; kind: 'note'; path: string; note: string };

export interface PoolJob {
  path: string;
  prev: FileCursor | undefined;
  size: number;
  mtimeMs: number;
  maxLineBytes?: number;
  cacheDir?: string;
  onReset: () => void;
  onRefs: (refs: ConversationRef[]) => void;
}

/** No worker could be started: the caller indexes the file in its own thread instead. */
export class RunLogWorkerUnavailable extends Error {}

/** A failure the worker reported for a file (the same error the calling thread would have thrown). */
export class RunLogWorkerError extends Error {
  constructor(
    message: string,
    /** Not a regular file, or too large: what the calling thread reports as `not-a-file`. */
    readonly unreadable: boolean,
  ) {
    super(message);
  }
}

/**
 * A worker's young generation (V8's default is 3 × 16 MB semi-spaces): parsing churns through 24 KB
 * lines of short-lived objects, and a small nursery keeps each worker's heap, which counts in the
 * extension host's RSS, near its live size (measured: peak RSS growth over 952 MB 163 → ~110 MB).
 */
const WORKER_YOUNG_GENERATION_MB = 8;
/** How long an idle worker may take to finish writing the index cache before it is stopped. */
const CLOSE_MS = 30_000;

interface Running {
  job: PoolJob;
  resolve: (r: PoolResult) => void;
  reject: (e: Error) => void;
}

interface Slot {
  worker: Worker;
  running: { id: number; task: Running } | undefined;
}

export class RunLogPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Running[] = [];
  private nextId = 0;
  private script: string | undefined | null = null;
  private disposed = false;
  /** Idle workers still writing the index cache. */
  private readonly closing = new Set<Promise<void>>();

  constructor(
    private readonly locate: () => string | undefined = () => findBundledScript('runLogWorker.js'),
    readonly size = Math.max(1, Math.min(2, availableParallelism() - 1)),
    /** Told when a worker could not write a cache entry (after that file was done). */
    private readonly onNote: (path: string, note: string) => void = () => undefined,
  ) {}

  /** False without the bundled worker (the caller indexes in its own thread then). */
  available(): boolean {
    if (this.script === null) this.script = this.locate();
    return !this.disposed && this.script !== undefined;
  }

  /** Indexes one JSONL file on a worker; rejects when the worker fails or dies. */
  index(job: PoolJob): Promise<PoolResult> {
    return new Promise((resolve, reject) => {
      if (!this.available()) return reject(new RunLogWorkerUnavailable('no run-log indexing worker'));
      this.queue.push({ job, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.queue.length) {
      let slot = this.slots.find((s) => !s.running);
      if (!slot && this.slots.length < this.size) slot = this.spawn();
      if (!slot) {
        // Nothing runs and nothing could start: the queue would wait forever. From now on the
        // pool is unavailable and the queued files are handed back to the caller's thread.
        if (this.slots.length === 0) {
          this.script = undefined;
          for (const t of this.queue.splice(0))
            t.reject(new RunLogWorkerUnavailable('no indexing worker could be started'));
        }
        return;
      }
      const task = this.queue.shift()!;
      const id = this.nextId++;
      slot.running = { id, task };
      const { path, prev, size, mtimeMs, maxLineBytes, cacheDir } = task.job;
      slot.worker.postMessage({
        id,
        path,
        prev,
        size,
        mtimeMs,
        ...(maxLineBytes ? { maxLineBytes } : {}),
        ...(cacheDir ? { cacheDir } : {}),
      } satisfies RunLogWorkerRequest);
    }
    // Idle: end the workers, so their heaps do not stay in the extension host's memory. Each ends
    // itself once its cache entries are written; one that does not within CLOSE_MS is stopped.
    if (this.slots.every((s) => !s.running))
      for (const s of this.slots.splice(0)) {
        const exited = new Promise<void>((resolve) => s.worker.once('exit', () => resolve()));
        this.closing.add(exited);
        void exited.then(() => this.closing.delete(exited));
        s.worker.postMessage({ close: true } satisfies RunLogWorkerMessage);
        setTimeout(() => void s.worker.terminate(), CLOSE_MS).unref();
      }
  }

  private spawn(): Slot | undefined {
    let worker: Worker;
    try {
      worker = new Worker(this.script!, { resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB } });
    } catch {
      return undefined;
    }
    worker.unref();
    const slot: Slot = { worker, running: undefined };
    worker.on('message', (m: RunLogWorkerReply) => {
      if (m.kind === 'note') return this.onNote(m.path, m.note);
      const r = slot.running;
      if (!r || r.id !== m.id) return;
      if (m.kind === 'reset') r.task.job.onReset();
      else if (m.kind === 'refs') r.task.job.onRefs(m.refs);
      else {
        slot.running = undefined;
        if (m.kind === 'done')
          r.task.resolve({
            cursor: m.cursor,
            diagnostics: m.diagnostics,
            ...(m.cache ? { cache: m.cache } : {}),
            ...(m.notes ? { notes: m.notes } : {}),
          });
        else r.task.reject(new RunLogWorkerError(m.message, m.unreadable));
        this.pump();
      }
    });
    const fail = (e: Error) => {
      const i = this.slots.indexOf(slot);
      if (i < 0) return;
      this.slots.splice(i, 1);
      const r = slot.running;
      slot.running = undefined;
      r?.task.reject(e);
      if (!this.disposed) this.pump();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the indexing worker stopped (exit code ${code})`)));
    this.slots.push(slot);
    return slot;
  }

  /** Resolves once the workers that went idle have ended (their cache entries written). */
  async closed(): Promise<void> {
    await Promise.all([...this.closing]);
  }

  dispose(): void {
    this.disposed = true;
    for (const t of this.queue.splice(0)) t.reject(new Error('indexing cancelled'));
    for (const s of this.slots.splice(0)) {
      s.running?.task.reject(new Error('indexing cancelled'));
      void s.worker.terminate();
    }
  }
}

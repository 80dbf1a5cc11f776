// The bootstrap on a worker thread: at 100k runs the first report resamples every pooled and
// overall series (seconds of CPU), which would freeze the extension host; the dashboard hands the
// jobs to this thread instead. The same thread judges Fig. 4's new errors (`inactive`). Without
// the bundled worker, or if it fails, the jobs run in the calling thread: the same numbers, only
// not off-thread.
import { Worker } from 'node:worker_threads';
import { findBundledScript } from '../workers/bundledScript';
import { inThreadBootstrap, type BootstrapJob, type BootstrapRunner } from './bootstrapJobs';
import type { BootstrapOptions } from './intervals';
import type { Interval } from './statsTypes';
import type { StatsWorkerRequest } from './bootstrapWorker';
import type { ConversationRef } from '../load/runLogIndex';
import type { BenchmarkRecord } from '../schema/records';

type Reply = { id: number; intervals: Interval[] } | { id: number; verdicts: Array<boolean | null> } | { id: number; error: string };
/** A request without its id (the thread numbers them). */
type WorkerCall = StatsWorkerRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

export class BootstrapThread {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, { resolve: (v: Reply) => void; reject: (e: Error) => void }>();
  private nextId = 0;
  /** Set when the worker could not start or failed: later runs stay in the calling thread. */
  private broken = false;

  constructor(private readonly locate: () => string | undefined = () => findBundledScript('bootstrapWorker.js')) {}

  /** Whether the last run went to the worker (tests and the bench read it). */
  offThread = false;

  readonly run: BootstrapRunner = async (jobs, opts) => {
    const worker = jobs.length ? this.spawn() : undefined;
    this.offThread = worker !== undefined;
    if (!worker) return inThreadBootstrap(jobs, opts);
    try {
      const reply = await this.request(worker, { kind: 'bootstrap', jobs: [...jobs], opts });
      if (!('intervals' in reply)) throw new Error('bootstrap worker: unexpected reply');
      return reply.intervals;
    } catch {
      this.broken = true;
      this.offThread = false;
      return inThreadBootstrap(jobs, opts);
    }
  };

  private spawn(): Worker | undefined {
    if (this.worker || this.broken) return this.worker;
    const script = this.locate();
    if (!script) {
      this.broken = true;
      return undefined;
    }
    let w: Worker;
    try {
      w = new Worker(script);
    } catch {
      this.broken = true;
      return undefined;
    }
    // Idle between reports: never keeps the process alive on its own.
    w.unref();
    w.on('message', (m: Reply) => {
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      if ('error' in m) p.reject(new Error(m.error));
      else p.resolve(m);
    });
    const fail = (e: Error) => {
      if (this.worker === w) this.worker = undefined;
      for (const p of this.pending.values()) p.reject(e);
      this.pending.clear();
    };
    w.on('error', fail);
    w.on('exit', (code) => fail(new Error(`bootstrap worker exited (${code})`)));
    this.worker = w;
    return w;
  }

  /**
   * Judges new errors on the worker (each ref's source record goes along); undefined when there is
   * no worker or it failed, and the caller judges in its own thread.
   */
  async inactive(refs: readonly ConversationRef[], recordOf: (taskId: string) => BenchmarkRecord | undefined): Promise<Array<boolean | undefined> | undefined> {
    const worker = refs.length ? this.spawn() : undefined;
    if (!worker) return undefined;
    const records = [...new Set(refs.map((r) => r.task_id))].flatMap((id) => recordOf(id) ?? []);
    try {
      const reply = await this.request(worker, { kind: 'inactive', refs: [...refs], records });
      if (!('verdicts' in reply)) throw new Error('stats worker: unexpected reply');
      return reply.verdicts.map((v) => v ?? undefined);
    } catch {
      return undefined;
    }
  }

  private request(worker: Worker, call: WorkerCall): Promise<Reply> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, ...call } as StatsWorkerRequest);
    });
  }

  dispose(): void {
    const w = this.worker;
    this.worker = undefined;
    this.broken = true;
    void w?.terminate();
  }
}

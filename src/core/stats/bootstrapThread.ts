// The bootstrap on a worker thread: at 100k runs the first report resamples every pooled and
// overall series (seconds of CPU), which would freeze the extension host; the dashboard hands the
// jobs to this thread instead. Without the bundled worker, or if it fails, the jobs run in the
// calling thread: the same numbers, only not off-thread.
import { Worker } from 'node:worker_threads';
import { findBundledScript } from '../workers/bundledScript';
import { inThreadBootstrap, type BootstrapJob, type BootstrapRunner } from './bootstrapJobs';
import type { BootstrapOptions } from './intervals';
import type { Interval } from './statsTypes';
import type { BootstrapRequest } from './bootstrapWorker';

type Reply = { id: number; intervals: Interval[] } | { id: number; error: string };

export class BootstrapThread {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, { resolve: (v: Interval[]) => void; reject: (e: Error) => void }>();
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
      return await this.request(worker, jobs, opts);
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
      else p.resolve(m.intervals);
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

  private request(worker: Worker, jobs: readonly BootstrapJob[], opts: BootstrapOptions): Promise<Interval[]> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, jobs: [...jobs], opts } satisfies BootstrapRequest);
    });
  }

  dispose(): void {
    const w = this.worker;
    this.worker = undefined;
    this.broken = true;
    void w?.terminate();
  }
}

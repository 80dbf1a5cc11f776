// The bootstrap on a worker thread: at 100k runs the first report resamples every pooled and
// overall series (seconds of CPU), which would freeze the extension host; the dashboard hands the
// jobs to this thread instead. The same thread judges Fig. 4's new errors (`inactive`). Without
// the bundled worker, or if it fails, the jobs run in the calling thread: the same numbers, only
// not off-thread.
import { findBundledScript } from '../workers/bundledScript';
import { ReplyWorker, type RequestBody } from '../workers/replyWorker';
import { inThreadBootstrap, type BootstrapRunner } from './bootstrapJobs';
import type { Interval } from './statsTypes';
import type { StatsWorkerRequest } from './bootstrapWorker';
import type { ConversationRef } from '../load/runLogIndex';
import type { BenchmarkRecord } from '../schema/records';

type Reply =
  | { id: number; intervals: Interval[] }
  | { id: number; verdicts: Array<boolean | null> }
  | { id: number; error: string };
/** A request without its id (the thread numbers them). */

export class BootstrapThread {
  /** Retired (disposed) when a run fails: later runs stay in the calling thread. */
  private readonly worker: ReplyWorker<StatsWorkerRequest, Reply>;

  constructor(locate: () => string | undefined = () => findBundledScript('bootstrapWorker.js')) {
    this.worker = new ReplyWorker(locate, 'bootstrap');
  }

  /** Whether the last run went to the worker (tests and the bench read it). */
  offThread = false;

  readonly run: BootstrapRunner = async (jobs, opts) => {
    this.offThread = jobs.length > 0 && this.worker.available();
    if (!this.offThread) return inThreadBootstrap(jobs, opts);
    try {
      const reply = await this.request({ kind: 'bootstrap', jobs: [...jobs], opts });
      if (!('intervals' in reply)) throw new Error('bootstrap worker: unexpected reply');
      return reply.intervals;
    } catch {
      this.worker.dispose();
      this.offThread = false;
      return inThreadBootstrap(jobs, opts);
    }
  };

  /**
   * Judges new errors on the worker (each ref's source record goes along); undefined when there is
   * no worker or it failed, and the caller judges in its own thread.
   */
  async inactive(
    refs: readonly ConversationRef[],
    recordOf: (taskId: string) => BenchmarkRecord | undefined,
  ): Promise<Array<boolean | undefined> | undefined> {
    if (!refs.length || !this.worker.available()) return undefined;
    const records = [...new Set(refs.map((r) => r.task_id))].flatMap((id) => recordOf(id) ?? []);
    try {
      const reply = await this.request({ kind: 'inactive', refs: [...refs], records });
      if (!('verdicts' in reply)) throw new Error('stats worker: unexpected reply');
      return reply.verdicts.map((v) => v ?? undefined);
    } catch {
      return undefined;
    }
  }

  /** A reply naming an error rejects, as a failed thread does. */
  private async request(call: RequestBody<StatsWorkerRequest>): Promise<Reply> {
    const reply = await this.worker.request(call);
    if ('error' in reply) throw new Error(reply.error);
    return reply;
  }

  dispose(): void {
    this.worker.dispose();
  }
}

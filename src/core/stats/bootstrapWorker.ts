// Worker-thread entry of the dashboard's slow stats (bundled as dist/bootstrapWorker.js): runs a
// report's bootstrap jobs, and Fig. 4's inactive-content check of the new errors (a read and a
// detector pass per conversation, tens of ms each), off the extension host's thread.
import { parentPort } from 'node:worker_threads';
import { runBootstrapJob, type BootstrapJob } from './bootstrapJobs';
import type { BootstrapOptions } from './intervals';
import type { ConversationRef } from '../load/runLogIndex';
import type { BenchmarkRecord } from '../schema/records';
import { statsDetectors } from './statsDetectors';
import { judgeEach } from './inactiveErrors';

export type StatsWorkerRequest =
  | { id: number; kind: 'bootstrap'; jobs: BootstrapJob[]; opts: BootstrapOptions }
  /** The records of the conversations' sources travel with them (the detector reads their intent). */
  | { id: number; kind: 'inactive'; refs: ConversationRef[]; records: BenchmarkRecord[] };

/** The same detector wiring as in-thread (statsDetectors), so the verdicts are the same. */
async function judgeInactive(
  refs: readonly ConversationRef[],
  records: readonly BenchmarkRecord[],
): Promise<Array<boolean | null>> {
  const byTask = new Map(records.map((r) => [r.task_id, r]));
  const wired = statsDetectors((id) => byTask.get(id));
  try {
    // null, not undefined, crosses the thread boundary as "undetermined" in a plain array.
    return (await judgeEach(wired.hasInactive!)(refs)).map((v) => v ?? null);
  } finally {
    await wired.close();
  }
}

const port = parentPort;
port?.on('message', (req: StatsWorkerRequest) => {
  void (async () => {
    try {
      if (req.kind === 'inactive')
        port.postMessage({ id: req.id, verdicts: await judgeInactive(req.refs, req.records) });
      else port.postMessage({ id: req.id, intervals: req.jobs.map((j) => runBootstrapJob(j, req.opts)) });
    } catch (e) {
      port.postMessage({ id: req.id, error: e instanceof Error ? e.message : String(e) });
    }
  })();
});

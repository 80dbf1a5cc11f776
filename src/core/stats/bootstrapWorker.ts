// Worker-thread entry of the bootstrap (bundled as dist/bootstrapWorker.js): runs a report's
// bootstrap jobs off the extension host's thread and posts the intervals back.
import { parentPort } from 'node:worker_threads';
import { runBootstrapJob, type BootstrapJob } from './bootstrapJobs';
import type { BootstrapOptions } from './intervals';

export interface BootstrapRequest {
  id: number;
  jobs: BootstrapJob[];
  opts: BootstrapOptions;
}

const port = parentPort;
port?.on('message', (req: BootstrapRequest) => {
  try {
    port.postMessage({ id: req.id, intervals: req.jobs.map((j) => runBootstrapJob(j, req.opts)) });
  } catch (e) {
    port.postMessage({ id: req.id, error: e instanceof Error ? e.message : String(e) });
  }
});

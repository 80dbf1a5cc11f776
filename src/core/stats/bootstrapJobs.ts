// A bootstrap interval as a job of plain data (structured-clonable), so the resampling loops, the
// costly part of a report over 100k runs, can run on a worker thread (bootstrapThread.ts) while the
// extension host stays responsive, and give the same numbers as in the calling thread.
import {
  bootstrapEqualWeight,
  bootstrapPooled,
  percentileInterval,
  type BootstrapOptions,
  type SourceCount,
} from './intervals';
import type { Interval } from './statsTypes';

export type BootstrapJob =
  | { kind: 'pooled'; series: string; sources: SourceCount[] }
  /** `byModel[m]` maps a source's index in the union of the models' sources to model m's count. */
  | { kind: 'equal-weight'; series: string; unionSize: number; byModel: Array<Map<number, SourceCount>> };

/** Runs a report's bootstrap jobs, all in one call (one worker round trip per report, not per series). */
export type BootstrapRunner = (jobs: readonly BootstrapJob[], opts: BootstrapOptions) => Promise<Interval[]>;

export const toPercent = (i: [number, number] | null): Interval => (i ? [100 * i[0], 100 * i[1]] : null);

/** One job's 95% percentile interval, in percent. */
export function runBootstrapJob(job: BootstrapJob, opts: BootstrapOptions): Interval {
  const replicates =
    job.kind === 'pooled'
      ? bootstrapPooled(job.sources, job.series, opts)
      : bootstrapEqualWeight(job.unionSize, job.byModel, job.series, opts);
  return toPercent(percentileInterval(replicates));
}

/** In the calling thread (the CLI, tests, and the fallback when no worker can start). */
export const inThreadBootstrap: BootstrapRunner = async (jobs, opts) => jobs.map((j) => runBootstrapJob(j, opts));

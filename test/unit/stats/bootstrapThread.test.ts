// The dashboard's bootstrap on a worker thread gives the very intervals the calling thread gives,
// runs only the series the cache lacks, and falls back to the calling thread without a worker.
import { afterEach, describe, expect, it } from 'vitest';
import { buildStatsWorker } from '../workerBuild';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { computeStats } from '../../../src/core/stats/computeStats';
import { BootstrapThread } from '../../../src/core/stats/bootstrapThread';
import type { BootstrapRunner } from '../../../src/core/stats/bootstrapJobs';
import type { IntervalCache } from '../../../src/core/stats/inference';
import type { ConversationRef } from '../../../src/core/load/runLogIndex';
import { GRID_COLUMNS } from '../../../src/core/stats/statsTypes';
import { ref } from './fixtures';

/** Three models × 40 sources × every Table 1 column, verdicts from a fixed pattern. */
function runs(): ConversationRef[] {
  const out: ConversationRef[] = [];
  for (const model of ['A', 'B', 'C'])
    for (let s = 0; s < 40; s++)
      GRID_COLUMNS.forEach((c, i) =>
        out.push(
          ref({
            model,
            task_id: `math/${s}`,
            mode: c.mode,
            condition: c.condition,
            verdict: (s * 7 + i * 3 + model.charCodeAt(0)) % 5 < 3 ? 'correct' : 'incorrect',
          }),
        ),
      );
  return out;
}

const intervals = (r: Awaited<ReturnType<typeof computeStats>>) => [
  ...r.modelOverall.map((m) => m.ci),
  ...r.overall.map((o) => o.ci),
];

let thread: BootstrapThread | undefined;
afterEach(() => thread?.dispose());

describe('bootstrap on a worker thread', () => {
  const refs = runs();

  it('gives the same intervals as the calling thread, and a cached series is not resampled again', async () => {
    const inThread = await computeStats(refs);
    thread = new BootstrapThread(buildStatsWorker);
    let jobs = 0;
    const counting: BootstrapRunner = (js, opts) => ((jobs += js.length), thread!.run(js, opts));
    const cache: IntervalCache = new Map();
    const offThread = await computeStats(refs, { bootstrapRunner: counting, intervalCache: cache });
    expect(thread.offThread).toBe(true);
    expect(intervals(offThread)).toEqual(intervals(inThread));
    expect(intervals(offThread).every((ci) => ci !== null && ci !== undefined)).toBe(true);
    expect(jobs).toBe(offThread.modelOverall.length + offThread.overall.length);
    // Same counts: every interval from the cache, no job.
    await computeStats(refs, { bootstrapRunner: counting, intervalCache: cache });
    expect(jobs).toBe(offThread.modelOverall.length + offThread.overall.length);
  }, 60_000);

  it('runs in the calling thread when the worker is not built', async () => {
    thread = new BootstrapThread(() => undefined);
    const r = await computeStats(refs, { bootstrapRunner: thread.run });
    expect(thread.offThread).toBe(false);
    expect(intervals(r)).toEqual(intervals(await computeStats(refs)));
  });

  it('falls back to the calling thread when the worker fails', async () => {
    const broken = join(mkdtempSync(join(tmpdir(), 'intent-lens-brokenworker-')), 'missing.js');
    thread = new BootstrapThread(() => broken);
    const r = await computeStats(refs, { bootstrapRunner: thread.run });
    expect(thread.offThread).toBe(false);
    expect(intervals(r)).toEqual(intervals(await computeStats(refs)));
  });
});

// The dashboard's staged report: the grid and counts arrive first (no reads, no bootstrap), the
// intervals and Fig. 4's inactive-content verdicts follow as each finishes, and the finished report
// is exactly computeStats'.
import { describe, expect, it } from 'vitest';
import { computeStats, computeStatsStaged, type StatsStage } from '../../../src/core/stats/computeStats';
import type { ConversationRef } from '../../../src/core/load/runLogIndex';
import type { BootstrapRunner } from '../../../src/core/stats/bootstrapJobs';
import { inThreadBootstrap } from '../../../src/core/stats/bootstrapJobs';
import { runs } from './fixtures';

/** Two models × 12 sources: Original all correct, some Retained/Revised wrong (new errors), pooled rows to bootstrap. */
function workspace(): ConversationRef[] {
  const out: ConversationRef[] = [];
  for (const model of ['a', 'b']) {
    out.push(...runs({ correct: 12, wrong: 0 }, { model, mode: 'multi', condition: 'original' }));
    out.push(...runs({ correct: 7, wrong: 5 }, { model, mode: 'multi', condition: 'retained' }));
    out.push(...runs({ correct: 9, wrong: 3 }, { model, mode: 'multi', condition: 'revised' }));
    out.push(...runs({ correct: 10, wrong: 2 }, { model, mode: 'single', condition: 'original' }));
  }
  return out;
}

/** A promise and its resolver: the test decides when a slow part may finish. */
function gate(): { open: () => void; opened: Promise<void> } {
  let open!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  return { open, opened };
}

/** Snapshots what a stage shows (the report object keeps growing after it). */
const snapshot = (s: StatsStage) =>
  JSON.parse(JSON.stringify({ pending: s.pending, report: { ...s.report, timings: null } })) as {
    pending: string[];
    report: ReturnType<typeof strip>;
  };
const strip = (r: Awaited<ReturnType<typeof computeStats>>) =>
  JSON.parse(JSON.stringify({ ...r, timings: null })) as Record<string, unknown> & {
    inactive: Array<{
      model: string;
      domain: string;
      condition: string;
      new_errors: number;
      with_inactive: number | null;
    }>;
    modelOverall: Array<{ ci?: unknown }>;
    cells: unknown[];
    pairedGaps: unknown[];
  };

describe('computeStatsStaged', () => {
  it('shows the grid and the new-error counts before any read or resample finishes, then each part as it does', async () => {
    const refs = workspace();
    const reads = gate();
    const resamples = gate();
    let readsStarted = 0;
    const hasInactive = async (ref: ConversationRef) => {
      readsStarted++;
      await reads.opened;
      return ref.conv_id.endsWith('1');
    };
    const slowBootstrap: BootstrapRunner = async (jobs, opts) => {
      await resamples.opened;
      return inThreadBootstrap(jobs, opts);
    };
    const stages: Array<ReturnType<typeof snapshot>> = [];
    const done = computeStatsStaged(
      refs,
      { hasInactive, bootstrapRunner: slowBootstrap, bootstrap: { seed: 1, resamples: 200 } },
      (s) => stages.push(snapshot(s)),
    );

    // The first stage is announced synchronously, before any read or resample.
    expect(stages).toHaveLength(1);
    const first = stages[0]!;
    expect(first.pending).toEqual(['inference', 'inactive']);
    expect(first.report.modelOverall.every((c) => c.ci === undefined)).toBe(true);
    expect(first.report.pairedGaps).toEqual([]);

    // The bootstrap finishes first: the intervals arrive while the reads still wait.
    resamples.open();
    await expect.poll(() => stages.length).toBe(2);
    expect(stages[1]!.pending).toEqual(['inactive']);
    expect(stages[1]!.report.modelOverall.some((c) => Array.isArray(c.ci))).toBe(true);
    expect(readsStarted).toBeGreaterThan(0);

    reads.open();
    const report = await done;
    expect(stages).toHaveLength(3);
    expect(stages[2]!.pending).toEqual([]);

    // Nothing shown early changes later, and the finished report is computeStats'.
    const whole = strip(
      await computeStats(refs, {
        hasInactive: async (ref) => ref.conv_id.endsWith('1'),
        bootstrap: { seed: 1, resamples: 200 },
      }),
    );
    expect(strip(report)).toEqual(whole);
    expect(first.report.cells).toEqual(whole.cells);
    const counts = (rows: typeof whole.inactive) =>
      rows.map((r) => `${r.model}|${r.domain}|${r.condition}|${r.new_errors}`);
    expect(counts(first.report.inactive)).toEqual(counts(whole.inactive));
    expect(
      whole.inactive.find((r) => r.model === '*' && r.domain === '*' && r.condition === 'retained')!.new_errors,
    ).toBe(10);
    expect(whole.inactive.some((r) => (r.with_inactive ?? 0) > 0)).toBe(true);
  });

  it('announces the inactive part first when the reads win', async () => {
    const resamples = gate();
    const stages: string[][] = [];
    const done = computeStatsStaged(
      workspace(),
      {
        hasInactive: async () => true,
        bootstrapRunner: async (jobs, opts) => {
          await resamples.opened;
          return inThreadBootstrap(jobs, opts);
        },
      },
      (s) => stages.push([...s.pending]),
    );
    await expect.poll(() => stages.length).toBe(2);
    expect(stages[1]).toEqual(['inference']);
    resamples.open();
    await done;
    expect(stages).toEqual([['inference', 'inactive'], ['inference'], []]);
  });
  it('starts no read and no resample before slowPartsAfter settles (the dashboard: its page shows the grid first)', async () => {
    const shown = gate();
    let reads = 0;
    let resamples = 0;
    const hasInactive = async () => {
      reads++;
      return false;
    };
    const countingBootstrap: BootstrapRunner = async (jobs, opts) => {
      resamples++;
      return inThreadBootstrap(jobs, opts);
    };
    const refs = workspace();
    const stages: string[][] = [];
    const done = computeStatsStaged(
      refs,
      {
        hasInactive,
        bootstrapRunner: countingBootstrap,
        bootstrap: { seed: 1, resamples: 50 },
        slowPartsAfter: shown.opened,
      },
      (s) => stages.push([...s.pending]),
    );
    expect(stages).toEqual([['inference', 'inactive']]);
    // Other work may run meanwhile: nothing of the slow parts does.
    await new Promise((r) => setTimeout(r, 0));
    expect({ reads, resamples, stages: stages.length }).toEqual({ reads: 0, resamples: 0, stages: 1 });
    shown.open();
    const report = await done;
    expect(reads).toBeGreaterThan(0);
    expect(resamples).toBe(1);
    expect(stages.at(-1)).toEqual([]);
    expect(strip(report)).toEqual(
      strip(await computeStats(refs, { hasInactive, bootstrap: { seed: 1, resamples: 50 } })),
    );
  });
});

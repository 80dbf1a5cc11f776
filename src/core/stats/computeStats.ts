// The one function behind the dashboard and `intent-lens stats`: Table 1's grid with n per cell,
// the equal-weight overall, the derived gaps, inactive content in new errors (Fig. 4) and the depth
// curves (Fig. 5 / Table 9), all from ConversationRef summaries. Only the new-error conversations
// are read back (by the injected `hasInactive`), so 100k conversations aggregate in milliseconds.
import type { ConversationRef } from '../load/runLogIndex';
import { addCellIntervals, addInference, type IntervalCache } from './inference';
import {
  collectNewErrors,
  inactiveRows,
  judgeEach,
  judgeNewErrors,
  type JudgeInactive,
  type SourceErrors,
} from './inactiveErrors';
import type { BootstrapRunner } from './bootstrapJobs';
import { coverageNotes } from './coverage';
import { forkStats, isFork } from './forkStats';
import { DEFAULT_BOOTSTRAP, type BootstrapOptions } from './intervals';
import { GRID_COLUMNS, STATS_PARTS, type StatsPart, type StatsReport } from './statsTypes';
import {
  MULTI_SLOT,
  accumulate,
  compareDomains,
  depthCurves,
  gapsOf,
  gridCells,
  modelsAndDomains,
  overallCells,
} from './statsAggregate';

export interface StatsOptions {
  /**
   * Whether a new-error conversation's final answer contains inactive content. Returns undefined
   * (or throws) when it cannot judge. Without it, `with_inactive` is null.
   */
  hasInactive?: (ref: ConversationRef) => Promise<boolean | undefined>;
  /** Parallel reads for `hasInactive`. */
  concurrency?: number;
  /** Judges all new errors in one call instead of `hasInactive` per conversation (the dashboard's runs on a worker thread). */
  judgeInactive?: JudgeInactive;
  /** Only these models (e.g. the eight of the paper's overall); default all. */
  models?: readonly string[];
  /** Adds the evolving-intent analysis under `evolving`. */
  evolving?: (refs: readonly ConversationRef[]) => unknown;
  /** Seed and resample count of the bootstrap intervals (default: a fixed seed, 1000 resamples). */
  bootstrap?: BootstrapOptions;
  /** Keeps bootstrap intervals between computations (the dashboard recomputes on every change). */
  intervalCache?: IntervalCache;
  /** Where the bootstrap resampling runs (default: this thread; the dashboard's: a worker thread). */
  bootstrapRunner?: BootstrapRunner;
  /**
   * The slow parts (intervals, inactive-content reads) start once this settles, after the first
   * stage: the dashboard holds them until its page shows the grid, so seconds of resampling and
   * reads do not compete with the page's load on a small machine.
   */
  slowPartsAfter?: Promise<unknown>;
}

/** A stage of a report: the report so far and the parts not in it yet (empty: complete). */
export interface StatsStage {
  report: StatsReport;
  pending: readonly StatsPart[];
}

/**
 * computeStats in stages: first the grid, overall, gaps, depth curves, totals, forks, coverage, cell
 * intervals, the new-error counts and the evolving analysis (one pass over the summaries, no reads),
 * then, as each finishes, the bootstrap intervals with the paired tests ('inference') and the
 * inactive-content verdicts of the new errors ('inactive'). `onStage` sees the same report object
 * grow; the resolved report equals computeStats'.
 */
export async function computeStatsStaged(
  conversations: readonly ConversationRef[],
  opts: StatsOptions = {},
  onStage?: (stage: StatsStage) => void,
): Promise<StatsReport> {
  const t0 = performance.now();
  const onlyModels = opts.models ? new Set(opts.models) : undefined;

  // Forks are not benchmark runs: out of every cell, test and curve, counted and summarised apart.
  const benchmark = conversations.filter((r) => !isFork(r));
  const forks = forkStats(conversations, onlyModels);
  const totals = {
    conversations: 0,
    scored: 0,
    unscored: 0,
    gridConversations: 0,
    pathConversations: 0,
    ignored: 0,
    forks: forks.reduce((n, r) => n + r.forks, 0),
  };
  const accs = accumulate(benchmark, onlyModels, totals);
  const { models, domains } = modelsAndDomains(accs);
  const { cells, modelOverall, pooledByModel } = gridCells(accs, models, domains);
  const overall = overallCells(pooledByModel);
  const gaps = gapsOf(overall, models, pooledByModel);
  const depthPoints = depthCurves(accs, models);
  const scope = onlyModels ? benchmark.filter((r) => onlyModels.has(r.model)) : benchmark;
  addCellIntervals(cells);

  // Fig. 4: among sources correct in Original (every scored Original run correct), the conversations
  // that are wrong in Retained or Revised; the detector reads only those (a later stage).
  const newErrors = collectNewErrors(
    [...accs].map(
      ([model, a]) =>
        [model, [...a.sources.values()].map((s) => ({ ...s, original: s.multi[MULTI_SLOT.original!]! }))] as [
          string,
          SourceErrors[],
        ],
    ),
    opts.hasInactive !== undefined || opts.judgeInactive !== undefined,
    compareDomains,
  );

  const report: StatsReport = {
    models,
    domains,
    columns: [...GRID_COLUMNS],
    cells,
    overall,
    modelOverall,
    gaps,
    pairedGaps: [],
    modelPairs: [],
    coverage: coverageNotes({ models, domains, cells }),
    bootstrap: opts.bootstrap ?? DEFAULT_BOOTSTRAP,
    inactive: inactiveRows(newErrors.perModel, compareDomains),
    depth: depthPoints,
    totals,
    forks,
    timings: { aggregateMs: performance.now() - t0, inactiveMs: 0 },
  };
  if (opts.evolving) report.evolving = opts.evolving(scope);

  // The slow parts run side by side (the bootstrap on its runner, the reads here); each one that
  // finishes is announced with what is still pending.
  const pending = new Set<StatsPart>(STATS_PARTS);
  onStage?.({ report, pending: [...pending] });
  await opts.slowPartsAfter?.catch(() => undefined);
  const done = (part: StatsPart) => {
    pending.delete(part);
    onStage?.({ report, pending: [...pending] });
  };
  const inference = (async () => {
    const r = await addInference(
      scope,
      { models, cells, modelOverall, overall },
      opts.bootstrap,
      opts.intervalCache,
      opts.bootstrapRunner,
    );
    report.pairedGaps = r.pairedGaps;
    report.modelPairs = r.modelPairs;
    report.bootstrap = r.bootstrap;
    report.timings.aggregateMs = performance.now() - t0;
    done('inference');
  })();
  const inactive = (async () => {
    const t1 = performance.now();
    const judge = opts.judgeInactive ?? (opts.hasInactive ? judgeEach(opts.hasInactive, opts.concurrency) : undefined);
    if (judge) {
      await judgeNewErrors(newErrors, judge);
      report.inactive = inactiveRows(newErrors.perModel, compareDomains);
    }
    report.timings.inactiveMs = performance.now() - t1;
    done('inactive');
  })();
  await Promise.all([inference, inactive]);
  return report;
}

/** The whole report at once (the CLI, exports): every stage of computeStatsStaged. */
export function computeStats(conversations: readonly ConversationRef[], opts: StatsOptions = {}): Promise<StatsReport> {
  return computeStatsStaged(conversations, opts);
}

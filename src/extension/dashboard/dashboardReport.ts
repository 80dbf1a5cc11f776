// Computes the dashboard's report from the workspace data with the same computeStats and detector
// wiring as the CLI, in stages: the grid and counts first (milliseconds, from the summaries), then
// the bootstrap intervals and the inactive-content check as each finishes. The stats outlive a
// panel: a reopen with unchanged data shows the last report at once. New-error verdicts of the
// inactive-content check are cached per conversation line, so a growing log only reads the
// conversations that newly turned into new errors.
import * as z from 'zod/mini';
import type { WorkspaceData } from '../data/workspaceData';
import type { ConversationRef } from '../../core/load/runLogIndex';
import { computeStatsStaged, type StatsStage } from '../../core/stats/computeStats';
import type { IntervalCache } from '../../core/stats/inference';
import { statsDetectors } from '../../core/stats/statsDetectors';
import { judgeEach, type JudgeInactive } from '../../core/stats/inactiveErrors';
import type { BenchmarkRecord } from '../../core/schema/records';
import { BootstrapThread } from '../../core/stats/bootstrapThread';
import type { StatsReport } from '../../core/stats/statsTypes';
import { scenarioOf, transitionCounts } from '../../core/stats/evolving';
import type { EvolvingPlan } from '../../core/schema/evolving';
import { describeRescoreCounts } from '../../core/workspace/verdicts';
import { DashboardEvolvingSchema, type DashboardReport } from '../../shared/protocol/dashboard';
import type { VerdictMode } from '../../core/annotations/adjudication';
import { adjudicationSummary, agreementSummary } from './dashboardAnnotations';

/** The evolving analysis as computeStats gives it (without the plans, added here): built once, on first use. */
let evolvingAnalysisSchema: ReturnType<typeof z.omit<typeof DashboardEvolvingSchema, { plans: true }>> | undefined;

/** One computation of the report, for one version of the data. */
interface StatsRun {
  generation: number;
  /** Its first stage (the grid): what a panel opens with. */
  first: Promise<StatsStage>;
  /** The complete report. */
  done: Promise<StatsReport>;
}

export class DashboardStats {
  private readonly inactiveCache = new Map<string, boolean | undefined>();
  /** Bootstrap intervals by series and counts: a recompute resamples only what changed. */
  private readonly intervalCache: IntervalCache = new Map();
  /** The resampling runs here, off the extension host's thread (seconds at 100k runs). */
  readonly bootstrap = new BootstrapThread();
  /** Bumped on every data change: a run of an older generation is stale. */
  private generation = 0;
  private run: StatsRun | undefined;
  private latest: StatsStage | undefined;
  private readonly listeners = new Set<(stage: StatsStage) => void>();
  /** The inactive-content detector of the last computation. */
  detectorName = 'none';
  /** What the next computation's slow parts wait for (see `holdSlowPartsUntil`). */
  private slowPartsGate: Promise<unknown> | undefined;
  /** Which verdicts the report counts: adjudicated (human overrides win, the default) or machine. */
  private mode: VerdictMode = 'adjudicated';
  /** The annotation parts of the report, for one generation and mode. */
  private annotationParts: { key: string; parts: Pick<DashboardReport, 'adjudication' | 'agreement'> } | undefined;

  constructor(private readonly data: WorkspaceData) {}

  /** The latest stage's report (with Fig. 4 id lists), for click-through. */
  get report(): StatsReport | undefined {
    return this.latest?.report;
  }

  /**
   * The next computation starts its slow parts (intervals, Fig. 4's reads) only once `until`
   * settles: a panel being opened holds them until its page shows the grid.
   */
  holdSlowPartsUntil(until: Promise<unknown>): void {
    // A report already computed (or being computed) for the current data is shown as it is.
    if (this.run?.generation !== this.generation) this.slowPartsGate = until;
  }

  get verdictMode(): VerdictMode {
    return this.mode;
  }

  /** Counts the adjudicated or the machine verdicts from the next computation on. */
  setVerdictMode(mode: VerdictMode): void {
    if (mode === this.mode) return;
    this.mode = mode;
    this.invalidate();
  }

  /** What overrides changed and the annotators' agreement, for the current data (computed once per change). */
  annotationSummary(): Pick<DashboardReport, 'adjudication' | 'agreement'> {
    const key = `${this.generation}|${this.mode}`;
    if (this.annotationParts?.key !== key)
      this.annotationParts = {
        key,
        parts: { adjudication: adjudicationSummary(this.data, this.mode), agreement: agreementSummary(this.data) },
      };
    return this.annotationParts.parts;
  }

  /** The data changed: the next request computes anew (a run in progress stops reading). */
  invalidate(): void {
    this.generation++;
  }

  /** Every stage of the current data's computation as it arrives. */
  onStage(listener: (stage: StatsStage) => void): { dispose: () => void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  /** The latest stage for the current data: cached, or the first stage of a new computation. */
  async current(): Promise<StatsStage> {
    const run = this.ensureRun();
    const first = await run.first;
    // A later stage of the same run may already be in.
    return run === this.run && this.latest && this.latest.report === first.report ? this.latest : first;
  }

  /** The complete report for the current data. */
  complete(): Promise<StatsReport> {
    return this.ensureRun().done;
  }

  /** Recomputes from scratch (callers that changed the data without an event). */
  compute(): Promise<StatsReport> {
    this.invalidate();
    return this.complete();
  }

  private ensureRun(): StatsRun {
    if (this.run?.generation === this.generation) return this.run;
    const generation = this.generation;
    let announceFirst!: (stage: StatsStage) => void;
    const first = new Promise<StatsStage>((resolve) => (announceFirst = resolve));
    const done = this.computeRun(generation, (stage) => {
      announceFirst(stage);
      if (generation !== this.generation) return;
      this.latest = stage;
      for (const l of this.listeners) l(stage);
    });
    const run: StatsRun = {
      generation,
      first: Promise.race([first, done.then((r) => ({ report: r, pending: [] }))]),
      done,
    };
    // A failed run is not cached: the next request tries again.
    done.catch(() => {
      if (this.run === run) this.run = undefined;
    });
    this.run = run;
    return run;
  }

  private async computeRun(generation: number, onStage: (stage: StatsStage) => void): Promise<StatsReport> {
    await this.data.ensureLoaded();
    const records = this.data.records();
    const wired = statsDetectors((id) => records.get(id)?.record, this.plans());
    this.detectorName = wired.detectorName;
    const detect = wired.hasInactive;
    const { detectorName: _name, close, ...options } = wired;
    const slowPartsAfter = this.slowPartsGate;
    this.slowPartsGate = undefined;
    // Unbounded but small: one entry per (series, counts) seen; dropped when it outgrows a full report many times over.
    if (this.intervalCache.size > 5000) this.intervalCache.clear();
    try {
      // Current verdicts: re-scored where re-scored and (adjudicated) a human override where there is
      // one, so the grid agrees with the tree and the status bar.
      return await computeStatsStaged(
        this.data.conversationsWithCurrentVerdicts(this.mode),
        {
          ...options,
          intervalCache: this.intervalCache,
          bootstrapRunner: this.bootstrap.run,
          ...(slowPartsAfter ? { slowPartsAfter } : {}),
          ...(detect ? { judgeInactive: this.judgeInactive(generation, detect, (id) => records.get(id)?.record) } : {}),
        },
        onStage,
      );
    } finally {
      await close();
    }
  }

  /**
   * Fig. 4's check for one run: cached verdicts as they are, the rest judged on the stats worker
   * thread (in this thread, a read at a time, without it). A stale run judges nothing.
   */
  private judgeInactive(
    generation: number,
    detect: (ref: ConversationRef) => Promise<boolean | undefined>,
    recordOf: (taskId: string) => BenchmarkRecord | undefined,
  ): JudgeInactive {
    const key = (r: ConversationRef) => `${r.file}\u0000${r.offset}\u0000${r.length}`;
    return async (refs) => {
      const todo = refs.filter((r) => !this.inactiveCache.has(key(r)));
      const verdicts =
        (await this.bootstrap.inactive(todo, recordOf)) ??
        (await judgeEach(async (ref) => (generation === this.generation ? detect(ref) : undefined))(todo));
      // A stale run's verdicts are never shown; only a current one's are kept.
      if (generation === this.generation) todo.forEach((r, i) => this.inactiveCache.set(key(r), verdicts[i]));
      const fresh = new Map(todo.map((r, i) => [r, verdicts[i]]));
      return refs.map((r) => (fresh.has(r) ? fresh.get(r) : this.inactiveCache.get(key(r))));
    };
  }

  /** What the verdicts counted are, for the header: logged only, or how many were re-scored and changed, and overridden. */
  verdictNote(): string {
    const inWorkspace = new Set(this.data.conversations().map((r) => r.conv_id));
    const rescored = this.data.verdicts.all().filter((r) => inWorkspace.has(r.conv_id));
    const machine = rescored.length
      ? `verdicts: ${describeRescoreCounts(rescored)} (kept logged)`
      : 'verdicts as logged';
    // Counted adjudicated, the overrides are part of what the verdicts are.
    const overrides = this.mode === 'adjudicated' ? (this.annotationSummary().adjudication?.overrides ?? 0) : 0;
    return overrides ? `${machine} + ${overrides} human override${overrides === 1 ? '' : 's'}` : machine;
  }

  dispose(): void {
    this.listeners.clear();
    this.bootstrap.dispose();
  }

  /** The plans the last computation counted (for the evolving section and its click-through). */
  plans(): EvolvingPlan[] {
    return [...this.data.plans().values()].map((p) => p.plan);
  }

  /** The report as the webview gets it: no id lists, plus which detector ran and each plan's transition counts. */
  static forWebview(
    r: StatsReport,
    detector: string,
    plans: readonly EvolvingPlan[] = [],
    diffChoices: Pick<DashboardReport, 'logFolders' | 'forkBatches' | 'rescoredRuns'> = {
      logFolders: [],
      forkBatches: [],
      rescoredRuns: 0,
    },
    verdicts?: string,
    pending: StatsStage['pending'] = [],
    annotations: Pick<DashboardReport, 'adjudication' | 'agreement'> = {},
  ): DashboardReport {
    // computeStats types `evolving` loosely (it is an injected analysis); validate before it travels.
    evolvingAnalysisSchema ??= z.omit(DashboardEvolvingSchema, { plans: true });
    const parsed = evolvingAnalysisSchema.safeParse(r.evolving);
    const evolving = parsed.success
      ? {
          ...parsed.data,
          plans: plans.map((p) => ({ task_id: p.task_id, scenario: scenarioOf(p), ...transitionCounts(p) })),
        }
      : null;
    return {
      models: r.models,
      domains: r.domains,
      columns: r.columns,
      cells: r.cells,
      overall: r.overall,
      modelOverall: r.modelOverall,
      gaps: r.gaps,
      pairedGaps: r.pairedGaps,
      modelPairs: r.modelPairs,
      coverage: r.coverage,
      bootstrap: r.bootstrap,
      ...diffChoices,
      inactive: r.inactive.map(({ conv_ids: _ids, inactive_conv_ids: _inactive, ...rest }) => rest),
      depth: r.depth,
      totals: r.totals,
      forks: r.forks,
      timings: r.timings,
      detector,
      evolving,
      ...(verdicts ? { verdicts } : {}),
      ...annotations,
      pending: [...pending],
    };
  }
}

// Computes the dashboard's report from the workspace data with the same computeStats and detector
// wiring as the CLI. New-error verdicts of the inactive-content check are cached per conversation
// line, so a growing log only reads the conversations that newly turned into new errors.
import type { WorkspaceData } from '../data/workspaceData';
import type { ConversationRef } from '../../core/load/runLogIndex';
import { computeStats } from '../../core/stats/computeStats';
import type { IntervalCache } from '../../core/stats/inference';
import { statsDetectors } from '../../core/stats/statsDetectors';
import { BootstrapThread } from '../../core/stats/bootstrapThread';
import type { StatsReport } from '../../core/stats/statsTypes';
import { scenarioOf, transitionCounts } from '../../core/stats/evolving';
import type { EvolvingPlan } from '../../core/schema/evolving';
import { describeRescoreCounts } from '../../core/workspace/verdicts';
import { DashboardEvolvingSchema, type DashboardReport } from '../../shared/protocol/dashboard';

export class DashboardStats {
  private readonly inactiveCache = new Map<string, boolean | undefined>();
  /** Bootstrap intervals by series and counts: a recompute resamples only what changed. */
  private readonly intervalCache: IntervalCache = new Map();
  /** The resampling runs here, off the extension host's thread (seconds at 100k runs). */
  readonly bootstrap = new BootstrapThread();
  private last: StatsReport | undefined;
  /** The inactive-content detector of the last computation. */
  detectorName = 'none';

  constructor(private readonly data: WorkspaceData) {}

  /** The last full report (with Fig. 4 id lists), for click-through. */
  get report(): StatsReport | undefined {
    return this.last;
  }

  async compute(): Promise<StatsReport> {
    await this.data.ensureLoaded();
    const records = this.data.records();
    const wired = statsDetectors((id) => records.get(id)?.record, this.plans());
    this.detectorName = wired.detectorName;
    const detect = wired.hasInactive;
    const cacheKey = (r: ConversationRef) => `${r.file}\u0000${r.offset}\u0000${r.length}`;
    const { detectorName: _name, close, ...options } = wired;
    // Unbounded but small: one entry per (series, counts) seen; dropped when it outgrows a full report many times over.
    if (this.intervalCache.size > 5000) this.intervalCache.clear();
    // Current verdicts: re-scored where re-scored, so the grid agrees with the tree and the status bar.
    const report = await computeStats(this.data.conversationsWithCurrentVerdicts(), {
      ...options,
      intervalCache: this.intervalCache,
      bootstrapRunner: this.bootstrap.run,
      ...(detect
        ? {
            hasInactive: async (ref: ConversationRef) => {
              const key = cacheKey(ref);
              if (this.inactiveCache.has(key)) return this.inactiveCache.get(key);
              const v = await detect(ref);
              this.inactiveCache.set(key, v);
              return v;
            },
          }
        : {}),
    });
    await close();
    this.last = report;
    return report;
  }

  /** What the verdicts counted are, for the header: logged only, or how many were re-scored and changed. */
  verdictNote(): string {
    const inWorkspace = new Set(this.data.conversations().map((r) => r.conv_id));
    const rescored = this.data.verdicts.all().filter((r) => inWorkspace.has(r.conv_id));
    return rescored.length ? `verdicts: ${describeRescoreCounts(rescored)} (kept logged)` : 'verdicts as logged';
  }

  dispose(): void {
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
    diffChoices: Pick<DashboardReport, 'logFolders' | 'forkBatches' | 'rescoredRuns'> = { logFolders: [], forkBatches: [], rescoredRuns: 0 },
    verdicts?: string,
  ): DashboardReport {
    // computeStats types `evolving` loosely (it is an injected analysis); validate before it travels.
    const parsed = DashboardEvolvingSchema.omit({ plans: true }).safeParse(r.evolving);
    const evolving = parsed.success ? { ...parsed.data, plans: plans.map((p) => ({ task_id: p.task_id, scenario: scenarioOf(p), ...transitionCounts(p) })) } : null;
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
    };
  }
}

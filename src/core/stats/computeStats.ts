// The one function behind the dashboard and `intent-lens stats`: Table 1's grid with n per cell,
// the equal-weight overall, the derived gaps, inactive content in new errors (Fig. 4) and the depth
// curves (Fig. 5 / Table 9), all from ConversationRef summaries. Only the new-error conversations
// are read back (by the injected `hasInactive`), so 100k conversations aggregate in milliseconds.
import type { ConversationRef } from '../load/runLogIndex';
import { PATHS, type ExtendedPath } from '../schema/runlog';
import { pathCondition } from '../render/instances';
import { GAP_DEFS, columnIndex } from './statsColumns';
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
import {
  GRID_COLUMNS,
  STATS_PARTS,
  accuracyOf,
  type DepthPoint,
  type Gap,
  type GridCell,
  type GridColumn,
  type ModelOverallCell,
  type OverallCell,
  type StatsPart,
  type StatsReport,
  type Tally,
} from './statsTypes';

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

const DOMAIN_ORDER = ['math', 'code', 'database', 'actions'];

function compareDomains(a: string, b: string): number {
  const ia = DOMAIN_ORDER.indexOf(a);
  const ib = DOMAIN_ORDER.indexOf(b);
  if (ia >= 0 || ib >= 0) return (ia < 0 ? 99 : ia) - (ib < 0 ? 99 : ib);
  return a.localeCompare(b);
}

const newTally = (): Tally => ({ n: 0, correct: 0, unscored: 0 });

function addVerdict(t: Tally, verdict: ConversationRef['verdict']): void {
  if (verdict === 'unscored') t.unscored++;
  else {
    t.n++;
    if (verdict === 'correct') t.correct++;
  }
}

function addTally(into: Tally, t: Tally): void {
  into.n += t.n;
  into.correct += t.correct;
  into.unscored += t.unscored;
}

function getOrCreate<K, V>(m: Map<K, V>, k: K, make: () => V): V {
  let v = m.get(k);
  if (v === undefined) m.set(k, (v = make()));
  return v;
}

const SINGLE_ORIGINAL = 0;

/** One source of one model in multi-turn base runs: tallies per condition and its Retained/Revised errors. */
interface SourceAcc {
  domain: string;
  /** Tallies for multi original, neutral, retained, revised (depth k = 0 fallback). */
  multi: Tally[];
  retainedErrors: ConversationRef[];
  revisedErrors: ConversationRef[];
}

/** One extended path of one model: tallies per k and the sources that ran it (its cohort). */
interface PathAcc {
  byK: Array<Tally | undefined>;
  cohort: Set<string>;
}

/** Everything one model contributes, nested so the hot loop builds no string keys. */
interface ModelAcc {
  byDomain: Map<string, Tally[]>;
  sources: Map<string, SourceAcc>;
  paths: Map<ExtendedPath, PathAcc>;
}

const MULTI_SLOT: Record<string, number> = { original: 0, neutral: 1, retained: 2, revised: 3 };

const diff = (a: number | null | undefined, b: number | null | undefined): number | null =>
  a == null || b == null ? null : a - b;

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

  // One pass: grid tallies per model → domain → column, per-source tallies, depth tallies.
  const accs = new Map<string, ModelAcc>();
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
  let lastModel: string | undefined;
  let acc: ModelAcc | undefined;

  for (const ref of benchmark) {
    const model = ref.model;
    if (onlyModels && !onlyModels.has(model)) continue;
    totals.conversations++;
    if (ref.verdict === 'unscored') totals.unscored++;
    else totals.scored++;
    // Refs come grouped by file, so usually by model: skip the lookup while it repeats.
    if (model !== lastModel || !acc) {
      acc = getOrCreate(accs, model, () => ({ byDomain: new Map(), sources: new Map(), paths: new Map() }));
      lastModel = model;
    }
    if (ref.path !== undefined) {
      if (ref.mode !== 'multi') {
        totals.ignored++;
        continue;
      }
      totals.pathConversations++;
      const k = ref.k ?? 0;
      const p = getOrCreate(acc.paths, ref.path, () => ({ byK: [], cohort: new Set<string>() }));
      addVerdict((p.byK[k] ??= newTally()), ref.verdict);
      p.cohort.add(ref.task_id);
      continue;
    }
    const col = columnIndex(ref.mode, ref.condition);
    if (col < 0) {
      totals.ignored++;
      continue;
    }
    totals.gridConversations++;
    const row = getOrCreate(acc.byDomain, ref.task, () => GRID_COLUMNS.map(newTally));
    addVerdict(row[col]!, ref.verdict);
    if (ref.mode !== 'multi') continue;
    const src = getOrCreate(acc.sources, ref.task_id, () => ({
      domain: ref.task,
      multi: [newTally(), newTally(), newTally(), newTally()],
      retainedErrors: [],
      revisedErrors: [],
    }));
    addVerdict(src.multi[MULTI_SLOT[ref.condition]!]!, ref.verdict);
    if (ref.verdict === 'incorrect') {
      if (ref.condition === 'retained') src.retainedErrors.push(ref);
      else if (ref.condition === 'revised') src.revisedErrors.push(ref);
    }
  }

  // Models with Table 1 or depth runs (an evolving-only model is not one of the grid's terms).
  const models = [...accs.entries()]
    .filter(([, a]) => a.byDomain.size > 0 || a.paths.size > 0)
    .map(([m]) => m)
    .sort((a, b) => a.localeCompare(b));
  const domainSet = new Set<string>();
  for (const a of accs.values()) for (const d of a.byDomain.keys()) domainSet.add(d);
  const domains = [...domainSet].sort(compareDomains);

  // Grid cells, and each model pooled over its domains.
  const cells: GridCell[] = [];
  const modelOverall: ModelOverallCell[] = [];
  const pooledByModel = new Map<string, Tally[]>();
  for (const model of models) {
    const byDomain = accs.get(model)!.byDomain;
    const pooled = GRID_COLUMNS.map(newTally);
    pooledByModel.set(model, pooled);
    for (const domain of domains) {
      const row = byDomain.get(domain);
      if (!row) continue; // a model without runs in a domain has no row, not a row of zeros
      const base = accuracyOf(row[SINGLE_ORIGINAL]!);
      GRID_COLUMNS.forEach((c, i) => {
        const t = row[i]!;
        addTally(pooled[i]!, t);
        if (t.n === 0 && t.unscored === 0) return; // missing cell
        const accuracy = accuracyOf(t);
        cells.push({
          model,
          domain,
          mode: c.mode,
          condition: c.condition,
          ...t,
          accuracy,
          deltaFromSingleOriginal: diff(accuracy, base),
        });
      });
    }
    GRID_COLUMNS.forEach((c, i) => {
      const t = pooled[i]!;
      if (t.n === 0 && t.unscored === 0) return;
      modelOverall.push({ model, mode: c.mode, condition: c.condition, ...t, accuracy: accuracyOf(t) });
    });
  }

  // Overall: the mean of the models' pooled accuracies (each model weighs the same).
  const overall: OverallCell[] = GRID_COLUMNS.map((c, i) => {
    let sum = 0;
    let terms = 0;
    const total = newTally();
    for (const pooled of pooledByModel.values()) {
      const t = pooled[i]!;
      addTally(total, t);
      const a = accuracyOf(t);
      if (a !== null) {
        sum += a;
        terms++;
      }
    }
    return {
      mode: c.mode,
      condition: c.condition,
      accuracy: terms ? sum / terms : null,
      models: terms,
      n: total.n,
      correct: total.correct,
      unscored: total.unscored,
      deltaFromSingleOriginal: null,
    };
  });
  for (const o of overall) o.deltaFromSingleOriginal = diff(o.accuracy, overall[SINGLE_ORIGINAL]!.accuracy);

  // Derived gaps, overall and per model.
  const gaps: Gap[] = [];
  const colIdx = (c: GridColumn) => columnIndex(c.mode, c.condition);
  for (const g of GAP_DEFS)
    gaps.push({
      ...g,
      scope: 'overall',
      drop: diff(overall[colIdx(g.from)]!.accuracy, overall[colIdx(g.to)]!.accuracy),
    });
  for (const model of models) {
    const pooled = pooledByModel.get(model)!;
    for (const g of GAP_DEFS)
      gaps.push({
        ...g,
        scope: model,
        drop: diff(accuracyOf(pooled[colIdx(g.from)]!), accuracyOf(pooled[colIdx(g.to)]!)),
      });
  }

  // Depth curves per model and path; k = 0 falls back to the base condition over the path's cohort.
  const depthPoints: DepthPoint[] = [];
  const pooledDepth = new Map<string, { t: Tally; source: DepthPoint['source'] }>();
  for (const model of models) {
    const a = accs.get(model)!;
    for (const path of PATHS) {
      const p = a.paths.get(path);
      if (!p) continue;
      for (let k = 0; k <= 4; k++) {
        let t = p.byK[k];
        let source: DepthPoint['source'] = 'path';
        if (k === 0 && !t) {
          t = newTally();
          const slot = MULTI_SLOT[pathCondition(path, 0)]!;
          for (const taskId of p.cohort) {
            const b = a.sources.get(taskId)?.multi[slot];
            if (b) addTally(t, b);
          }
          source = 'base-condition';
        }
        if (!t || (t.n === 0 && t.unscored === 0)) continue;
        depthPoints.push({ model, path, k, ...t, accuracy: accuracyOf(t), source });
        const pooledPoint = getOrCreate(pooledDepth, `${path}\u0000${k}`, () => ({ t: newTally(), source }));
        addTally(pooledPoint.t, t);
        if (source === 'base-condition') pooledPoint.source = source;
      }
    }
  }
  for (const path of PATHS) {
    for (let k = 0; k <= 4; k++) {
      const p = pooledDepth.get(`${path}\u0000${k}`);
      if (p)
        depthPoints.push({
          model: '*',
          path: path as ExtendedPath,
          k,
          ...p.t,
          accuracy: accuracyOf(p.t),
          source: p.source,
        });
    }
  }
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

// Uncertainty and paired tests on top of the grid: a Wilson interval per cell, bootstrap intervals
// over sources for each model pooled and for the equal-weight overall, the derived gaps tested on
// paired sources (exact McNemar, Holm), and every pair of models on the same sources per column.
// It reads the same conversation summaries the grid counts, one more pass, no file reads.
import type { ConversationRef } from '../load/runLogIndex';
// Slices of synchronous work let the event loop turn between them: the dashboard runs this on the host's thread.
import { nextTurn } from '../load/steps';
import {
  GRID_COLUMNS,
  type GridCell,
  type Interval,
  type ModelOverallCell,
  type ModelPairTest,
  type OverallCell,
  type PairedGapTest,
  type PairedTest,
} from './statsTypes';
import { GAP_DEFS, columnIndex } from './statsColumns';
import { DEFAULT_BOOTSTRAP, wilsonInterval, type BootstrapOptions, type SourceCount } from './intervals';
import { inThreadBootstrap, toPercent, type BootstrapJob, type BootstrapRunner } from './bootstrapJobs';
import {
  addPair,
  addTable,
  emptyPairedTable,
  holmSignificant,
  mcnemarExact,
  pairedDeltaPp,
  type PairedTable,
} from './pairedTests';

/** Per model, per Table 1 column: each source's scored runs. */
export type SourceCounts = Map<string, Array<Map<string, SourceCount>>>;

/** The per-source counts behind the grid (base-condition runs only, unscored left out). */
export function sourceCounts(refs: readonly ConversationRef[]): SourceCounts {
  const out: SourceCounts = new Map();
  for (const ref of refs) {
    if (ref.path !== undefined || ref.verdict === 'unscored') continue;
    const col = columnIndex(ref.mode, ref.condition);
    if (col < 0) continue;
    let byCol = out.get(ref.model);
    if (!byCol) out.set(ref.model, (byCol = GRID_COLUMNS.map(() => new Map<string, SourceCount>())));
    const m = byCol[col]!;
    let c = m.get(ref.task_id);
    if (!c) m.set(ref.task_id, (c = { correct: 0, n: 0 }));
    c.n++;
    if (ref.verdict === 'correct') c.correct++;
  }
  return out;
}

/** A source counts as correct when more than half of its scored runs are (one run: that run). */
export const sourceCorrect = (c: SourceCount): boolean => 2 * c.correct > c.n;

function pairTable(from: ReadonlyMap<string, SourceCount>, to: ReadonlyMap<string, SourceCount>): PairedTable {
  const t = emptyPairedTable();
  for (const [taskId, a] of from) {
    const b = to.get(taskId);
    if (b && a.n > 0 && b.n > 0) addPair(t, sourceCorrect(a), sourceCorrect(b));
  }
  return t;
}

const tested = (t: PairedTable): Omit<PairedTest, 'holm_significant'> => ({
  ...t,
  delta_pp: pairedDeltaPp(t),
  p_mcnemar: t.n > 0 ? mcnemarExact(t.only_from, t.only_to) : null,
});

function withHolm<T extends Omit<PairedTest, 'holm_significant'>>(
  tests: T[],
): Array<T & { holm_significant: boolean }> {
  const sig = holmSignificant(tests.map((t) => t.p_mcnemar));
  return tests.map((t, i) => ({ ...t, holm_significant: sig[i]! }));
}

export interface Inference {
  pairedGaps: PairedGapTest[];
  modelPairs: ModelPairTest[];
  bootstrap: BootstrapOptions;
}

/**
 * Bootstrap intervals already computed, by series and a fingerprint of its counts: a dashboard that
 * recomputes on every appended run resamples only the series whose counts changed.
 */
export type IntervalCache = Map<string, Interval>;

/** FNV-1a over a series' counts (in a fixed order) and the bootstrap options. */
function fingerprint(parts: Iterable<[string, SourceCount]>, bootstrap: BootstrapOptions): string {
  let h = 0x811c9dc5;
  const mix = (s: string) => {
    for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  };
  mix(`${bootstrap.seed}|${bootstrap.resamples}`);
  let count = 0;
  for (const [k, c] of parts) {
    mix(`${k}:${c.correct}/${c.n};`);
    count++;
  }
  return `${count}:${h.toString(36)}`;
}

/** Bootstrap intervals to set: from the cache, or as jobs for one runner call. */
class IntervalBatch {
  private readonly jobs: BootstrapJob[] = [];
  private readonly targets: Array<{ key: string; set: (ci: Interval) => void }> = [];

  constructor(private readonly cache: IntervalCache | undefined) {}

  add(key: string, set: (ci: Interval) => void, job: () => BootstrapJob): void {
    if (this.cache?.has(key)) return set(this.cache.get(key)!);
    this.jobs.push(job());
    this.targets.push({ key, set });
  }

  async run(runner: BootstrapRunner, opts: BootstrapOptions): Promise<void> {
    const intervals = await runner(this.jobs, opts);
    this.targets.forEach((t, i) => {
      const ci = intervals[i] ?? null;
      this.cache?.set(t.key, ci);
      t.set(ci);
    });
  }
}

/** Sets each cell's Wilson interval (closed form: part of the grid's first stage). */
export function addCellIntervals(cells: GridCell[]): void {
  for (const cell of cells) cell.ci = toPercent(wilsonInterval(cell.correct, cell.n));
}

/**
 * Sets `ci` on the pooled cells and overall cells (the cells' own come from addCellIntervals), and returns the paired tests. The
 * bootstrap runs through `runner` (the dashboard's is a worker thread), all series in one call.
 */
export async function addInference(
  refs: readonly ConversationRef[],
  report: { models: readonly string[]; cells: GridCell[]; modelOverall: ModelOverallCell[]; overall: OverallCell[] },
  bootstrap: BootstrapOptions = DEFAULT_BOOTSTRAP,
  cache?: IntervalCache,
  runner: BootstrapRunner = inThreadBootstrap,
): Promise<Inference> {
  const counts = sourceCounts(refs);
  await nextTurn();
  const colOf = (c: { mode: string; condition: string }) => columnIndex(c.mode, c.condition);
  const batch = new IntervalBatch(cache);
  for (const pooled of report.modelOverall) {
    const byTask = counts.get(pooled.model)?.[colOf(pooled)] ?? new Map<string, SourceCount>();
    const series = `pooled|${pooled.model}|${pooled.mode}|${pooled.condition}`;
    batch.add(
      `${series}|${fingerprint(byTask, bootstrap)}`,
      (ci) => (pooled.ci = ci),
      () => ({ kind: 'pooled', series, sources: [...byTask.values()] }),
    );
  }
  await nextTurn();
  report.overall.forEach((o) => {
    const col = colOf(o);
    const union = new Map<string, number>();
    const byModel: Array<Map<number, SourceCount>> = [];
    const keyed: Array<[string, SourceCount]> = [];
    for (const model of report.models) {
      const m = counts.get(model)?.[col];
      if (!m || m.size === 0) continue;
      const indexed = new Map<number, SourceCount>();
      // Sorted so the union's order (and so the resampling) does not depend on log order.
      for (const taskId of [...m.keys()].sort()) {
        let idx = union.get(taskId);
        if (idx === undefined) union.set(taskId, (idx = union.size));
        indexed.set(idx, m.get(taskId)!);
        keyed.push([`${model}\u0000${taskId}`, m.get(taskId)!]);
      }
      byModel.push(indexed);
    }
    const series = `overall|${o.mode}|${o.condition}`;
    batch.add(
      `${series}|${fingerprint(keyed, bootstrap)}`,
      (ci) => (o.ci = ci),
      () => ({ kind: 'equal-weight', series, unionSize: union.size, byModel }),
    );
  });
  await batch.run(runner, bootstrap);

  // Derived gaps: per model on its paired sources; overall on every model's pairs together.
  const gapTests: Array<Omit<PairedGapTest, 'holm_significant'>> = [];
  for (const g of GAP_DEFS) {
    await nextTurn();
    const total = emptyPairedTable();
    const perModel: Array<Omit<PairedGapTest, 'holm_significant'>> = [];
    for (const model of report.models) {
      const byCol = counts.get(model);
      if (!byCol) continue;
      const t = pairTable(byCol[colOf(g.from)]!, byCol[colOf(g.to)]!);
      addTable(total, t);
      perModel.push({ id: g.id, label: g.label, model, from: g.from, to: g.to, ...tested(t) });
    }
    gapTests.push(
      { id: g.id, label: g.label, model: 'overall', from: g.from, to: g.to, ...tested(total) },
      ...perModel,
    );
  }

  // Every pair of models on the sources both ran, per column.
  const pairTests: Array<Omit<ModelPairTest, 'holm_significant'>> = [];
  for (const [col, c] of GRID_COLUMNS.entries()) {
    await nextTurn();
    for (let i = 0; i < report.models.length; i++) {
      for (let j = i + 1; j < report.models.length; j++) {
        const a = counts.get(report.models[i]!)?.[col];
        const b = counts.get(report.models[j]!)?.[col];
        if (!a || !b || a.size === 0 || b.size === 0) continue;
        const t = pairTable(a, b);
        if (t.n > 0)
          pairTests.push({
            mode: c.mode,
            condition: c.condition,
            model_a: report.models[i]!,
            model_b: report.models[j]!,
            ...tested(t),
          });
      }
    }
  }
  return { pairedGaps: withHolm(gapTests), modelPairs: withHolm(pairTests), bootstrap };
}

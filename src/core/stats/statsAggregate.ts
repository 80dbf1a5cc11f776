// The aggregation passes behind computeStats: one pass over the summaries into per-model
// accumulators, then the grid cells, the equal-weight overall, the gaps and the depth curves.
import type { ConversationRef } from '../load/runLogIndex';
import { PATHS, type ExtendedPath } from '../schema/runlog';
import { pathCondition } from '../render/instances';
import { GAP_DEFS, columnIndex } from './statsColumns';
import {
  GRID_COLUMNS,
  accuracyOf,
  type DepthPoint,
  type Gap,
  type GridCell,
  type GridColumn,
  type ModelOverallCell,
  type OverallCell,
  type Tally,
} from './statsTypes';

const DOMAIN_ORDER = ['math', 'code', 'database', 'actions'];

export function compareDomains(a: string, b: string): number {
  const ia = DOMAIN_ORDER.indexOf(a);
  const ib = DOMAIN_ORDER.indexOf(b);
  if (ia >= 0 || ib >= 0) return (ia < 0 ? 99 : ia) - (ib < 0 ? 99 : ib);
  return a.localeCompare(b);
}

export const newTally = (): Tally => ({ n: 0, correct: 0, unscored: 0 });

function addVerdict(t: Tally, verdict: ConversationRef['verdict']): void {
  if (verdict === 'unscored') t.unscored++;
  else {
    t.n++;
    if (verdict === 'correct') t.correct++;
  }
}

export function addTally(into: Tally, t: Tally): void {
  into.n += t.n;
  into.correct += t.correct;
  into.unscored += t.unscored;
}

export function getOrCreate<K, V>(m: Map<K, V>, k: K, make: () => V): V {
  let v = m.get(k);
  if (v === undefined) m.set(k, (v = make()));
  return v;
}

export const SINGLE_ORIGINAL = 0;

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
export interface ModelAcc {
  byDomain: Map<string, Tally[]>;
  sources: Map<string, SourceAcc>;
  paths: Map<ExtendedPath, PathAcc>;
}

export const MULTI_SLOT: Record<string, number> = { original: 0, neutral: 1, retained: 2, revised: 3 };

export const diff = (a: number | null | undefined, b: number | null | undefined): number | null =>
  a == null || b == null ? null : a - b;

/** The conversation counts of a report (forks are counted by the caller). */
export interface StatsTotals {
  conversations: number;
  scored: number;
  unscored: number;
  gridConversations: number;
  pathConversations: number;
  ignored: number;
}

/** One pass: grid tallies per model → domain → column, per-source tallies, depth tallies. */
export function accumulate(
  benchmark: readonly ConversationRef[],
  onlyModels: ReadonlySet<string> | undefined,
  totals: StatsTotals,
): Map<string, ModelAcc> {
  const accs = new Map<string, ModelAcc>();
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
  return accs;
}

/** Models with Table 1 or depth runs (an evolving-only model is not one of the grid's terms), and their domains. */
export function modelsAndDomains(accs: Map<string, ModelAcc>): { models: string[]; domains: string[] } {
  const models = [...accs.entries()]
    .filter(([, a]) => a.byDomain.size > 0 || a.paths.size > 0)
    .map(([m]) => m)
    .sort((a, b) => a.localeCompare(b));
  const domainSet = new Set<string>();
  for (const a of accs.values()) for (const d of a.byDomain.keys()) domainSet.add(d);
  const domains = [...domainSet].sort(compareDomains);
  return { models, domains };
}

/** Grid cells, and each model pooled over its domains. */
export function gridCells(
  accs: Map<string, ModelAcc>,
  models: readonly string[],
  domains: readonly string[],
): { cells: GridCell[]; modelOverall: ModelOverallCell[]; pooledByModel: Map<string, Tally[]> } {
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
  return { cells, modelOverall, pooledByModel };
}

/** Overall: the mean of the models' pooled accuracies (each model weighs the same). */
export function overallCells(pooledByModel: Map<string, Tally[]>): OverallCell[] {
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
  return overall;
}

/** Derived gaps, overall and per model. */
export function gapsOf(
  overall: readonly OverallCell[],
  models: readonly string[],
  pooledByModel: Map<string, Tally[]>,
): Gap[] {
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
  return gaps;
}

/** Depth curves per model and path; k = 0 falls back to the base condition over the path's cohort. */
export function depthCurves(accs: Map<string, ModelAcc>, models: readonly string[]): DepthPoint[] {
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
  return depthPoints;
}

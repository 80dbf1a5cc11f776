// The shapes of the results analysis (paper Table 1, Fig. 4, Fig. 5 / Table 9): one report that the
// dashboard and the CLI both render, so they can never disagree.
import type { ForkStatsRow } from './forkStats';
import type { ExtendedPath, RecapMode } from '../schema/runlog';

/** A Table 1 column: single-turn controls and multi-turn conditions. */
export interface GridColumn {
  mode: 'single' | 'multi';
  condition: 'original' | 'direct' | 'revised' | 'retained' | 'neutral';
}

/** Table 1's eight columns in the paper's order. */
export const GRID_COLUMNS: readonly GridColumn[] = [
  { mode: 'single', condition: 'original' },
  { mode: 'single', condition: 'direct' },
  { mode: 'single', condition: 'revised' },
  { mode: 'single', condition: 'retained' },
  { mode: 'multi', condition: 'original' },
  { mode: 'multi', condition: 'neutral' },
  { mode: 'multi', condition: 'revised' },
  { mode: 'multi', condition: 'retained' },
];

export function columnLabel(c: GridColumn): string {
  const name =
    c.mode === 'single' && c.condition === 'direct'
      ? 'Direct Rev.'
      : c.condition[0]!.toUpperCase() + c.condition.slice(1);
  return `${c.mode === 'single' ? 'Single' : 'Multi'} ${name}`;
}

/** Counts of one bucket of conversations. Unscored (null verdict) conversations are not in `n`. */
export interface Tally {
  n: number;
  correct: number;
  unscored: number;
}

/** accuracy in percent, null when nothing was scored. */
export function accuracyOf(t: Pick<Tally, 'n' | 'correct'>): number | null {
  return t.n > 0 ? (100 * t.correct) / t.n : null;
}

export interface GridCell extends Tally, GridColumn {
  model: string;
  domain: string;
  accuracy: number | null;
  /** accuracy − the same row's Single Original accuracy, in percentage points. */
  deltaFromSingleOriginal: number | null;
  /** 95% Wilson interval in percent. */
  ci?: Interval;
}

/** Overall of one column: each model pooled over its sources, then models averaged with equal weight. */
export interface OverallCell extends GridColumn {
  accuracy: number | null;
  /** The models that had scored conversations in this column (the average's terms). */
  models: number;
  n: number;
  correct: number;
  unscored: number;
  deltaFromSingleOriginal: number | null;
  /** 95% bootstrap interval (sources resampled jointly across the models), in percent. */
  ci?: Interval;
}

/** One model pooled over all its domains (the per-model terms of the overall average). */
export interface ModelOverallCell extends Tally, GridColumn {
  model: string;
  accuracy: number | null;
  /** 95% bootstrap interval over the model's sources, in percent. */
  ci?: Interval;
}

export type GapId =
  | 'dispersed-disclosure'
  | 'conversational-overhead'
  | 'multi-revised-vs-original'
  | 'multi-retained-vs-original'
  | 'multi-revised-vs-neutral'
  | 'multi-retained-vs-neutral'
  | 'single-revised-vs-direct'
  | 'single-retained-vs-original'
  | 'task-difficulty';

/** A derived gap: `drop` = accuracy(from) − accuracy(to) in pp (positive = lower in `to`). */
export interface Gap {
  id: GapId;
  label: string;
  /** 'overall' (equal-weight model average) or a model name (that model pooled). */
  scope: string;
  from: GridColumn;
  to: GridColumn;
  drop: number | null;
}

export type InactiveCondition = 'retained' | 'revised';

/** Fig. 4 / E.2: Original-correct sources that turn wrong in `condition`, and how many carry inactive content. */
export interface InactiveErrorsRow {
  /** A model name, or '*' for all models pooled. */
  model: string;
  /** A domain, or '*' for all domains pooled. */
  domain: string;
  condition: InactiveCondition;
  new_errors: number;
  /** null when no detector was given. */
  with_inactive: number | null;
  /** New errors the detector could not judge (no record, no final answer, unreadable). */
  undetermined: number;
  share: number | null;
  conv_ids: string[];
  inactive_conv_ids: string[];
}

/** A point of a depth curve (Fig. 5 / Table 9). */
export interface DepthPoint extends Tally {
  /** A model name, or '*' for all models pooled (Table 9 pools counts). */
  model: string;
  path: ExtendedPath;
  k: number;
  accuracy: number | null;
  /** Where k = 0 came from: the path's own k=0 runs, or the base condition's runs of the same cohort. */
  source: 'path' | 'base-condition';
}

/** Which conversations a number stands for; the host resolves it to a list (click-through). */
export interface ConversationSelector {
  model?: string;
  domain?: string;
  mode?: 'single' | 'multi' | 'evolving';
  condition?: string;
  path?: ExtendedPath;
  k?: number;
  /** Base-condition runs only (no extended path). */
  basePathOnly?: boolean;
  /** Explicit conversation ids (new errors, inactive content). */
  convIds?: string[];
  /** Only these task_ids (evolving-intent plans behind a number). */
  taskIds?: string[];
  /** Evolving-intent recap mode, as `selectConversations`'s `recapOf` resolves it. */
  recap?: RecapMode;
}

export interface StatsReport {
  models: string[];
  domains: string[];
  columns: GridColumn[];
  cells: GridCell[];
  overall: OverallCell[];
  modelOverall: ModelOverallCell[];
  gaps: Gap[];
  /** Each gap on paired sources with its exact McNemar test (Holm over all gaps). */
  pairedGaps: PairedGapTest[];
  /** Each pair of models on shared sources, per column (Holm over all pairs). */
  modelPairs: ModelPairTest[];
  coverage: CoverageNotes;
  /** The bootstrap's seed and resample count (same input and options: same intervals). */
  bootstrap: { seed: number; resamples: number };
  inactive: InactiveErrorsRow[];
  depth: DepthPoint[];
  /** Benchmark conversations (`conversations`, …) and, apart, the forks (runs with `forked_from`), which no cell counts. */
  totals: {
    conversations: number;
    scored: number;
    unscored: number;
    gridConversations: number;
    pathConversations: number;
    ignored: number;
    forks: number;
  };
  /** The forks' recovery rate per edit, model and domain (against their parents' current verdicts). */
  forks: ForkStatsRow[];
  /** Evolving-intent analysis (src/core/stats/evolving.ts), when present. */
  evolving?: unknown;
  timings: { aggregateMs: number; inactiveMs: number };
}

/**
 * The parts of a report that come after the grid (its first stage has everything else): the
 * bootstrap intervals with the paired tests, and the inactive-content verdicts of Fig. 4.
 */
export const STATS_PARTS = ['inference', 'inactive'] as const;
export type StatsPart = (typeof STATS_PARTS)[number];

/** Cells with fewer scored runs than this are marked as small (their interval is wide). */
export const SMALL_N = 10;

/** A 95% interval in percent, [lo, hi]; null when nothing was scored. */
export type Interval = [number, number] | null;

/** The paired 2x2 table of two sides over the same sources, and its exact McNemar test. */
export interface PairedTest {
  /** Sources scored on both sides. */
  n: number;
  both: number;
  only_from: number;
  only_to: number;
  neither: number;
  /** accuracy(to) − accuracy(from) over the paired sources, in pp. */
  delta_pp: number | null;
  p_mcnemar: number | null;
  /** Survives Holm's correction at 0.05 over its family (all gaps, or all model pairs). */
  holm_significant: boolean;
}

/** A derived gap tested on the sources that ran both columns ('overall': every model's pairs together). */
export interface PairedGapTest extends PairedTest {
  id: GapId;
  label: string;
  model: string;
  from: GridColumn;
  to: GridColumn;
}

/** Two models on the same sources in one column (from = model_a, to = model_b). */
export interface ModelPairTest extends PairedTest, GridColumn {
  model_a: string;
  model_b: string;
}

/** Why a pooled or overall value covers less than it seems to, and why a cell is empty. */
export interface CoverageNotes {
  /** Per column (GRID_COLUMNS order): whether the averaged models cover the same domains, and how not. */
  overall: Array<GridColumn & { unequal: boolean; note: string | null }>;
  /** A model's pooled value that covers fewer domains than the model has. */
  pooled: Array<GridColumn & { model: string; note: string }>;
  /** Why a cell of a shown row (or a pooled or overall cell) has no number. */
  missing: Array<GridColumn & { model: string; domain: string; reason: string }>;
}

// The dashboard's messages (host ↔ webview) and its state, as zod schemas. The report is the core
// StatsReport without per-bar conversation id lists: a click sends a selector and the host resolves
// it to conversations (so 100k conversations never travel to the page).
import * as z from 'zod/mini';
import { STATS_PARTS } from '../../core/stats/statsTypes';
import { commandEnvelope, defineView, notificationEnvelope, requestSpec, ViewTimingSchema } from '../protocol';
import { DashboardAdjudicationSchema, DashboardAgreementSchema, SetVerdictModeParams } from './dashboardAnnotations';

export const DASHBOARD_VIEW = 'dashboard';
export const DASHBOARD_PANEL_ID = 'intentLens.dashboard';

const acc = z.nullable(z.number());
/** A 95% interval in percent (Wilson per cell, bootstrap over sources for pooled and overall values). */
const IntervalSchema = z.optional(z.nullable(z.tuple([z.number(), z.number()])));
const pairedTest = {
  n: z.number(),
  both: z.number(),
  only_from: z.number(),
  only_to: z.number(),
  neither: z.number(),
  delta_pp: acc,
  p_mcnemar: acc,
  holm_significant: z.boolean(),
};
const GridColumnSchema = z.object({
  mode: z.enum(['single', 'multi']),
  condition: z.enum(['original', 'direct', 'revised', 'retained', 'neutral']),
});
const PathSchema = z.enum([
  'accumulation-neutral',
  'accumulation-retained',
  'persistence-retained',
  'persistence-revised',
]);

const RecapSchema = z.enum(['none', 'prompt', 'oracle']);
const TransitionKindSchema = z.enum(['reveal', 'revise', 'switch']);
const evolvingTally = { model: z.string(), n: z.number(), correct: z.number(), unscored: z.number(), accuracy: acc };

/** The core's evolving-intent analysis (src/core/stats/evolving.ts) plus each plan's transition counts, so a click can name the plans behind a number. */
export const DashboardEvolvingSchema = z.object({
  conversations: z.number(),
  withoutPlan: z.array(z.string()),
  byTransitionCount: z.array(
    z.object({ ...evolvingTally, recap: RecapSchema, kind: TransitionKindSchema, count: z.number() }),
  ),
  byTotalTransitions: z.array(z.object({ ...evolvingTally, recap: RecapSchema, transitions: z.number() })),
  byRecap: z.array(z.object({ ...evolvingTally, scenario: z.string(), recap: RecapSchema })),
  singleTurn: z.array(z.object(evolvingTally)),
  plans: z.array(
    z.object({ task_id: z.string(), scenario: z.string(), reveal: z.number(), revise: z.number(), switch: z.number() }),
  ),
});
export type DashboardEvolving = z.infer<typeof DashboardEvolvingSchema>;

export const DashboardReportSchema = z.object({
  models: z.array(z.string()),
  domains: z.array(z.string()),
  columns: z.array(GridColumnSchema),
  cells: z.array(
    z.extend(GridColumnSchema, {
      model: z.string(),
      domain: z.string(),
      n: z.number(),
      correct: z.number(),
      unscored: z.number(),
      accuracy: acc,
      deltaFromSingleOriginal: acc,
      ci: IntervalSchema,
    }),
  ),
  overall: z.array(
    z.extend(GridColumnSchema, {
      accuracy: acc,
      models: z.number(),
      n: z.number(),
      correct: z.number(),
      unscored: z.number(),
      deltaFromSingleOriginal: acc,
      ci: IntervalSchema,
    }),
  ),
  modelOverall: z.array(
    z.extend(GridColumnSchema, {
      model: z.string(),
      n: z.number(),
      correct: z.number(),
      unscored: z.number(),
      accuracy: acc,
      ci: IntervalSchema,
    }),
  ),
  gaps: z.array(
    z.object({
      id: z.string(),
      label: z.string(),
      scope: z.string(),
      from: GridColumnSchema,
      to: GridColumnSchema,
      drop: acc,
    }),
  ),
  pairedGaps: z.array(
    z.object({
      id: z.string(),
      label: z.string(),
      model: z.string(),
      from: GridColumnSchema,
      to: GridColumnSchema,
      ...pairedTest,
    }),
  ),
  modelPairs: z.array(z.extend(GridColumnSchema, { model_a: z.string(), model_b: z.string(), ...pairedTest })),
  coverage: z.object({
    overall: z.array(z.extend(GridColumnSchema, { unequal: z.boolean(), note: z.nullable(z.string()) })),
    pooled: z.array(z.extend(GridColumnSchema, { model: z.string(), note: z.string() })),
    missing: z.array(z.extend(GridColumnSchema, { model: z.string(), domain: z.string(), reason: z.string() })),
  }),
  bootstrap: z.object({ seed: z.number(), resamples: z.number() }),
  /** Workspace-relative folders that hold run logs (the run diff's sides). */
  logFolders: z.array(z.string()),
  /** Fork batches (one log file, one edit) a run diff can set against their parents. */
  forkBatches: z.array(z.object({ id: z.string(), label: z.string(), forks: z.number() })),
  /** Conversations with a re-scored verdict (a logged-vs-re-scored run diff compares them). */
  rescoredRuns: z.number(),
  inactive: z.array(
    z.object({
      model: z.string(),
      domain: z.string(),
      condition: z.enum(['retained', 'revised']),
      new_errors: z.number(),
      with_inactive: z.nullable(z.number()),
      undetermined: z.number(),
      share: acc,
    }),
  ),
  depth: z.array(
    z.object({
      model: z.string(),
      path: PathSchema,
      k: z.number(),
      n: z.number(),
      correct: z.number(),
      unscored: z.number(),
      accuracy: acc,
      source: z.enum(['path', 'base-condition']),
    }),
  ),
  totals: z.object({
    conversations: z.number(),
    scored: z.number(),
    unscored: z.number(),
    gridConversations: z.number(),
    pathConversations: z.number(),
    ignored: z.number(),
    forks: z.number(),
  }),
  /** Forks are outside the grid: their recovery rate per edit, model and domain. */
  forks: z.array(
    z.object({
      edit: z.string(),
      model: z.string(),
      domain: z.string(),
      forks: z.number(),
      errors: z.number(),
      recovered: z.number(),
      rate: z.nullable(z.number()),
      broken: z.number(),
      orphans: z.number(),
    }),
  ),
  timings: z.object({ aggregateMs: z.number(), inactiveMs: z.number() }),
  /** Which inactive-content detector produced Fig. 4 (none: counts only). */
  detector: z.string(),
  /** Evolving-intent analysis; null when the core report has none. */
  evolving: z.nullable(DashboardEvolvingSchema),
  /** What the verdicts counted are: as logged, or how many were re-scored (issue #11). */
  verdicts: z.optional(z.string()),
  /** Which verdicts are counted (adjudicated or machine) and what human overrides changed (issue #39). */
  adjudication: z.optional(DashboardAdjudicationSchema),
  /** The annotators' agreement per label and their disagreements (issue #39). */
  agreement: z.optional(DashboardAgreementSchema),
  /**
   * Parts still being computed (the page shows "computing…" for them): 'inference' = the pooled and
   * overall intervals, gap tests and model pairs; 'inactive' = Fig. 4's inactive-content counts.
   */
  pending: z.optional(z.array(z.enum(STATS_PARTS))),
});
export type DashboardReport = z.infer<typeof DashboardReportSchema>;

export const DashboardStateSchema = z.object({
  view: z.literal(DASHBOARD_VIEW),
  report: z.nullable(DashboardReportSchema),
  /** Host clock when the report was computed. */
  computedAt: z.nullable(z.number()),
  error: z.optional(z.string()),
  /** Host clock of the open command and the panel's creation: only in the state a panel opens with (its "rendered" times count from them). */
  timing: z.optional(ViewTimingSchema),
});
export type DashboardState = z.infer<typeof DashboardStateSchema>;

/** What a clicked number stands for. `inactive` picks a Fig. 4 bar's new errors (or those with inactive content). */
const BaseSelectorSchema = z.object({
  model: z.optional(z.string().check(z.maxLength(500))),
  domain: z.optional(z.string().check(z.maxLength(200))),
  mode: z.optional(z.enum(['single', 'multi', 'evolving'])),
  condition: z.optional(z.string().check(z.maxLength(50))),
  path: z.optional(PathSchema),
  k: z.optional(z.int().check(z.minimum(0), z.maximum(4))),
  basePathOnly: z.optional(z.boolean()),
  /** Evolving-intent click-through: the plans behind a number, and the recap mode it ran under. */
  taskIds: z.optional(z.array(z.string().check(z.maxLength(500))).check(z.maxLength(20000))),
  recap: z.optional(RecapSchema),
  inactive: z.optional(
    z.object({
      model: z.string().check(z.maxLength(500)),
      domain: z.string().check(z.maxLength(200)),
      condition: z.enum(['retained', 'revised']),
      withInactiveOnly: z.boolean(),
    }),
  ),
});
export const DashboardSelectorSchema = z.extend(BaseSelectorSchema, {
  anyOf: z.optional(z.array(BaseSelectorSchema).check(z.maxLength(16))),
});
export type DashboardSelector = z.infer<typeof DashboardSelectorSchema>;

export const ShowConversationsParams = z.object({
  selector: DashboardSelectorSchema,
  title: z.string().check(z.maxLength(500)),
});
export type ShowConversationsParams = z.infer<typeof ShowConversationsParams>;

export const DashboardWebviewCommand = z.discriminatedUnion('command', [
  commandEnvelope('showConversations', ShowConversationsParams),
  /**
   * Opens two conversations side by side in the compare view (a flipped source of a run diff); the
   * same id twice opens that one conversation (a re-scored flip, an annotators' disagreement).
   */
  commandEnvelope(
    'openPair',
    z.object({ left: z.string().check(z.maxLength(500)), right: z.string().check(z.maxLength(500)) }),
  ),
]);

/** One side of a run diff: a model, a log folder, or both (at least one). */
export const DiffSideSchema = z.object({
  model: z.optional(z.string().check(z.maxLength(500))),
  folder: z.optional(z.string().check(z.maxLength(2000))),
});
export type DiffSide = z.infer<typeof DiffSideSchema>;
/**
 * What a run diff compares: two sides (models, folders); the re-scored runs (of a scope) as logged
 * vs as re-scored; or a fork batch vs its parents.
 */
export const RunDiffParams = z.union([
  z.object({ kind: z.optional(z.literal('sides')), a: DiffSideSchema, b: DiffSideSchema }),
  z.object({ kind: z.literal('rescored'), scope: DiffSideSchema }),
  z.object({ kind: z.literal('forks'), batch: z.string().check(z.maxLength(5000)) }),
]);
export type RunDiffParams = z.infer<typeof RunDiffParams>;
const FlipSchema = z.object({ task_id: z.string(), model: z.string(), conv_a: z.string(), conv_b: z.string() });
export const RunDiffResult = z.object({
  paired: z.number(),
  unpaired: z.object({ a: z.number(), b: z.number() }),
  instances: z.array(
    z.object({
      mode: z.string(),
      condition: z.string(),
      path: z.optional(z.string()),
      k: z.optional(z.number()),
      recap: z.optional(z.string()),
      label: z.string(),
      ...pairedTest,
      lost: z.array(FlipSchema),
      gained: z.array(FlipSchema),
    }),
  ),
  /** The sides in words, as the page and the report name them. */
  a: z.string(),
  b: z.string(),
});
export type RunDiffResult = z.infer<typeof RunDiffResult>;
export const ExportReportParams = z.object({ format: z.enum(['html', 'latex']) });
export type DashboardWebviewCommand = z.infer<typeof DashboardWebviewCommand>;

export const ExportGridParams = z.object({ format: z.enum(['csv', 'md']) });
export const ExportOpsdParams = z.object({ admitSingleCorrect: z.boolean() });
export const ExportResult = z.object({ saved: z.nullable(z.string()), detail: z.optional(z.string()) });
export type ExportResult = z.infer<typeof ExportResult>;

export const DashboardRequests = {
  /** Recomputes the statistics; answers with the new state. */
  refresh: requestSpec(z.object({}), DashboardStateSchema),
  exportGrid: requestSpec(ExportGridParams, ExportResult),
  exportOpsd: requestSpec(ExportOpsdParams, ExportResult),
  runDiff: requestSpec(RunDiffParams, RunDiffResult),
  /** The report as one HTML file (with the last run diff) or the grid as LaTeX. */
  exportReport: requestSpec(ExportReportParams, ExportResult),
  /** Counts the adjudicated (human overrides win) or the machine verdicts; answers with the new state. */
  setVerdictMode: requestSpec(SetVerdictModeParams, DashboardStateSchema),
};

export const DashboardHostNotification = z.discriminatedUnion('method', [
  notificationEnvelope('state', z.object({ state: DashboardStateSchema })),
  notificationEnvelope('busy', z.object({ busy: z.boolean() })),
]);

export const DashboardView = defineView({
  view: DASHBOARD_VIEW,
  state: DashboardStateSchema,
  toHost: DashboardWebviewCommand,
  requests: DashboardRequests,
  toView: DashboardHostNotification,
});

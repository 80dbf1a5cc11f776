// The dashboard's messages (host ↔ webview) and its state, as zod schemas. The report is the core
// StatsReport without per-bar conversation id lists: a click sends a selector and the host resolves
// it to conversations (so 100k conversations never travel to the page).
import { z } from 'zod';
import { STATS_PARTS } from '../../core/stats/statsTypes';
import { commandEnvelope, defineView, notificationEnvelope, requestEnvelope, ViewTimingSchema } from '../protocol';

export const DASHBOARD_VIEW = 'dashboard';
export const DASHBOARD_PANEL_ID = 'intentLens.dashboard';

const acc = z.number().nullable();
/** A 95% interval in percent (Wilson per cell, bootstrap over sources for pooled and overall values). */
const IntervalSchema = z.tuple([z.number(), z.number()]).nullable().optional();
const pairedTest = { n: z.number(), both: z.number(), only_from: z.number(), only_to: z.number(), neither: z.number(), delta_pp: acc, p_mcnemar: acc, holm_significant: z.boolean() };
const GridColumnSchema = z.object({ mode: z.enum(['single', 'multi']), condition: z.enum(['original', 'direct', 'revised', 'retained', 'neutral']) });
const PathSchema = z.enum(['accumulation-neutral', 'accumulation-retained', 'persistence-retained', 'persistence-revised']);

const RecapSchema = z.enum(['none', 'prompt', 'oracle']);
const TransitionKindSchema = z.enum(['reveal', 'revise', 'switch']);
const evolvingTally = { model: z.string(), n: z.number(), correct: z.number(), unscored: z.number(), accuracy: acc };

/** The core's evolving-intent analysis (src/core/stats/evolving.ts) plus each plan's transition counts, so a click can name the plans behind a number. */
export const DashboardEvolvingSchema = z.object({
  conversations: z.number(),
  withoutPlan: z.array(z.string()),
  byTransitionCount: z.array(z.object({ ...evolvingTally, recap: RecapSchema, kind: TransitionKindSchema, count: z.number() })),
  byTotalTransitions: z.array(z.object({ ...evolvingTally, recap: RecapSchema, transitions: z.number() })),
  byRecap: z.array(z.object({ ...evolvingTally, scenario: z.string(), recap: RecapSchema })),
  singleTurn: z.array(z.object(evolvingTally)),
  plans: z.array(z.object({ task_id: z.string(), scenario: z.string(), reveal: z.number(), revise: z.number(), switch: z.number() })),
});
export type DashboardEvolving = z.infer<typeof DashboardEvolvingSchema>;

export const DashboardReportSchema = z.object({
  models: z.array(z.string()),
  domains: z.array(z.string()),
  columns: z.array(GridColumnSchema),
  cells: z.array(GridColumnSchema.extend({ model: z.string(), domain: z.string(), n: z.number(), correct: z.number(), unscored: z.number(), accuracy: acc, deltaFromSingleOriginal: acc, ci: IntervalSchema })),
  overall: z.array(GridColumnSchema.extend({ accuracy: acc, models: z.number(), n: z.number(), correct: z.number(), unscored: z.number(), deltaFromSingleOriginal: acc, ci: IntervalSchema })),
  modelOverall: z.array(GridColumnSchema.extend({ model: z.string(), n: z.number(), correct: z.number(), unscored: z.number(), accuracy: acc, ci: IntervalSchema })),
  gaps: z.array(z.object({ id: z.string(), label: z.string(), scope: z.string(), from: GridColumnSchema, to: GridColumnSchema, drop: acc })),
  pairedGaps: z.array(z.object({ id: z.string(), label: z.string(), model: z.string(), from: GridColumnSchema, to: GridColumnSchema, ...pairedTest })),
  modelPairs: z.array(GridColumnSchema.extend({ model_a: z.string(), model_b: z.string(), ...pairedTest })),
  coverage: z.object({
    overall: z.array(GridColumnSchema.extend({ unequal: z.boolean(), note: z.string().nullable() })),
    pooled: z.array(GridColumnSchema.extend({ model: z.string(), note: z.string() })),
    missing: z.array(GridColumnSchema.extend({ model: z.string(), domain: z.string(), reason: z.string() })),
  }),
  bootstrap: z.object({ seed: z.number(), resamples: z.number() }),
  /** Workspace-relative folders that hold run logs (the run diff's sides). */
  logFolders: z.array(z.string()),
  /** Fork batches (one log file, one edit) a run diff can set against their parents. */
  forkBatches: z.array(z.object({ id: z.string(), label: z.string(), forks: z.number() })),
  /** Conversations with a re-scored verdict (a logged-vs-re-scored run diff compares them). */
  rescoredRuns: z.number(),
  inactive: z.array(
    z.object({ model: z.string(), domain: z.string(), condition: z.enum(['retained', 'revised']), new_errors: z.number(), with_inactive: z.number().nullable(), undetermined: z.number(), share: acc }),
  ),
  depth: z.array(z.object({ model: z.string(), path: PathSchema, k: z.number(), n: z.number(), correct: z.number(), unscored: z.number(), accuracy: acc, source: z.enum(['path', 'base-condition']) })),
  totals: z.object({ conversations: z.number(), scored: z.number(), unscored: z.number(), gridConversations: z.number(), pathConversations: z.number(), ignored: z.number(), forks: z.number() }),
  /** Forks are outside the grid: their recovery rate per edit, model and domain. */
  forks: z.array(z.object({ edit: z.string(), model: z.string(), domain: z.string(), forks: z.number(), errors: z.number(), recovered: z.number(), rate: z.number().nullable(), broken: z.number(), orphans: z.number() })),
  timings: z.object({ aggregateMs: z.number(), inactiveMs: z.number() }),
  /** Which inactive-content detector produced Fig. 4 (none: counts only). */
  detector: z.string(),
  /** Evolving-intent analysis; null when the core report has none. */
  evolving: DashboardEvolvingSchema.nullable(),
  /** What the verdicts counted are: as logged, or how many were re-scored (issue #11). */
  verdicts: z.string().optional(),
  /**
   * Parts still being computed (the page shows "computing…" for them): 'inference' = the pooled and
   * overall intervals, gap tests and model pairs; 'inactive' = Fig. 4's inactive-content counts.
   */
  pending: z.array(z.enum(STATS_PARTS)).optional(),
});
export type DashboardReport = z.infer<typeof DashboardReportSchema>;

export const DashboardStateSchema = z.object({
  view: z.literal(DASHBOARD_VIEW),
  report: DashboardReportSchema.nullable(),
  /** Host clock when the report was computed. */
  computedAt: z.number().nullable(),
  error: z.string().optional(),
  /** Host clock of the open command and the panel's creation: only in the state a panel opens with (its "rendered" times count from them). */
  timing: z.optional(ViewTimingSchema),
});
export type DashboardState = z.infer<typeof DashboardStateSchema>;

/** What a clicked number stands for. `inactive` picks a Fig. 4 bar's new errors (or those with inactive content). */
const BaseSelectorSchema = z.object({
  model: z.string().max(500).optional(),
  domain: z.string().max(200).optional(),
  mode: z.enum(['single', 'multi', 'evolving']).optional(),
  condition: z.string().max(50).optional(),
  path: PathSchema.optional(),
  k: z.number().int().min(0).max(4).optional(),
  basePathOnly: z.boolean().optional(),
  /** Evolving-intent click-through: the plans behind a number, and the recap mode it ran under. */
  taskIds: z.array(z.string().max(500)).max(20000).optional(),
  recap: RecapSchema.optional(),
  inactive: z.object({ model: z.string().max(500), domain: z.string().max(200), condition: z.enum(['retained', 'revised']), withInactiveOnly: z.boolean() }).optional(),
});
export const DashboardSelectorSchema = BaseSelectorSchema.extend({ anyOf: z.array(BaseSelectorSchema).max(16).optional() });
export type DashboardSelector = z.infer<typeof DashboardSelectorSchema>;

export const ShowConversationsParams = z.object({ selector: DashboardSelectorSchema, title: z.string().max(500) });
export type ShowConversationsParams = z.infer<typeof ShowConversationsParams>;

export const DashboardWebviewCommand = z.discriminatedUnion('command', [
  commandEnvelope('showConversations', ShowConversationsParams),
  /** Opens two conversations side by side in the compare view (a flipped source of a run diff). */
  commandEnvelope('openPair', z.object({ left: z.string().max(500), right: z.string().max(500) })),
]);

/** One side of a run diff: a model, a log folder, or both (at least one). */
export const DiffSideSchema = z.object({ model: z.string().max(500).optional(), folder: z.string().max(2000).optional() });
export type DiffSide = z.infer<typeof DiffSideSchema>;
/**
 * What a run diff compares: two sides (models, folders); the re-scored runs (of a scope) as logged
 * vs as re-scored; or a fork batch vs its parents.
 */
export const RunDiffParams = z.union([
  z.object({ kind: z.literal('sides').optional(), a: DiffSideSchema, b: DiffSideSchema }),
  z.object({ kind: z.literal('rescored'), scope: DiffSideSchema }),
  z.object({ kind: z.literal('forks'), batch: z.string().max(5000) }),
]);
export type RunDiffParams = z.infer<typeof RunDiffParams>;
const FlipSchema = z.object({ task_id: z.string(), model: z.string(), conv_a: z.string(), conv_b: z.string() });
export const RunDiffResult = z.object({
  paired: z.number(),
  unpaired: z.object({ a: z.number(), b: z.number() }),
  instances: z.array(
    z.object({ mode: z.string(), condition: z.string(), path: z.string().optional(), k: z.number().optional(), recap: z.string().optional(), label: z.string(), ...pairedTest, lost: z.array(FlipSchema), gained: z.array(FlipSchema) }),
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
export const ExportResult = z.object({ saved: z.string().nullable(), detail: z.string().optional() });
export type ExportResult = z.infer<typeof ExportResult>;

export const DashboardWebviewRequest = z.discriminatedUnion('method', [
  requestEnvelope('refresh', z.object({})),
  requestEnvelope('exportGrid', ExportGridParams),
  requestEnvelope('exportOpsd', ExportOpsdParams),
  /** How many conversations a selector matches (the page shows it before a click). */
  requestEnvelope('countConversations', z.object({ selector: DashboardSelectorSchema })),
  requestEnvelope('runDiff', RunDiffParams),
  /** The report as one HTML file (with the last run diff) or the grid as LaTeX. */
  requestEnvelope('exportReport', ExportReportParams),
]);

export const DashboardHostNotification = z.discriminatedUnion('method', [
  notificationEnvelope('state', z.object({ state: DashboardStateSchema })),
  notificationEnvelope('busy', z.object({ busy: z.boolean() })),
]);

export const RefreshResult = DashboardStateSchema;
export const CountResult = z.object({ count: z.number() });

export const DashboardView = defineView({ view: DASHBOARD_VIEW, state: DashboardStateSchema, toHost: z.union([DashboardWebviewCommand, DashboardWebviewRequest]), toView: DashboardHostNotification });

// The compare view's messages (host ↔ webview) and its initial state, as zod schemas: the host
// validates what the webview sends, the webview validates the inlined state and every
// notification. Spans of inactive content are computed on the host and travel in the state.
import * as z from 'zod/mini';
import { INSTANCE_FIELDS } from './instanceFields';
import { commandEnvelope, defineView, notificationEnvelope, requestSpec, ViewTimingSchema } from '../protocol';

export const COMPARE_VIEW = 'compare';
export const COMPARE_PANEL_ID = 'intentLens.compare';

export const InactiveSpanSchema = z.object({
  value: z.string(),
  start: z.int().check(z.nonnegative()),
  end: z.int().check(z.nonnegative()),
  kind: z.enum(['rejected', 'superseded']),
  describe: z.string(),
});
export type InactiveSpanMessage = z.infer<typeof InactiveSpanSchema>;

export const CompareMessageSchema = z.object({
  text: z.string(),
  traceIndex: z.int(),
  spans: z.array(InactiveSpanSchema),
});
export type CompareMessage = z.infer<typeof CompareMessageSchema>;

/** The "in effect" rail at one user turn: what holds after the turn for the selected requirement. */
export const RailEntrySchema = z.object({
  inEffect: z.optional(z.string()),
  pending: z.array(z.string()),
  /** Values no longer in effect at this point (rejected or superseded). */
  inactive: z.array(z.string()),
  changes: z.array(z.string()),
  /** True when this turn changed what is in effect or pending. */
  changed: z.boolean(),
  /** A caveat on this entry: a fork's hand-replaced message keeps its role, not necessarily its meaning. */
  note: z.optional(z.string()),
});
export type RailEntry = z.infer<typeof RailEntrySchema>;

export const CompareTurnSchema = z.object({
  index: z.int(),
  /** Short tag: `shard 2`, `proposal`, `reject`, `accept`, `neutral`, or `turn 3`. */
  label: z.string(),
  event: z.optional(z.enum(['proposal', 'accept', 'reject', 'neutral'])),
  user: CompareMessageSchema,
  assistant: z.array(CompareMessageSchema),
  rail: z.optional(RailEntrySchema),
});
export type CompareTurn = z.infer<typeof CompareTurnSchema>;

export const VerdictSchema = z.enum(['correct', 'incorrect', 'unscored']);

/** The final answer's inactive content in words, and the 0-based user turn where it was said (the link's target). */
export const LeakSchema = z.object({ sentence: z.string(), turn: z.optional(z.int().check(z.nonnegative())) });
export type LeakMessage = z.infer<typeof LeakSchema>;

export const CompareSideSchema = z.object({
  convId: z.string(),
  model: z.string(),
  /** `Retained`, `Revised`, `S_Orig`, `persistence-retained k=2` … */
  instanceLabel: z.string(),
  ...INSTANCE_FIELDS,
  file: z.string(),
  line: z.int(),
  verdict: VerdictSchema,
  /** Where the verdict came from when not from the log, e.g. `re-scored, logged ✗`. */
  verdictNote: z.optional(z.string()),
  /** The evaluator's extracted answer (last `answer-evaluation.exact_answer`), as text. */
  extractedAnswer: z.optional(z.string()),
  activeTask: z.optional(z.enum(['original', 'revised'])),
  activeReference: z.optional(z.string()),
  activeValue: z.optional(z.string()),
  turns: z.array(CompareTurnSchema),
  finalResponse: z.optional(CompareMessageSchema),
  leak: z.optional(LeakSchema),
});
export type CompareSide = z.infer<typeof CompareSideSchema>;

export const AlignedRowSchema = z.object({
  kind: z.enum(['identical', 'same-turn', 'changed', 'left-only', 'right-only']),
  left: z.optional(z.int()),
  right: z.optional(z.int()),
  sameUser: z.boolean(),
});
export type AlignedRowMessage = z.infer<typeof AlignedRowSchema>;

export const SelectedRequirementSchema = z.object({
  requirement: z.string(),
  original: z.string(),
  revised: z.string(),
});

export const CompareStateSchema = z.object({
  view: z.literal(COMPARE_VIEW),
  title: z.string(),
  taskId: z.string(),
  task: z.string(),
  /** The selected requirement (`number of bags`) and its two values, when the record has them. */
  intent: z.optional(SelectedRequirementSchema),
  left: CompareSideSchema,
  right: CompareSideSchema,
  rows: z.array(AlignedRowSchema),
  branchRow: z.optional(z.int()),
  /** e.g. `Retained rejects · Revised accepts`. */
  branchSummary: z.optional(z.string()),
  prefixEnd: z.int(),
  prefixIdentical: z.boolean(),
  /** Which detector produced the spans (`detectInactive`, or the literal stand-in). */
  detector: z.string(),
  notes: z.array(z.string()),
  timing: ViewTimingSchema,
});
export type CompareState = z.infer<typeof CompareStateSchema>;

export const NAVIGATE_ACTIONS = [
  'nextDifference',
  'previousDifference',
  'nextInactive',
  'previousInactive',
  'togglePrefix',
] as const;
export const NavigateActionSchema = z.enum(NAVIGATE_ACTIONS);
export type NavigateAction = z.infer<typeof NavigateActionSchema>;

/** Webview → host. ("rendered" — rows and the final responses' text diff committed; Monaco's diff editor replaces the text diff later — is every view's, see `defineView`.) */
export const CompareWebviewCommand = z.discriminatedUnion('command', [
  commandEnvelope('openNativeDiff', z.object({})),
  commandEnvelope('revealInLog', z.object({ side: z.enum(['left', 'right']), traceIndex: z.optional(z.int()) })),
  /** Annotate a side's conversation: a turn (1-based), or with `selection` the selected text of its replies (issue #39). */
  commandEnvelope(
    'annotate',
    z.object({
      side: z.enum(['left', 'right']),
      turn: z.optional(z.int().check(z.positive())),
      selection: z.optional(z.string().check(z.maxLength(4000))),
    }),
  ),
  commandEnvelope('overrideVerdict', z.object({ side: z.enum(['left', 'right']) })),
]);
export type CompareWebviewCommand = z.infer<typeof CompareWebviewCommand>;

export const CompareRequests = {
  /** Re-reads both conversations (a log was appended) and answers with the new state. */
  reload: requestSpec(z.object({}), CompareStateSchema),
};

/** Host → webview notifications. */
export const CompareHostNotification = z.discriminatedUnion('method', [
  notificationEnvelope('state', z.object({ state: CompareStateSchema })),
  notificationEnvelope('navigate', z.object({ action: NavigateActionSchema })),
]);
export type CompareHostNotification = z.infer<typeof CompareHostNotification>;

export const CompareView = defineView({
  view: COMPARE_VIEW,
  state: CompareStateSchema,
  toHost: CompareWebviewCommand,
  requests: CompareRequests,
  toView: CompareHostNotification,
});

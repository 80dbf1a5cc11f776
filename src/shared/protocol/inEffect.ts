// The In Effect view's messages and state (host ↔ webview), as zod schemas. The state is the
// intent timeline of one conversation (a logged run, or a plan as written), flattened for the rail:
// the state after each user turn, what the turn changed, and the final inactive content.
import * as z from 'zod/mini';
import { commandEnvelope, defineView, notificationEnvelope } from '../protocol';

export const IN_EFFECT_VIEW = 'ineffect';
export const IN_EFFECT_PANEL_ID = 'intentLens.inEffect';

export const RailValueSchema = z.object({
  value: z.string(),
  status: z.enum(['unrevealed', 'in-effect', 'pending', 'rejected', 'superseded']),
  origin: z.string(),
  /** 0-based user turn at which it was said. */
  saidAt: z.optional(z.int()),
});
export type RailValue = z.infer<typeof RailValueSchema>;

export const RailRequirementSchema = z.object({
  name: z.string(),
  inEffect: z.optional(z.string()),
  values: z.array(RailValueSchema),
  /** This turn changed the requirement. */
  changed: z.boolean(),
});
export type RailRequirement = z.infer<typeof RailRequirementSchema>;

export const RailTurnSchema = z.object({
  /** 0-based user turn. */
  turn: z.int(),
  /** Index of the user message in the trace (logged runs only). */
  traceIndex: z.optional(z.int()),
  /** Tag: `reveal`/`revise`/`switch`/`initial`, or `shard 2`, `proposal`, `reject` … */
  label: z.string(),
  /** The user message as sent (plain text; the page inserts it as text). */
  user: z.string(),
  /** The assistant's reply to this turn, if logged. */
  assistant: z.optional(z.string()),
  activeTask: z.string(),
  functions: z.array(z.object({ name: z.string(), status: z.enum(['in-effect', 'superseded']) })),
  functionChanged: z.boolean(),
  requirements: z.array(RailRequirementSchema),
  changes: z.array(z.string()),
});
export type RailTurn = z.infer<typeof RailTurnSchema>;

export const InactiveEntrySchema = z.object({
  value: z.string(),
  kind: z.enum(['rejected', 'superseded']),
  requirement: z.string(),
  describe: z.string(),
  isReference: z.boolean(),
  isFunction: z.boolean(),
});
export type InactiveEntry = z.infer<typeof InactiveEntrySchema>;

export const InEffectStateSchema = z.object({
  view: z.literal(IN_EFFECT_VIEW),
  title: z.string(),
  benchmark: z.enum(['intent-eval', 'evolving']),
  taskId: z.string(),
  /** Set for a logged run; absent when the view shows a plan as written. */
  convId: z.optional(z.string()),
  model: z.optional(z.string()),
  /** `Retained`, `evolving · recap oracle`, … */
  instanceLabel: z.string(),
  recap: z.optional(z.enum(['none', 'prompt', 'oracle'])),
  verdict: z.optional(z.enum(['correct', 'incorrect', 'unscored'])),
  /** Where the verdict came from when not from the log, e.g. `re-scored, logged ✗`. */
  verdictNote: z.optional(z.string()),
  turns: z.array(RailTurnSchema),
  inactive: z.array(InactiveEntrySchema),
  notes: z.array(z.string()),
});
export type InEffectState = z.infer<typeof InEffectStateSchema>;

/** Webview → host. */
export const InEffectWebviewCommand = z.discriminatedUnion('command', [
  /** Reveal a user turn (opens its turn document). */
  commandEnvelope('revealTurn', z.object({ turn: z.int().check(z.nonnegative()) })),
]);
export type InEffectWebviewCommand = z.infer<typeof InEffectWebviewCommand>;

/** Host → webview. */
export const InEffectHostNotification = z.discriminatedUnion('method', [
  notificationEnvelope('state', z.object({ state: InEffectStateSchema })),
  /** Scroll to and highlight a turn (the active turn document changed). */
  notificationEnvelope('focusTurn', z.object({ turn: z.int() })),
]);

export const InEffectView = defineView({
  view: IN_EFFECT_VIEW,
  state: InEffectStateSchema,
  toHost: InEffectWebviewCommand,
  toView: InEffectHostNotification,
});

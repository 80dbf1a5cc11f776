// The conversation view's messages (host ↔ webview) and its initial state, as zod schemas. The
// host builds the whole state from the one conversation model (`parseConversation`): turns with
// their tags, replies with their LiC response type, inactive spans from the compare view's
// detector, the in-effect rail, and the verdict with where it came from.
import * as z from 'zod/mini';
import { INSTANCE_FIELDS } from './instanceFields';
import { commandEnvelope, defineView, notificationEnvelope, ViewTimingSchema } from '../protocol';
import { CompareMessageSchema, LeakSchema, RailEntrySchema, VerdictSchema } from './compare';

export const CONVERSATION_VIEW = 'conversation';
export const CONVERSATION_PANEL_ID = 'intentLens.conversation';

/** What opens a conversation: by id or by its line in a log file; `turn` is the 1-based user turn (U1 = 1). */
export const ConversationTargetSchema = z
  .object({
    convId: z.optional(z.string().check(z.minLength(1))),
    file: z.optional(z.string().check(z.minLength(1))),
    line: z.optional(z.int().check(z.positive())),
    turn: z.optional(z.int().check(z.positive())),
    /** Index of a message in `trace` (the Sources tree's `turnIndex`): opens at the user turn holding it. */
    traceIndex: z.optional(z.int().check(z.nonnegative())),
  })
  .check(
    z.refine((t) => t.convId !== undefined || (t.file !== undefined && t.line !== undefined), {
      message: 'a conversation target needs convId, or file and line',
    }),
  );
export type ConversationTarget = z.infer<typeof ConversationTargetSchema>;

export const ReplySchema = z.extend(CompareMessageSchema, {
  /** LiC's response type, readable (`answer attempt`), when classified. */
  responseType: z.optional(z.string()),
  /** The verdict of an evaluation logged for this reply. */
  evaluation: z.optional(VerdictSchema),
  exactAnswer: z.optional(z.string()),
});
export type ReplyMessage = z.infer<typeof ReplySchema>;

export const ConversationTurnSchema = z.object({
  /** 0-based user turn. */
  index: z.int().check(z.nonnegative()),
  label: z.string(),
  /** `shard 2`, `proposal · block 1`, `reveal` … */
  tags: z.array(z.string()),
  event: z.optional(z.enum(['proposal', 'accept', 'reject', 'neutral'])),
  user: CompareMessageSchema,
  replies: z.array(ReplySchema),
  rail: z.optional(RailEntrySchema),
});
export type ConversationTurnView = z.infer<typeof ConversationTurnSchema>;

/** A log entry shown as one line (bookkeeping, or an entry the model could not place). */
export const LogLineSchema = z.object({ traceIndex: z.int(), type: z.string(), summary: z.string() });
export type LogLine = z.infer<typeof LogLineSchema>;

export const VerdictProvenanceSchema = z.object({
  verdict: VerdictSchema,
  /** `logged` (the log's is_correct/score), `re-scored` (Re-score) or `adjudicated` (a human override). */
  source: z.enum(['logged', 're-scored', 'adjudicated']),
  /** e.g. `is_correct: false in the log`, `re-scored 14:02: exact match 120 ≠ 144`. */
  detail: z.string(),
  /** When re-scored: the verdict the log states. */
  logged: z.optional(VerdictSchema),
});

/** An annotation as the view lists it (text only: notes are user data). */
export const ConversationAnnotationSchema = z.object({
  id: z.string(),
  turn: z.optional(z.int().check(z.positive())),
  span: z.optional(z.object({ start: z.int(), end: z.int(), text: z.optional(z.string()) })),
  kind: z.enum(['note', 'label', 'verdict']),
  value: z.string(),
  reason: z.optional(z.string()),
  by: z.string(),
  /** When it was made or last edited. */
  at: z.string(),
  /** True when an edit changed it after it was made. */
  edited: z.optional(z.boolean()),
});
export type ConversationAnnotation = z.infer<typeof ConversationAnnotationSchema>;

export const ConversationStateSchema = z.object({
  view: z.literal(CONVERSATION_VIEW),
  /** `task_id · instance · model`: the tab title. */
  title: z.string(),
  convId: z.string(),
  taskId: z.string(),
  task: z.string(),
  model: z.string(),
  instanceLabel: z.string(),
  ...INSTANCE_FIELDS,
  recap: z.optional(z.string()),
  file: z.string(),
  /** Workspace-relative file, for display. */
  fileLabel: z.string(),
  line: z.int(),
  verdict: VerdictProvenanceSchema,
  extractedAnswer: z.optional(z.string()),
  activeTask: z.optional(z.string()),
  activeReference: z.optional(z.string()),
  requirement: z.optional(z.string()),
  system: z.array(z.object({ role: z.enum(['system', 'assistant']), text: z.string(), traceIndex: z.int() })),
  turns: z.array(ConversationTurnSchema),
  standalone: z.array(LogLineSchema),
  bookkeeping: z.array(LogLineSchema),
  detector: z.string(),
  notes: z.array(z.string()),
  /** The user turn to scroll to on open (0-based). */
  focusTurn: z.optional(z.int().check(z.nonnegative())),
  /** True when the conversation can be forked from a turn (its source's record, which a fork replays, is loaded). */
  canFork: z.boolean(),
  /** The final answer's inactive content in words, and the 0-based user turn where it was said. */
  leak: z.optional(LeakSchema),
  /** The Retained ↔ Revised sibling (same source and model): the header's "Compare with Revised" button. */
  counterpart: z.optional(z.object({ convId: z.string(), label: z.string() })),
  /** Reviewers' annotations on this conversation (issue #39). */
  annotations: z.optional(z.array(ConversationAnnotationSchema)),
  /** Set by the panel that shows the state (not by a state pushed later), for the render time. */
  timing: z.optional(ViewTimingSchema),
});
export type ConversationState = z.infer<typeof ConversationStateSchema>;

export const CONVERSATION_NAVIGATE_ACTIONS = ['nextTurn', 'previousTurn', 'nextInactive', 'previousInactive'] as const;
export const ConversationNavigateSchema = z.enum(CONVERSATION_NAVIGATE_ACTIONS);
export type ConversationNavigate = z.infer<typeof ConversationNavigateSchema>;

/** Webview → host. */
export const ConversationWebviewCommand = z.discriminatedUnion('command', [
  commandEnvelope('openLogLine', z.object({ traceIndex: z.optional(z.int().check(z.nonnegative())) })),
  commandEnvelope('compareWith', z.object({})),
  commandEnvelope('compareWithCounterpart', z.object({})),
  commandEnvelope('forkFromTurn', z.object({ turn: z.int().check(z.positive()) })),
  /** Annotate a turn (1-based) or, with `selection`, the selected text of its replies. */
  commandEnvelope(
    'annotate',
    z.object({
      turn: z.optional(z.int().check(z.positive())),
      selection: z.optional(z.string().check(z.maxLength(4000))),
    }),
  ),
  commandEnvelope('overrideVerdict', z.object({})),
  /** A link in a rendered message (http, https or mailto only; VS Code asks before opening). */
  commandEnvelope(
    'openExternalDocument',
    z.object({ uri: z.string().check(z.maxLength(4000), z.regex(/^(https?:|mailto:)/i)) }),
  ),
]);
export type ConversationWebviewCommand = z.infer<typeof ConversationWebviewCommand>;

/** Host → webview. */
export const ConversationHostNotification = z.discriminatedUnion('method', [
  notificationEnvelope('state', z.object({ state: ConversationStateSchema })),
  notificationEnvelope('navigate', z.object({ action: ConversationNavigateSchema })),
  notificationEnvelope('scrollToTurn', z.object({ turn: z.int().check(z.nonnegative()) })),
]);

export const ConversationView = defineView({
  view: CONVERSATION_VIEW,
  state: ConversationStateSchema,
  toHost: ConversationWebviewCommand,
  toView: ConversationHostNotification,
});

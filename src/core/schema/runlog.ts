// Run logs (FORMAT.md §2): one evaluated conversation a line, LiC's log format plus Intent-Eval keys.
// LiC variants in real logs differ (hint_revealed, system-verification, several answer-evaluations,
// is_correct: null); unknown log types are kept and shown, never rejected.
import { z } from 'zod';

export const MODES = ['multi', 'single', 'evolving'] as const;
export const ModeSchema = z.enum(MODES);
export type Mode = z.infer<typeof ModeSchema>;

export const CONDITIONS = ['original', 'neutral', 'retained', 'revised', 'direct'] as const;
export const ConditionSchema = z.enum(CONDITIONS);
export type Condition = z.infer<typeof ConditionSchema>;

export const PATHS = [
  'accumulation-neutral',
  'accumulation-retained',
  'persistence-retained',
  'persistence-revised',
] as const;
export const PathSchema = z.enum(PATHS);
export type ExtendedPath = z.infer<typeof PathSchema>;

export const RECAP_MODES = ['none', 'prompt', 'oracle'] as const;
export const RecapSchema = z.enum(RECAP_MODES);
export type RecapMode = z.infer<typeof RecapSchema>;

export const EVENT_KINDS = ['proposal', 'accept', 'reject', 'neutral'] as const;
export const EventKindSchema = z.enum(EVENT_KINDS);
export type EventKind = z.infer<typeof EventKindSchema>;

/** Content of a `log` trace message. Known types are checked; anything else passes through. */
export const LogContentSchema = z.looseObject({ type: z.string() });
export type LogContent = z.infer<typeof LogContentSchema>;

export const ShardRevealedSchema = z.looseObject({
  type: z.enum(['shard_revealed', 'hint_revealed']),
  shard_id: z.number().int(),
});
export const EventLogSchema = z.looseObject({
  type: z.literal('event'),
  event: EventKindSchema,
  block: z.number().int(),
});
export const AnswerEvaluationSchema = z.looseObject({
  type: z.literal('answer-evaluation'),
  exact_answer: z.unknown().optional(),
  is_correct: z.boolean().nullable().optional(),
  score: z.number().nullable().optional(),
  evaluation_return: z.unknown().optional(),
});
export type AnswerEvaluation = z.infer<typeof AnswerEvaluationSchema>;
export const IntentTransitionLogSchema = z.looseObject({
  type: z.literal('intent_transition'),
  turn: z.number().int(),
  transition: z.enum(['initial', 'reveal', 'revise', 'switch']),
  function: z.string(),
  args: z.record(z.string(), z.unknown()),
  revealed: z.array(z.string()),
});

export type ShardRevealedLog = z.infer<typeof ShardRevealedSchema>;
export type EventLog = z.infer<typeof EventLogSchema>;
export type IntentTransitionLog = z.infer<typeof IntentTransitionLogSchema>;

/** LiC's response classification of the assistant message before it (`response.response_type`, or flat). */
export const SystemVerificationLogSchema = z.looseObject({
  type: z.literal('system-verification'),
  response: z.looseObject({ response_type: z.string().optional() }).optional(),
  response_type: z.string().optional(),
});
export type SystemVerificationLog = z.infer<typeof SystemVerificationLogSchema>;

/** The simulator's own progress (LiC): shown folded away, never interpreted. */
export const BOOKKEEPING_LOG_TYPES = [
  'state_transition',
  'duplicate_shard_ignored',
  'conversation-completed',
  'max_turns_exceeded',
] as const;
export type BookkeepingLogType = (typeof BOOKKEEPING_LOG_TYPES)[number];
export const BookkeepingLogSchema = z.looseObject({ type: z.enum(BOOKKEEPING_LOG_TYPES) });
export type BookkeepingLog = z.infer<typeof BookkeepingLogSchema>;

/**
 * A log type this code does not interpret (or a known one whose shape is off): kept whole and
 * shown as it is. `type: 'other'` keeps the union discriminated; `loggedType` is what the log says.
 */
export interface OtherLogContent {
  type: 'other';
  loggedType: string;
  raw: Readonly<Record<string, unknown>>;
}

/** The content of a `log` trace message, typed by its `type`; unknown types still kept (as `other`). */
export type TypedLogContent =
  | ShardRevealedLog
  | EventLog
  | AnswerEvaluation
  | IntentTransitionLog
  | SystemVerificationLog
  | BookkeepingLog
  | OtherLogContent;

/** The one schema each interpreted log type is read with (looked up by `type`: no trial parses). */
const TYPED_LOG_SCHEMAS: Readonly<Record<string, z.ZodType<Exclude<TypedLogContent, OtherLogContent>>>> = {
  shard_revealed: ShardRevealedSchema,
  hint_revealed: ShardRevealedSchema,
  event: EventLogSchema,
  'answer-evaluation': AnswerEvaluationSchema,
  intent_transition: IntentTransitionLogSchema,
  'system-verification': SystemVerificationLogSchema,
  ...Object.fromEntries(BOOKKEEPING_LOG_TYPES.map((t) => [t, BookkeepingLogSchema])),
};

/**
 * Reads a trace message's log content as the typed union; `undefined` when the message is not a
 * `log` with an object `content` carrying a string `type`. Never throws, never drops fields.
 */
export function readLogContent(m: { role: string; content: unknown }): TypedLogContent | undefined {
  if (m.role !== 'log') return undefined;
  const base = LogContentSchema.safeParse(m.content);
  if (!base.success) return undefined;
  const schema = Object.hasOwn(TYPED_LOG_SCHEMAS, base.data.type) ? TYPED_LOG_SCHEMAS[base.data.type] : undefined;
  const r = schema?.safeParse(m.content);
  if (r?.success) return r.data;
  return { type: 'other', loggedType: base.data.type, raw: base.data };
}

/** Known log types whose shape is checked; the rest are kept as they are. */
export const KNOWN_LOG_SCHEMAS: Record<string, z.ZodType> = {
  shard_revealed: ShardRevealedSchema,
  hint_revealed: ShardRevealedSchema,
  event: EventLogSchema,
  'answer-evaluation': AnswerEvaluationSchema,
  intent_transition: IntentTransitionLogSchema,
};

export const ROLES = ['system', 'user', 'assistant', 'log'] as const;

export const TraceMessageSchema = z
  .looseObject({
    role: z.enum(ROLES),
    content: z.unknown(),
    timestamp: z.union([z.string(), z.number()]).optional(),
    cost_usd: z.number().nullable().optional(),
  })
  .superRefine((m, ctx) => {
    if (m.role === 'log') {
      const parsed = LogContentSchema.safeParse(m.content);
      if (!parsed.success) {
        ctx.addIssue({
          code: 'custom',
          message: 'a `log` message needs an object `content` with a string `type`',
          path: ['content'],
        });
        return;
      }
      const known = Object.hasOwn(KNOWN_LOG_SCHEMAS, parsed.data.type)
        ? KNOWN_LOG_SCHEMAS[parsed.data.type]
        : undefined;
      if (known) {
        const r = known.safeParse(m.content);
        if (!r.success) {
          for (const issue of r.error.issues) {
            ctx.addIssue({
              code: 'custom',
              message: `${parsed.data.type}: ${issue.message}`,
              path: ['content', ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))],
            });
          }
        }
      }
    } else if (typeof m.content !== 'string') {
      ctx.addIssue({
        code: 'custom',
        message: `a \`${m.role}\` message needs a string \`content\``,
        path: ['content'],
      });
    }
  });
export type TraceMessage = z.infer<typeof TraceMessageSchema>;

/** The edits a fork can apply at its turn (src/core/fork). */
export const FORK_EDITS = ['replace-user', 'drop-user', 'drop-proposal', 'flip-decision', 'shard-first'] as const;
export type ForkEditKind = (typeof FORK_EDITS)[number];

/**
 * Optional `forked_from` of a run line: the conversation it was forked from, the 1-based user turn
 * (U1, U2, …) where the edit applies, and the edit. `edit` is a plain string so that a log written
 * by a later version with another edit still loads.
 */
export const ForkedFromSchema = z.looseObject({
  conv_id: z.string().min(1),
  turn: z.number().int().min(1),
  edit: z.string().min(1),
  /** The replacement text of a `replace-user` edit. */
  text: z.string().optional(),
});
export type ForkedFrom = z.infer<typeof ForkedFromSchema>;

export const RunLogEntrySchema = z.looseObject({
  conv_id: z.string().min(1),
  task: z.string(),
  task_id: z.string().min(1),
  assistant_model: z.string().optional(),
  user_model: z.string().optional(),
  system_model: z.string().optional(),
  mode: ModeSchema.optional(),
  condition: ConditionSchema.optional(),
  path: PathSchema.optional(),
  k: z.number().int().min(0).max(4).optional(),
  recap: RecapSchema.optional(),
  trace: z.array(TraceMessageSchema),
  is_correct: z.boolean().nullable().optional(),
  score: z.number().nullable().optional(),
  forked_from: ForkedFromSchema.optional(),
});
export type RunLogEntry = z.infer<typeof RunLogEntrySchema>;

/** Mode and condition with FORMAT.md's defaults applied (absent mode = multi, absent condition = original). */
export function effectiveMode(e: { mode?: Mode }): Mode {
  return e.mode ?? 'multi';
}
export function effectiveCondition(e: { condition?: Condition }): Condition {
  return e.condition ?? 'original';
}

// Annotations (issue #39): a reviewer's note, label or verdict override on a conversation, a turn
// or a span of a turn, with who made it, when, and what verdict it was made against (its basis).
// Stored as append-only events (add / edit / retract) in JSONL sidecars, never in the logs.
import { z } from 'zod';

/** The labels every workspace has; a workspace adds its own (setting `intentLens.annotations.labels`). */
export const DEFAULT_LABELS = [
  'leaked-inactive',
  'verifier-wrong',
  'simulator-error',
  'ambiguous-task',
  'refusal',
  'formatting',
] as const;

/** The default labels followed by a workspace's extra ones (trimmed, without repeats or blanks). */
export function labelSet(extra: readonly string[] = []): string[] {
  const out: string[] = [...DEFAULT_LABELS];
  for (const l of extra.map((x) => x.trim())) if (l && !out.includes(l)) out.push(l);
  return out;
}

/** Where the sidecar lives by default, relative to the workspace folder (or the CLI's current folder). */
export const ANNOTATION_SIDECAR = '.intent-lens/annotations.jsonl';

export const ANNOTATION_KINDS = ['note', 'label', 'verdict'] as const;
export type AnnotationKind = (typeof ANNOTATION_KINDS)[number];

export const HUMAN_VERDICTS = ['correct', 'incorrect'] as const;
export type HumanVerdict = (typeof HUMAN_VERDICTS)[number];

const SpanSchema = z.object({
  start: z.number().int().nonnegative(),
  end: z.number().int().nonnegative(),
  text: z.string().optional(),
});
export type AnnotationSpan = z.infer<typeof SpanSchema>;

/** What the annotation was made against: the verdict then shown and the log line it came from. */
const BasisSchema = z.looseObject({
  verdict_source: z.string(),
  verifier_version: z.string().optional(),
  log_file: z.string(),
  log_line: z.number().int().positive(),
});
export type AnnotationBasis = z.infer<typeof BasisSchema>;

export const AnnotationSchema = z
  .looseObject({
    id: z.string().min(1),
    conv_id: z.string().min(1),
    turn: z.number().int().positive().optional(),
    span: SpanSchema.optional(),
    kind: z.enum(ANNOTATION_KINDS),
    value: z.string(),
    reason: z.string().optional(),
    by: z.string().min(1),
    at: z.string().min(1),
    basis: BasisSchema,
  })
  .refine(
    (a) => a.kind !== 'verdict' || ((HUMAN_VERDICTS as readonly string[]).includes(a.value) && !!a.reason?.trim()),
    {
      message: 'a verdict annotation needs value correct or incorrect and a reason',
    },
  );
export type Annotation = z.infer<typeof AnnotationSchema>;

/** One line of a sidecar. Edits change value / reason / span / turn; a retraction hides the annotation. */
export const AnnotationEventSchema = z.discriminatedUnion('event', [
  z.looseObject({ event: z.literal('add'), annotation: AnnotationSchema }),
  z.looseObject({
    event: z.literal('edit'),
    id: z.string().min(1),
    by: z.string().min(1),
    at: z.string().min(1),
    changes: z.object({
      value: z.string().optional(),
      reason: z.string().optional(),
      span: SpanSchema.optional(),
      turn: z.number().int().positive().optional(),
    }),
  }),
  z.looseObject({
    event: z.literal('retract'),
    id: z.string().min(1),
    by: z.string().min(1),
    at: z.string().min(1),
    reason: z.string().optional(),
  }),
]);
export type AnnotationEvent = z.infer<typeof AnnotationEventSchema>;

/** An annotation as the events left it: the latest edit applied, with the file and line it was added at. */
export interface CurrentAnnotation extends Annotation {
  /** Time of the last add or edit (ISO). */
  updated_at: string;
  /** The sidecar and 1-based line of its `add` event. */
  source: { file: string; line: number };
}

/** The list form `annotations --json` prints and exports write. */
export interface AnnotationRow {
  id: string;
  conv_id: string;
  turn: number | null;
  kind: AnnotationKind;
  value: string;
  reason: string | null;
  by: string;
  at: string;
}

export function annotationRow(a: CurrentAnnotation): AnnotationRow {
  return {
    id: a.id,
    conv_id: a.conv_id,
    turn: a.turn ?? null,
    kind: a.kind,
    value: a.value,
    reason: a.reason ?? null,
    by: a.by,
    at: a.updated_at,
  };
}

// Benchmark records (FORMAT.md §1). Every object is a `looseObject`: unknown fields are legal
// everywhere and must survive a round trip, so parsing keeps them.
import { z } from 'zod';

export const DOMAINS = ['math', 'code', 'database', 'actions'] as const;
export const DomainSchema = z.enum(DOMAINS);
export type Domain = z.infer<typeof DomainSchema>;

/** LiC names the shard text `shard`; Intent-Eval names it `shard_text`. Accept both. */
export const ShardSchema = z
  .looseObject({
    shard_id: z.number().int(),
    shard_text: z.string().optional(),
    shard: z.string().optional(),
  })
  .refine((s) => typeof s.shard_text === 'string' || typeof s.shard === 'string', {
    message: "a shard needs `shard_text` (or LiC's `shard`)",
    path: ['shard_text'],
  });
export type Shard = z.infer<typeof ShardSchema>;

export function shardText(s: Shard): string {
  return s.shard_text ?? s.shard ?? '';
}

export const REVIEW_STATUSES = ['pending', 'approved', 'rejected', 'needs-work'] as const;
export const ReviewStatusSchema = z.enum(REVIEW_STATUSES);
export type ReviewStatus = z.infer<typeof ReviewStatusSchema>;

export const ReviewSchema = z.looseObject({
  status: ReviewStatusSchema,
  note: z.string().optional(),
  by: z.string().optional(),
  at: z.string().optional(),
});
export type Review = z.infer<typeof ReviewSchema>;

/** A reference answer: math a number (or numeric string), database SQL, code a name, actions a call list. */
export const ReferenceValueSchema = z.union([
  z.number(),
  z.string(),
  z.array(z.unknown()),
  z.record(z.string(), z.unknown()),
]);
export type ReferenceValue = z.infer<typeof ReferenceValueSchema>;

export const ExtraProposalSchema = z.looseObject({
  revised: z.string(),
  proposal: z.string(),
  reject: z.string(),
});
export type ExtraProposal = z.infer<typeof ExtraProposalSchema>;

export const NeutralPairSchema = z.tuple([z.string(), z.string()]);

export const IntentBlockSchema = z.looseObject({
  shard_id: z.number().int(),
  requirement: z.string(),
  original: z.string(),
  revised: z.string(),
  proposal: z.string(),
  accept: z.string(),
  reject: z.string(),
  neutral: NeutralPairSchema,
  connector: z.string().optional(),
  single_turn: z.looseObject({ original: z.string(), direct_revised: z.string() }),
  reference: z.looseObject({ original: ReferenceValueSchema, revised: ReferenceValueSchema }),
  extra_proposals: z.array(ExtraProposalSchema).max(3).optional(),
  extra_neutral: z.array(NeutralPairSchema).max(3).optional(),
  review: ReviewSchema.optional(),
});
export type IntentBlock = z.infer<typeof IntentBlockSchema>;

/**
 * One tool of an actions record, as far as the verifiers read it: what validates here cannot crash
 * them (a `parameters.properties` that is a string or null, a `required` that is not a list).
 */
const ToolParamSchema = z.looseObject({
  type: z.string().optional(),
  items: z.looseObject({ type: z.string().optional() }).optional(),
});
export const ToolSchemaSchema = z.looseObject({
  name: z.string(),
  parameters: z
    .looseObject({
      properties: z.record(z.string(), ToolParamSchema).optional(),
      required: z.array(z.string()).optional(),
    })
    .optional(),
});

export const BenchmarkRecordSchema = z.looseObject({
  task_id: z.string().min(1),
  task: DomainSchema,
  shards: z.array(ShardSchema).min(1),
  system: z.string().optional(),
  // math
  question: z.string().optional(),
  answer: z.union([z.string(), z.number()]).optional(),
  // database
  db_id: z.string().optional(),
  schema_sql: z.string().optional(),
  reference_sql: z.string().optional(),
  // a string for database; a list (of turns) for LiC actions
  fully_specified_question: z.unknown().optional(),
  // code
  source: z.string().optional(),
  prompt: z.string().optional(),
  test: z.string().optional(),
  // LiveCodeBench-style input/output cases (LiC key): a JSON-encoded string or an array
  public_test_cases: z.union([z.string(), z.array(z.unknown())]).optional(),
  metadata: z.looseObject({ func_name: z.string().optional() }).optional(),
  // actions
  function: z.array(ToolSchemaSchema).optional(),
  reference_answer: z.array(z.unknown()).optional(),
  language: z.string().optional(),
  test_category: z.string().optional(),
  intent: IntentBlockSchema.optional(),
});
export type BenchmarkRecord = z.infer<typeof BenchmarkRecordSchema>;

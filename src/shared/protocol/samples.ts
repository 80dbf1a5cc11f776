// The Samples table's messages (host ↔ webview) and state, as zod schemas. Rows come from the run
// log index's summaries (never from parsing traces); which rows are visible is decided on the host
// by the Sources tree's filter model, so the table and the tree always agree.
import { z } from 'zod';
import { INSTANCE_FIELDS } from './instanceFields';
import { commandEnvelope, defineView, notificationEnvelope } from '../protocol';
import { VerdictSchema } from './compare';

export const SAMPLES_VIEW = 'samples';
export const SAMPLES_PANEL_ID = 'intentLens.samples';

export const SampleRowSchema = z.object({
  convId: z.string(),
  taskId: z.string(),
  domain: z.string(),
  model: z.string(),
  /** `Retained`, `S_Orig`, `persistence-retained k=2`, `evolving · recap oracle`. */
  instance: z.string(),
  ...INSTANCE_FIELDS,
  verdict: VerdictSchema,
  /** Set when re-scored this session: `changed` when the verdict differs from the log's. */
  rescored: z.enum(['changed', 'same']).optional(),
  /** Inactive values in the re-scored final answer; absent until re-scored. */
  inactive: z.number().int().nonnegative().optional(),
  turns: z.number().int().nonnegative(),
  responseTypes: z.string().optional(),
  costUsd: z.number().optional(),
  file: z.string(),
  line: z.number().int(),
});
export type SampleRow = z.infer<typeof SampleRowSchema>;

/** The filter model shared with the Sources tree (`TreeFilters`). */
export const SampleFiltersSchema = z.object({
  domains: z.array(z.string()).optional(),
  models: z.array(z.string()).optional(),
  verdicts: z.array(VerdictSchema).optional(),
  reviews: z.array(z.string()).optional(),
  newErrors: z.boolean().optional(),
  newErrorsWithInactive: z.boolean().optional(),
  taskText: z.string().max(500).optional(),
  instances: z.array(z.string()).optional(),
  turns: z.object({ min: z.number().int().nonnegative().optional(), max: z.number().int().nonnegative().optional() }).optional(),
});
export type SampleFilters = z.infer<typeof SampleFiltersSchema>;

export const SamplesVisibleSchema = z.object({
  /** Indexes into `rows` of the conversations the filters let through. */
  visible: z.array(z.number().int().nonnegative()),
  filters: SampleFiltersSchema,
  /** e.g. `model: gpt-4o-mini · verdict: ✗ incorrect`; empty when nothing is filtered. */
  description: z.string(),
});

export const SamplesStateSchema = SamplesVisibleSchema.extend({
  view: z.literal(SAMPLES_VIEW),
  rows: z.array(SampleRowSchema),
  /** The values each set filter offers. */
  options: z.object({ domains: z.array(z.string()), models: z.array(z.string()), instances: z.array(z.string()) }),
});
export type SamplesState = z.infer<typeof SamplesStateSchema>;

const ConvIds = z.array(z.string().min(1)).min(1).max(1000);

export const SamplesWebviewCommand = z.discriminatedUnion('command', [
    commandEnvelope('setFilters', z.object({ filters: SampleFiltersSchema })),
    commandEnvelope('open', z.object({ convIds: ConvIds })),
    commandEnvelope('compare', z.object({ left: z.string().min(1), right: z.string().min(1) })),
    commandEnvelope('rescore', z.object({ convIds: ConvIds })),
    commandEnvelope('runAgain', z.object({ convId: z.string().min(1) })),
    commandEnvelope('rendered', z.object({ view: z.literal(SAMPLES_VIEW), ms: z.number(), rows: z.number().int() })),
]);
export type SamplesWebviewCommand = z.infer<typeof SamplesWebviewCommand>;

export const SamplesHostNotification = z.discriminatedUnion('method', [
  notificationEnvelope('state', z.object({ state: SamplesStateSchema })),
  notificationEnvelope('visible', SamplesVisibleSchema),
]);

export const SamplesView = defineView({ view: SAMPLES_VIEW, state: SamplesStateSchema, toHost: SamplesWebviewCommand, toView: SamplesHostNotification });

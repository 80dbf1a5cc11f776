// The dashboard's annotation parts (issue #39), as zod schemas: which verdicts the report counts
// (adjudicated: human overrides win; machine: logged or re-scored) and what the overrides changed,
// and the annotators' agreement per label (Cohen's kappa with n) with their disagreements.
import * as z from 'zod/mini';

export const DashboardVerdictModeSchema = z.enum(['adjudicated', 'machine']);
export type DashboardVerdictMode = z.infer<typeof DashboardVerdictModeSchema>;

export const DashboardAdjudicationSchema = z.object({
  /** The verdicts the report counts. */
  mode: DashboardVerdictModeSchema,
  /** Conversations of the workspace with a human verdict override. */
  overrides: z.number(),
  /** Conversations whose adjudicated verdict differs from the machine one. */
  changedConversations: z.number(),
  /** Table 1 cells whose counts differ between the two (what the adjudicated grid changes). */
  changedCells: z.number(),
});
export type DashboardAdjudication = z.infer<typeof DashboardAdjudicationSchema>;

/** The most disagreements that travel to the page (the count says how many there are). */
export const MAX_DASHBOARD_DISAGREEMENTS = 500;

export const DashboardAgreementSchema = z.object({
  /** Everyone who annotated a conversation, sorted. */
  annotators: z.array(z.string()),
  /** Per label and annotator pair over the conversations both annotated (core `labelAgreement`). */
  labels: z.array(
    z.object({
      label: z.string(),
      annotators: z.tuple([z.string(), z.string()]),
      n: z.number(),
      observed: z.number(),
      /** Null when chance agreement is 1 (both always, or never, gave the label). */
      kappa: z.nullable(z.number()),
      disagreements: z.number(),
    }),
  ),
  /** Conversations where one of a pair gave a label and the other did not. */
  disagreements: z.array(
    z.object({
      conv_id: z.string(),
      label: z.string(),
      labelledBy: z.string(),
      notBy: z.string(),
      /** What the conversation is, when it is in the workspace's logs (absent: an orphan annotation). */
      task_id: z.optional(z.string()),
      model: z.optional(z.string()),
    }),
  ),
  disagreementsTotal: z.number(),
});
export type DashboardAgreement = z.infer<typeof DashboardAgreementSchema>;

export const SetVerdictModeParams = z.object({ mode: DashboardVerdictModeSchema });

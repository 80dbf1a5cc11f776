// The Samples table's messages (host ↔ webview) and state, as zod schemas. Rows come from the run
// log index's summaries (never from parsing traces) and travel as columns; which rows are visible is
// decided on the host by the Sources tree's filter model, so the table and the tree always agree.
import * as z from 'zod/mini';
import { commandEnvelope, defineView, notificationEnvelope, requestSpec } from '../protocol';
import { VerdictSchema } from './compare';
import { DictColumnSchema, PackedUintsSchema, bitsLengthOk, packedLengthOk } from './packedColumns';

export const SAMPLES_VIEW = 'samples';
export const SAMPLES_PANEL_ID = 'intentLens.samples';

/** One row as the grid shows it, read from the columns (only the rows on screen are read). */
export interface SampleRow {
  /** Known once the page of ids around the row came from the host (`convIds` request). */
  convId?: string;
  taskId: string;
  domain: string;
  model: string;
  /** `Retained`, `S_Orig`, `persistence-retained k=2`, `evolving · recap oracle`. */
  instance: string;
  verdict: Verdict;
  /** Set when re-scored this session: `changed` when the verdict differs from the log's. */
  rescored?: 'changed' | 'same';
  /** Inactive values in the re-scored final answer; absent until re-scored. */
  inactive?: number;
  turns: number;
  responseTypes?: string;
  costUsd?: number;
  /** Input + output tokens, when logged (`usage` on the messages). */
  tokens?: number;
  /** Reviewers' annotations in one line (`⚖✓ · leaked-inactive · ✎1`), when any (issue #39). */
  annotations?: string;
  file: string;
  line: number;
}

type Verdict = z.infer<typeof VerdictSchema>;

export const VERDICT_CODES: readonly Verdict[] = ['correct', 'incorrect', 'unscored'];
export const RESCORED_CODES = [undefined, 'same', 'changed'] as const;

/**
 * Every row, column by column (see ./packedColumns): strings repeat heavily (model, task id,
 * domain, instance, file), so each is a dictionary plus a packed index. 100,000 rows are a few MB
 * instead of ~30 MB of row objects. Conversation ids (more than half of it) are not inlined: the
 * page asks for the rows on screen (`convIds`), and commands name rows.
 */
export const SampleColumnsSchema = z.object({
  taskId: DictColumnSchema,
  domain: DictColumnSchema,
  model: DictColumnSchema,
  instance: DictColumnSchema,
  responseTypes: DictColumnSchema,
  file: DictColumnSchema,
  /** `VERDICT_CODES` index × 3 + `RESCORED_CODES` index. */
  verdict: PackedUintsSchema,
  turns: PackedUintsSchema,
  line: PackedUintsSchema,
  /** Inactive count + 1; 0: not re-scored. Absent when no row is re-scored. */
  inactive: z.optional(PackedUintsSchema),
  /** Cost in micro-dollars + 1; 0: not logged. Absent when no row logs a cost. */
  costMicroUsd: z.optional(PackedUintsSchema),
  /** Input + output tokens + 1; 0: not logged. Absent when no row logs tokens. */
  tokens: z.optional(PackedUintsSchema),
  /** Each row's annotations in one line (index 0: none). Absent when no row is annotated. */
  annotations: z.optional(DictColumnSchema),
});
export type SampleColumns = z.infer<typeof SampleColumnsSchema>;

const RangeSchema = z.strictObject({
  min: z.optional(z.int().check(z.nonnegative())),
  max: z.optional(z.int().check(z.nonnegative())),
});
/** Dollars: fractions of a cent are meaningful. */
const CostRangeSchema = z.strictObject({
  min: z.optional(z.number().check(z.nonnegative())),
  max: z.optional(z.number().check(z.nonnegative())),
});

/** The filter model shared with the Sources tree (`TreeFilters`). */
export const SampleFiltersSchema = z.object({
  domains: z.optional(z.array(z.string())),
  models: z.optional(z.array(z.string())),
  verdicts: z.optional(z.array(VerdictSchema)),
  reviews: z.optional(z.array(z.string())),
  newErrors: z.optional(z.boolean()),
  newErrorsWithInactive: z.optional(z.boolean()),
  taskText: z.optional(z.string().check(z.maxLength(500))),
  responseText: z.optional(z.string().check(z.maxLength(500))),
  fileText: z.optional(z.string().check(z.maxLength(500))),
  instances: z.optional(z.array(z.string())),
  conditions: z.optional(z.array(z.string())),
  turns: z.optional(RangeSchema),
  tokens: z.optional(RangeSchema),
  cost: z.optional(CostRangeSchema),
  inactive: z.optional(RangeSchema),
  /** `annotated`, `unannotated`, `overridden`, `noted` or `label:<name>`: a row passes with any of them. */
  annotations: z.optional(z.array(z.string().check(z.maxLength(200))).check(z.maxLength(200))),
});
export type SampleFilters = z.infer<typeof SampleFiltersSchema>;

const VisibleFields = {
  /** Bitmap (./packedColumns `packBits`) of the rows the filters let through; rows are in the tree's order. */
  visible: z.string(),
  visibleCount: z.int().check(z.nonnegative()),
  filters: SampleFiltersSchema,
  /** e.g. `model: gpt-4o-mini · verdict: ✗ incorrect`; empty when nothing is filtered. */
  description: z.string(),
};

/** Checks lengths only: a column that does not hold `count` values fails, its elements are not walked. */
function columnsFit(s: { count: number; columns: SampleColumns; visible: string }): boolean {
  const { count, columns: c } = s;
  const packed = [
    c.taskId.index,
    c.domain.index,
    c.model.index,
    c.instance.index,
    c.responseTypes.index,
    c.file.index,
    c.verdict,
    c.turns,
    c.line,
    c.inactive,
    c.costMicroUsd,
    c.tokens,
    c.annotations?.index,
  ];
  return packed.every((p) => p === undefined || packedLengthOk(p, count)) && bitsLengthOk(s.visible, count);
}

export const SamplesStateSchema = z
  .object({
    view: z.literal(SAMPLES_VIEW),
    count: z.int().check(z.nonnegative()),
    /** The row set's version (a new one per rebuild): requests and commands name it, so a row number never reaches another row set. */
    version: z.int().check(z.nonnegative()),
    columns: SampleColumnsSchema,
    ...VisibleFields,
    /** When the open command ran (epoch ms) and how long the host took to build this state: the webview reports command → rendered. */
    timing: z.optional(z.object({ commandAt: z.number(), buildMs: z.number() })),
    /** The values each set filter offers. */
    options: z.object({
      domains: z.array(z.string()),
      models: z.array(z.string()),
      instances: z.array(z.string()),
      /** The annotation filter's choices (see `annotations` in the filters). */
      annotations: z.optional(z.array(z.string())),
    }),
  })
  .check(z.refine(columnsFit, { message: 'a column does not hold one value per row' }));
export type SamplesState = z.infer<typeof SamplesStateSchema>;

export const SamplesVisibleSchema = z
  .object({ count: z.int().check(z.nonnegative()), ...VisibleFields })
  .check(z.refine((v) => bitsLengthOk(v.visible, v.count), { message: 'the visible bitmap does not fit the rows' }));
export type SamplesVisible = z.infer<typeof SamplesVisibleSchema>;

const Row = z.int().check(z.nonnegative());
/**
 * Most rows one command may name: a selection of every row of a full benchmark (the table stays
 * smooth at 100,000; this leaves room). Open shows the first few; Re-score and Run Again take all.
 */
export const MAX_SELECTED_ROWS = 500_000;
const Rows = z.array(Row).check(z.minLength(1), z.maxLength(MAX_SELECTED_ROWS));
/** Most ids one `convIds` request may ask for: a screen plus its margins. */
export const MAX_ID_PAGE = 2000;

export const ConvIdsResultSchema = z.object({ ids: z.array(z.string()) });
export type ConvIdsResult = z.infer<typeof ConvIdsResultSchema>;

/** The conversation ids of some rows (those on screen and a margin), answered in the same order. */
export const SamplesRequests = {
  convIds: requestSpec(
    z.object({ version: z.int(), rows: z.array(Row).check(z.minLength(1), z.maxLength(MAX_ID_PAGE)) }),
    ConvIdsResultSchema,
  ),
};

export const SamplesWebviewCommand = z.discriminatedUnion('command', [
  commandEnvelope('setFilters', z.object({ filters: SampleFiltersSchema })),
  /**
   * Sets these keys of the shared filters and keeps the others (an empty value clears its key). A
   * column's edit names only its key, so edits of two columns in quick succession both stay, even
   * when the second is made before the host answered the first.
   */
  commandEnvelope('changeFilters', z.object({ changes: SampleFiltersSchema })),
  commandEnvelope('open', z.object({ version: z.int(), rows: Rows })),
  commandEnvelope('compare', z.object({ version: z.int(), left: Row, right: Row })),
  commandEnvelope('rescore', z.object({ version: z.int(), rows: Rows })),
  /** Runs the instance of each row again (one row: the Run Instance command, which says more as it goes). */
  commandEnvelope('runAgain', z.object({ version: z.int(), rows: Rows })),
  /** "Copy Link" on the current filter (the tree's "Copy Link to This Filter"). */
  commandEnvelope('copyFilterLink', z.object({})),
]);
export type SamplesWebviewCommand = z.infer<typeof SamplesWebviewCommand>;

export const SamplesHostNotification = z.discriminatedUnion('method', [
  notificationEnvelope('state', z.object({ state: SamplesStateSchema })),
  notificationEnvelope('visible', SamplesVisibleSchema),
]);

export const SamplesView = defineView({
  view: SAMPLES_VIEW,
  state: SamplesStateSchema,
  toHost: SamplesWebviewCommand,
  requests: SamplesRequests,
  toView: SamplesHostNotification,
});

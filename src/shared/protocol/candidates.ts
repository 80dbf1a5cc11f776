// The candidates view's messages and state (host ↔ webview): every candidate revision the
// construction found for one source task, with its checks and evidence, flattened to text for the
// page (references, SQL cells and call arguments arrive as strings; the page inserts them as text).
// The page asks the host to re-check an edited value and to write the chosen candidate.
import * as z from 'zod/mini';
import { defineView, NoCommands, notificationEnvelope, requestSpec } from '../protocol';

export const CANDIDATES_VIEW = 'candidates';
export const CANDIDATES_PANEL_ID = 'intentLens.candidates';

export const CheckRowSchema = z.object({ name: z.string(), ok: z.boolean(), evidence: z.string() });
export type CheckRow = z.infer<typeof CheckRowSchema>;

export const ResultTableSchema = z.object({
  columns: z.array(z.string()),
  /** The first rows, each cell as text. */
  rows: z.array(z.array(z.string())),
  rowCount: z.int(),
});
export type ResultTable = z.infer<typeof ResultTableSchema>;

/** What the view shows beside the checks, per domain (constructTypes' CandidateEvidence, as text). */
export const EvidenceViewSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('sql'), original: ResultTableSchema, revised: ResultTableSchema }),
  z.object({ kind: z.literal('math-chain'), original: z.string(), revised: z.string() }),
  z.object({ kind: z.literal('call-diff'), original: z.string(), revised: z.string(), changed: z.array(z.string()) }),
  z.object({
    kind: z.literal('code-rename'),
    originalSignature: z.string(),
    revisedSignature: z.string(),
    tests: z.optional(z.object({ original: z.string(), revised: z.string() })),
  }),
]);
export type EvidenceView = z.infer<typeof EvidenceViewSchema>;

export const CandidateViewSchema = z.object({
  /** Its index in the construction's list (the host's order, Appendix A.1 rank first). */
  index: z.int(),
  target: z.string(),
  requirement: z.string(),
  shardId: z.int(),
  original: z.string(),
  revised: z.string(),
  reference: z.object({ original: z.string(), revised: z.string() }),
  checks: z.array(CheckRowSchema),
  /** The first failed check's reason; absent when every check passed. */
  discarded: z.optional(z.string()),
  /** The construction's own choice (Appendix A.1 selection). */
  selected: z.boolean(),
  /** Other verified values of the same target (the record's extra proposals). */
  alternatives: z.array(z.string()),
  evidence: z.optional(EvidenceViewSchema),
});
export type CandidateView = z.infer<typeof CandidateViewSchema>;

export const CandidatesStateSchema = z.object({
  view: z.literal(CANDIDATES_VIEW),
  taskId: z.string(),
  domain: z.string(),
  /** The records file, relative to the workspace. */
  file: z.string(),
  candidates: z.array(CandidateViewSchema),
  /** Index of the selected candidate, null when none passed. */
  selected: z.nullable(z.int()),
  /** Why none was selected (a stable key) and in words. */
  reason: z.optional(z.string()),
  message: z.optional(z.string()),
  /** The record has an `intent` block now (written here or elsewhere): nothing more to write. */
  written: z.boolean(),
  notes: z.array(z.string()),
});
export type CandidatesState = z.infer<typeof CandidatesStateSchema>;

/** The user's choice: a candidate's target and the value to revise it to (as listed, or edited). */
export const ChoiceSchema = z.object({
  target: z.string().check(z.maxLength(2000)),
  value: z.string().check(z.maxLength(2000)),
});
export type Choice = z.infer<typeof ChoiceSchema>;

/** A value re-checked: the candidate with that value, or why there is none. */
export const RecheckResultSchema = z.object({
  candidate: z.nullable(CandidateViewSchema),
  reason: z.optional(z.string()),
  message: z.optional(z.string()),
});
export type RecheckResult = z.infer<typeof RecheckResultSchema>;

export const WriteResultSchema = z.object({ ok: z.boolean(), message: z.string() });
export type WriteResult = z.infer<typeof WriteResultSchema>;

/** Webview → host requests, each with its reply. */
export const CandidatesRequests = {
  /** Re-run the construction with this target and value (the core's `request`), checked like any other. */
  recheck: requestSpec(ChoiceSchema, RecheckResultSchema),
  /** Write this candidate as the record's `intent` (re-checked first), then open the revision editor. */
  write: requestSpec(ChoiceSchema, WriteResultSchema),
};

/** Host → webview: the construction again (the record changed, or was written). */
export const CandidatesHostNotification = z.discriminatedUnion('method', [
  notificationEnvelope('state', z.object({ state: CandidatesStateSchema })),
]);

export const CandidatesView = defineView({
  view: CANDIDATES_VIEW,
  state: CandidatesStateSchema,
  toHost: NoCommands,
  requests: CandidatesRequests,
  toView: CandidatesHostNotification,
});

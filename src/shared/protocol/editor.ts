// The revision editor's messages (host ↔ webview) and its initial state. The webview runs the pure
// intent checks and renders the instances itself (no round trip per keystroke); the host executes
// database references, writes through a WorkspaceEdit and records reviews.
import { z } from 'zod';
import { commandEnvelope, defineView, notificationEnvelope, requestSpec } from '../protocol';
import { REVIEW_STATUSES } from '../../core/schema/records';

export const EDITOR_VIEW = 'editor';
export const EDITOR_PANEL_ID = 'intentLens.revisionEditor';

/** A record travels as plain JSON; the webview re-validates it with BenchmarkRecordSchema. */
export const EditorStateSchema = z.object({
  taskId: z.string(),
  file: z.string(),
  line: z.number().int(),
  record: z.record(z.string(), z.unknown()),
  /** The record's text as last read, so the host can tell when it changed underneath the editor. */
  raw: z.string(),
  /** `pending`: records whose review status is "pending" (the queue "next pending" walks). */
  progress: z.object({ reviewed: z.number().int(), total: z.number().int(), pending: z.number().int() }),
  dirty: z.boolean(),
  /** A one-line account of what just happened, e.g. which record was approved and which is shown now. */
  notice: z.string().optional(),
});
export type EditorState = z.infer<typeof EditorStateSchema>;

export const ReviewStatusParam = z.enum(REVIEW_STATUSES);

export const ApplyParams = z.object({
  intent: z.record(z.string(), z.unknown()),
  baseRaw: z.string(),
  save: z.boolean(),
});
export const ReviewParams = z.object({
  intent: z.record(z.string(), z.unknown()).optional(),
  baseRaw: z.string(),
  status: ReviewStatusParam,
  note: z.string().optional(),
});
export const CheckReferencesParams = z.object({ intent: z.record(z.string(), z.unknown()) });
export type ApplyParams = z.infer<typeof ApplyParams>;
export type ReviewParams = z.infer<typeof ReviewParams>;

export const ApplyResult = z.object({
  ok: z.boolean(),
  /** Why nothing was written (a conflict: the record changed in the document or on disk). */
  conflict: z.string().optional(),
  state: EditorStateSchema.optional(),
});
export type ApplyResult = z.infer<typeof ApplyResult>;

export const HostIssueSchema = z.object({
  code: z.string(),
  severity: z.enum(['error', 'warning', 'info']),
  message: z.string(),
  path: z.string(),
});
/** `notRun`: why the database references were not executed (untrusted workspace, not a database record…). */
export const CheckReferencesResult = z.object({ issues: z.array(HostIssueSchema), notRun: z.string().optional() });

export const EditorRequests = {
  apply: requestSpec(ApplyParams, ApplyResult),
  review: requestSpec(ReviewParams, ApplyResult),
  checkReferences: requestSpec(CheckReferencesParams, CheckReferencesResult),
  reload: requestSpec(z.object({}), EditorStateSchema),
};

export const EditorWebviewMessage = z.union([
  /** `reviewed`: the decision just recorded, so the host can say what was approved and what is shown next. */
  commandEnvelope(
    'reviewNext',
    z.object({ reviewed: z.object({ taskId: z.string(), status: ReviewStatusParam }).optional() }),
  ),
  /** The form's unapplied intent (null when none), so closing or retargeting the editor can ask first. */
  commandEnvelope('pending', z.object({ intent: z.record(z.string(), z.unknown()).nullable(), baseRaw: z.string() })),
]);

/** Host → webview: another record, or this one changed in the document. */
export const EditorHostNotification = z.discriminatedUnion('method', [
  notificationEnvelope('state', z.object({ state: EditorStateSchema })),
]);

export const EditorView = defineView({
  view: EDITOR_VIEW,
  state: EditorStateSchema,
  toHost: EditorWebviewMessage,
  requests: EditorRequests,
  toView: EditorHostNotification,
});

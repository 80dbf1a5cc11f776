// What the revision editor asks of its host (main.tsx binds it to the bridge; tests to a recorder),
// and the small helpers its hooks share.
import type { IntentBlock, ReviewStatus } from '../../src/core/schema/records';
import type { ApplyResult, EditorState } from '../../src/shared/protocol/editor';

export type HostIssue = { code: string; severity: 'error' | 'warning' | 'info'; message: string; path: string };

export interface EditorActions {
  apply(intent: IntentBlock, baseRaw: string, save: boolean): Promise<ApplyResult>;
  review(intent: IntentBlock, baseRaw: string, status: ReviewStatus, note: string): Promise<ApplyResult>;
  /** The database findings, or why the references were not executed. */
  checkReferences(intent: IntentBlock): Promise<{ issues: HostIssue[]; notRun?: string }>;
  reload(): Promise<EditorState>;
  /** `reviewed`: the decision just recorded, so the host names it when it shows the next record. */
  next(reviewed?: { taskId: string; status: ReviewStatus }): void;
  /** Tells the host about unapplied edits (null: none), so closing the editor asks first. */
  pending(intent: IntentBlock | null, baseRaw: string): void;
}

export const intentOf = (state: EditorState): IntentBlock =>
  structuredClone((state.record as { intent: IntentBlock }).intent);
export const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

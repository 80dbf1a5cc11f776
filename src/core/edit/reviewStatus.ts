// The review status of a record, in words, and the rule of the review queue. The data contract
// (FORMAT.md) makes `intent.review` optional: a record without one has not been queued for review,
// so it is not "pending"; only `review.status: "pending"` is. "Next pending" goes to those only.
import type { BenchmarkRecord, ReviewStatus } from '../schema/records';
import { VERDICT_MARKS } from '../../shared/verdicts';

/** What a records line shows: its review decision, or that it has no review or no revision at all. */
export type RecordReviewState = ReviewStatus | 'no-review' | 'no-revision';

export function reviewStateOf(rec: BenchmarkRecord): RecordReviewState {
  if (!rec.intent) return 'no-revision';
  return rec.intent.review?.status ?? 'no-review';
}

/** The queue's rule: a record is pending when its review says so (not when it has no review). */
export function isPendingReview(rec: BenchmarkRecord): boolean {
  return reviewStateOf(rec) === 'pending';
}

/** The rule in the words the UI shows beside "next pending". */
export const PENDING_RULE = 'records whose review status is "pending" (a record without a review block is not queued)';

const NOTE_MAX = 80;

/** A line's status label: "✓ approved", "pending", "needs work: <note>", "✗ rejected: <note>", "no review", "no revision". */
export function reviewStatusText(rec: BenchmarkRecord): string {
  const state = reviewStateOf(rec);
  const note = rec.intent?.review?.note?.trim().replace(/\s+/g, ' ');
  const withNote = (label: string) =>
    note ? `${label}: ${note.length > NOTE_MAX ? `${note.slice(0, NOTE_MAX - 1)}…` : note}` : label;
  switch (state) {
    case 'approved':
      return `${VERDICT_MARKS.correct} approved`;
    case 'rejected':
      return withNote(`${VERDICT_MARKS.incorrect} rejected`);
    case 'needs-work':
      return withNote('needs work');
    case 'pending':
      return 'pending';
    case 'no-review':
      return 'no review';
    case 'no-revision':
      return 'no revision';
  }
}

/** The pending records after `afterTaskId` in list order, wrapping, never `afterTaskId` itself. */
export function pendingAfter<T extends { record: BenchmarkRecord }>(list: readonly T[], afterTaskId?: string): T[] {
  const start = afterTaskId ? list.findIndex((r) => r.record.task_id === afterTaskId) + 1 : 0;
  return [...list.slice(start), ...list.slice(0, start)].filter(
    (r) => isPendingReview(r.record) && r.record.task_id !== afterTaskId,
  );
}

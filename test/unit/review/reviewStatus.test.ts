// The review queue's rule (FORMAT.md: `review` is optional; only status "pending" is queued) and
// the status text each records line shows.
import { describe, expect, it } from 'vitest';
import { isPendingReview, pendingAfter, reviewStateOf, reviewStatusText } from '../../../src/core/edit/reviewStatus';
import type { BenchmarkRecord } from '../../../src/core/schema/records';
import { goodMathRecord } from '../checks/fixtures';

function rec(
  taskId: string,
  review: NonNullable<BenchmarkRecord['intent']>['review'] | 'none' | 'no-intent',
): BenchmarkRecord {
  const r = goodMathRecord();
  r.task_id = taskId;
  if (review === 'no-intent') delete r.intent;
  else if (review === 'none') delete r.intent!.review;
  else r.intent!.review = review;
  return r;
}

describe('review status', () => {
  it('pending means review.status "pending", never a record without a review block', () => {
    expect(isPendingReview(rec('a', { status: 'pending' }))).toBe(true);
    expect(isPendingReview(rec('b', 'none'))).toBe(false);
    expect(isPendingReview(rec('c', 'no-intent'))).toBe(false);
    expect(isPendingReview(rec('d', { status: 'needs-work', note: 'x' }))).toBe(false);
    expect(reviewStateOf(rec('b', 'none'))).toBe('no-review');
  });

  it('the next pending records skip unreviewed and decided ones, wrap, and leave out the current one', () => {
    const list = [
      rec('1', { status: 'pending' }),
      rec('2', 'none'),
      rec('3', { status: 'approved' }),
      rec('4', { status: 'pending' }),
      rec('5', 'no-intent'),
    ].map((record) => ({ record }));
    expect(pendingAfter(list, '1').map((r) => r.record.task_id)).toEqual(['4']);
    expect(pendingAfter(list, '4').map((r) => r.record.task_id)).toEqual(['1']);
    expect(pendingAfter(list, '2').map((r) => r.record.task_id)).toEqual(['4', '1']);
    expect(pendingAfter(list).map((r) => r.record.task_id)).toEqual(['1', '4']);
    expect(pendingAfter(list.slice(1, 3), '2')).toEqual([]);
  });

  it('says each state in words, with the note of a needs-work or rejected decision', () => {
    expect(reviewStatusText(rec('a', { status: 'approved', note: 'fine' }))).toBe('✓ approved');
    expect(reviewStatusText(rec('a', { status: 'pending' }))).toBe('pending');
    expect(reviewStatusText(rec('a', { status: 'needs-work', note: 'the neutral\nquestions repeat' }))).toBe(
      'needs work: the neutral questions repeat',
    );
    expect(reviewStatusText(rec('a', { status: 'rejected' }))).toBe('✗ rejected');
    expect(reviewStatusText(rec('a', 'none'))).toBe('no review');
    expect(reviewStatusText(rec('a', 'no-intent'))).toBe('no revision');
    expect(reviewStatusText(rec('a', { status: 'needs-work', note: 'y'.repeat(200) })).length).toBeLessThan(100);
  });
});

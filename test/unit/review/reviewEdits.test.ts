import { describe, it, expect } from 'vitest';
import { reviewEdits, reviewProgress } from '../../../src/core/edit/reviewEdits';
import { applyFieldEdits } from '../../../src/core/edit/editRaw';
import { goodMathRecord } from '../checks/fixtures';

describe('review edits', () => {
  it('adds a review block when there is none, updates an existing one key by key', () => {
    const rec = goodMathRecord();
    delete rec.intent!.review;
    const raw = JSON.stringify(rec);
    const added = JSON.parse(
      applyFieldEdits(raw, reviewEdits(rec, { status: 'approved', note: 'fine', by: 'ana', at: 'T' })),
    );
    expect(added.intent.review).toEqual({ status: 'approved', note: 'fine', by: 'ana', at: 'T' });

    const withReview = goodMathRecord();
    withReview.intent!.review = { status: 'pending', note: 'old', by: 'bot', at: 'x', extra: 1 } as NonNullable<
      typeof withReview.intent
    >['review'];
    const out = JSON.parse(
      applyFieldEdits(
        JSON.stringify(withReview),
        reviewEdits(withReview, { status: 'needs-work', note: 'wording', at: 'T' }),
      ),
    );
    expect(out.intent.review).toEqual({ status: 'needs-work', note: 'wording', at: 'T', extra: 1 });
    expect(Object.keys(out.intent.review)).toEqual(['status', 'note', 'at', 'extra']);
  });

  it('counts reviewed revisions (decisions other than pending; plain records do not count)', () => {
    const a = goodMathRecord();
    const b = goodMathRecord();
    b.intent!.review = { status: 'rejected' };
    const c = goodMathRecord();
    delete c.intent;
    expect(reviewProgress([a, b, c])).toEqual({ reviewed: 1, total: 2, pending: 1 });
  });
});

import { describe, it, expect } from 'vitest';
import { checkIntent, type CheckCode } from '../../../src/core/checks/intentChecks';
import { goodMathRecord, withIntent } from './fixtures';
import { BenchmarkRecordSchema } from '../../../src/core/schema/records';

const codes = (rec: ReturnType<typeof goodMathRecord>) => checkIntent(rec).map((i) => `${i.code}@${i.path}`);
const only = (rec: ReturnType<typeof goodMathRecord>, code: CheckCode) =>
  checkIntent(rec).filter((i) => i.code === code);

describe('intent checks', () => {
  it('a good record passes every check', () => {
    expect(checkIntent(goodMathRecord())).toEqual([]);
  });

  it('a plain LiC record (no intent block) has nothing to check', () => {
    const rec = goodMathRecord();
    delete rec.intent;
    expect(checkIntent(rec)).toEqual([]);
  });

  it('intent-neutral-reveals-value: original, revised, the bare number, extra pairs', () => {
    expect(codes(withIntent((it) => (it.neutral[0] = 'Did the chef buy 4 bags?')))).toContain(
      'intent-neutral-reveals-value@intent.neutral[0]',
    );
    expect(codes(withIntent((it) => (it.neutral[1] = 'Or was it 2 bags?')))).toContain(
      'intent-neutral-reveals-value@intent.neutral[1]',
    );
    expect(codes(withIntent((it) => (it.neutral[1] = 'Should I multiply by 4?')))).toContain(
      'intent-neutral-reveals-value@intent.neutral[1]',
    );
    expect(codes(withIntent((it) => (it.extra_neutral![0]![1] = 'Is 2 bags fine?')))).toContain(
      'intent-neutral-reveals-value@intent.extra_neutral[0][1]',
    );
    // 24 bags is not 4 bags.
    expect(
      only(
        withIntent((it) => (it.neutral[0] = 'Is it like the 24 bags case?')),
        'intent-neutral-reveals-value',
      ),
    ).toEqual([]);
  });

  it('intent-neutral-duplicate', () => {
    expect(codes(withIntent((it) => (it.neutral[1] = it.neutral[0])))).toContain(
      'intent-neutral-duplicate@intent.neutral[1]',
    );
  });

  it('intent-decision-repeats-value: accept, reject and extra rejects', () => {
    expect(codes(withIntent((it) => (it.accept = 'Yes, use 2 bags.')))).toContain(
      'intent-decision-repeats-value@intent.accept',
    );
    expect(codes(withIntent((it) => (it.reject = 'No, not 2 bags.')))).toContain(
      'intent-decision-repeats-value@intent.reject',
    );
    expect(codes(withIntent((it) => (it.extra_proposals![0]!.reject = 'No, 3 bags is wrong.')))).toContain(
      'intent-decision-repeats-value@intent.extra_proposals[0].reject',
    );
    // Mentioning the original is not repeating the proposed value.
    expect(
      only(
        withIntent((it) => (it.reject = 'No, keep 4 bags.')),
        'intent-decision-repeats-value',
      ),
    ).toEqual([]);
  });

  it('intent-proposal-missing-value: the shared proposal must state the change', () => {
    expect(codes(withIntent((it) => (it.proposal = 'Can we change the number of bags?')))).toContain(
      'intent-proposal-missing-value@intent.proposal',
    );
    expect(codes(withIntent((it) => (it.proposal = 'Can we use 12 bags?')))).toContain(
      'intent-proposal-missing-value@intent.proposal',
    );
    expect(codes(withIntent((it) => (it.extra_proposals![0]!.proposal = 'Maybe another count?')))).toContain(
      'intent-proposal-missing-value@intent.extra_proposals[0].proposal',
    );
  });

  it('intent-original-not-in-shard', () => {
    expect(codes(withIntent((it) => (it.original = '5 bags')))).toContain(
      'intent-original-not-in-shard@intent.original',
    );
    expect(codes(withIntent((it) => (it.shard_id = 3)))).toContain('intent-original-not-in-shard@intent.original');
  });

  it('intent-revised-same-as-original (case, spacing, number format)', () => {
    expect(codes(withIntent((it) => (it.revised = '4  Bags')))).toContain(
      'intent-revised-same-as-original@intent.revised',
    );
    const num = withIntent((it) => {
      it.original = '1,000';
      it.revised = '1000.0';
    });
    expect(only(num, 'intent-revised-same-as-original')).toHaveLength(1);
  });

  it('intent-extra-proposal-duplicate: vs original, revised and each other', () => {
    expect(codes(withIntent((it) => (it.extra_proposals![0]!.revised = '4 bags')))).toContain(
      'intent-extra-proposal-duplicate@intent.extra_proposals[0].revised',
    );
    expect(codes(withIntent((it) => (it.extra_proposals![0]!.revised = '2 bags')))).toContain(
      'intent-extra-proposal-duplicate@intent.extra_proposals[0].revised',
    );
    const twice = withIntent((it) =>
      it.extra_proposals!.push({ revised: '3 Bags', proposal: 'What about 3 bags?', reject: 'No.' }),
    );
    expect(codes(twice)).toContain('intent-extra-proposal-duplicate@intent.extra_proposals[1].revised');
  });

  it('single_turn: unchanged is an error, changes beyond the requirement a warning, a multi-place rename is fine', () => {
    expect(codes(withIntent((it) => (it.single_turn.direct_revised = it.single_turn.original)))).toContain(
      'intent-single-turn-unchanged@intent.single_turn.direct_revised',
    );
    const extra = only(
      withIntent(
        (it) =>
          (it.single_turn.direct_revised = 'A chef bought 2 bags of onions. Each bag weighs 60 pounds. How much?'),
      ),
      'intent-single-turn-extra-change',
    );
    expect(extra).toHaveLength(1);
    expect(extra[0]!.severity).toBe('warning');
    expect(extra[0]!.message).toContain('"60"');
    expect(
      codes(
        withIntent(
          (it) =>
            (it.single_turn.direct_revised = 'A chef bought 3 bags of onions. Each bag weighs 50 pounds. How much?'),
        ),
      ),
    ).toContain('intent-single-turn-missing-revised@intent.single_turn.direct_revised');
    const rename = withIntent((it) => {
      it.original = 'intersperse';
      it.revised = 'insert_delimiter';
      it.single_turn.original = 'def intersperse(xs): ... call intersperse(xs)';
      it.single_turn.direct_revised = 'def insert_delimiter(xs): ... call insert_delimiter(xs)';
    });
    expect(only(rename, 'intent-single-turn-extra-change')).toEqual([]);
  });

  it('intent-references-equal per domain, and math references must be numbers', () => {
    expect(codes(withIntent((it) => (it.reference.revised = '300')))).toContain(
      'intent-references-equal@intent.reference.revised',
    );
    expect(codes(withIntent((it) => (it.reference.revised = 'one fifty')))).toContain(
      'intent-reference-not-number@intent.reference.revised',
    );
    const code = BenchmarkRecordSchema.parse({ ...goodMathRecord(), task: 'code' });
    code.intent!.reference = { original: 'f', revised: 'f' };
    expect(codes(code)).toContain('intent-references-equal@intent.reference.revised');
    code.intent!.reference = { original: 'f', revised: 'g' };
    expect(only(code, 'intent-references-equal')).toEqual([]);
    const db = BenchmarkRecordSchema.parse({ ...goodMathRecord(), task: 'database' });
    db.intent!.reference = { original: 'SELECT a FROM t;', revised: 'select a  from t' };
    expect(codes(db)).toContain('intent-references-equal@intent.reference.revised');
    const act = BenchmarkRecordSchema.parse({ ...goodMathRecord(), task: 'actions' });
    act.intent!.reference = { original: [{ f: { a: [1], b: [2] } }], revised: [{ f: { b: [2], a: [1] } }] };
    expect(codes(act)).toContain('intent-references-equal@intent.reference.revised');
    act.intent!.reference = { original: [{ f: { a: [1] } }], revised: [{ f: { a: [2] } }] };
    expect(only(act, 'intent-references-equal')).toEqual([]);
  });

  it('authoring checks carry obvious fixes', () => {
    const noConnector = only(
      withIntent((it) => delete it.connector),
      'intent-connector-missing',
    );
    expect(noConnector[0]!.fix!.set).toEqual([
      { path: ['intent', 'connector'], value: 'Before you go, I have one quick last minute thought:' },
    ]);
    const noReview = only(
      withIntent((it) => delete it.review),
      'intent-review-missing',
    );
    expect(noReview[0]!.fix!.set).toEqual([{ path: ['intent', 'review'], value: { status: 'pending' } }]);
  });

  it('intent-empty-text', () => {
    expect(codes(withIntent((it) => (it.accept = '  ')))).toContain('intent-empty-text@intent.accept');
  });
});

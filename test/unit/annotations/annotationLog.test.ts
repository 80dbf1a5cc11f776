import { describe, expect, it } from 'vitest';
import { foldSidecars, orphanAnnotations } from '../../../src/core/annotations/annotationLog';
import { humanOverrides, describeOverride } from '../../../src/core/annotations/adjudication';
import { labelSet, DEFAULT_LABELS, type AnnotationEvent } from '../../../src/core/annotations/annotationTypes';
import { VerdictOverlay, describeVerdict } from '../../../src/core/workspace/verdicts';

const basis = { verdict_source: 'logged', log_file: 'run.jsonl', log_line: 3 };
const add = (
  id: string,
  conv: string,
  kind: 'note' | 'label' | 'verdict',
  value: string,
  by: string,
  at: string,
  reason?: string,
): AnnotationEvent => ({
  event: 'add',
  annotation: { id, conv_id: conv, kind, value, by, at, basis, ...(reason ? { reason } : {}) },
});
const lines = (events: unknown[]) => events.map((e) => JSON.stringify(e) + '\n').join('');

describe('annotation sidecars', () => {
  it('folds adds, edits and retractions of several annotators in time order', () => {
    const a = lines([
      add('1', 'c1', 'label', 'verifier-wrong', 'ann', '2026-12-04T10:00:00Z'),
      { event: 'edit', id: '2', by: 'bob', at: '2026-12-04T12:00:00Z', changes: { value: 'simulator-error' } },
    ]);
    const b = lines([
      add('2', 'c2', 'label', 'refusal', 'bob', '2026-12-04T11:00:00Z'),
      { event: 'retract', id: '1', by: 'ann', at: '2026-12-04T13:00:00Z' },
    ]);
    const set = foldSidecars([
      { file: 'ann.jsonl', text: a },
      { file: 'bob.jsonl', text: b },
    ]);
    expect(set.problems).toEqual([]);
    expect(set.annotations.map((x) => [x.id, x.value, x.updated_at])).toEqual([
      ['2', 'simulator-error', '2026-12-04T12:00:00Z'],
    ]);
  });

  it('reports a truncated or invalid line at its file and line and keeps the rest', () => {
    const good = lines([add('1', 'c1', 'note', 'look here', 'ann', '2026-12-04T10:00:00Z')]);
    const text = good + '{"event":"add","annotation":{"id":"x"}}\n' + '{"event":"add","annot';
    const set = foldSidecars([{ file: 's.jsonl', text }]);
    expect(set.annotations.map((x) => x.id)).toEqual(['1']);
    expect(set.problems.map((p) => [p.file, p.line, p.code])).toEqual([
      ['s.jsonl', 2, 'annotation-schema'],
      ['s.jsonl', 3, 'annotation-json'],
    ]);
    expect(set.problems[1]!.message).toMatch(/truncated/);
  });

  it('refuses a verdict without a reason and reports an edit of an unknown id', () => {
    const text = lines([
      add('1', 'c1', 'verdict', 'correct', 'ann', '2026-12-04T10:00:00Z'),
      { event: 'retract', id: 'nope', by: 'ann', at: '2026-12-04T10:00:00Z' },
    ]);
    const set = foldSidecars([{ file: 's.jsonl', text }]);
    expect(set.annotations).toEqual([]);
    expect(set.problems.map((p) => p.code)).toEqual(['annotation-schema', 'annotation-unknown-id']);
  });

  it('lists orphans: annotations whose conversation is not loaded', () => {
    const set = foldSidecars([
      {
        file: 's',
        text: lines([
          add('1', 'gone', 'note', 'x', 'a', '2026-12-04T10:00:00Z'),
          add('2', 'here', 'note', 'y', 'a', '2026-12-04T10:00:00Z'),
        ]),
      },
    ]);
    expect(orphanAnnotations(set, (id) => id === 'here').map((a) => a.id)).toEqual(['1']);
  });

  it('extends the default labels with a workspace setting', () => {
    expect(labelSet([' mine ', 'refusal', ''])).toEqual([...DEFAULT_LABELS, 'mine']);
  });
});

describe('adjudicated verdicts', () => {
  const text = lines([
    add('1', 'c1', 'verdict', 'correct', 'ann', '2026-12-04T10:00:00Z', 'comma grouped answer'),
    add('2', 'c1', 'label', 'verifier-wrong', 'ann', '2026-12-04T10:00:00Z'),
    add('3', 'c1', 'verdict', 'incorrect', 'bob', '2026-12-04T09:00:00Z', 'leaked the $120'),
    add('4', 'c2', 'verdict', 'correct', 'bob', '2026-12-04T09:00:00Z', 'fine'),
    { event: 'retract', id: '4', by: 'bob', at: '2026-12-04T11:00:00Z' },
  ]);

  it('the most recent non-retracted human verdict wins, with its provenance', () => {
    const o = humanOverrides(foldSidecars([{ file: 's', text }]));
    expect([...o.keys()]).toEqual(['c1']);
    expect(o.get('c1')).toMatchObject({
      verdict: 'correct',
      by: 'ann',
      reason: 'comma grouped answer',
      labels: ['verifier-wrong'],
    });
    expect(describeOverride(o.get('c1')!)).toBe(
      'overridden by ann on 2026-12-04: verifier-wrong, comma grouped answer',
    );
  });

  it('the overlay shows logged → re-scored → adjudicated, and machine mode ignores overrides', () => {
    const overlay = new VerdictOverlay();
    const changed: string[][] = [];
    overlay.onChange((ids) => changed.push(ids));
    overlay.setHumanOverrides(humanOverrides(foldSidecars([{ file: 's', text }])));
    expect(changed).toEqual([['c1']]);
    const ref = { conv_id: 'c1', verdict: 'incorrect' as const };
    expect(overlay.current(ref).verdict).toBe('correct');
    expect(describeVerdict(overlay.current(ref))).toBe(
      '✓ overridden by ann on 2026-12-04: verifier-wrong, comma grouped answer (machine ✗)',
    );
    expect(overlay.current(ref, 'machine')).toEqual({
      verdict: 'incorrect',
      provenance: { source: 'logged' },
      logged: 'incorrect',
    });
    overlay.setHumanOverrides(new Map());
    expect(changed).toEqual([['c1'], ['c1']]);
    expect(overlay.current(ref).verdict).toBe('incorrect');
  });
});

describe('agreement per label', () => {
  it("Cohen's kappa with n over the conversations both annotated, and the disagreements", async () => {
    const { labelAgreement, cohensKappa } = await import('../../../src/core/annotations/agreement');
    // 2x2: both yes 2, only A 1, only B 0, neither 1 → po 0.75, pa 0.75, pb 0.5, pe 0.5, kappa 0.5
    expect(
      cohensKappa([
        [true, true],
        [true, true],
        [true, false],
        [false, false],
      ]),
    ).toEqual({ observed: 0.75, kappa: 0.5 });
    expect(cohensKappa([[true, true]]).kappa).toBeNull();
    const t = '2026-12-04T10:00:00Z';
    const text = lines([
      add('1', 'c1', 'label', 'refusal', 'ann', t),
      add('2', 'c1', 'label', 'refusal', 'bob', t),
      add('3', 'c2', 'label', 'refusal', 'ann', t),
      add('4', 'c2', 'note', 'fine', 'bob', t),
      add('5', 'c3', 'note', 'x', 'ann', t),
      add('6', 'c3', 'note', 'y', 'bob', t),
      add('7', 'c4', 'label', 'refusal', 'ann', t),
    ]);
    const rows = labelAgreement(foldSidecars([{ file: 's', text }]).annotations);
    expect(rows).toEqual([
      {
        label: 'refusal',
        annotators: ['ann', 'bob'],
        n: 3,
        observed: 2 / 3,
        kappa: expect.closeTo(0.4, 10),
        disagreements: [{ conv_id: 'c2', labelledBy: 'ann' }],
      },
    ]);
    expect(
      labelAgreement(
        foldSidecars([{ file: 's', text: lines([add('1', 'c1', 'label', 'refusal', 'ann', t)]) }]).annotations,
      ),
    ).toEqual([]);
  });
});

describe('annotation search', () => {
  it('matches values and reasons with the message search semantics', async () => {
    const { searchAnnotations } = await import('../../../src/core/annotations/annotationSearch');
    const t = '2026-12-04T10:00:00Z';
    const set = foldSidecars([
      {
        file: 's',
        text: lines([
          add('1', 'c1', 'verdict', 'correct', 'ann', t, 'Comma grouped answer'),
          add('2', 'c2', 'note', 'the $120 leaked', 'ann', t),
        ]),
      },
    ]);
    expect(searchAnnotations(set.annotations, { text: 'comma' }).map((h) => h.annotation.id)).toEqual(['1']);
    expect(searchAnnotations(set.annotations, { text: 'comma', caseSensitive: true })).toEqual([]);
    expect(searchAnnotations(set.annotations, { text: '\\$\\d+', regex: true }).map((h) => h.text)).toEqual([
      'the $120 leaked',
    ]);
    expect(searchAnnotations(set.annotations, { text: 'leaked' }, new Set(['c1']))).toEqual([]);
  });
});

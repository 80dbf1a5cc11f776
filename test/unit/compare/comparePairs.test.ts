import { describe, it, expect } from 'vitest';
import {
  compareCandidates,
  counterpartOf,
  pairSourceChoices,
  retainedRevisedPairs,
  type PairRef,
} from '../../../src/extension/compare/comparePairs';
import { readCompareTarget, readExplicitPair } from '../../../src/extension/compare/compareArgs';

const run = (
  conv_id: string,
  model: string,
  condition: PairRef['condition'],
  extra: Partial<PairRef> = {},
): PairRef => ({
  conv_id,
  task_id: 't1',
  model,
  mode: 'multi',
  condition,
  file: '/logs/x.jsonl',
  line: 1,
  verdict: 'correct',
  ...extra,
});

const refs: PairRef[] = [
  run('a-orig', 'a', 'original'),
  run('a-ret', 'a', 'retained'),
  run('a-rev', 'a', 'revised'),
  run('b-ret', 'b', 'retained'),
  run('b-rev', 'b', 'revised'),
  run('c-ret', 'c', 'retained'),
  run('a-pret1', 'a', 'retained', { path: 'persistence-retained', k: 1 }),
  run('a-prev1', 'a', 'revised', { path: 'persistence-revised', k: 1 }),
  run('a-sret', 'a', 'retained', { mode: 'single' }),
  run('a-srev', 'a', 'revised', { mode: 'single' }),
  run('other', 'a', 'retained', { task_id: 't2' }),
];

describe('retainedRevisedPairs', () => {
  it('pairs each model that has both runs of the source', () => {
    expect(retainedRevisedPairs(refs, 't1').map((p) => [p.model, p.retained.conv_id, p.revised.conv_id])).toEqual([
      ['a', 'a-ret', 'a-rev'],
      ['b', 'b-ret', 'b-rev'],
    ]);
    expect(retainedRevisedPairs(refs, 't1', { model: 'c' })).toEqual([]);
  });

  it('pairs a run with its counterpart: same model, same depth on persistence paths, single-turn with single-turn', () => {
    const basis = (id: string) => refs.find((r) => r.conv_id === id)!;
    expect(
      retainedRevisedPairs(refs, 't1', { basis: basis('a-prev1') }).map((p) => [p.retained.conv_id, p.revised.conv_id]),
    ).toEqual([['a-pret1', 'a-prev1']]);
    expect(
      retainedRevisedPairs(refs, 't1', { basis: basis('a-sret') }).map((p) => [p.retained.conv_id, p.revised.conv_id]),
    ).toEqual([['a-sret', 'a-srev']]);
    expect(
      retainedRevisedPairs(refs, 't1', { basis: basis('b-rev') }).map((p) => [p.retained.conv_id, p.revised.conv_id]),
    ).toEqual([['b-ret', 'b-rev']]);
  });
});

describe('compareCandidates', () => {
  const basis = (id: string) => refs.find((r) => r.conv_id === id)!;

  it('offers the Retained ↔ Revised sibling first, then the same model, then the same instance by other models', () => {
    const ids = compareCandidates(refs, basis('a-ret')).map((r) => r.conv_id);
    expect(ids[0]).toBe('a-rev');
    // The same model's other instances before other models.
    const sameModel = ids.filter((id) => id.startsWith('a-'));
    expect(ids.slice(0, sameModel.length)).toEqual(sameModel);
    expect(ids.indexOf('b-ret')).toBeLessThan(ids.indexOf('b-rev'));
    expect(ids).not.toContain('a-ret');
    expect(ids).not.toContain('other');
  });

  it('finds the sibling on the same side for every slot kind, and none for a run on neither side', () => {
    expect(counterpartOf(refs, basis('a-rev'))?.conv_id).toBe('a-ret');
    expect(counterpartOf(refs, basis('a-pret1'))?.conv_id).toBe('a-prev1');
    expect(counterpartOf(refs, basis('a-srev'))?.conv_id).toBe('a-sret');
    expect(counterpartOf(refs, basis('c-ret'))).toBeUndefined();
    expect(counterpartOf(refs, basis('a-orig'))).toBeUndefined();
    expect(compareCandidates(refs, basis('a-prev1'))[0]!.conv_id).toBe('a-pret1');
  });
});

describe('pairSourceChoices (the palette)', () => {
  const more: PairRef[] = [
    ...refs,
    run('t3-ret', 'a', 'retained', { task_id: 't0' }),
    run('t4-ret', 'a', 'retained', { task_id: 't4' }),
    run('t4-rev', 'a', 'revised', { task_id: 't4' }),
  ];

  it('lists only sources with a pair, sorted, with nothing first when there is no context', () => {
    expect(pairSourceChoices(more, {}).map((c) => [c.taskId, c.isDefault])).toEqual([
      ['t1', false],
      ['t4', false],
    ]);
  });

  it('puts the open conversation’s source first and keeps only its model', () => {
    const basis = more.find((r) => r.conv_id === 't4-rev')!;
    const choices = pairSourceChoices(more, { convId: basis.conv_id }, basis);
    expect(choices[0]).toEqual({ taskId: 't4', models: ['a'], isDefault: true });
    expect(choices.map((c) => c.taskId)).toEqual(['t4', 't1']);
  });

  it('takes a selected tree item’s source and model, and a source without pairs is never offered', () => {
    expect(pairSourceChoices(more, { taskId: 't1', model: 'b' })[0]).toEqual({
      taskId: 't1',
      models: ['b'],
      isDefault: true,
    });
    expect(pairSourceChoices(more, { taskId: 't0' }).some((c) => c.taskId === 't0')).toBe(false);
  });
});

describe('command arguments', () => {
  it('reads plain objects, tree nodes (fields or `args`) and strings', () => {
    expect(readCompareTarget({ taskId: 't1', model: 'a' })).toEqual({ taskId: 't1', model: 'a' });
    expect(readCompareTarget({ convId: 'a-ret' })).toEqual({ convId: 'a-ret' });
    expect(
      readCompareTarget({
        kind: 'run',
        id: 'run:a-ret',
        convId: 'a-ret',
        taskId: 't1',
        model: 'a',
        args: { convId: 'a-ret' },
      }),
    ).toMatchObject({ convId: 'a-ret', taskId: 't1', model: 'a' });
    expect(readCompareTarget({ kind: 'source', id: 'source:t1', args: { taskId: 't1' } })).toEqual({ taskId: 't1' });
    expect(
      readCompareTarget({
        args: { taskId: 't1', mode: 'multi', condition: 'retained', path: 'persistence-retained', k: 1 },
      }),
    ).toEqual({
      taskId: 't1',
      instance: { mode: 'multi', condition: 'retained', path: 'persistence-retained', k: 1 },
    });
    expect(readCompareTarget('a-ret', (id) => id === 'a-ret')).toEqual({ convId: 'a-ret' });
    expect(readCompareTarget('t1', () => false)).toEqual({ taskId: 't1' });
    expect(readCompareTarget(undefined)).toEqual({});
  });

  it('reads an explicit pair only when both sides are given', () => {
    expect(readExplicitPair({ left: 'x', right: 'y' })).toEqual({ left: 'x', right: 'y' });
    expect(readExplicitPair({ left: 'x' })).toBeUndefined();
  });
});

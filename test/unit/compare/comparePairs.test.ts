import { describe, it, expect } from 'vitest';
import { compareCandidates, retainedRevisedPairs, type PairRef } from '../../../src/extension/compare/comparePairs';
import { readCompareTarget, readExplicitPair } from '../../../src/extension/compare/compareArgs';

const run = (conv_id: string, model: string, condition: PairRef['condition'], extra: Partial<PairRef> = {}): PairRef => ({
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
    expect(retainedRevisedPairs(refs, 't1', { basis: basis('a-prev1') }).map((p) => [p.retained.conv_id, p.revised.conv_id])).toEqual([['a-pret1', 'a-prev1']]);
    expect(retainedRevisedPairs(refs, 't1', { basis: basis('a-sret') }).map((p) => [p.retained.conv_id, p.revised.conv_id])).toEqual([['a-sret', 'a-srev']]);
    expect(retainedRevisedPairs(refs, 't1', { basis: basis('b-rev') }).map((p) => [p.retained.conv_id, p.revised.conv_id])).toEqual([['b-ret', 'b-rev']]);
  });
});

describe('compareCandidates', () => {
  it('offers the same instance by other models first, then the same model, never the run itself or other sources', () => {
    const basis = refs.find((r) => r.conv_id === 'a-ret')!;
    const ids = compareCandidates(refs, basis).map((r) => r.conv_id);
    expect(ids.slice(0, 2)).toEqual(['b-ret', 'c-ret']);
    expect(ids).not.toContain('a-ret');
    expect(ids).not.toContain('other');
    expect(ids.indexOf('a-rev')).toBeLessThan(ids.indexOf('b-rev'));
  });
});

describe('command arguments', () => {
  it('reads plain objects, tree nodes (fields or `args`) and strings', () => {
    expect(readCompareTarget({ taskId: 't1', model: 'a' })).toEqual({ taskId: 't1', model: 'a' });
    expect(readCompareTarget({ convId: 'a-ret' })).toEqual({ convId: 'a-ret' });
    expect(readCompareTarget({ kind: 'run', id: 'run:a-ret', convId: 'a-ret', taskId: 't1', model: 'a', args: { convId: 'a-ret' } })).toMatchObject({ convId: 'a-ret', taskId: 't1', model: 'a' });
    expect(readCompareTarget({ kind: 'source', id: 'source:t1', args: { taskId: 't1' } })).toEqual({ taskId: 't1' });
    expect(readCompareTarget({ args: { taskId: 't1', mode: 'multi', condition: 'retained', path: 'persistence-retained', k: 1 } })).toEqual({
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

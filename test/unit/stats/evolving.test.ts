// Hand-computed fixture: three plans, two models, mixed recap modes and verdicts.
import { describe, it, expect } from 'vitest';
import { evolvingStats, scenarioOf, transitionCounts } from '../../../src/core/stats/evolving';
import type { ConversationRef } from '../../../src/core/load/runLogIndex';
import type { RecapMode } from '../../../src/core/schema/runlog';
import { plan, refMaker } from './evolvingFixtures';

const p1 = plan('p1', ['reveal', 'revise', 'switch']);
const p2 = plan('p2', ['reveal', 'reveal']);
const p3 = plan('p3', ['switch', 'switch', 'revise']);

const ref = refMaker();

const refs: ConversationRef[] = [
  ref('p1', 'A', 'evolving', 'correct', 'none'),
  ref('p1', 'A', 'evolving', 'incorrect'), // no recap key: counts as none
  ref('p1', 'A', 'evolving', 'correct', 'oracle'),
  ref('p2', 'A', 'evolving', 'correct', 'none'),
  ref('p2', 'A', 'evolving', 'unscored', 'none'),
  ref('p3', 'A', 'evolving', 'incorrect', 'none'),
  ref('p3', 'A', 'evolving', 'correct', 'prompt'),
  ref('p4', 'A', 'evolving', 'correct', 'none'), // no plan
  ref('p1', 'A', 'single', 'correct'),
  ref('p2', 'A', 'single', 'incorrect'),
  ref('p1', 'A', 'multi', 'incorrect'), // not evolving: ignored
  ref('p2', 'B', 'evolving', 'incorrect', 'none'),
];

describe('evolvingStats', () => {
  const s = evolvingStats(refs, [p1, p2, p3]);
  const pick = <T extends { n: number; correct: number; unscored: number; accuracy: number | null }>(
    t: T | undefined,
  ) => t && [t.n, t.correct, t.unscored, t.accuracy === null ? null : Math.round(t.accuracy * 100) / 100];

  it('counts transitions per kind and composes scenarios', () => {
    expect(transitionCounts(p3)).toEqual({ reveal: 0, revise: 1, switch: 2 });
    expect([scenarioOf(p1), scenarioOf(p2), scenarioOf(p3)]).toEqual([
      'reveal+revise+switch',
      'reveal',
      'revise+switch',
    ]);
  });

  it('counts evolving conversations with a plan and names those without', () => {
    expect(s.conversations).toBe(8);
    expect(s.withoutPlan).toEqual(['p4']);
  });

  it('Figure 4: accuracy by the number of transitions of each kind', () => {
    const at = (kind: string, count: number) =>
      pick(
        s.byTransitionCount.find((p) => p.model === 'A' && p.recap === 'none' && p.kind === kind && p.count === count),
      );
    expect(at('reveal', 0)).toEqual([1, 0, 0, 0]);
    expect(at('reveal', 1)).toEqual([2, 1, 0, 50]);
    expect(at('reveal', 2)).toEqual([1, 1, 1, 100]);
    expect(at('switch', 2)).toEqual([1, 0, 0, 0]);
    expect(at('revise', 1)).toEqual([3, 1, 0, 33.33]);
    expect(at('switch', 3)).toBeUndefined();
    // Sorted by model, recap, kind, count.
    const aNone = s.byTransitionCount
      .filter((p) => p.model === 'A' && p.recap === 'none')
      .map((p) => `${p.kind}${p.count}`);
    expect(aNone).toEqual(['reveal0', 'reveal1', 'reveal2', 'revise0', 'revise1', 'switch0', 'switch1', 'switch2']);
  });

  it('accuracy by the total number of transitions', () => {
    const at = (n: number) =>
      pick(s.byTotalTransitions.find((p) => p.model === 'A' && p.recap === 'none' && p.transitions === n));
    expect(at(3)).toEqual([3, 1, 0, 33.33]);
    expect(at(2)).toEqual([1, 1, 1, 100]);
  });

  it('Figure 6: accuracy by scenario and recap, with the single-turn baseline', () => {
    const at = (model: string, scenario: string, recap: RecapMode) =>
      pick(s.byRecap.find((b) => b.model === model && b.scenario === scenario && b.recap === recap));
    expect(at('A', 'reveal+revise+switch', 'none')).toEqual([2, 1, 0, 50]);
    expect(at('A', 'reveal+revise+switch', 'oracle')).toEqual([1, 1, 0, 100]);
    expect(at('A', 'revise+switch', 'prompt')).toEqual([1, 1, 0, 100]);
    expect(at('A', 'all', 'none')).toEqual([4, 2, 1, 50]);
    expect(at('B', 'reveal', 'none')).toEqual([1, 0, 0, 0]);
    expect(s.byRecap.filter((b) => b.model === 'A').at(-1)!.scenario).toBe('all');
    expect(s.singleTurn.map((b) => [b.model, ...pick(b)!])).toEqual([['A', 2, 1, 0, 50]]);
  });

  it('accepts anything with conversations(), like a RunLogIndex', () => {
    expect(evolvingStats({ conversations: () => refs }, [p1, p2, p3])).toEqual(s);
    expect(evolvingStats([], []).byRecap).toEqual([]);
  });
});

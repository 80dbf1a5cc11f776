// Click-through for the dashboard's evolving section: a selector by task_ids and recap mode lists
// exactly the conversations behind each number of evolvingStats, including runs whose recap mode
// comes from the plan rather than the log.
import { describe, it, expect } from 'vitest';
import { effectiveRecap, evolvingStats, transitionCounts } from '../../../src/core/stats/evolving';
import { selectConversations } from '../../../src/core/stats/selectConversations';
import type { ConversationRef } from '../../../src/core/load/runLogIndex';
import { plan, refMaker } from './evolvingFixtures';

// p2's plan says oracle: its runs without a recap key count as oracle.
const plans = [
  plan('p1', ['reveal', 'switch']),
  plan('p2', ['revise'], 'oracle'),
  plan('p3', ['reveal', 'reveal', 'revise']),
];
const planById = new Map(plans.map((p) => [p.task_id, p]));

const ref = refMaker();

const refs: ConversationRef[] = [
  ref('p1', 'A', 'evolving', 'correct', 'none'),
  ref('p1', 'A', 'evolving', 'incorrect', 'prompt'),
  ref('p2', 'A', 'evolving', 'correct'),
  ref('p2', 'A', 'evolving', 'unscored', 'none'),
  ref('p3', 'A', 'evolving', 'incorrect', 'oracle'),
  ref('p3', 'B', 'evolving', 'correct'),
  ref('p9', 'A', 'evolving', 'correct', 'none'), // no plan: neither counted nor selected
  ref('p1', 'A', 'single', 'correct'),
  ref('p1', 'A', 'multi', 'incorrect'),
];

const recapOf = (r: ConversationRef) => effectiveRecap(r, planById.get(r.task_id));
const allIds = plans.map((p) => p.task_id);

describe('selecting evolving conversations by task_ids and recap', () => {
  const s = evolvingStats(refs, plans);

  it('each recap cell lists n + unscored conversations', () => {
    const cells = s.byRecap.filter((b) => b.scenario === 'all');
    expect(cells.map((c) => `${c.model}|${c.recap}`)).toEqual(['A|none', 'A|prompt', 'A|oracle', 'B|none']);
    for (const c of cells)
      expect(
        selectConversations(refs, { model: c.model, mode: 'evolving', recap: c.recap, taskIds: allIds }, recapOf),
      ).toHaveLength(c.n + c.unscored);
    // The plan's recap decides for a log without one: p2's bare run is an oracle run.
    expect(
      selectConversations(refs, { model: 'A', mode: 'evolving', recap: 'oracle', taskIds: allIds }, recapOf).map(
        (r) => r.conv_id,
      ),
    ).toEqual(['c3', 'c5']);
  });

  it('each transition-count point lists its conversations', () => {
    for (const p of s.byTransitionCount) {
      const ids = plans.filter((pl) => transitionCounts(pl)[p.kind] === p.count).map((pl) => pl.task_id);
      expect(
        selectConversations(refs, { model: p.model, mode: 'evolving', recap: p.recap, taskIds: ids }, recapOf),
      ).toHaveLength(p.n + p.unscored);
    }
    for (const p of s.byTotalTransitions) {
      const ids = plans
        .filter((pl) => Object.values(transitionCounts(pl)).reduce((a, b) => a + b, 0) === p.transitions)
        .map((pl) => pl.task_id);
      expect(
        selectConversations(refs, { model: p.model, mode: 'evolving', recap: p.recap, taskIds: ids }, recapOf),
      ).toHaveLength(p.n + p.unscored);
    }
  });

  it('the single-turn baseline selects single runs of the plans', () => {
    const base = s.singleTurn.find((b) => b.model === 'A')!;
    expect(selectConversations(refs, { model: 'A', mode: 'single', taskIds: allIds })).toHaveLength(
      base.n + base.unscored,
    );
  });
});

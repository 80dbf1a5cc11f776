// Evolving-intent analysis (paper 2): accuracy by the number of transitions of each kind (Figure 4's
// shape: one curve per kind, x = how many of that kind the conversation had), by the total number
// of transitions, and by recap mode per scenario (Figure 6's shape, with the single-turn anchor as
// the dashed baseline). Pure and synchronous: it reads ConversationRef summaries and the plans, not
// the traces. `computeStats` includes it under `evolving` (`stats --json`).
import type { ConversationRef } from '../load/runLogIndex';
import type { EvolvingPlan } from '../schema/evolving';
import { RECAP_MODES, type RecapMode } from '../schema/runlog';
import { accuracyOf, type Tally } from './statsTypes';

export const TRANSITION_KINDS = ['reveal', 'revise', 'switch'] as const;
export type TransitionKind = (typeof TRANSITION_KINDS)[number];

export interface EvolvingTally extends Tally {
  /** Percent correct of the scored conversations; null when none was scored. */
  accuracy: number | null;
}

export interface TransitionCountPoint extends EvolvingTally {
  model: string;
  recap: RecapMode;
  kind: TransitionKind;
  /** How many transitions of `kind` the conversation's plan has. */
  count: number;
}

export interface TotalTransitionsPoint extends EvolvingTally {
  model: string;
  recap: RecapMode;
  transitions: number;
}

export interface RecapBar extends EvolvingTally {
  model: string;
  /** The kinds a plan composes, e.g. `reveal+switch`; `all` sums every scenario. */
  scenario: string;
  recap: RecapMode;
}

export interface SingleTurnBaseline extends EvolvingTally {
  model: string;
}

export interface EvolvingStats {
  /** Evolving-mode conversations counted (those with a plan). */
  conversations: number;
  /** task_ids of evolving-mode conversations with no loaded plan (not counted). */
  withoutPlan: string[];
  /** Figure 4: accuracy against the number of transitions of each kind. */
  byTransitionCount: TransitionCountPoint[];
  byTotalTransitions: TotalTransitionsPoint[];
  /** Figure 6: accuracy per scenario and recap mode. */
  byRecap: RecapBar[];
  /** Figure 6's dashed line: single-turn runs of the plans' anchors, per model. */
  singleTurn: SingleTurnBaseline[];
}

/** How many transitions of each kind a plan has (its `initial` turn is not a transition). */
export function transitionCounts(plan: EvolvingPlan): Record<TransitionKind, number> {
  const counts: Record<TransitionKind, number> = { reveal: 0, revise: 0, switch: 0 };
  plan.turns.forEach((t, i) => {
    if (i > 0 && t.transition !== 'initial') counts[t.transition]++;
  });
  return counts;
}

/** The scenario a plan composes: the kinds it uses, in the paper's order; `none` without any. */
export function scenarioOf(plan: EvolvingPlan): string {
  const counts = transitionCounts(plan);
  const kinds = TRANSITION_KINDS.filter((k) => counts[k] > 0);
  return kinds.length ? kinds.join('+') : 'none';
}

class Buckets<K extends object> {
  private readonly map = new Map<string, K & Tally>();
  add(key: K, verdict: ConversationRef['verdict']): void {
    const id = JSON.stringify(key);
    let t = this.map.get(id);
    if (!t) {
      t = { ...key, n: 0, correct: 0, unscored: 0 };
      this.map.set(id, t);
    }
    if (verdict === 'unscored') t.unscored++;
    else {
      t.n++;
      if (verdict === 'correct') t.correct++;
    }
  }
  rows(): Array<K & EvolvingTally> {
    return [...this.map.values()].map((t) => ({ ...t, accuracy: accuracyOf(t) }));
  }
}

/** The recap mode a conversation ran under: its log's, else its plan's, else none (also used for click-through). */
export function effectiveRecap(
  ref: Pick<ConversationRef, 'recap'>,
  plan: Pick<EvolvingPlan, 'recap'> | undefined,
): RecapMode {
  return ref.recap ?? plan?.recap ?? 'none';
}

const recapRank = (r: RecapMode) => RECAP_MODES.indexOf(r);
const kindRank = (k: TransitionKind) => TRANSITION_KINDS.indexOf(k);

export function evolvingStats(
  conversations: readonly ConversationRef[] | { conversations(): ConversationRef[] },
  plans: Iterable<EvolvingPlan>,
): EvolvingStats {
  const refs =
    'conversations' in conversations && typeof conversations.conversations === 'function'
      ? conversations.conversations()
      : (conversations as readonly ConversationRef[]);
  const planById = new Map<string, EvolvingPlan>();
  for (const p of plans) if (!planById.has(p.task_id)) planById.set(p.task_id, p);
  const byCount = new Buckets<{ model: string; recap: RecapMode; kind: TransitionKind; count: number }>();
  const byTotal = new Buckets<{ model: string; recap: RecapMode; transitions: number }>();
  const byRecap = new Buckets<{ model: string; scenario: string; recap: RecapMode }>();
  const single = new Buckets<{ model: string }>();
  const withoutPlan = new Set<string>();
  let counted = 0;
  for (const ref of refs) {
    const plan = planById.get(ref.task_id);
    if (ref.mode === 'single') {
      if (plan) single.add({ model: ref.model }, ref.verdict);
      continue;
    }
    if (ref.mode !== 'evolving') continue;
    if (!plan) {
      withoutPlan.add(ref.task_id);
      continue;
    }
    counted++;
    const recap = effectiveRecap(ref, plan);
    const counts = transitionCounts(plan);
    for (const kind of TRANSITION_KINDS)
      byCount.add({ model: ref.model, recap, kind, count: counts[kind] }, ref.verdict);
    byTotal.add({ model: ref.model, recap, transitions: counts.reveal + counts.revise + counts.switch }, ref.verdict);
    byRecap.add({ model: ref.model, scenario: scenarioOf(plan), recap }, ref.verdict);
    byRecap.add({ model: ref.model, scenario: 'all', recap }, ref.verdict);
  }
  const byModel = (a: { model: string }, b: { model: string }) => a.model.localeCompare(b.model);
  return {
    conversations: counted,
    withoutPlan: [...withoutPlan].sort(),
    byTransitionCount: byCount
      .rows()
      .sort(
        (a, b) =>
          byModel(a, b) ||
          recapRank(a.recap) - recapRank(b.recap) ||
          kindRank(a.kind) - kindRank(b.kind) ||
          a.count - b.count,
      ),
    byTotalTransitions: byTotal
      .rows()
      .sort((a, b) => byModel(a, b) || recapRank(a.recap) - recapRank(b.recap) || a.transitions - b.transitions),
    byRecap: byRecap
      .rows()
      .sort(
        (a, b) =>
          byModel(a, b) ||
          (a.scenario === 'all' ? 1 : 0) - (b.scenario === 'all' ? 1 : 0) ||
          a.scenario.localeCompare(b.scenario) ||
          recapRank(a.recap) - recapRank(b.recap),
      ),
    singleTurn: single.rows().sort(byModel),
  };
}

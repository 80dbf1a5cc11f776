// The intent timeline of a logged conversation, for either benchmark, from its parsed turns:
// Intent-Eval from the turns' shard and event tags, evolving intent from their logged
// `intent_transition` states (the plan fills turns the log left without one).
import type { EvolvingPlan } from '../schema/evolving';
import type { BenchmarkRecord } from '../schema/records';
import { effectiveCondition, effectiveMode, type EventKind, type RunLogEntry } from '../schema/runlog';
import { intentEvalTimeline, type IntentTimeline, type UserTurnTag } from '../state/intentTimeline';
import { evolvingTimelineFromStates } from '../state/evolvingTimeline';
import type { ConversationTurn } from './conversationTypes';
import { instanceSpecOf } from './instanceOfLog';

/** What a logged conversation is a run of: a benchmark record (Intent-Eval) or a plan (evolving intent). */
export type TimelineSource = BenchmarkRecord | EvolvingPlan;

export function isEvolvingPlan(source: TimelineSource): source is EvolvingPlan {
  return 'anchor' in source && 'turns' in source;
}

/** The tags the Intent-Eval timeline reads from each user turn. */
export function turnTags(turns: readonly Pick<ConversationTurn, 'shardIds' | 'event' | 'block'>[]): UserTurnTag[] {
  return turns.map((t) => ({
    shard_ids: [...t.shardIds],
    ...(t.event ? { event: t.event } : {}),
    ...(t.block !== undefined ? { block: t.block } : {}),
  }));
}

/** A single-turn control's one prompt carries the whole task, and for S_Rev/S_Ret its decision. */
function singleTurnTags(entry: RunLogEntry, turnCount: number): UserTurnTag[] {
  const condition = effectiveCondition(entry);
  const events: EventKind[] =
    condition === 'revised' ? ['proposal', 'accept'] : condition === 'retained' ? ['proposal', 'reject'] : [];
  return Array.from({ length: turnCount }, (_, i) =>
    i === 0 ? { shard_ids: [], singleTurnEvents: events } : { shard_ids: [] },
  );
}

/** The intent timeline of a logged conversation, given its parsed turns and its record or plan. */
export function conversationTimeline(
  entry: RunLogEntry,
  turns: readonly ConversationTurn[],
  source: TimelineSource | undefined,
): IntentTimeline {
  const plan = source && isEvolvingPlan(source) ? source : undefined;
  if (effectiveMode(entry) === 'evolving' || plan) {
    const recap = entry.recap ?? plan?.recap;
    const states = turns.map((t, i) => t.transition ?? plan?.turns[i]);
    return evolvingTimelineFromStates(states, {
      ...(recap ? { recap } : {}),
      ...(plan ? { anchorAnswer: plan.anchor.answer } : {}),
    });
  }
  const spec = instanceSpecOf(entry);
  const tags = spec?.mode === 'single' ? singleTurnTags(entry, turns.length) : turnTags(turns);
  if (!source || isEvolvingPlan(source))
    return {
      benchmark: 'intent-eval',
      snapshots: tags.map((_, turn) => ({ turn, activeTask: 'original', requirements: [], changes: [] })),
      inactive: [],
    };
  return intentEvalTimeline(source, tags, spec);
}

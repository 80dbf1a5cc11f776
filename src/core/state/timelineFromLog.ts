// The timeline of a logged conversation, for either benchmark: Intent-Eval from the trace's shard
// and event tags, evolving intent from its `intent_transition` entries (the plan fills turns the
// log left without one).
import type { EvolvingPlan } from '../schema/evolving';
import type { BenchmarkRecord } from '../schema/records';
import { IntentTransitionLogSchema, effectiveCondition, effectiveMode, type EventKind, type RunLogEntry, type TraceMessage } from '../schema/runlog';
import type { InstanceSpec } from '../render/instances';
import { intentEvalTimeline, tagsFromTrace, type IntentTimeline, type UserTurnTag } from './intentTimeline';
import { evolvingTimelineFromStates, type EvolvingState } from './evolvingTimeline';

export type TimelineSource = BenchmarkRecord | EvolvingPlan;

export function isEvolvingPlan(source: TimelineSource): source is EvolvingPlan {
  return 'anchor' in source && 'turns' in source;
}

/** Index in the trace of each user message: snapshot `turn` n is the user message at `[n]`. */
export function userMessageIndices(trace: readonly TraceMessage[]): number[] {
  const out: number[] = [];
  trace.forEach((m, i) => {
    if (m.role === 'user') out.push(i);
  });
  return out;
}

/**
 * The logged state after each user message: its `intent_transition` entry (`turn` = 0-based user
 * turn), else the plan's turn of the same index, else nothing.
 */
export function evolvingStatesFromTrace(trace: readonly TraceMessage[], plan?: EvolvingPlan): Array<EvolvingState | undefined> {
  const states: Array<EvolvingState | undefined> = [];
  let userTurns = 0;
  for (const m of trace) {
    if (m.role === 'user') {
      userTurns++;
      while (states.length < userTurns) states.push(undefined);
    } else if (m.role === 'log') {
      const parsed = IntentTransitionLogSchema.safeParse(m.content);
      if (!parsed.success) continue;
      const c = parsed.data;
      // FORMAT.md logs it after its user message; a runner that logs it just before (as LiC logs
      // hint_revealed) names the next turn: trust `turn` when it is one of those two, else position.
      const at = c.turn === userTurns - 1 || c.turn === userTurns ? c.turn : userTurns - 1;
      if (at < 0) continue;
      while (states.length <= at) states.push(undefined);
      states[at] = { transition: c.transition, function: c.function, args: c.args, revealed: c.revealed };
    }
  }
  // A transition announced for a user message that never came is not a turn.
  return states.slice(0, userTurns).map((s, i) => s ?? plan?.turns[i]);
}

function specOf(entry: RunLogEntry): InstanceSpec {
  const mode = effectiveMode(entry) === 'single' ? 'single' : 'multi';
  return { mode, condition: effectiveCondition(entry), ...(entry.path ? { path: entry.path } : {}), ...(entry.k !== undefined ? { k: entry.k } : {}) };
}

/** A single-turn control's one prompt carries the whole task, and for S_Rev/S_Ret its decision. */
function singleTurnTags(entry: RunLogEntry): UserTurnTag[] {
  const condition = effectiveCondition(entry);
  const events: EventKind[] = condition === 'revised' ? ['proposal', 'accept'] : condition === 'retained' ? ['proposal', 'reject'] : [];
  return userMessageIndices(entry.trace).map((_, i) => (i === 0 ? { shard_ids: [], singleTurnEvents: events } : { shard_ids: [] }));
}

/** The intent timeline of a logged conversation, given its record (Intent-Eval) or plan (evolving). */
export function timelineFromLog(entry: RunLogEntry, source: TimelineSource | undefined): IntentTimeline {
  const plan = source && isEvolvingPlan(source) ? source : undefined;
  if (effectiveMode(entry) === 'evolving' || plan) {
    const recap = entry.recap ?? plan?.recap;
    return evolvingTimelineFromStates(evolvingStatesFromTrace(entry.trace, plan), { ...(recap ? { recap } : {}), ...(plan ? { anchorAnswer: plan.anchor.answer } : {}) });
  }
  const spec = specOf(entry);
  const tags = spec.mode === 'single' ? singleTurnTags(entry) : tagsFromTrace(entry.trace);
  if (!source || isEvolvingPlan(source)) return { benchmark: 'intent-eval', snapshots: tags.map((_, turn) => ({ turn, activeTask: 'original', requirements: [], changes: [] })), inactive: [] };
  return intentEvalTimeline(source, tags, spec);
}

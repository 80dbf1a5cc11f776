// Builds the In Effect view's state from the one intent timeline (src/core/state): for a logged run
// of either benchmark, or for an evolving-intent plan as written under a recap mode. Pure (no
// `vscode`), so it is unit-tested and the host only wires it to a panel.
import type { ConversationRef } from '../../core/load/runLogIndex';
import type { EvolvingPlan } from '../../core/schema/evolving';
import { effectiveMode, type RecapMode, type RunLogEntry } from '../../core/schema/runlog';
import { instanceLabel } from '../../core/render/instances';
import { evolvingUserTurns } from '../../core/render/evolving';
import { evolvingTimeline } from '../../core/state/evolvingTimeline';
import { tagsFromTrace, type IntentSnapshot, type IntentTimeline } from '../../core/state/intentTimeline';
import { isEvolvingPlan, timelineFromLog, userMessageIndices, type TimelineSource } from '../../core/state/timelineFromLog';
import { IN_EFFECT_VIEW, type InEffectState, type RailTurn } from '../../shared/protocol/inEffect';

function railTurn(s: IntentSnapshot, label: string, user: string, extra: { traceIndex?: number; assistant?: string }): RailTurn {
  const changed = new Set(s.changed ?? []);
  return {
    turn: s.turn,
    ...extra,
    label,
    user,
    activeTask: s.activeTask,
    functions: (s.functions ?? []).map((f) => ({ name: f.name, status: f.status })),
    functionChanged: changed.has('function'),
    requirements: s.requirements.map((r) => ({
      name: r.name,
      ...(r.inEffect !== undefined ? { inEffect: r.inEffect } : {}),
      values: r.values.map((v) => ({ value: v.value, status: v.status, origin: v.origin, ...(v.saidAt !== undefined ? { saidAt: v.saidAt } : {}) })),
      changed: changed.has(r.name),
    })),
    changes: s.changes,
  };
}

function inactiveEntries(t: IntentTimeline): InEffectState['inactive'] {
  return t.inactive.map((i) => ({ value: i.value, kind: i.kind, requirement: i.requirement, describe: i.describe, isReference: i.isReference ?? false, isFunction: i.isFunction ?? false }));
}

/** The tag a user turn shows: the evolving transition, or Intent-Eval's event / shard. */
function intentEvalLabels(entry: RunLogEntry): string[] {
  if (effectiveMode(entry) === 'single') return userMessageIndices(entry.trace).map(() => 'prompt');
  return tagsFromTrace(entry.trace).map((t) => (t.event ? t.event : t.shard_ids.length ? `shard ${t.shard_ids.join(', ')}` : 'turn'));
}

/** The first assistant reply after each user message (before the next one). */
function replies(entry: RunLogEntry): Array<string | undefined> {
  const out: Array<string | undefined> = [];
  for (const m of entry.trace) {
    if (m.role === 'user') out.push(undefined);
    else if (m.role === 'assistant' && out.length && out[out.length - 1] === undefined && typeof m.content === 'string') out[out.length - 1] = m.content;
  }
  return out;
}

export type RunSummary = Pick<ConversationRef, 'model' | 'verdict'>;

/** The state for a logged conversation, given its record (Intent-Eval) or plan (evolving). */
export function inEffectFromLog(entry: RunLogEntry, source: TimelineSource | undefined, run?: RunSummary): InEffectState {
  const timeline = timelineFromLog(entry, source);
  const evolving = timeline.benchmark === 'evolving';
  const users = userMessageIndices(entry.trace);
  const answers = replies(entry);
  const labels = evolving ? [] : intentEvalLabels(entry);
  const notes: string[] = [];
  if (!source) notes.push(evolving ? `No plan loaded for ${entry.task_id}: the state comes from the logged intent_transition entries alone.` : `No record loaded for ${entry.task_id}: only the turns are listed.`);
  else if (!evolving && !isEvolvingPlan(source) && !source.intent) notes.push(`${entry.task_id} has no intent block: nothing is proposed, revised or rejected.`);
  if (evolving && timeline.snapshots.some((s) => s.changes.includes('no intent transition logged'))) notes.push('Some user turns have no intent_transition entry: their state is carried over from the turn before.');
  const turns = timeline.snapshots.map((s) => {
    const traceIndex = users[s.turn];
    const msg = traceIndex !== undefined ? entry.trace[traceIndex] : undefined;
    const assistant = answers[s.turn];
    return railTurn(s, evolving ? (s.transition ?? 'turn') : (labels[s.turn] ?? 'turn'), typeof msg?.content === 'string' ? msg.content : '', {
      ...(traceIndex !== undefined ? { traceIndex } : {}),
      ...(assistant !== undefined ? { assistant } : {}),
    });
  });
  const mode = effectiveMode(entry);
  const label = evolving ? `evolving · recap ${timeline.recap ?? 'none'}` : instanceLabel({ mode, condition: entry.condition ?? 'original', ...(entry.path ? { path: entry.path } : {}), ...(entry.k !== undefined ? { k: entry.k } : {}) });
  const model = run?.model ?? entry.assistant_model;
  return {
    view: IN_EFFECT_VIEW,
    title: `In effect: ${entry.task_id} · ${label}${model ? ` · ${model}` : ''}`,
    benchmark: evolving ? 'evolving' : 'intent-eval',
    taskId: entry.task_id,
    convId: entry.conv_id,
    ...(model ? { model } : {}),
    instanceLabel: label,
    ...(timeline.recap ? { recap: timeline.recap } : {}),
    ...(run ? { verdict: run.verdict } : {}),
    turns,
    inactive: inactiveEntries(timeline),
    notes,
  };
}

/** The state for a plan as written, under a recap mode (what a run of it would be sent). */
export function inEffectFromPlan(plan: EvolvingPlan, recap: RecapMode = plan.recap ?? 'none'): InEffectState {
  const timeline = evolvingTimeline(plan, recap);
  const users = evolvingUserTurns(plan, recap);
  const label = `plan · recap ${recap}`;
  return {
    view: IN_EFFECT_VIEW,
    title: `In effect: ${plan.task_id} · ${label}`,
    benchmark: 'evolving',
    taskId: plan.task_id,
    instanceLabel: label,
    recap,
    turns: timeline.snapshots.map((s) => railTurn(s, s.transition ?? 'turn', users[s.turn]?.content ?? '', {})),
    inactive: inactiveEntries(timeline),
    notes: [],
  };
}

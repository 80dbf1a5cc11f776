// Builds the In Effect view's state from the one intent timeline (src/core/state): for a logged run
// of either benchmark, or for an evolving-intent plan as written under a recap mode. Pure (no
// `vscode`), so it is unit-tested and the host only wires it to a panel.
import type { ConversationRef } from '../../core/load/runLogIndex';
import type { EvolvingPlan } from '../../core/schema/evolving';
import type { RecapMode, RunLogEntry } from '../../core/schema/runlog';
import { instanceLabel, instanceRecapLabel } from '../../core/render/instances';
import { evolvingUserTurns } from '../../core/render/evolving';
import { evolvingTimeline } from '../../core/state/evolvingTimeline';
import type { IntentSnapshot, IntentTimeline } from '../../core/state/intentTimeline';
import { isEvolvingPlan, parseConversation, type Conversation, type TimelineSource } from '../../core/conversation';
import { IN_EFFECT_VIEW, type InEffectState, type RailTurn } from '../../shared/protocol/inEffect';

function railTurn(
  s: IntentSnapshot,
  label: string,
  user: string,
  extra: { traceIndex?: number; assistant?: string },
): RailTurn {
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
      values: r.values.map((v) => ({
        value: v.value,
        status: v.status,
        origin: v.origin,
        ...(v.saidAt !== undefined ? { saidAt: v.saidAt } : {}),
      })),
      changed: changed.has(r.name),
    })),
    changes: s.changes,
  };
}

function inactiveEntries(t: IntentTimeline): InEffectState['inactive'] {
  return t.inactive.map((i) => ({
    value: i.value,
    kind: i.kind,
    requirement: i.requirement,
    describe: i.describe,
    isReference: i.isReference ?? false,
    isFunction: i.isFunction ?? false,
  }));
}

/** The tag an Intent-Eval user turn shows: its event, its shards, or the whole prompt (single-turn). */
function intentEvalLabel(c: Conversation, turn: number): string {
  if (c.mode === 'single') return 'prompt';
  const t = c.turns[turn];
  if (!t) return 'turn';
  return t.event ? t.event : t.shardIds.length ? `shard ${t.shardIds.join(', ')}` : 'turn';
}

export type RunSummary = Pick<ConversationRef, 'model' | 'verdict'> & { verdictNote?: string };

/** The state for a logged conversation, given its record (Intent-Eval) or plan (evolving). */
export function inEffectFromLog(
  entry: RunLogEntry,
  source: TimelineSource | undefined,
  run?: RunSummary,
): InEffectState {
  const c = parseConversation(entry, source);
  const timeline = c.timeline;
  const evolving = timeline.benchmark === 'evolving';
  const notes: string[] = [];
  if (!source)
    notes.push(
      evolving
        ? `No plan loaded for ${entry.task_id}: the state comes from the logged intent_transition entries alone.`
        : `No record loaded for ${entry.task_id}: only the turns are listed.`,
    );
  else if (!evolving && !isEvolvingPlan(source) && !source.intent)
    notes.push(`${entry.task_id} has no intent block: nothing is proposed, revised or rejected.`);
  if (evolving && timeline.snapshots.some((s) => s.changes.includes('no intent transition logged')))
    notes.push('Some user turns have no intent_transition entry: their state is carried over from the turn before.');
  const turns = timeline.snapshots.map((s) => {
    const turn = c.turns[s.turn];
    const assistant = turn?.replies[0]?.text;
    return railTurn(s, evolving ? (s.transition ?? 'turn') : intentEvalLabel(c, s.turn), turn?.user.text ?? '', {
      ...(turn ? { traceIndex: turn.user.traceIndex } : {}),
      ...(assistant !== undefined ? { assistant } : {}),
    });
  });
  const label = evolving
    ? instanceRecapLabel({ mode: 'evolving', condition: c.condition, recap: timeline.recap ?? 'none' })
    : instanceLabel({
        mode: c.mode,
        condition: c.condition,
        ...(entry.path ? { path: entry.path } : {}),
        ...(entry.k !== undefined ? { k: entry.k } : {}),
      });
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
    ...(run?.verdictNote ? { verdictNote: run.verdictNote } : {}),
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

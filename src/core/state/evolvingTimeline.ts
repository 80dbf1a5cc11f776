// The evolving-intent timeline (FORMAT.md §3) on the same IntentTimeline model as Intent-Eval:
// after each user turn, the active function and each argument's value and status. A revise
// supersedes the old value, a switch supersedes the old function (shared arguments carry over, the
// old function's other arguments stop applying). Inactive content comes from `inactiveValues`, the
// one definition both benchmarks share.
import type { EvolvingPlan, Transition } from '../schema/evolving';
import type { ReferenceValue } from '../schema/records';
import type { RecapMode } from '../schema/runlog';
import {
  inactiveValues,
  type FunctionState,
  type InactiveItem,
  type IntentSnapshot,
  type IntentTimeline,
  type RequirementState,
  type ValueState,
} from './intentTimeline';

/** The latent intent state after one user turn: a plan turn, or a logged `intent_transition`. */
export interface EvolvingState {
  transition: Transition;
  function: string;
  args: Readonly<Record<string, unknown>>;
  revealed: readonly string[];
  /** The answer of the intent at this turn, when the plan knows it. */
  answer?: unknown;
}

export interface EvolvingTimelineOptions {
  recap?: RecapMode;
  /** The anchor's answer: the one reference in effect at the end. */
  anchorAnswer?: unknown;
}

/** How an argument value is shown and compared: strings as they are, anything else as JSON. */
export function formatArgValue(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean' || v === null) return String(v);
  return JSON.stringify(v) ?? String(v);
}

function clone(reqs: readonly RequirementState[]): RequirementState[] {
  return reqs.map((r) => ({ ...r, values: r.values.map((v) => ({ ...v })) }));
}

/** The value an argument holds now (in effect, or latent and not yet said). */
function currentValue(r: RequirementState): ValueState | undefined {
  for (let i = r.values.length - 1; i >= 0; i--) {
    const v = r.values[i]!;
    if (v.status === 'in-effect' || v.status === 'unrevealed') return v;
  }
  return undefined;
}

function originOf(state: EvolvingState, turn: number): ValueState['origin'] {
  return turn === 0 ? 'initial' : state.transition;
}

function asReference(v: unknown): ReferenceValue | undefined {
  if (typeof v === 'number' || typeof v === 'string' || Array.isArray(v)) return v;
  if (v && typeof v === 'object') return v as Record<string, unknown>;
  return undefined;
}

/** Arguments the new state no longer has belonged to the superseded function only. */
function dropMissingArgs(reqs: RequirementState[], st: EvolvingState, changes: string[], changed: Set<string>): void {
  for (const r of reqs) {
    if (Object.prototype.hasOwnProperty.call(st.args, r.name)) continue;
    const cur = currentValue(r);
    if (!cur) continue;
    if (cur.saidAt !== undefined) {
      cur.status = 'superseded';
      changes.push(`${r.name} = ${cur.value} no longer applies`);
      changed.add(r.name);
    } else r.values.splice(r.values.indexOf(cur), 1);
  }
}

/**
 * Builds the timeline from the state after each user turn. `undefined` stands for a user turn that
 * carried no transition (a log without its `intent_transition` entry): the state stays as it was.
 */
export function evolvingTimelineFromStates(
  states: ReadonlyArray<EvolvingState | undefined>,
  opts: EvolvingTimelineOptions = {},
): IntentTimeline {
  let reqs: RequirementState[] = [];
  let fns: FunctionState[] = [];
  const snapshots: IntentSnapshot[] = [];
  states.forEach((st, turn) => {
    reqs = clone(reqs);
    fns = fns.map((f) => ({ ...f }));
    const changes: string[] = [];
    const changed = new Set<string>();
    let active = fns.find((f) => f.status === 'in-effect');
    if (!st) {
      snapshots.push({
        turn,
        activeTask: active?.name ?? '',
        requirements: reqs,
        changes: ['no intent transition logged'],
        functions: fns,
        changed: [],
      });
      return;
    }
    const switched = active !== undefined && active.name !== st.function;
    if (!active || switched) {
      if (active) {
        active.status = 'superseded';
        changes.push(`switched from ${active.name} to ${st.function}`);
      } else changes.push(`task: ${st.function}`);
      active = { name: st.function, status: 'in-effect', saidAt: turn };
      fns.push(active);
      changed.add('function');
    }
    const revealed = new Set(st.revealed);
    for (const [name, raw] of Object.entries(st.args)) {
      const value = formatArgValue(raw);
      let r = reqs.find((x) => x.name === name);
      if (!r) {
        r = { name, values: [] };
        reqs.push(r);
      }
      const cur = currentValue(r);
      // Once said, an argument stays said: a later value for it is a revision the user states.
      const isRevealed = revealed.has(name) || cur?.status === 'in-effect';
      if (cur && cur.value === value) {
        if (isRevealed && cur.status === 'unrevealed') {
          cur.status = 'in-effect';
          cur.saidAt = turn;
          cur.origin = originOf(st, turn);
          changes.push(`revealed ${name} = ${value}`);
          changed.add(name);
        } else if (switched && cur.status === 'in-effect') changes.push(`carried over ${name} = ${value}`);
        continue;
      }
      if (cur) {
        // A latent value that was never said is simply replaced; a said one is superseded.
        if (cur.saidAt !== undefined) cur.status = 'superseded';
        else r.values.splice(r.values.indexOf(cur), 1);
      }
      r.values.push({
        value,
        status: isRevealed ? 'in-effect' : 'unrevealed',
        origin: originOf(st, turn),
        ...(isRevealed ? { saidAt: turn } : {}),
      });
      if (isRevealed) {
        changes.push(
          cur?.saidAt !== undefined ? `revised ${name}: ${cur.value} → ${value}` : `revealed ${name} = ${value}`,
        );
        changed.add(name);
      }
    }
    dropMissingArgs(reqs, st, changes, changed);
    for (const r of reqs) r.inEffect = r.values.find((v) => v.status === 'in-effect')?.value;
    snapshots.push({
      turn,
      activeTask: st.function,
      requirements: reqs,
      changes,
      functions: fns,
      transition: st.transition,
      changed: [...changed],
    });
  });
  return {
    benchmark: 'evolving',
    ...(opts.recap ? { recap: opts.recap } : {}),
    snapshots,
    inactive: finalInactive(snapshots, states, opts),
  };
}

function finalInactive(
  snapshots: readonly IntentSnapshot[],
  states: ReadonlyArray<EvolvingState | undefined>,
  opts: EvolvingTimelineOptions,
): InactiveItem[] {
  const last = snapshots[snapshots.length - 1];
  if (!last) return [];
  const out = inactiveValues(last);
  const activeName = last.functions?.find((f) => f.status === 'in-effect')?.name;
  const seenFns = new Set<string>();
  for (const f of last.functions ?? []) {
    if (f.status !== 'superseded' || f.name === activeName || seenFns.has(f.name)) continue;
    seenFns.add(f.name);
    out.push({
      value: f.name,
      kind: 'superseded',
      requirement: 'function',
      isFunction: true,
      saidAt: f.saidAt,
      describe: `superseded function "${f.name}"`,
    });
  }
  // The answers of earlier intents are what a final answer must not give (as Intent-Eval's other reference).
  const finalAnswer =
    opts.anchorAnswer !== undefined
      ? opts.anchorAnswer
      : [...states].reverse().find((s) => s?.answer !== undefined)?.answer;
  if (finalAnswer === undefined) return out;
  const finalText = formatArgValue(finalAnswer);
  const seenAnswers = new Set<string>([finalText]);
  states.forEach((s, turn) => {
    if (s?.answer === undefined) return;
    const reference = asReference(s.answer);
    const text = formatArgValue(s.answer);
    if (!reference || seenAnswers.has(text)) return;
    seenAnswers.add(text);
    out.push({
      value: text,
      kind: 'superseded',
      requirement: 'answer',
      isReference: true,
      reference,
      saidAt: turn,
      describe: `answer of the superseded intent after user turn ${turn + 1}`,
    });
  });
  return out;
}

/** The timeline of a plan as written: the state after each of its user turns. */
export function evolvingTimeline(plan: EvolvingPlan, recap?: RecapMode): IntentTimeline {
  const r = recap ?? plan.recap;
  return evolvingTimelineFromStates(plan.turns, { ...(r ? { recap: r } : {}), anchorAnswer: plan.anchor.answer });
}

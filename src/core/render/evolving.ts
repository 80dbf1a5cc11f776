// Renders an evolving-intent plan (FORMAT.md §3): its single-turn anchor, and its multi-turn user
// messages under the three recap modes. The runner sends `evolvingUserTurns(plan, recap)` one by
// one and logs each turn's `log` entry right after the user message.
//
// Recap (paper 2, appendix "memory enhancement"): appended after the initial turn, so to every user
// turn but the first. `prompt` asks the model to list the conditions in effect; `oracle` restates
// the active function and the revealed arguments with their latest values, read from the one
// intent timeline (so the recap and the In Effect view never disagree).
import type { EvolvingPlan, Transition } from '../schema/evolving';
import type { RecapMode } from '../schema/runlog';
import type { IntentSnapshot } from '../state/intentTimeline';
import { evolvingTimeline } from '../state/evolvingTimeline';

export const PROMPT_RECAP =
  'Before answering, first list all the conditions from our conversation that apply to this question, then provide your answer.';

/** The `log` entry written right after a user message (FORMAT.md §3); `turn` is the 0-based user turn. */
export interface IntentTransitionLog {
  type: 'intent_transition';
  turn: number;
  transition: Transition;
  function: string;
  args: Record<string, unknown>;
  revealed: string[];
}

export interface EvolvingUserTurn {
  /** 0-based user turn (= index into `plan.turns`). */
  turn: number;
  transition: Transition;
  /** What is sent: the plan's user text, plus the recap when there is one. */
  content: string;
  /** The recap appended to the plan's text, if any. */
  recap?: string;
  log: IntentTransitionLog;
}

export interface RenderedEvolvingMessage {
  role: 'user';
  content: string;
  turn: number;
  transition?: Transition;
}

export interface RenderedEvolving {
  task_id: string;
  task: EvolvingPlan['task'];
  /** `single`: the anchor question alone; `evolving`: the turn-by-turn conversation. */
  mode: 'single' | 'evolving';
  recap?: RecapMode;
  /** The anchor's answer: the only reference that is scored. */
  reference: unknown;
  system?: string;
  messages: RenderedEvolvingMessage[];
}

/** A plan may name each turn's goal in words (`goal`, an extra field); else the function name is used. */
function goalOf(turn: EvolvingPlan['turns'][number]): string | undefined {
  const goal: unknown = turn['goal'];
  return typeof goal === 'string' && goal.trim() !== '' ? goal : undefined;
}

/** The oracle recap for the state after a turn: active function, revealed arguments, latest values. */
export function oracleRecap(snapshot: IntentSnapshot, goal?: string): string {
  const head = goal
    ? `Before answering, recall that the goal is: "${goal}".`
    : `Before answering, recall that the task is now: ${snapshot.activeTask}.`;
  const conditions = snapshot.requirements
    .filter((r) => r.inEffect !== undefined)
    .map((r) => `${r.name} is ${r.inEffect}`);
  return conditions.length ? `${head} The following conditions apply: ${conditions.join('; ')}.` : head;
}

/** The single-turn form of a plan: the anchor question. */
export function evolvingAnchorPrompt(plan: EvolvingPlan): string {
  return plan.anchor.question;
}

/** The user messages of a plan under a recap mode (default: the plan's own, else `none`). */
export function evolvingUserTurns(plan: EvolvingPlan, recap: RecapMode = plan.recap ?? 'none'): EvolvingUserTurn[] {
  const snapshots = recap === 'oracle' ? evolvingTimeline(plan).snapshots : [];
  return plan.turns.map((t, turn) => {
    let extra: string | undefined;
    if (turn > 0 && recap === 'prompt') extra = PROMPT_RECAP;
    if (turn > 0 && recap === 'oracle') extra = oracleRecap(snapshots[turn]!, goalOf(t));
    const log: IntentTransitionLog = {
      type: 'intent_transition',
      turn,
      transition: t.transition,
      function: t.function,
      args: { ...t.args },
      revealed: [...t.revealed],
    };
    return {
      turn,
      transition: t.transition,
      content: extra ? `${t.user} ${extra}` : t.user,
      ...(extra ? { recap: extra } : {}),
      log,
    };
  });
}

export function renderEvolving(
  plan: EvolvingPlan,
  opts: { mode: 'single' | 'evolving'; recap?: RecapMode },
): RenderedEvolving {
  const system: unknown = plan['system'];
  const base = {
    task_id: plan.task_id,
    task: plan.task,
    reference: plan.anchor.answer,
    ...(typeof system === 'string' ? { system } : {}),
  };
  if (opts.mode === 'single')
    return { ...base, mode: 'single', messages: [{ role: 'user', content: evolvingAnchorPrompt(plan), turn: 0 }] };
  const recap = opts.recap ?? plan.recap ?? 'none';
  return {
    ...base,
    mode: 'evolving',
    recap,
    messages: evolvingUserTurns(plan, recap).map((u) => ({
      role: 'user',
      content: u.content,
      turn: u.turn,
      transition: u.transition,
    })),
  };
}

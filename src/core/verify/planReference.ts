// The reference an evolving-intent plan's anchor stands for, per domain. Kept apart from the
// verifiers (no SQL worker, no Python runner) so inactive detection can use it anywhere.
import type { EvolvingPlan } from '../schema/evolving';
import type { ReferenceValue } from '../schema/records';
import { mathAnswerOf } from '../render/instances';
import { isPossibleAnswer } from './actions/actionsVerifier';

export const IDENTIFIER = /^[A-Za-z_]\w*$/;

/** A string domain key beside the anchor (FORMAT.md §3), e.g. `db_id`. */
export function planString(plan: EvolvingPlan, key: string): string | undefined {
  const v: unknown = plan[key];
  return typeof v === 'string' && v.trim() ? v : undefined;
}

/** The code entry point: the anchor's answer when it is a name, else `metadata.func_name`, else the anchor function. */
function codeEntryPoint(plan: EvolvingPlan): string {
  const a = plan.anchor.answer;
  if (typeof a === 'string' && IDENTIFIER.test(a)) return a;
  const meta: unknown = plan.metadata;
  const fn = meta && typeof meta === 'object' ? (meta as { func_name?: unknown }).func_name : undefined;
  return typeof fn === 'string' && IDENTIFIER.test(fn) ? fn : plan.anchor.function;
}

/**
 * The reference the anchor stands for, per domain: math a number; database SQL; code the
 * entry-point name; actions a BFCL call list (`anchor.function` with `anchor.args` as the one
 * allowed value each, unless the anchor's answer already is a call list).
 */
export function planReference(plan: EvolvingPlan): ReferenceValue | undefined {
  const answer = plan.anchor.answer;
  switch (plan.task) {
    case 'math': {
      const fromAnchor = typeof answer === 'number' || typeof answer === 'string' ? mathAnswerOf(answer) : undefined;
      return (
        fromAnchor ??
        mathAnswerOf(typeof plan.answer === 'string' || typeof plan.answer === 'number' ? plan.answer : undefined)
      );
    }
    case 'database':
      return typeof answer === 'string' && answer.trim() ? answer : planString(plan, 'reference_sql');
    case 'code':
      return codeEntryPoint(plan);
    case 'actions':
      if (isPossibleAnswer(answer)) return answer;
      return [
        { [plan.anchor.function]: Object.fromEntries(Object.entries(plan.anchor.args).map(([k, v]) => [k, [v]])) },
      ];
    case 'search':
      return undefined;
  }
}

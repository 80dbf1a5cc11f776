// The verdicts the Sources tree counts: re-scores applied over logged verdicts, and new errors.
import type { ConversationRef } from '../../core/load/runLogIndex';
import type { RescoredRun } from './sourceTreeModel';
import type { RunRescore } from './treeItems';
import { verdictOfBoolean } from '../../shared/verdicts';

/**
 * New errors of each model on one source: the model is correct in the Original of a mode (multi or
 * single) and wrong in Retained or Revised of the same mode. Returns model → the erring conv_ids.
 */
export function newErrorsOf(convs: readonly ConversationRef[]): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  const base = convs.filter((c) => !c.path && (c.mode === 'multi' || c.mode === 'single'));
  // One pass for the (model, mode) pairs with a correct Original, one for the errors (the tree asks
  // this of every source after each indexing batch: linear, not runs × runs).
  const originalCorrect = new Set<string>();
  for (const o of base)
    if (o.condition === 'original' && o.verdict === 'correct') originalCorrect.add(`${o.model}\0${o.mode}`);
  for (const c of base) {
    if (c.verdict !== 'incorrect' || (c.condition !== 'retained' && c.condition !== 'revised')) continue;
    if (!originalCorrect.has(`${c.model}\0${c.mode}`)) continue;
    let set = out.get(c.model);
    if (!set) out.set(c.model, (set = new Set()));
    set.add(c.conv_id);
  }
  return out;
}

/**
 * A conversation with its re-scored verdict in place of the logged one, and what re-scoring found.
 * A re-score that could not decide (null) keeps the logged verdict.
 */
export function applyRescore(c: ConversationRef, r: RescoredRun): { conv: ConversationRef; rescore: RunRescore } {
  const verdict = r.is_correct === null ? c.verdict : verdictOfBoolean(r.is_correct);
  const rescore: RunRescore = {
    logged: c.verdict,
    changed: c.verdict !== 'unscored' && verdict !== c.verdict,
    extracted: r.extracted,
    inactive: [...new Set(r.inactive.map((s) => s.value))],
    message: r.message,
    ...(r.human ? { human: r.human } : {}),
  };
  return { conv: verdict === c.verdict ? c : { ...c, verdict }, rescore };
}

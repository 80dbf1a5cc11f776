// The verdicts the Sources tree counts: re-scores applied over logged verdicts, and new errors.
import type { ConversationRef, Verdict } from '../../core/load/runLogIndex';
import type { RescoredRun } from './sourceTreeModel';
import type { RunRescore } from './treeItems';

/**
 * New errors of each model on one source: the model is correct in the Original of a mode (multi or
 * single) and wrong in Retained or Revised of the same mode. Returns model → the erring conv_ids.
 */
export function newErrorsOf(convs: readonly ConversationRef[]): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  const base = convs.filter((c) => !c.path && (c.mode === 'multi' || c.mode === 'single'));
  for (const c of base) {
    if (c.verdict !== 'incorrect' || (c.condition !== 'retained' && c.condition !== 'revised')) continue;
    const originalCorrect = base.some((o) => o.model === c.model && o.mode === c.mode && o.condition === 'original' && o.verdict === 'correct');
    if (!originalCorrect) continue;
    let set = out.get(c.model);
    if (!set) out.set(c.model, (set = new Set()));
    set.add(c.conv_id);
  }
  return out;
}

function verdictOfRescore(isCorrect: boolean | null): Verdict {
  return isCorrect === null ? 'unscored' : isCorrect ? 'correct' : 'incorrect';
}

/**
 * The conversations with re-scored verdicts in place of the logged ones, and what re-scoring
 * found per conversation. A re-score that could not decide (null) keeps the logged verdict.
 */
export function applyRescores(convs: readonly ConversationRef[], rescored: ((convId: string) => RescoredRun | undefined) | undefined): { convs: ConversationRef[]; rescores: Map<string, RunRescore> } {
  const rescores = new Map<string, RunRescore>();
  if (!rescored) return { convs: [...convs], rescores };
  const out = convs.map((c) => {
    const r = rescored(c.conv_id);
    if (!r) return c;
    const verdict = r.is_correct === null ? c.verdict : verdictOfRescore(r.is_correct);
    rescores.set(c.conv_id, {
      logged: c.verdict,
      changed: c.verdict !== 'unscored' && verdict !== c.verdict,
      extracted: r.extracted,
      inactive: [...new Set(r.inactive.map((s) => s.value))],
      message: r.message,
    });
    return verdict === c.verdict ? c : { ...c, verdict };
  });
  return { convs: out, rescores };
}

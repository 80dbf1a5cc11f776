// The descriptions and tooltip lines of the Sources tree's rows (plain text: names and answers are
// model or user data).
import { describeEdit } from '../../core/fork/forkPlan';
import type { InstanceNode, RunNode, SourceNode, VerdictCounts } from './treeItems';
import { describeFilters, shortModel, verdictSign, type TreeFilters } from './treeFilters';
import { VERDICT_MARKS } from '../../shared/verdicts';

/** `✓3 ✗1` (and `–n` when some are unscored, or always with `withUnscored`). */
export function formatCounts(c: VerdictCounts, withUnscored = c.unscored > 0): string {
  const parts = [`${VERDICT_MARKS.correct}${c.correct}`, `${VERDICT_MARKS.incorrect}${c.incorrect}`];
  if (withUnscored) parts.push(`${VERDICT_MARKS.unscored}${c.unscored}`);
  return parts.join(' ');
}

/** A source row's description: review badge and per-model verdict counts. */
export function describeSource(n: SourceNode): string {
  const parts: string[] = [];
  if (n.hasPlan && !n.hasRecord) parts.push('[plan]');
  else if (!n.hasRecord) parts.push('no record');
  else if (n.review) parts.push(`[${n.review}]`);
  for (const m of n.perModel) parts.push(`${shortModel(m.model)} ${formatCounts(m.counts)}`);
  return parts.join(' · ');
}

export function describeInstance(n: InstanceNode): string {
  const parts: string[] = [n.path ? 'multi' : n.mode];
  if (n.active) parts.push(`active: ${n.active}`);
  parts.push(n.runs ? formatCounts(n.counts) : 'no runs');
  return parts.join(' · ');
}

/** A run row's description. No verdict mark: the row's label already starts with it (`✗ model-a`). */
export function describeRun(n: RunNode): string {
  const parts = [n.verdict, `${n.turns} turns`];
  if (n.forkedFrom) parts.unshift(`fork: ${describeEdit(n.forkedFrom)}`);
  if (n.newError) parts.push('new error');
  if (n.rescore?.human)
    parts.push(
      n.rescore.changed ? `adjudicated: ${verdictSign(n.rescore.logged)}→${verdictSign(n.verdict)}` : 'adjudicated',
    );
  else if (n.rescore?.changed) parts.push(`re-scored: ${verdictSign(n.rescore.logged)}→${verdictSign(n.verdict)}`);
  if (n.annotations) parts.push(`✎${n.annotations}`);
  if (n.rescore?.inactive.length) parts.push(`inactive: ${n.rescore.inactive.join(', ')}`);
  return parts.join(' · ');
}

/** The re-score lines of a run's tooltip (plain text: extracted answers are model output). */
export function describeRescore(n: RunNode): string[] {
  const r = n.rescore;
  if (!r) return [];
  if (r.human) return [`${verdictSign(n.verdict)} ${r.human}`];
  const extracted =
    r.extracted === null ? '(none)' : r.extracted.length > 300 ? `${r.extracted.slice(0, 300)}…` : r.extracted;
  return [
    r.changed
      ? `re-scored: ${verdictSign(r.logged)} ${r.logged} → ${verdictSign(n.verdict)} ${n.verdict}`
      : `re-scored: ${verdictSign(n.verdict)} ${n.verdict} (logged ${r.logged})`,
    r.message,
    `extracted answer: ${extracted}`,
    `inactive content: ${r.inactive.length ? r.inactive.join(', ') : 'none'}`,
  ];
}

/** What the re-score overlay knows, for explaining an empty "new errors with inactive content" filter. */
export interface RescoreKnowledge {
  /** Runs re-scored in this workspace. */
  rescored: number;
  /** Of those, runs whose re-scored final answer holds inactive content. */
  withInactive: number;
}

/**
 * The Sources view's message when the filters hide every source. Inactive content is known only
 * for re-scored runs, so an empty "new errors with inactive content" filter usually means "not
 * re-scored yet": point to Re-score then, not to Clear Filters.
 */
export function emptyFilterMessage(f: TreeFilters, known: RescoreKnowledge): string {
  const what = describeFilters(f);
  if (f.newErrorsWithInactive && known.rescored === 0) {
    return `No sources match: ${what}. Inactive content is found by re-scoring, and no run is re-scored yet: run "Intent Lens: Re-score" (all run logs, or one log, source or run from its context menu).`;
  }
  if (f.newErrorsWithInactive && known.withInactive === 0) {
    return `No sources match: ${what}. None of the ${known.rescored} re-scored run${known.rescored === 1 ? '' : 's'} uses inactive content: run "Intent Lens: Re-score" on more run logs, or "Clear Filters" to see everything.`;
  }
  return `No sources match: ${what}. Run "Clear Filters" to see everything.`;
}

// Shared pieces of every domain's enumerator: named checks with their discard reason, the
// `--target` match, and the selection order (Appendix A.1, "Selecting a revision").
import type { Candidate, CheckOutcome } from './constructTypes';
import { parseNumber } from '../checks/valueMatch';

/** One check: its name in `checks`, the outcome, and the discard reason when it fails. */
export interface NamedCheck extends CheckOutcome {
  name: string;
  reason: string;
}

export const check = (name: string, reason: string, ok: boolean, evidence: string): NamedCheck => ({
  name,
  reason,
  ok,
  evidence,
});

/** `checks` for a candidate, in order, and the first failed check's reason. */
export function checkRecord(list: readonly NamedCheck[]): { checks: Record<string, CheckOutcome>; discarded?: string } {
  const checks: Record<string, CheckOutcome> = {};
  for (const c of list) checks[c.name] = { ok: c.ok, evidence: c.evidence };
  const failed = list.find((c) => !c.ok);
  return { checks, ...(failed ? { discarded: failed.reason } : {}) };
}

const norm = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();
const bare = (s: string) => norm(s.replace(/["'`]/g, ''));

/**
 * Whether `--target` names this candidate: its target string, its original value (as written or
 * as a number), or its shard id.
 */
export function matchesTarget(candidate: Pick<Candidate, 'target' | 'original' | 'shard_id'>, target: string): boolean {
  const t = bare(target);
  if (t === bare(candidate.target) || t === bare(candidate.original)) return true;
  // A clause may be named without its keyword or quotes: `age < 30` for `WHERE age < 30`.
  if (t === bare(candidate.target.replace(/^(where|having|select|order by)\s+/i, ''))) return true;
  if (/^\d+$/.test(t) && Number(t) === candidate.shard_id) return true;
  const n = parseNumber(target.trim());
  const own = candidate.original.match(/-?\$?\d[\d,]*(?:\.\d+)?/)?.[0];
  return n !== undefined && own !== undefined && parseNumber(own) === n && norm(candidate.original).includes(t);
}

/** Whether a revised value is the one `--value` asks for (as written or as the same number). */
export function matchesValue(revised: string, value: string): boolean {
  if (norm(revised) === norm(value)) return true;
  const n = parseNumber(value.trim());
  const own = revised.match(/-?\$?\d[\d,]*(?:\.\d+)?/)?.[0];
  return n !== undefined && own !== undefined && parseNumber(own) === n;
}

/** Appendix A.1 order: domain priority, then longer source passages, then earlier positions. */
export function compareRank(a: Candidate, b: Candidate): number {
  return (
    a.rank.priority - b.rank.priority ||
    b.rank.passageLength - a.rank.passageLength ||
    a.rank.position - b.rank.position
  );
}

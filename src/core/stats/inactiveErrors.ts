// Fig. 4 / E.2 in two steps, so the dashboard can show the counts before the reads finish: the new
// errors are found from the summaries alone (milliseconds), then each one's final answer is judged
// by the injected `hasInactive` (a file read per conversation: the slow part at full scale).
import type { ConversationRef } from '../load/runLogIndex';
import type { InactiveCondition, InactiveErrorsRow, Tally } from './statsTypes';

/** One source of one model in multi-turn base runs: its Original tally and its Retained/Revised errors. */
export interface SourceErrors {
  domain: string;
  original: Tally;
  retainedErrors: ConversationRef[];
  revisedErrors: ConversationRef[];
}

/** A new error to judge, and the per-model row it counts in. */
export interface NewErrorJob {
  ref: ConversationRef;
  row: InactiveErrorsRow;
}

/** The per-model rows with their new errors (none judged yet) and the jobs that judge them. */
export interface NewErrors {
  perModel: InactiveErrorsRow[];
  jobs: NewErrorJob[];
}

const getOrCreate = <K, V>(m: Map<K, V>, k: K, make: () => V): V => {
  let v = m.get(k);
  if (v === undefined) m.set(k, (v = make()));
  return v;
};

/**
 * Among sources correct in Original (every scored Original run correct), the conversations that are
 * wrong in Retained or Revised. `withDetector` false: `with_inactive` stays null (counts only).
 */
export function collectNewErrors(
  sourcesByModel: Iterable<[string, Iterable<SourceErrors>]>,
  withDetector: boolean,
  compareDomains: (a: string, b: string) => number,
): NewErrors {
  const rows = new Map<string, InactiveErrorsRow>();
  const rowFor = (model: string, domain: string, condition: InactiveCondition) =>
    getOrCreate(rows, `${model}\u0000${domain}\u0000${condition}`, () => ({
      model,
      domain,
      condition,
      new_errors: 0,
      with_inactive: withDetector ? 0 : null,
      undetermined: 0,
      share: null,
      conv_ids: [],
      inactive_conv_ids: [],
    }));
  const jobs: NewErrorJob[] = [];
  for (const [model, sources] of sourcesByModel) {
    for (const src of sources) {
      if (src.original.correct === 0 || src.original.correct < src.original.n) continue;
      for (const condition of ['retained', 'revised'] as const) {
        // Rows exist for every model × domain × condition with Original-correct sources, even at 0 new errors.
        const row = rowFor(model, src.domain, condition);
        for (const ref of condition === 'retained' ? src.retainedErrors : src.revisedErrors) {
          row.new_errors++;
          row.conv_ids.push(ref.conv_id);
          jobs.push({ ref, row });
        }
      }
    }
  }
  const perModel = [...rows.values()].sort(
    (a, b) =>
      a.model.localeCompare(b.model) || compareDomains(a.domain, b.domain) || a.condition.localeCompare(b.condition),
  );
  return { perModel, jobs };
}

/** Judges conversations all at once (the dashboard's: on a worker thread); undefined where it cannot judge. */
export type JudgeInactive = (refs: readonly ConversationRef[]) => Promise<Array<boolean | undefined>>;

/** Runs `fn` over items with at most `limit` in flight. */
async function forEachLimited<T>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
}

/** A per-conversation check as a JudgeInactive: `concurrency` reads in flight, a throw is undetermined. */
export function judgeEach(
  hasInactive: (ref: ConversationRef) => Promise<boolean | undefined>,
  concurrency = 8,
): JudgeInactive {
  return async (refs) => {
    const verdicts: Array<boolean | undefined> = new Array(refs.length).fill(undefined);
    await forEachLimited(refs, concurrency, async (ref, i) => {
      try {
        verdicts[i] = await hasInactive(ref);
      } catch {
        verdicts[i] = undefined;
      }
    });
    return verdicts;
  };
}

/** Judges every new error and tallies the verdicts into its row (undetermined when it cannot judge). */
export async function judgeNewErrors(errors: NewErrors, judge: JudgeInactive): Promise<void> {
  const verdicts = await judge(errors.jobs.map((j) => j.ref));
  // Tallied after all reads, in job order, so id lists do not depend on read timing.
  errors.jobs.forEach(({ ref, row }, i) => {
    const verdict = verdicts[i];
    if (verdict === undefined) row.undetermined++;
    else if (verdict) {
      row.with_inactive!++;
      row.inactive_conv_ids.push(ref.conv_id);
    }
  });
}

/** The per-model rows plus the pooled ones (each domain over all models, and all domains), with shares. */
export function inactiveRows(
  perModel: readonly InactiveErrorsRow[],
  compareDomains: (a: string, b: string) => number,
): InactiveErrorsRow[] {
  // Pooled rows: each domain over all models (Fig. 4's bars) and all domains (its headers), per condition.
  const pooled = new Map<string, InactiveErrorsRow>();
  for (const r of perModel) {
    for (const domain of [r.domain, '*']) {
      const p = getOrCreate(pooled, `${domain}\u0000${r.condition}`, () => ({
        model: '*',
        domain,
        condition: r.condition,
        new_errors: 0,
        with_inactive: r.with_inactive === null ? null : 0,
        undetermined: 0,
        share: null,
        conv_ids: [],
        inactive_conv_ids: [],
      }));
      p.new_errors += r.new_errors;
      if (p.with_inactive !== null && r.with_inactive !== null) p.with_inactive += r.with_inactive;
      p.undetermined += r.undetermined;
      p.conv_ids.push(...r.conv_ids);
      p.inactive_conv_ids.push(...r.inactive_conv_ids);
    }
  }
  const pooledRows = [...pooled.values()].sort(
    (a, b) =>
      (a.domain === '*' ? 1 : 0) - (b.domain === '*' ? 1 : 0) ||
      compareDomains(a.domain, b.domain) ||
      a.condition.localeCompare(b.condition),
  );
  const all = [...perModel, ...pooledRows];
  for (const r of all) {
    // The share is over the errors the detector judged.
    const judged = r.new_errors - r.undetermined;
    r.share = r.with_inactive !== null && judged > 0 ? (100 * r.with_inactive) / judged : null;
  }
  return all;
}

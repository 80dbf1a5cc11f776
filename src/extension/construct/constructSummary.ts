// What "Construct Revisions for File…" says when it is done: how many sources got a revision and
// why the others did not, by reason, per domain. vscode-free (unit-tested in plain Node).
import type { ConstructSummary } from '../../core/construct/constructTypes';
import type { BenchmarkRecord } from '../../core/schema/records';

/** Sources of a records file: the records without an `intent` block, in file order. */
export function sourcesWithoutRevision<T extends { value: BenchmarkRecord }>(items: readonly T[]): T[] {
  return items.filter((i) => !i.value.intent);
}

export interface SummaryTotals {
  sources: number;
  constructed: number;
  /** Reason → sources not constructed, most frequent first (ties by name). */
  discarded: Array<[reason: string, count: number]>;
}

export function summaryTotals(summary: ConstructSummary): SummaryTotals {
  let sources = 0;
  let constructed = 0;
  const byReason = new Map<string, number>();
  for (const d of Object.values(summary)) {
    sources += d.sources;
    constructed += d.constructed;
    for (const [reason, n] of Object.entries(d.discarded)) byReason.set(reason, (byReason.get(reason) ?? 0) + n);
  }
  const discarded = [...byReason.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return { sources, constructed, discarded };
}

/** One line for the notification: `constructed 3 of 5 sources; not constructed: no-candidates 1, …`. */
export function summaryMessage(summary: ConstructSummary, file: string): string {
  const t = summaryTotals(summary);
  const reasons = t.discarded.map(([r, n]) => `${r} ${n}`).join(', ');
  return `constructed ${t.constructed} of ${t.sources} source${t.sources === 1 ? '' : 's'} in ${file}${reasons ? `; not constructed: ${reasons}` : ''}`;
}

/** Per-domain lines for the output channel. */
export function summaryLines(summary: ConstructSummary): string[] {
  return Object.entries(summary)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([domain, d]) => {
      const reasons = Object.entries(d.discarded)
        .map(([r, n]) => `${r} ${n}`)
        .join(', ');
      return `${domain}: ${d.constructed}/${d.sources} constructed${reasons ? ` (not constructed: ${reasons})` : ''}`;
    });
}

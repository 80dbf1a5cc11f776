// Forks (runs with `forked_from`) are counterfactual replays of benchmark conversations, not runs of
// the benchmark: a fork that drops the rejected proposal is not a Retained run, and counting it in
// the Retained cell would both inflate n and move the accuracy towards whatever the edit implies.
// Statistics keep them out of the grid, the tests and the curves, and report them here instead:
// per edit, model and domain, the recovery rate against their parents' current verdicts.
import type { ConversationRef } from '../load/runLogIndex';
import { recoveryRates, type ForkPair, type RecoveryRow } from '../fork/recovery';

export interface ForkStatsRow extends RecoveryRow {
  /** The edit of these forks (`drop-proposal`, `replace-user`, …). */
  edit: string;
  /** Forks whose parent is not among the loaded conversations (no parent verdict to compare). */
  orphans: number;
}

export function isFork(ref: ConversationRef): boolean {
  return ref.forkedFrom !== undefined;
}

/** The recovery table of the forks among `conversations`, parents looked up among the same. */
export function forkStats(conversations: readonly ConversationRef[], onlyModels?: ReadonlySet<string>): ForkStatsRow[] {
  const forks = conversations.filter((r) => r.forkedFrom && (!onlyModels || onlyModels.has(r.model)));
  // Most workspaces have no forks: no id map of every conversation then (the dashboard's first stage).
  if (!forks.length) return [];
  const byId = new Map<string, ConversationRef>();
  for (const r of conversations) byId.set(r.conv_id, r);
  const byEdit = new Map<string, { pairs: ForkPair[]; orphans: Map<string, number> }>();
  for (const r of forks) {
    if (!r.forkedFrom) continue;
    let group = byEdit.get(r.forkedFrom.edit);
    if (!group) byEdit.set(r.forkedFrom.edit, (group = { pairs: [], orphans: new Map() }));
    const parent = byId.get(r.forkedFrom.conv_id);
    if (!parent) {
      const key = `${r.model}\u0000${r.task}`;
      group.orphans.set(key, (group.orphans.get(key) ?? 0) + 1);
    }
    group.pairs.push({
      parentConvId: r.forkedFrom.conv_id,
      forkConvId: r.conv_id,
      model: r.model,
      domain: r.task,
      parent: parent?.verdict ?? 'unscored',
      fork: r.verdict,
    });
  }
  const rows: ForkStatsRow[] = [];
  for (const [edit, group] of [...byEdit].sort(([a], [b]) => a.localeCompare(b))) {
    for (const row of recoveryRates(group.pairs))
      rows.push({ edit, ...row, orphans: group.orphans.get(`${row.model}\u0000${row.domain}`) ?? 0 });
  }
  return rows;
}

export function formatForkStatsTable(rows: readonly ForkStatsRow[]): string {
  const lines = [
    '| Forks (not in the grid) | model | domain | forks | parent errors | recovered | recovery rate | broken |',
    '| --- | --- | --- | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const r of rows)
    lines.push(
      `| ${r.edit} | ${r.model} | ${r.domain} | ${r.forks} | ${r.errors} | ${r.recovered} | ${r.rate === null ? '–' : `${(r.rate * 100).toFixed(1)}%`} | ${r.broken} |`,
    );
  return lines.join('\n') + '\n';
}

// Recovery rate of a batch of forks: of the parents that were wrong, how many forks are right,
// per assistant model and domain. A fork that breaks a correct parent is counted too.
import type { Verdict } from '../load/runLogIndex';

export interface ForkPair {
  parentConvId: string;
  forkConvId: string;
  model: string;
  domain: string;
  parent: Verdict;
  fork: Verdict;
}

export interface RecoveryRow {
  model: string;
  domain: string;
  forks: number;
  /** Parents that were incorrect. */
  errors: number;
  /** …of which the fork is correct. */
  recovered: number;
  /** recovered / errors; null when there were no errors. */
  rate: number | null;
  /** Correct parents whose fork is incorrect. */
  broken: number;
}

export function recoveryRates(pairs: readonly ForkPair[]): RecoveryRow[] {
  const rows = new Map<string, RecoveryRow>();
  for (const p of pairs) {
    const key = `${p.model}\u0000${p.domain}`;
    let row = rows.get(key);
    if (!row)
      rows.set(
        key,
        (row = { model: p.model, domain: p.domain, forks: 0, errors: 0, recovered: 0, rate: null, broken: 0 }),
      );
    row.forks++;
    if (p.parent === 'incorrect') {
      row.errors++;
      if (p.fork === 'correct') row.recovered++;
    }
    if (p.parent === 'correct' && p.fork === 'incorrect') row.broken++;
  }
  for (const row of rows.values()) row.rate = row.errors ? row.recovered / row.errors : null;
  return [...rows.values()].sort((a, b) => a.model.localeCompare(b.model) || a.domain.localeCompare(b.domain));
}

export function formatRecoveryTable(rows: readonly RecoveryRow[]): string {
  const lines = [
    'model | domain | forks | parent errors | recovered | recovery rate | broken',
    '--- | --- | ---: | ---: | ---: | ---: | ---:',
  ];
  for (const r of rows)
    lines.push(
      `${r.model} | ${r.domain} | ${r.forks} | ${r.errors} | ${r.recovered} | ${r.rate === null ? '–' : `${(r.rate * 100).toFixed(1)}%`} | ${r.broken}`,
    );
  return lines.join('\n');
}

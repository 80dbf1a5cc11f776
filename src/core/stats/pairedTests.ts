// Paired comparisons over the same sources: the 2x2 table of a source's outcome under two columns
// (or two models, or two runs), the exact McNemar test (two-sided binomial on the discordant pairs)
// and Holm's step-down correction for a family of tests.

export interface PairedTable {
  /** Sources scored under both sides. */
  n: number;
  both: number;
  only_from: number;
  only_to: number;
  neither: number;
}

export const emptyPairedTable = (): PairedTable => ({ n: 0, both: 0, only_from: 0, only_to: 0, neither: 0 });

export function addPair(t: PairedTable, from: boolean, to: boolean): void {
  t.n++;
  if (from && to) t.both++;
  else if (from) t.only_from++;
  else if (to) t.only_to++;
  else t.neither++;
}

export function addTable(into: PairedTable, t: PairedTable): void {
  into.n += t.n;
  into.both += t.both;
  into.only_from += t.only_from;
  into.only_to += t.only_to;
  into.neither += t.neither;
}

/** Paired difference accuracy(to) − accuracy(from) over the paired sources, in percentage points. */
export const pairedDeltaPp = (t: PairedTable): number | null =>
  t.n > 0 ? (100 * (t.only_to - t.only_from)) / t.n : null;

/**
 * Exact McNemar p-value: 2 × P(X ≤ min(b, c)) for X ~ Binomial(b + c, 1/2), capped at 1; 1 when
 * there are no discordant pairs. Summed in log space so thousands of pairs do not underflow.
 */
export function mcnemarExact(b: number, c: number): number {
  const n = b + c;
  if (n === 0) return 1;
  const k = Math.min(b, c);
  let logTerm = n * Math.log(0.5); // log P(X = 0)
  let logSum = logTerm;
  for (let i = 1; i <= k; i++) {
    logTerm += Math.log((n - i + 1) / i);
    const hi = Math.max(logSum, logTerm);
    logSum = hi + Math.log(Math.exp(logSum - hi) + Math.exp(logTerm - hi));
  }
  return Math.min(1, 2 * Math.exp(logSum));
}

/**
 * Holm's step-down procedure at level alpha: which of the p-values are rejected (survive) while
 * controlling the family-wise error rate. null entries are not tests and are never significant.
 */
export function holmSignificant(pValues: ReadonlyArray<number | null>, alpha = 0.05): boolean[] {
  const tests = pValues
    .map((p, i) => ({ p, i }))
    .filter((t): t is { p: number; i: number } => t.p !== null)
    .sort((a, b) => a.p - b.p);
  const out = pValues.map(() => false);
  const m = tests.length;
  for (let rank = 0; rank < m; rank++) {
    if (tests[rank]!.p > alpha / (m - rank)) break;
    out[tests[rank]!.i] = true;
  }
  return out;
}

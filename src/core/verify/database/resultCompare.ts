// Spider test-suite result equality (as LiC runs it): same row count, some column permutation of
// the candidate equals the reference, as a multiset of rows — or as a sequence when the reference
// has ORDER BY. Column names never matter, only values.
import type { SqlCell } from './sqlProtocol';

function cellKey(c: SqlCell): string {
  if (c === null) return 'n:';
  if (typeof c === 'number') return `d:${c}`;
  if (typeof c === 'string') return `s:${c}`;
  return `b:${c.blob}`;
}

function rowKey(row: readonly SqlCell[], perm?: readonly number[]): string {
  return JSON.stringify((perm ? perm.map((i) => row[i]!) : row).map(cellKey));
}

function multisetEqual(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const counts = new Map<string, number>();
  for (const k of a) counts.set(k, (counts.get(k) ?? 0) + 1);
  for (const k of b) {
    const n = counts.get(k);
    if (!n) return false;
    counts.set(k, n - 1);
  }
  return true;
}

/** Column permutations of the candidate consistent with the reference's per-column value sets. */
function* permutations(
  reference: readonly SqlCell[][],
  candidate: readonly SqlCell[][],
  cols: number,
): Generator<number[]> {
  const refSets = Array.from({ length: cols }, (_, i) => new Set(reference.map((r) => cellKey(r[i]!))));
  // allowed[i] = candidate columns whose values all occur in reference column i.
  const allowed = Array.from({ length: cols }, (_, i) =>
    [...Array(cols).keys()].filter((j) => candidate.every((r) => refSets[i]!.has(cellKey(r[j]!)))),
  );
  const used = new Set<number>();
  const perm: number[] = [];
  function* walk(i: number): Generator<number[]> {
    if (i === cols) {
      yield [...perm];
      return;
    }
    for (const j of allowed[i]!) {
      if (used.has(j)) continue;
      used.add(j);
      perm.push(j);
      yield* walk(i + 1);
      perm.pop();
      used.delete(j);
    }
  }
  yield* walk(0);
}

export function resultsEqual(
  reference: readonly SqlCell[][],
  candidate: readonly SqlCell[][],
  orderMatters: boolean,
): boolean {
  if (reference.length === 0 && candidate.length === 0) return true;
  if (reference.length !== candidate.length) return false;
  const cols = reference[0]!.length;
  if (candidate[0]!.length !== cols) return false;
  const refKeys = reference.map((r) => rowKey(r));
  // Quick reject: rows with sorted cells must agree regardless of column order.
  const unordered = (rows: readonly SqlCell[][]) => rows.map((r) => JSON.stringify(r.map(cellKey).sort()));
  const ru = unordered(reference);
  const cu = unordered(candidate);
  if (orderMatters ? ru.join('\n') !== cu.join('\n') : !multisetEqual(ru, cu)) return false;
  let tried = 0;
  for (const perm of permutations(reference, candidate, cols)) {
    if (++tried > 5000) break;
    const keys = candidate.map((r) => rowKey(r, perm));
    if (orderMatters ? keys.every((k, i) => k === refKeys[i]) : multisetEqual(refKeys, keys)) return true;
  }
  return false;
}

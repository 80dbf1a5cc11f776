// New values for a numeric threshold (`age < 30`, `BETWEEN 26 AND 30`, `HAVING count(*) > 1`),
// taken from the data the threshold is compared with: the column's distinct values, or the
// aggregate's value per group. A threshold only changes the result where it crosses a data value,
// so each candidate is a data value (rounded outward to the original's precision, so it still
// crosses it: `price < 100` with a price of 104.5 becomes `< 105`). The values that loosen the
// condition (more rows: `< 30` → `< 32`) come first, nearest first, then the ones that tighten it:
// a loosened condition keeps a non-empty result more often. Values stay within the data's range,
// so a year is never doubled into `year < 3900`.
import { cloneParts, nodeAt, sqlifyQuery, type AstNode, type AstPath, type QueryPart } from './sqlAst';
import type { SqlSite } from './sqlSites';
import { distinctValues, run, type DatabaseHandle } from './databaseRun';

const PER_DIRECTION = 5;
/** Small steps, used only when the compared data cannot be read. */
const FALLBACK_STEPS = [2, -2, 1, -1];

/** The decimals a number is written with (30 → 0, 0.25 → 2). */
function decimalsOf(v: number): number {
  const m = /\.(\d+)$/.exec(String(v));
  return m ? m[1]!.length : 0;
}

/**
 * The unit candidates are rounded to: one digit finer than the original's last non-zero digit
 * (30 → 1, 1000000 → 100000, 2.5 → 0.1), so `population > 1000000` moves to 1200000, not 1234567.
 */
export function roundingUnit(v: number): number {
  const decimals = decimalsOf(v);
  if (decimals > 0) return 10 ** -decimals;
  let zeros = 0;
  for (let n = Math.abs(v); n >= 10 && n % 10 === 0; n /= 10) zeros++;
  return 10 ** Math.max(zeros - 1, 0);
}

function roundOutward(x: number, unit: number, up: boolean): number {
  const scaled = x / unit;
  const eps = 1e-9;
  const n = up ? Math.ceil(scaled - eps) : Math.floor(scaled + eps);
  const decimals = Math.max(0, -Math.floor(Math.log10(unit)));
  return Number((n * unit).toFixed(decimals));
}

/** Whether raising the value loosens the condition (admits more rows). */
function raisingLoosens(site: SqlSite): boolean {
  const op = site.operator ?? '';
  if (op === 'BETWEEN') return site.path[site.path.length - 1] === 1;
  return op === '<' || op === '<=';
}

/**
 * Threshold values from the compared data: loosening ones first, nearest first, then tightening
 * ones; each rounded outward to the original's unit, within the data's range, never `v` itself.
 */
export function thresholdsFromData(v: number, data: readonly number[], raiseFirst: boolean): number[] {
  const unit = roundingUnit(v);
  const above: number[] = [];
  const below: number[] = [];
  for (const x of [...new Set(data)].sort((a, b) => a - b)) {
    if (x > v) {
      const t = roundOutward(x, unit, true);
      if (t !== v && !above.includes(t)) above.push(t);
    } else if (x < v) {
      const t = roundOutward(x, unit, false);
      if (t !== v && !below.includes(t)) below.unshift(t);
    }
  }
  const [first, second] = raiseFirst ? [above, below] : [below, above];
  return [...first.slice(0, PER_DIRECTION), ...second.slice(0, PER_DIRECTION)];
}

/** The comparison node a threshold literal belongs to (`right`, or `right.value[i]` of a BETWEEN). */
function comparisonPath(site: SqlSite): AstPath {
  return site.operator === 'BETWEEN' ? site.path.slice(0, -3) : site.path.slice(0, -1);
}

/** The innermost SELECT that holds the site (a subquery's `ast`, or the part itself). */
function selectPath(path: AstPath): AstPath {
  const at = path.lastIndexOf('ast');
  return at < 0 ? [] : path.slice(0, at + 1);
}

/** An aggregate's value per group (`count(*)` per city), the SELECT's WHERE and GROUP BY kept. */
async function aggregateValues(site: SqlSite, parts: readonly QueryPart[], db: DatabaseHandle): Promise<number[]> {
  const part = cloneParts([parts[site.partIndex]!])[0]!;
  const subject = (nodeAt(part.ast, comparisonPath(site)) as AstNode | undefined)?.left as AstNode | undefined;
  const root = selectPath(site.path);
  const select = (root.length ? nodeAt(part.ast, root) : part.ast) as AstNode | undefined;
  if (!subject || subject.type !== 'aggr_func' || !select) return [];
  const query: AstNode = {
    ...select,
    columns: [{ expr: subject, as: null }],
    having: null,
    orderby: null,
    limit: null,
    distinct: null,
  };
  const r = await run(db, sqlifyQuery([{ ast: query }]));
  return r.ok ? r.rows.map((row) => Number(row[0])).filter(Number.isFinite) : [];
}

async function comparedData(site: SqlSite, parts: readonly QueryPart[], db: DatabaseHandle): Promise<number[]> {
  if (!site.column) return aggregateValues(site, parts, db);
  const values = await distinctValues(db, site.column.tables, site.column.name);
  return values
    .map((x) => (typeof x === 'number' ? x : /^\s*-?\d+(\.\d+)?\s*$/.test(x) ? Number(x) : NaN))
    .filter(Number.isFinite);
}

/** New values for a numeric threshold site, in the rule's order. */
export async function thresholdValues(
  site: SqlSite,
  parts: readonly QueryPart[],
  db: DatabaseHandle,
): Promise<number[]> {
  const v = site.literal as number;
  const data = await comparedData(site, parts, db);
  if (data.length) return thresholdsFromData(v, data, raisingLoosens(site));
  const unit = roundingUnit(v);
  return FALLBACK_STEPS.map((s) => Number((v + s * unit).toFixed(decimalsOf(unit)))).filter((x) => x >= 0 || v < 0);
}

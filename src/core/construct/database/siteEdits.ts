// The replacement rule per SQL site (fixed, from the source and its database): a threshold moves
// to a nearby value of the data it is compared with (thresholdValues.ts); an equality or set member takes the next distinct value of its column in
// sorted order (so a text equality always uses a value that exists); a LIKE pattern takes a word
// of a column value it does not match; ORDER BY, comparisons and aggregates flip; an output field
// takes the next column of its table. Each edit is applied to a copy of the AST.
import { nodeAt, type AstNode, type QueryPart } from './sqlAst';
import { groupPathsOf, type SqlSite } from './sqlSites';
import { distinctValues, tableColumns, type DatabaseHandle } from './databaseRun';
import { literalOf } from './sqlAst';
import { thresholdValues } from './thresholdValues';
import { countListingEdits } from './countListing';

export interface SiteEdit {
  /** The new value as the user would state it (number, text, column, or the operator's new word filled in later). */
  value: number | string;
  apply(parts: QueryPart[]): void;
  /** A text or number equality: the column must hold the new value. */
  equality?: { column: string; tables: string[]; value: number | string };
}

const MAX_EDITS = 10;
const FLIP: Record<string, string> = { '<': '>', '>': '<', '<=': '>=', '>=': '<=' };
export const AGGREGATE_FLIP: Record<string, string> = { MAX: 'MIN', MIN: 'MAX', AVG: 'SUM', SUM: 'AVG' };

function setLiteral(parts: QueryPart[], site: SqlSite, value: number | string): void {
  const node = nodeAt(parts[site.partIndex]!.ast, site.path) as AstNode;
  if (typeof value === 'number') {
    node.type = 'number';
    node.value = value;
  } else {
    node.type = 'single_quote_string';
    node.value = value;
  }
}

/** Values after `current` in sorted order, wrapping around, without `exclude`. */
function rotation(
  values: ReadonlyArray<number | string>,
  current: number | string,
  exclude: ReadonlyArray<number | string>,
): Array<number | string> {
  const same = (a: number | string, b: number | string) =>
    String(a).trim().toLowerCase() === String(b).trim().toLowerCase();
  const usable = values.filter((v) => !exclude.some((x) => same(x, v)) && !(typeof v === 'string' && /['"\n]/.test(v)));
  const at = usable.findIndex((v) =>
    typeof v === 'number' && typeof current === 'number' ? v > current : String(v) > String(current),
  );
  const start = at < 0 ? 0 : at;
  return [...usable.slice(start), ...usable.slice(0, start)].filter((v) => !same(v, current));
}

/** The other literals of the same IN list (a replacement must not repeat one). */
function siblings(parts: readonly QueryPart[], site: SqlSite): Array<number | string> {
  const list = nodeAt(parts[site.partIndex]!.ast, site.path.slice(0, -1));
  return Array.isArray(list) ? list.map(literalOf).filter((v): v is number | string => v !== undefined) : [];
}

async function conditionEdits(site: SqlSite, parts: readonly QueryPart[], db: DatabaseHandle): Promise<SiteEdit[]> {
  const v = site.literal!;
  const op = site.operator ?? '=';
  const literal = (value: number | string, equality: boolean): SiteEdit => ({
    value,
    apply: (p) => setLiteral(p, site, value),
    ...(equality && site.column ? { equality: { column: site.column.name, tables: site.column.tables, value } } : {}),
  });
  // A threshold, a BETWEEN bound, or a count compared with `=` (`HAVING count(*) = 2`) moves along its data.
  if (typeof v === 'number' && (FLIP[op] || op === 'BETWEEN' || !site.column))
    return (await thresholdValues(site, parts, db)).map((n) => literal(n, false));
  if (!site.column) return [];
  if (op === 'LIKE' || op === 'NOT LIKE') return likeEdits(site, v as string, db);
  const values = await distinctValues(db, site.column.tables, site.column.name);
  // A number written as text (`year = '1970'`) or text holding numbers: compared as the column holds it.
  const numeric = typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v) && values.every((x) => typeof x === 'number');
  const typed = numeric
    ? values.map(String)
    : values.filter(
        (x) => typeof x === typeof v || (typeof v === 'number' && typeof x === 'string' && /^-?\d+(\.\d+)?$/.test(x)),
      );
  const asLiteral = (x: number | string) => (typeof v === 'number' ? Number(x) : String(x));
  const ordered = numeric || typeof v === 'number' ? [...typed].sort((a, b) => Number(a) - Number(b)) : typed;
  return rotation(ordered.map(asLiteral), v, siblings(parts, site))
    .slice(0, MAX_EDITS)
    .map((x) => literal(x, true));
}

async function likeEdits(site: SqlSite, pattern: string, db: DatabaseHandle): Promise<SiteEdit[]> {
  const inner = pattern.replace(/^%+|%+$/g, '');
  if (!inner || /[%_]/.test(inner)) return [];
  // A letter or two (`LIKE '%w%'`): the next letters of the alphabet.
  if (/^[A-Za-z]{1,2}$/.test(inner)) {
    const next = (c: string, k: number) => String.fromCharCode(((c.toLowerCase().charCodeAt(0) - 97 + k) % 26) + 97);
    return Array.from({ length: MAX_EDITS }, (_, k) => next(inner[0]!, k + 1) + inner.slice(1)).map((w) => ({
      value: w,
      apply: (p: QueryPart[]) => setLiteral(p, site, pattern.replace(inner, w)),
    }));
  }
  const values = await distinctValues(db, site.column!.tables, site.column!.name);
  const words: string[] = [];
  for (const value of values) {
    if (typeof value !== 'string' || value.toLowerCase().includes(inner.toLowerCase())) continue;
    for (const w of value.match(/[A-Za-z]{3,}/g) ?? [])
      if (!words.some((x) => x.toLowerCase() === w.toLowerCase())) words.push(w);
    if (words.length >= MAX_EDITS) break;
  }
  return words.map((w) => ({ value: w, apply: (p: QueryPart[]) => setLiteral(p, site, pattern.replace(inner, w)) }));
}

async function outputEdits(site: SqlSite, parts: readonly QueryPart[], db: DatabaseHandle): Promise<SiteEdit[]> {
  const col = site.column!;
  const found = await tableColumns(db, col.tables, col.name);
  if (!found) return [];
  const selected = ((parts[site.partIndex]!.ast.columns as Array<{ expr?: { column?: unknown } }>) ?? []).map((c) =>
    String(typeof c.expr?.column === 'string' ? c.expr.column : '').toLowerCase(),
  );
  // The next columns in the table's own order; keys (`id`, `…_id`) only replace a key.
  const at = found.columns.findIndex((c) => c.toLowerCase() === col.name.toLowerCase());
  const isKey = (c: string) => /(^|_)id$/i.test(c);
  const unselected = [...found.columns.slice(at + 1), ...found.columns.slice(0, Math.max(at, 0))].filter(
    (c) => !selected.includes(c.toLowerCase()),
  );
  // Where every other field is already shown, a field may be replaced by a key (`names` → `ids`);
  // a key is never replaced by a field (an EXCEPT or join over keys would lose its meaning).
  const sameKind = unselected.filter((c) => isKey(c) === isKey(col.name));
  const others = sameKind.length || isKey(col.name) ? sameKind : unselected;
  return others.slice(0, MAX_EDITS).map((name) => ({
    value: name,
    apply: (p: QueryPart[]) => {
      for (const path of [site.path, ...(site.alsoPaths ?? [])])
        (nodeAt(p[site.partIndex]!.ast, path) as AstNode).column = name;
      for (const k of site.alsoParts ?? []) {
        const ast = p[k]!.ast;
        for (const path of [site.path, ...groupPathsOf(ast, col.name)]) (nodeAt(ast, path) as AstNode).column = name;
      }
    },
  }));
}

/** The edits of a site, in the rule's order. */
export async function siteEdits(site: SqlSite, parts: readonly QueryPart[], db: DatabaseHandle): Promise<SiteEdit[]> {
  switch (site.kind) {
    case 'condition':
      return conditionEdits(site, parts, db);
    case 'order': {
      const item = nodeAt(parts[site.partIndex]!.ast, site.path) as AstNode;
      const to = String(item.type ?? 'ASC').toUpperCase() === 'DESC' ? 'ASC' : 'DESC';
      return [{ value: to, apply: (p) => void ((nodeAt(p[site.partIndex]!.ast, site.path) as AstNode).type = to) }];
    }
    case 'comparison': {
      const to = FLIP[site.operator ?? ''];
      return to
        ? [{ value: to, apply: (p) => void ((nodeAt(p[site.partIndex]!.ast, site.path) as AstNode).operator = to) }]
        : [];
    }
    case 'aggregation': {
      const node = nodeAt(parts[site.partIndex]!.ast, site.path) as AstNode;
      const to = AGGREGATE_FLIP[String(node.name).toUpperCase()];
      return to
        ? [{ value: to, apply: (p) => void ((nodeAt(p[site.partIndex]!.ast, site.path) as AstNode).name = to) }]
        : [];
    }
    case 'output':
      return site.count ? countListingEdits(site, db) : outputEdits(site, parts, db);
  }
}

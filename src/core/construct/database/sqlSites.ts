// Where a reference query can be revised (Appendix A.1, Database), in the paper's priority order:
// 0 a condition value (WHERE/HAVING comparison, IN set, LIKE), 1 ORDER BY direction, 2 a
// comparison operator, 3 an aggregation, 4 an output field. Each site is a path into a part's AST.
import { columnOf, literalOf, tablesOf, type AstNode, type AstPath, type QueryPart } from './sqlAst';
import { countSite, type CountTarget } from './countListing';

export type SiteKind = 'condition' | 'order' | 'comparison' | 'aggregation' | 'output';
export const SITE_PRIORITY: Record<SiteKind, number> = {
  condition: 0,
  order: 1,
  comparison: 2,
  aggregation: 3,
  output: 4,
};

export interface SqlSite {
  kind: SiteKind;
  partIndex: number;
  /** The node the edit replaces (a literal, an ORDER BY item, a comparison, an aggregate, a column). */
  path: AstPath;
  /** The clause as a reader names it, e.g. `WHERE age < 30` (the `--target` form). */
  clause: string;
  /** The column the clause is about, with its table resolved from the FROM list when possible. */
  column?: { name: string; tables: string[] };
  operator?: string;
  literal?: number | string;
  /** Other nodes the same edit changes (a grouping column's GROUP BY entries). */
  alsoPaths?: AstPath[];
  /** Other parts of a compound query whose output column at the same place the edit also changes. */
  alsoParts?: number[];
  /** A counting query's count, which a listing of its field replaces (countListing.ts). */
  count?: CountTarget;
  /** Position in the walk (earlier positions first among equals). */
  order: number;
}

const COMPARISONS = new Set(['=', '!=', '<>', '<', '>', '<=', '>=']);
const ORDERING = new Set(['<', '>', '<=', '>=']);
const SWAPPABLE_AGGREGATES = new Set(['MAX', 'MIN', 'AVG', 'SUM']);

function lit(v: number | string): string {
  return typeof v === 'number' ? String(v) : `'${v}'`;
}

function columnText(node: unknown): string {
  const c = columnOf(node);
  if (c) return c.table ? `${c.table}.${c.column}` : c.column;
  const n = node as { type?: string; name?: string; args?: { expr?: unknown } } | undefined;
  if (n?.type === 'aggr_func')
    return `${n.name}(${(n.args?.expr as { type?: string })?.type === 'star' ? '*' : columnText(n.args?.expr)})`;
  return '?';
}

function columnInfo(node: unknown, select: AstNode): SqlSite['column'] | undefined {
  const c = columnOf(node);
  if (!c) return undefined;
  const tables = tablesOf(select);
  const named = c.table ? tables.get(c.table.toLowerCase()) : undefined;
  return { name: c.column, tables: named ? [named] : [...new Set(tables.values())] };
}

interface WalkState {
  sites: SqlSite[];
  partIndex: number;
}

/** Condition and comparison sites in a WHERE/HAVING tree (subqueries included). */
function walkCondition(node: unknown, path: AstPath, keyword: string, select: AstNode, st: WalkState): void {
  if (!node || typeof node !== 'object') return;
  const n = node as AstNode;
  if (n.type === 'binary_expr' && typeof n.operator === 'string') {
    const op = n.operator.toUpperCase();
    if (op === 'AND' || op === 'OR') {
      walkCondition(n.left, [...path, 'left'], keyword, select, st);
      walkCondition(n.right, [...path, 'right'], keyword, select, st);
      return;
    }
    const left = n.left as AstNode | undefined;
    const value = literalOf(n.right);
    const subject = columnOf(left) || (left as { type?: string } | undefined)?.type === 'aggr_func';
    const add = (site: Omit<SqlSite, 'partIndex' | 'order'>) =>
      st.sites.push({ ...site, partIndex: st.partIndex, order: st.sites.length });
    if (COMPARISONS.has(op) && subject && value !== undefined) {
      const clause = `${keyword} ${columnText(left)} ${op} ${lit(value)}`;
      const column = columnInfo(left, select);
      add({
        kind: 'condition',
        path: [...path, 'right'],
        clause,
        operator: op,
        literal: value,
        ...(column ? { column } : {}),
      });
      if (ORDERING.has(op))
        add({ kind: 'comparison', path, clause, operator: op, literal: value, ...(column ? { column } : {}) });
    } else if ((op === 'LIKE' || op === 'NOT LIKE') && subject && typeof value === 'string') {
      const column = columnInfo(left, select);
      add({
        kind: 'condition',
        path: [...path, 'right'],
        clause: `${keyword} ${columnText(left)} ${op} ${lit(value)}`,
        operator: op,
        literal: value,
        ...(column ? { column } : {}),
      });
    } else if ((op === 'BETWEEN' || op === 'NOT BETWEEN') && subject) {
      const bounds = (n.right as { value?: unknown[] } | undefined)?.value;
      const column = columnInfo(left, select);
      if (Array.isArray(bounds) && bounds.length === 2 && bounds.every((b) => typeof literalOf(b) === 'number')) {
        const clause = `${keyword} ${columnText(left)} ${op} ${lit(literalOf(bounds[0])!)} AND ${lit(literalOf(bounds[1])!)}`;
        bounds.forEach((b, i) =>
          add({
            kind: 'condition',
            path: [...path, 'right', 'value', i],
            clause,
            operator: 'BETWEEN',
            literal: literalOf(b)!,
            ...(column ? { column } : {}),
          }),
        );
      }
    } else if ((op === 'IN' || op === 'NOT IN') && subject) {
      const list = (n.right as { type?: string; value?: unknown[] } | undefined)?.value;
      if (Array.isArray(list) && list.length && list.every((v) => literalOf(v) !== undefined)) {
        const last = list.length - 1;
        const column = columnInfo(left, select);
        add({
          kind: 'condition',
          path: [...path, 'right', 'value', last],
          clause: `${keyword} ${columnText(left)} ${op} (${list.map((v) => lit(literalOf(v)!)).join(', ')})`,
          operator: op,
          literal: literalOf(list[last])!,
          ...(column ? { column } : {}),
        });
      } else if (Array.isArray(list)) {
        list.forEach((v, i) => {
          const sub = (v as { ast?: AstNode } | undefined)?.ast;
          if (sub) walkSelectConditions(sub, [...path, 'right', 'value', i, 'ast'], st);
        });
      }
    }
    // Scalar subqueries on either side (`age > (SELECT avg(age) …)`).
    for (const side of ['left', 'right'] as const) {
      const sub = (n[side] as { ast?: AstNode } | undefined)?.ast;
      if (sub) walkSelectConditions(sub, [...path, side, 'ast'], st);
    }
  }
}

function walkSelectConditions(select: AstNode, path: AstPath, st: WalkState): void {
  walkCondition(select.where, [...path, 'where'], 'WHERE', select, st);
  walkCondition(select.having, [...path, 'having'], 'HAVING', select, st);
  // A subquery's ORDER BY picks its row (`stadium_id = (SELECT … ORDER BY capacity DESC LIMIT 1)`).
  if (path.length) walkOrder(select, path, st);
}

/** ORDER BY direction sites of one SELECT. */
function walkOrder(select: AstNode, path: AstPath, st: WalkState): void {
  const items = Array.isArray(select.orderby) ? (select.orderby as Array<{ expr?: unknown; type?: unknown }>) : [];
  items.forEach((o, j) => {
    const column = columnInfo(o.expr, select);
    st.sites.push({
      kind: 'order',
      partIndex: st.partIndex,
      order: st.sites.length,
      path: [...path, 'orderby', j],
      clause: `ORDER BY ${columnText(o.expr)} ${typeof o.type === 'string' ? o.type.toUpperCase() : 'ASC'}`,
      ...(column ? { column } : {}),
    });
  });
}

/** The output column named at place `j` of a SELECT, lower-cased, when it is a plain column. */
function outputName(select: AstNode, j: number): string | undefined {
  const columns = Array.isArray(select.columns) ? (select.columns as Array<{ expr?: AstNode }>) : [];
  return columnOf(columns[j]?.expr)?.column.toLowerCase();
}

/** Grouping entries of a SELECT that name `column` (changed with the output column). */
export function groupPathsOf(select: AstNode, column: string): AstPath[] {
  const groupby = (select.groupby as { columns?: unknown[] } | null)?.columns ?? [];
  return groupby.flatMap((g, k) =>
    columnOf(g)?.column.toLowerCase() === column.toLowerCase() ? [['groupby', 'columns', k]] : [],
  );
}

/** Every revisable site of the query, in walk order. */
export function sqlSites(parts: readonly QueryPart[]): SqlSite[] {
  const st: WalkState = { sites: [], partIndex: 0 };
  parts.forEach((part, partIndex) => {
    st.partIndex = partIndex;
    const select = part.ast;
    walkSelectConditions(select, [], st);
    const add = (site: Omit<SqlSite, 'partIndex' | 'order'>) =>
      st.sites.push({ ...site, partIndex, order: st.sites.length });
    walkOrder(select, [], st);
    const columns = Array.isArray(select.columns) ? (select.columns as Array<{ expr?: AstNode }>) : [];
    columns.forEach((c, j) => {
      const expr = c.expr;
      if (
        expr?.type === 'aggr_func' &&
        typeof expr.name === 'string' &&
        SWAPPABLE_AGGREGATES.has(expr.name.toUpperCase())
      ) {
        const column = columnInfo((expr.args as { expr?: unknown } | undefined)?.expr, select);
        add({
          kind: 'aggregation',
          path: ['columns', j, 'expr'],
          clause: `SELECT ${columnText(expr)}`,
          ...(column ? { column } : {}),
        });
      }
    });
    // A grouping column shown in the output is changed in GROUP BY too (`count per country` → `per city`).
    // In a compound query (`… INTERSECT …`) an output column is one requirement of every part: it is
    // a site of the first part only, changed in each part, and only where every part names it alike.
    if (partIndex > 0) return;
    columns.forEach((c, j) => {
      const column = columnInfo(c.expr, select);
      const name = columnOf(c.expr)?.column.toLowerCase();
      const groupPaths = name ? groupPathsOf(select, name) : [];
      const others = parts.slice(1).map((_, k) => k + 1);
      if (!column || others.some((k) => outputName(parts[k]!.ast, j) !== name)) return;
      add({
        kind: 'output',
        path: ['columns', j, 'expr'],
        clause: `SELECT ${columnText(c.expr)}`,
        column,
        ...(groupPaths.length ? { alsoPaths: groupPaths } : {}),
        ...(others.length ? { alsoParts: others } : {}),
      });
    });
  });
  const count = countSite(parts, st.sites.length);
  if (count) st.sites.push(count);
  return st.sites;
}

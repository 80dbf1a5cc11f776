// The reference SQL as node-sql-parser ASTs (SQLite dialect). A compound query (`… EXCEPT …`,
// `… INTERSECT …`, which the parser's SQLite grammar does not read) is split at its top-level
// set operator into parts, each parsed on its own; the revised query is every part's `sqlify`
// joined by the same operators, so an edit always goes through the AST, never through the text.
import type * as SqlParser from 'node-sql-parser/build/sqlite';
import { closingQuote } from '../../verify/database/sqlText';

let sqlParser: SqlParser.Parser | undefined;
function parser(): SqlParser.Parser {
  sqlParser ??= new (require('node-sql-parser/build/sqlite') as typeof SqlParser).Parser();
  return sqlParser;
}

export type AstNode = Record<string, unknown>;

export interface QueryPart {
  ast: AstNode;
  /** The set operator before this part (`EXCEPT`, `INTERSECT`), none for the first. */
  operator?: string;
}

/** Top-level `EXCEPT`/`INTERSECT` positions (outside literals and parentheses). */
function splitCompound(sql: string): Array<{ text: string; operator?: string }> {
  const out: Array<{ text: string; operator?: string }> = [];
  let depth = 0;
  let start = 0;
  let operator: string | undefined;
  for (let i = 0; i < sql.length; i++) {
    const c = sql[i]!;
    if (c === "'" || c === '"' || c === '`') {
      i = closingQuote(sql, i) - 1;
      continue;
    }
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (depth === 0 && /[EI]/i.test(c) && !/\w/.test(sql[i - 1] ?? '')) {
      const m = /^(EXCEPT|INTERSECT)\b/i.exec(sql.slice(i));
      if (m) {
        out.push({ text: sql.slice(start, i), ...(operator ? { operator } : {}) });
        operator = m[1]!.toUpperCase();
        start = i + m[1]!.length;
        i = start - 1;
      }
    }
  }
  out.push({ text: sql.slice(start), ...(operator ? { operator } : {}) });
  return out;
}

/** The query's parts; throws with the parser's message when one does not parse. */
export function parseQuery(sql: string): QueryPart[] {
  const text = sql.trim().replace(/;\s*$/, '');
  return splitCompound(text).map(({ text: part, operator }) => {
    const ast = parser().astify(part.trim(), { database: 'sqlite' });
    const one = (Array.isArray(ast) ? ast[0] : ast) as unknown as AstNode | undefined;
    if (!one || one.type !== 'select') throw new Error('not a SELECT query');
    return { ast: one, ...(operator ? { operator } : {}) };
  });
}

export function sqlifyQuery(parts: readonly QueryPart[]): string {
  return parts
    .map(
      (p) =>
        `${p.operator ? `${p.operator} ` : ''}${parser().sqlify(p.ast as unknown as SqlParser.AST, { database: 'sqlite' })}`,
    )
    .join(' ');
}

export type AstPath = ReadonlyArray<string | number>;

export function nodeAt(root: unknown, path: AstPath): unknown {
  let v = root;
  for (const k of path) v = v && typeof v === 'object' ? (v as Record<string | number, unknown>)[k] : undefined;
  return v;
}

/** A deep copy of the parts (edits are made on a copy; the original stays as parsed). */
export function cloneParts(parts: readonly QueryPart[]): QueryPart[] {
  return JSON.parse(JSON.stringify(parts)) as QueryPart[];
}

/** A column reference's name (`T2.age` → `age`), when the node is one. */
export function columnOf(node: unknown): { table: string | null; column: string } | undefined {
  if (!node || typeof node !== 'object') return undefined;
  const n = node as { type?: string; table?: unknown; column?: unknown };
  if (n.type !== 'column_ref') return undefined;
  const c = n.column;
  const column =
    typeof c === 'string'
      ? c
      : c && typeof c === 'object'
        ? (c as { expr?: { value?: unknown } }).expr?.value
        : undefined;
  if (typeof column !== 'string' || column === '*') return undefined;
  return { table: typeof n.table === 'string' ? n.table : null, column };
}

/** A literal's value: a number or a string, else undefined. */
export function literalOf(node: unknown): number | string | undefined {
  if (!node || typeof node !== 'object') return undefined;
  const n = node as { type?: string; value?: unknown };
  if (n.type === 'number') {
    const v = typeof n.value === 'number' ? n.value : Number(n.value);
    return Number.isFinite(v) ? v : undefined;
  }
  if (
    (n.type === 'single_quote_string' || n.type === 'double_quote_string' || n.type === 'string') &&
    typeof n.value === 'string'
  )
    return n.value;
  return undefined;
}

/** The tables a SELECT reads, alias → table name (a table without alias maps to itself). */
export function tablesOf(select: AstNode): Map<string, string> {
  const out = new Map<string, string>();
  const from = select.from;
  if (!Array.isArray(from)) return out;
  for (const f of from as Array<{ table?: unknown; as?: unknown }>) {
    if (typeof f.table !== 'string') continue;
    out.set(f.table.toLowerCase(), f.table);
    if (typeof f.as === 'string') out.set(f.as.toLowerCase(), f.table);
  }
  return out;
}

// What differs between the active and the inactive reference SQL, read with node-sql-parser
// (SQLite dialect): literals (with the column and operator of their predicate) and output columns
// that only the inactive query has. These are then looked for in a response.
// The SQLite-only build: a tenth of the all-dialects bundle, and SQLite is the only dialect used. It
// loads on the first query read, not with the extension (its evaluation is tens of milliseconds).
import type * as SqlParser from 'node-sql-parser/build/sqlite';

export type SqlTarget =
  { type: 'literal'; value: number | string; column?: string; operator?: string } | { type: 'column'; name: string };

interface SqlFeatures {
  literals: Array<{ value: number | string; column?: string; operator?: string }>;
  outputColumns: string[];
}

let sqlParser: SqlParser.Parser | undefined;
function parser(): SqlParser.Parser {
  sqlParser ??= new (require('node-sql-parser/build/sqlite') as typeof SqlParser).Parser();
  return sqlParser;
}

function columnName(node: unknown): string | undefined {
  if (!node || typeof node !== 'object') return undefined;
  const n = node as { type?: string; column?: unknown };
  if (n.type !== 'column_ref') return undefined;
  const c = n.column;
  if (typeof c === 'string') return c;
  if (c && typeof c === 'object') {
    const expr = (c as { expr?: { value?: unknown } }).expr;
    if (expr && typeof expr.value === 'string') return expr.value;
  }
  return undefined;
}

function literalValue(node: unknown): number | string | undefined {
  if (!node || typeof node !== 'object') return undefined;
  const n = node as { type?: string; value?: unknown };
  if (n.type === 'number' && typeof n.value === 'number') return n.value;
  if (
    (n.type === 'single_quote_string' ||
      n.type === 'string' ||
      n.type === 'double_quote_string' ||
      n.type === 'natural_string') &&
    typeof n.value === 'string'
  )
    return n.value;
  return undefined;
}

function walk(node: unknown, f: SqlFeatures, context?: { column: string; operator: string }): void {
  if (Array.isArray(node)) {
    for (const x of node) walk(x, f, context);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const n = node as Record<string, unknown>;
  const lit = literalValue(n);
  if (lit !== undefined) {
    f.literals.push({ value: lit, ...(context ? { column: context.column, operator: context.operator } : {}) });
    return;
  }
  if (n.type === 'binary_expr' && typeof n.operator === 'string') {
    const lc = columnName(n.left);
    const rc = columnName(n.right);
    walk(n.left, f, rc ? { column: rc, operator: n.operator } : undefined);
    walk(n.right, f, lc ? { column: lc, operator: n.operator } : undefined);
    return;
  }
  for (const v of Object.values(n)) walk(v, f, undefined);
}

function features(sql: string): SqlFeatures | undefined {
  // Outside the try: a parser that cannot be loaded is a failure to report, not an unparsable query.
  const p = parser();
  let ast: unknown;
  try {
    ast = p.astify(sql, { database: 'sqlite' });
  } catch {
    return undefined;
  }
  const f: SqlFeatures = { literals: [], outputColumns: [] };
  const stmts = Array.isArray(ast) ? ast : [ast];
  for (const s of stmts) {
    const cols = (s as { columns?: unknown }).columns;
    if (Array.isArray(cols)) {
      for (const c of cols) {
        // Output columns: column refs in the select list, also inside aggregates.
        const found: string[] = [];
        const collect = (x: unknown) => {
          const name = columnName(x);
          if (name) found.push(name);
          else if (x && typeof x === 'object') for (const v of Object.values(x)) collect(v);
        };
        collect((c as { expr?: unknown }).expr);
        f.outputColumns.push(...found);
      }
    }
    walk(s, f);
  }
  return f;
}

const litKey = (l: { value: number | string; column?: string; operator?: string }) =>
  `${typeof l.value}:${String(l.value).toLowerCase()}|${(l.column ?? '').toLowerCase()}|${l.operator ?? ''}`;

/** The literals and output columns only the inactive reference has; undefined if either does not parse. */
export function inactiveSqlTargets(activeSql: string, inactiveSql: string): SqlTarget[] | undefined {
  const a = features(activeSql);
  const b = features(inactiveSql);
  if (!a || !b) return undefined;
  const out: SqlTarget[] = [];
  const activeLits = new Set(a.literals.map(litKey));
  const activeValues = new Set(a.literals.map((l) => `${typeof l.value}:${String(l.value).toLowerCase()}`));
  for (const l of b.literals) {
    if (activeLits.has(litKey(l))) continue;
    // A value that the active query also uses (elsewhere) is not evidence of the inactive task.
    if (activeValues.has(`${typeof l.value}:${String(l.value).toLowerCase()}`)) continue;
    out.push({
      type: 'literal',
      value: l.value,
      ...(l.column ? { column: l.column } : {}),
      ...(l.operator ? { operator: l.operator } : {}),
    });
  }
  const activeCols = new Set(a.outputColumns.map((c) => c.toLowerCase()));
  const allActiveCols = new Set([...activeCols]);
  for (const c of b.outputColumns) if (!allActiveCols.has(c.toLowerCase())) out.push({ type: 'column', name: c });
  return out;
}

/** Predicate polarity and comparison forms: the revisions that flip a query's meaning. */
const FORMS: Array<{ form: string; re: RegExp }> = [
  { form: 'NOT IN', re: /\bnot\s+in\s*(?=\()/gi },
  { form: 'IN', re: /(?<!\bnot\s+)\bin\s*(?=\()/gi },
  { form: 'NOT EXISTS', re: /\bnot\s+exists\b/gi },
  { form: 'EXISTS', re: /(?<!\bnot\s+)\bexists\b/gi },
  { form: 'NOT LIKE', re: /\bnot\s+like\b/gi },
  { form: 'LIKE', re: /(?<!\bnot\s+)\blike\b/gi },
  { form: '>=', re: />=/g },
  { form: '<=', re: /<=/g },
  { form: '>', re: /(?<![<>!=])>(?!=)/g },
  { form: '<', re: /<(?![=>])/g },
  { form: '!=', re: /!=|<>/g },
  { form: 'DESC', re: /\bdesc\b/gi },
  { form: 'ASC', re: /\basc\b/gi },
];

/** Quoted text blanked (same length), so operators inside literals are not read as forms. */
function blankLiterals(sql: string): string {
  return sql.replace(/'(?:[^']|'')*'|"(?:[^"]|"")*"/g, (m) => ' '.repeat(m.length));
}

export interface SqlFormAt {
  form: string;
  start: number;
  end: number;
}

/** Every predicate / ordering form in a SQL text, with offsets. */
export function sqlForms(sql: string): SqlFormAt[] {
  const text = blankLiterals(sql);
  return FORMS.flatMap(({ form, re }) =>
    [...text.matchAll(re)].map((m) => ({ form, start: m.index, end: m.index + m[0].trimEnd().length })),
  );
}

/** Forms (`NOT IN`, `>=`, `DESC`…) the inactive reference uses and the active one never does. */
export function inactiveSqlForms(activeSql: string, inactiveSql: string): string[] {
  const active = new Set(sqlForms(activeSql).map((f) => f.form));
  return [...new Set(sqlForms(inactiveSql).map((f) => f.form))].filter((f) => !active.has(f));
}

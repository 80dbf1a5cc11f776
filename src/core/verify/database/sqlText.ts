// Small lexical helpers for SQL text: the first keyword of a statement, the SQL in a response, and
// LiC's normalisations before execution. A real parser (node-sql-parser) is used where structure
// matters (inactive detection); here only tokens are needed.

/** Removes comments, keeping string literals intact. */
export function stripSqlComments(sql: string): string {
  let out = '';
  for (let i = 0; i < sql.length; i++) {
    const c = sql[i]!;
    if (c === "'" || c === '"' || c === '`') {
      const end = closingQuote(sql, i);
      out += sql.slice(i, end);
      i = end - 1;
    } else if (c === '-' && sql[i + 1] === '-') {
      const nl = sql.indexOf('\n', i);
      i = nl < 0 ? sql.length : nl - 1;
      out += ' ';
    } else if (c === '/' && sql[i + 1] === '*') {
      const close = sql.indexOf('*/', i + 2);
      i = close < 0 ? sql.length : close + 1;
      out += ' ';
    } else out += c;
  }
  return out;
}

/** Index just past the quote that closes the literal opened at `i` ('' escapes a quote). */
export function closingQuote(sql: string, i: number): number {
  const q = sql[i]!;
  let j = i + 1;
  while (j < sql.length) {
    if (sql[j] === q) {
      if (sql[j + 1] === q) j += 2;
      else return j + 1;
    } else j++;
  }
  return sql.length;
}

export function firstKeyword(sql: string): string | undefined {
  const m = /^[\s(;]*([A-Za-z]+)/.exec(stripSqlComments(sql));
  return m?.[1]?.toLowerCase();
}

export interface ExtractedSql {
  sql: string;
  start: number;
  end: number;
}

/** The SQL of a response: the last ```sql block, else the last fenced block that reads as a query, else a bare query. */
export function extractSql(response: string): ExtractedSql | undefined {
  const blocks = [...response.matchAll(/```[ \t]*([\w-]*)[^\n]*\n([\s\S]*?)```/g)];
  const body = (m: RegExpMatchArray): ExtractedSql => {
    const start = m.index! + m[0].length - 3 - m[2]!.length;
    return { sql: m[2]!.trim(), start, end: start + m[2]!.length };
  };
  const sqlBlocks = blocks.filter((m) => /^(sql|sqlite)$/i.test(m[1]!));
  if (sqlBlocks.length) return body(sqlBlocks[sqlBlocks.length - 1]!);
  const queryBlocks = blocks.filter((m) => /^(select|with)$/.test(firstKeyword(m[2]!) ?? ''));
  if (queryBlocks.length) return body(queryBlocks[queryBlocks.length - 1]!);
  // Bare: from a line that starts with SELECT/WITH to a `;`, a blank line or the end.
  const bare = [...response.matchAll(/^[ \t]*(?:SELECT|WITH)\b[\s\S]*?(?:;|(?=\n[ \t]*\n)|$(?![\s\S]))/gim)];
  const last = bare[bare.length - 1];
  if (last) {
    const lead = last[0].length - last[0].trimStart().length;
    const text = last[0].trim();
    return { sql: text, start: last.index! + lead, end: last.index! + lead + text.length };
  }
  // A response that is nothing but some other statement: extracted, so execution can refuse it.
  const whole = response.trim();
  if (
    /^(insert|update|delete|drop|create|alter|attach|detach|pragma|replace|vacuum|reindex|analyze|begin|commit)\b/i.test(
      whole,
    )
  ) {
    const start = response.indexOf(whole);
    return { sql: whole, start, end: start + whole.length };
  }
  return undefined;
}

/** LiC (test-suite-sql-eval) normalisations: `> =` → `>=`, current year → 2020, DISTINCT tokens removed. */
export function licNormalize(sql: string): string {
  let s = sql.replace(/>\s=/g, '>=').replace(/<\s=/g, '<=').replace(/!\s=/g, '!=');
  s = s.replace(/YEAR\s*\(\s*CURDATE\s*\(\s*\)\s*\)\s*/gi, '2020');
  return removeDistinct(s);
}

/** Drops the DISTINCT keyword outside literals, as LiC's evaluator does (keep_distinct=False). */
export function removeDistinct(sql: string): string {
  let out = '';
  for (let i = 0; i < sql.length;) {
    const c = sql[i]!;
    if (c === "'" || c === '"' || c === '`') {
      const end = closingQuote(sql, i);
      out += sql.slice(i, end);
      i = end;
      continue;
    }
    const m = /^distinct\b/i.exec(sql.slice(i, i + 9));
    if (m && !/\w/.test(sql[i - 1] ?? '')) {
      i += 8;
      continue;
    }
    out += c;
    i++;
  }
  return out;
}

/** Spider's gold-order rule: results are compared in order only when the reference has ORDER BY. */
export function hasOrderBy(sql: string): boolean {
  return /\border\s+by\b/i.test(stripSqlComments(sql));
}

// Running queries for construction on the task's database: through the verifier's executor (a
// worker with a time limit), LiC's normalisations applied as the verifier applies them.
import type { SqlExecutor, SqlResult } from '../../verify/database/sqlExecutor';
import { licNormalize } from '../../verify/database/sqlText';
import type { SqlCell } from '../../verify/database/sqlProtocol';
import type { SqlResultTable } from '../constructTypes';

export interface DatabaseHandle {
  sql: SqlExecutor;
  dbPath: string;
}

export function run(db: DatabaseHandle, query: string): Promise<SqlResult> {
  return db.sql.exec(db.dbPath, licNormalize(query));
}

/** The query as written, when LiC's normalisation changes it (DISTINCT dropped); else undefined. */
export function runAsWritten(db: DatabaseHandle, query: string): Promise<SqlResult> | undefined {
  return licNormalize(query) === query ? undefined : db.sql.exec(db.dbPath, query);
}

const quoteId = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The distinct non-null values of a column, sorted (numbers numerically, text by code point). */
export async function distinctValues(
  db: DatabaseHandle,
  tables: readonly string[],
  column: string,
): Promise<Array<number | string>> {
  for (const table of tables) {
    const r = await run(
      db,
      // GROUP BY, not DISTINCT: `run` applies LiC's normalisation, which drops DISTINCT.
      `SELECT ${quoteId(column)} FROM ${quoteId(table)} WHERE ${quoteId(column)} IS NOT NULL GROUP BY ${quoteId(column)}`,
    );
    if (!r.ok) continue;
    const values = r.rows
      .map((row) => row[0])
      .filter((v): v is number | string => typeof v === 'number' || typeof v === 'string');
    return values.sort((a, b) =>
      typeof a === 'number' && typeof b === 'number'
        ? a - b
        : String(a) < String(b)
          ? -1
          : String(a) > String(b)
            ? 1
            : 0,
    );
  }
  return [];
}

/** A table's columns in schema order (none when it cannot be read). */
export async function columnsOf(db: DatabaseHandle, table: string): Promise<string[]> {
  const r = await run(db, `SELECT * FROM ${quoteId(table)} LIMIT 1`);
  return r.ok ? r.columns : [];
}

/** The columns of the first table that has `column` (schema order). */
export async function tableColumns(
  db: DatabaseHandle,
  tables: readonly string[],
  column: string,
): Promise<{ table: string; columns: string[] } | undefined> {
  for (const table of tables) {
    const r = await run(db, `SELECT * FROM ${quoteId(table)} LIMIT 1`);
    if (r.ok && r.columns.some((c) => c.toLowerCase() === column.toLowerCase())) return { table, columns: r.columns };
  }
  return undefined;
}

/** Whether a column holds a value (a text equality must use one that exists). */
export async function valueExists(
  db: DatabaseHandle,
  tables: readonly string[],
  column: string,
  value: number | string,
): Promise<boolean> {
  const lit = typeof value === 'number' ? String(value) : `'${value.replace(/'/g, "''")}'`;
  for (const table of tables) {
    const r = await run(db, `SELECT 1 FROM ${quoteId(table)} WHERE ${quoteId(column)} = ${lit} LIMIT 1`);
    if (r.ok && r.rows.length) return true;
  }
  return false;
}

const PREVIEW_ROWS = 10;

export function previewTable(r: { columns: string[]; rows: SqlCell[][] }): SqlResultTable {
  return { columns: r.columns, rows: r.rows.slice(0, PREVIEW_ROWS), rowCount: r.rows.length };
}

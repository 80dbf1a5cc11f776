// The database part of "references differ": both reference SQL queries are executed with sql.js on
// the record's database and their results must differ (two different SQL texts can return the same
// rows, which makes the revision unscorable). Databases are opened read-only from a copy in memory.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Database, SqlJsStatic } from 'sql.js';
import type { BenchmarkRecord } from '../schema/records';
import type { CheckIssue } from './intentChecks';

/** Finds `<db_id>.sqlite`, `<db_id>/<db_id>.sqlite` (or a `.sql` dump) in the given folders. */
export function findDatabase(dbId: string, folders: readonly string[]): { path: string; kind: 'sqlite' | 'sql' } | undefined {
  for (const dir of folders) {
    for (const [rel, kind] of [
      [`${dbId}.sqlite`, 'sqlite'],
      [join(dbId, `${dbId}.sqlite`), 'sqlite'],
      [`${dbId}.db`, 'sqlite'],
      [`${dbId}.sql`, 'sql'],
      [join(dbId, `${dbId}.sql`), 'sql'],
    ] as const) {
      const p = join(dir, rel);
      if (existsSync(p)) return { path: p, kind };
    }
  }
  return undefined;
}

let sqlJs: Promise<SqlJsStatic> | undefined;
function loadSqlJs(): Promise<SqlJsStatic> {
  sqlJs ??= (async () => {
    const initSqlJs = (await import('sql.js')).default;
    // Bundled: the wasm sits beside dist/extension.js and dist/cli.js; from source: node_modules.
    const besideBundle = join(__dirname, 'sql-wasm.wasm');
    const wasmPath = existsSync(besideBundle) ? besideBundle : require.resolve('sql.js/dist/sql-wasm.wasm');
    const wasmBinary = await readFile(wasmPath);
    return initSqlJs({ wasmBinary: wasmBinary.buffer.slice(wasmBinary.byteOffset, wasmBinary.byteOffset + wasmBinary.byteLength) as ArrayBuffer });
  })();
  return sqlJs;
}

const openDatabases = new Map<string, Promise<Database>>();
async function openDatabase(db: { path: string; kind: 'sqlite' | 'sql' }): Promise<Database> {
  let p = openDatabases.get(db.path);
  if (!p) {
    p = (async () => {
      const SQL = await loadSqlJs();
      if (db.kind === 'sqlite') return new SQL.Database(await readFile(db.path));
      const d = new SQL.Database();
      d.exec(await readFile(db.path, 'utf8'));
      return d;
    })();
    openDatabases.set(db.path, p);
  }
  return p;
}

/** Rows of a query as a canonical multiset (sorted unless the query orders them). */
export async function queryResultKey(db: { path: string; kind: 'sqlite' | 'sql' }, sql: string): Promise<string> {
  const d = await openDatabase(db);
  // Read-only by construction: reject anything that is not a query before running it.
  if (!/^\s*(select|with)\b/i.test(sql)) throw new Error('not a SELECT query');
  const res = d.exec(sql);
  const rows = (res[0]?.values ?? []).map((r) => JSON.stringify(r));
  const ordered = /\border\s+by\b/i.test(sql);
  return JSON.stringify({ columns: res[0]?.columns.length ?? 0, rows: ordered ? rows : rows.sort() });
}

/** Executes both reference SQL queries of a database record; empty for other domains. */
export async function checkDatabaseReferences(rec: BenchmarkRecord, databaseFolders: readonly string[]): Promise<CheckIssue[]> {
  const it = rec.intent;
  if (!it || rec.task !== 'database' || !rec.db_id) return [];
  const { original, revised } = it.reference;
  if (typeof original !== 'string' || typeof revised !== 'string') return [];
  const db = findDatabase(rec.db_id, databaseFolders);
  if (!db) {
    return [{ code: 'intent-reference-db-missing', severity: 'info', message: `database ${JSON.stringify(rec.db_id)} not found in ${databaseFolders.join(', ') || '(no databases folder)'}: the references were not executed`, path: 'intent.reference' }];
  }
  const results: Partial<Record<'original' | 'revised', string>> = {};
  const out: CheckIssue[] = [];
  for (const [which, sql] of [['original', original], ['revised', revised]] as const) {
    try {
      results[which] = await queryResultKey(db, sql);
    } catch (e) {
      out.push({ code: 'intent-reference-sql-error', severity: 'error', message: `reference.${which} fails on ${rec.db_id}: ${e instanceof Error ? e.message : String(e)}`, path: `intent.reference.${which}` });
    }
  }
  if (results.original !== undefined && results.original === results.revised) {
    out.push({ code: 'intent-reference-results-equal', severity: 'error', message: `both reference queries return the same result on ${rec.db_id}: the revision does not change the answer`, path: 'intent.reference.revised' });
  }
  return out;
}

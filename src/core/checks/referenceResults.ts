// The database part of "references differ": both reference SQL queries are executed with sql.js on
// the record's database and their results must differ (two different SQL texts can return the same
// rows, which makes the revision unscorable). Execution reuses the verifier's SqlExecutor (worker
// thread, per-statement time limit) and its Spider result equality; when the worker bundle is not
// built (unit tests from source) it falls back to sql.js in process.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type * as SqlJsModule from 'sql.js';
import type { Database, SqlJsStatic } from 'sql.js';
import type { BenchmarkRecord } from '../schema/records';
import type { CheckIssue } from './intentChecks';
import { defaultSqlAssets, SqlExecutor } from '../verify/database/sqlExecutor';
import {
  databaseNotFoundMessage,
  resolveDatabase,
  type DatabaseLookup,
  type DatabaseLookupOptions,
} from '../verify/database/databaseVerifier';
import { resultsEqual } from '../verify/database/resultCompare';
import { hasOrderBy } from '../verify/database/sqlText';
import type { SqlCell } from '../verify/database/sqlProtocol';

type FoundDatabase = { path: string; kind: 'sqlite' | 'sql' };

/**
 * Finds `<db_id>.sqlite`, `<db_id>/<db_id>.sqlite` (or a `.sql` dump) in the given folders; when
 * none is usable, the first refused link (so the message can say what happened).
 */
export function findDatabase(
  dbId: string,
  folders: readonly string[],
  opts: DatabaseLookupOptions = {},
): FoundDatabase | { refused: DatabaseLookup } | undefined {
  let refused: DatabaseLookup | undefined;
  for (const dir of folders) {
    const r = resolveDatabase(dir, dbId, opts);
    if (r.kind === 'found') return { path: r.path, kind: r.path.endsWith('.sql') ? 'sql' : 'sqlite' };
    if (r.kind === 'link-outside') refused ??= r;
  }
  return refused ? { refused } : undefined;
}

let executor: SqlExecutor | null | undefined;
/** The verifier's executor when its worker bundle exists, else null (in-process fallback). */
function sharedExecutor(): SqlExecutor | null {
  if (executor === undefined) {
    try {
      defaultSqlAssets();
      executor = new SqlExecutor({ timeoutMs: 5000 });
    } catch {
      executor = null;
    }
  }
  return executor;
}

type Rows = { rows: SqlCell[][] };

async function runQuery(db: { path: string; kind: 'sqlite' | 'sql' }, sql: string): Promise<Rows> {
  // Read-only by construction: reject anything that is not a query before running it.
  if (!/^\s*(select|with)\b/i.test(sql)) throw new Error('not a SELECT query');
  const ex = sharedExecutor();
  if (ex) {
    const r = await ex.exec(db.path, sql);
    if (!r.ok) throw new Error(r.error);
    return { rows: r.rows };
  }
  const d = await openDatabase(db);
  const res = d.exec(sql);
  return { rows: (res[0]?.values ?? []) as SqlCell[][] };
}

let sqlJs: Promise<SqlJsStatic> | undefined;
function loadSqlJs(): Promise<SqlJsStatic> {
  sqlJs ??= (async () => {
    // A require on first use: the build maps it to its own bundle (dist/lib-sqljs.js, see scripts/build.mjs).
    const loaded = require('sql.js') as typeof SqlJsModule.default & { default?: typeof SqlJsModule.default };
    const initSqlJs = loaded.default ?? loaded;
    // Bundled: the wasm sits beside dist/extension.js and dist/cli.js; from source: node_modules.
    const candidates = [join(__dirname, 'sql-wasm.wasm')];
    for (let d = __dirname, i = 0; i < 6; i++, d = dirname(d))
      candidates.push(join(d, 'node_modules', 'sql.js', 'dist', 'sql-wasm.wasm'));
    const wasmPath = candidates.find((p) => existsSync(p));
    if (!wasmPath) throw new Error('sql-wasm.wasm not found (run the build)');
    const wasmBinary = await readFile(wasmPath);
    return initSqlJs({
      wasmBinary: wasmBinary.buffer.slice(
        wasmBinary.byteOffset,
        wasmBinary.byteOffset + wasmBinary.byteLength,
      ) as ArrayBuffer,
    });
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

/** Executes both reference SQL queries of a database record; empty for other domains. */
export async function checkDatabaseReferences(
  rec: BenchmarkRecord,
  databaseFolders: readonly string[],
  opts: DatabaseLookupOptions = {},
): Promise<CheckIssue[]> {
  const it = rec.intent;
  if (!it || rec.task !== 'database' || !rec.db_id) return [];
  const { original, revised } = it.reference;
  if (typeof original !== 'string' || typeof revised !== 'string') return [];
  const db = findDatabase(rec.db_id, databaseFolders, opts);
  if (db && 'refused' in db) {
    return [
      {
        code: 'intent-reference-db-missing',
        severity: 'info',
        message: `${databaseNotFoundMessage(rec.db_id, databaseFolders.join(', '), db.refused)}: the references were not executed`,
        path: 'intent.reference',
      },
    ];
  }
  if (!db) {
    return [
      {
        code: 'intent-reference-db-missing',
        severity: 'info',
        message: `database ${JSON.stringify(rec.db_id)} not found in ${databaseFolders.join(', ') || '(no databases folder)'}: the references were not executed`,
        path: 'intent.reference',
      },
    ];
  }
  const results: Partial<Record<'original' | 'revised', Rows>> = {};
  const out: CheckIssue[] = [];
  for (const [which, sql] of [
    ['original', original],
    ['revised', revised],
  ] as const) {
    try {
      results[which] = await runQuery(db, sql);
    } catch (e) {
      out.push({
        code: 'intent-reference-sql-error',
        severity: 'error',
        message: `reference.${which} fails on ${rec.db_id}: ${e instanceof Error ? e.message : String(e)}`,
        path: `intent.reference.${which}`,
      });
    }
  }
  if (
    results.original &&
    results.revised &&
    resultsEqual(results.original.rows, results.revised.rows, hasOrderBy(original))
  ) {
    out.push({
      code: 'intent-reference-results-equal',
      severity: 'error',
      message: `both reference queries return the same result on ${rec.db_id}: the revision does not change the answer`,
      path: 'intent.reference.revised',
    });
  }
  return out;
}

// Runs SQL for the database verifier inside a worker thread, so that a runaway query (a recursive
// CTE without end) can be stopped by terminating the worker. Databases are loaded once per worker
// and kept; every database is switched to `query_only`, and only one SELECT/WITH statement runs.
// Built as its own bundle (dist/sqlWorker.js) next to dist/sql-wasm.wasm.
import { parentPort, workerData } from 'node:worker_threads';
import { readFileSync } from 'node:fs';
import initSqlJs, { type Database, type SqlJsStatic, type SqlValue } from 'sql.js';
import type { SqlWorkerRequest, SqlWorkerResponse, SqlCell } from './sqlProtocol';
import { firstKeyword } from './sqlText';

const { wasmPath } = workerData as { wasmPath: string };
let sqlJs: Promise<SqlJsStatic> | undefined;
const databases = new Map<string, Database>();

async function open(dbPath: string): Promise<Database> {
  const cached = databases.get(dbPath);
  if (cached) return cached;
  sqlJs ??= initSqlJs({ wasmBinary: readFileSync(wasmPath) as unknown as ArrayBuffer });
  const SQL = await sqlJs;
  let db: Database;
  if (/\.sql$/i.test(dbPath)) {
    db = new SQL.Database();
    db.exec(readFileSync(dbPath, 'utf8'));
  } else db = new SQL.Database(readFileSync(dbPath));
  db.exec('PRAGMA query_only = ON');
  databases.set(dbPath, db);
  return db;
}

function cell(v: SqlValue): SqlCell {
  return v instanceof Uint8Array ? { blob: Buffer.from(v).toString('hex') } : v;
}

async function run(req: SqlWorkerRequest): Promise<SqlWorkerResponse> {
  const kw = firstKeyword(req.sql);
  if (kw !== 'select' && kw !== 'with' && kw !== 'values')
    return {
      id: req.id,
      ok: false,
      error: `only SELECT/WITH queries are run (got ${kw ? kw.toUpperCase() : 'no statement'})`,
    };
  const db = await open(req.dbPath);
  let count = 0;
  for (const s of db.iterateStatements(req.sql)) {
    s.free();
    count++;
  }
  if (count !== 1) return { id: req.id, ok: false, error: `expected one statement, found ${count}` };
  const stmt = db.prepare(req.sql);
  parentPort?.postMessage({ id: req.id, started: true } satisfies SqlWorkerResponse);
  try {
    const rows: SqlCell[][] = [];
    while (stmt.step()) {
      if (rows.length >= req.maxRows) return { id: req.id, ok: false, error: `more than ${req.maxRows} rows` };
      rows.push(stmt.get().map(cell));
    }
    return { id: req.id, ok: true, columns: stmt.getColumnNames(), rows };
  } finally {
    stmt.free();
  }
}

parentPort?.on('message', (req: SqlWorkerRequest) => {
  run(req).then(
    (res) => parentPort?.postMessage(res),
    (e: unknown) =>
      parentPort?.postMessage({
        id: req.id,
        ok: false,
        error: e instanceof Error ? e.message : String(e),
      } satisfies SqlWorkerResponse),
  );
});

// Database: run the response's SQL and the active reference on the record's database and compare
// the results (Spider test-suite rules, LiC's normalisations; no value plugging, which would copy
// the reference's literals into the candidate and hide exactly the errors Intent-Eval measures).
import { existsSync, realpathSync } from 'node:fs';
import { isAbsolute, join, relative } from 'node:path';
import { extractSql, hasOrderBy, licNormalize } from './sqlText';
import { resultsEqual } from './resultCompare';
import type { SqlExecutor, SqlResult } from './sqlExecutor';
import type { VerifyResult } from '../verifyTypes';

/** A db_id is a name, never a path: no separators, no `..`, nothing a path could be built from. */
const DB_ID = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/;

/** Whether `p` (symlinks followed) is inside `dir` (symlinks followed). */
function insideFolder(dir: string, p: string): boolean {
  try {
    const rel = relative(realpathSync(dir), realpathSync(p));
    return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
  } catch {
    return false;
  }
}

/**
 * `<dir>/<db_id>.sqlite`, `<dir>/<db_id>/<db_id>.sqlite`, or a `.sql` dump in either place. The
 * db_id comes from a data file: it resolves only inside the databases folder (no `../`, no
 * absolute path, no symlink pointing out of it).
 */
export function locateDatabase(databasesDir: string, dbId: string): string | undefined {
  if (!DB_ID.test(dbId) || dbId.includes('..')) return undefined;
  const candidates = [join(databasesDir, `${dbId}.sqlite`), join(databasesDir, dbId, `${dbId}.sqlite`), join(databasesDir, `${dbId}.db`), join(databasesDir, dbId, `${dbId}.db`), join(databasesDir, `${dbId}.sql`), join(databasesDir, dbId, `${dbId}.sql`), join(databasesDir, dbId, 'schema.sql')];
  return candidates.find((p) => existsSync(p) && insideFolder(databasesDir, p));
}

/** Reference results are cached per executor: the same reference is scored for many answers. */
const referenceCache = new WeakMap<SqlExecutor, Map<string, Promise<SqlResult>>>();

function referenceResult(sql: SqlExecutor, dbPath: string, reference: string): Promise<SqlResult> {
  let m = referenceCache.get(sql);
  if (!m) referenceCache.set(sql, (m = new Map()));
  const key = `${dbPath}\u0000${reference}`;
  let r = m.get(key);
  if (!r) {
    r = sql.exec(dbPath, licNormalize(reference));
    m.set(key, r);
    // A failed (e.g. timed-out) reference run is retried next time.
    void r.then((res) => {
      if (!res.ok) m!.delete(key);
    });
  }
  return r;
}

export interface DatabaseTask {
  dbId?: string;
  databasesDir?: string;
}

export async function verifyDatabase(responseText: string, reference: unknown, task: DatabaseTask, sql: SqlExecutor): Promise<VerifyResult> {
  const extracted = extractSql(responseText);
  const domain = 'database' as const;
  if (typeof reference !== 'string' || !reference.trim()) return { is_correct: null, extracted: extracted?.sql ?? null, details: { domain, message: 'the active reference is not SQL' } };
  if (!task.dbId) return { is_correct: null, extracted: extracted?.sql ?? null, details: { domain, message: 'the record has no db_id' } };
  if (!task.databasesDir) return { is_correct: null, extracted: extracted?.sql ?? null, details: { domain, message: 'no databases folder configured' } };
  const dbPath = locateDatabase(task.databasesDir, task.dbId);
  if (!dbPath) return { is_correct: null, extracted: extracted?.sql ?? null, details: { domain, message: `database ${task.dbId} not found under ${task.databasesDir}` } };
  if (!extracted) return { is_correct: false, extracted: null, details: { domain, message: 'no SQL query found in the response' } };
  const ref = await referenceResult(sql, dbPath, reference);
  if (!ref.ok) return { is_correct: null, extracted: extracted.sql, details: { domain, message: `the reference query failed: ${ref.error}` } };
  const cand = await sql.exec(dbPath, licNormalize(extracted.sql));
  if (!cand.ok) return { is_correct: false, extracted: extracted.sql, details: { domain, message: `the query failed: ${cand.error}`, info: { timedOut: cand.timedOut === true, span: { start: extracted.start, end: extracted.end } } } };
  const ordered = hasOrderBy(reference);
  const ok = resultsEqual(ref.rows, cand.rows, ordered);
  return {
    is_correct: ok,
    extracted: extracted.sql,
    details: {
      domain,
      message: ok ? `same result as the reference (${ref.rows.length} rows${ordered ? ', ordered' : ''})` : `result differs from the reference (${cand.rows.length} rows vs ${ref.rows.length}${ordered ? ', ordered' : ''})`,
      info: { referenceRows: ref.rows.length, rows: cand.rows.length, ordered, columns: cand.columns, span: { start: extracted.start, end: extracted.end } },
    },
  };
}

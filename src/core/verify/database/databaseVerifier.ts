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

/** `p` with its symlinks followed, and whether that is inside `dir` (symlinks followed). */
function realTarget(dir: string, p: string): { real: string; inside: boolean } | undefined {
  try {
    const real = realpathSync(p);
    const rel = relative(realpathSync(dir), real);
    return { real, inside: rel !== '' && !rel.startsWith('..') && !isAbsolute(rel) };
  } catch {
    return undefined;
  }
}

/** Where a db_id's database file is, or why none is used. */
export type DatabaseLookup =
  | { kind: 'found'; path: string }
  /** A candidate exists but leads (through a symbolic link) out of the databases folder. */
  | { kind: 'link-outside'; path: string; target: string }
  | { kind: 'missing' };

export interface DatabaseLookupOptions {
  /**
   * Follow symbolic links that lead out of the databases folder (a trusted workspace, the CLI's
   * `--follow-db-links`). Off, they are refused: a cloned repository could link to any SQLite file.
   */
  followLinks?: boolean;
}

/**
 * `<dir>/<db_id>.sqlite`, `<dir>/<db_id>/<db_id>.sqlite`, or a `.sql` dump in either place. The
 * db_id comes from a data file: it is a name, never a path (no `../`, no absolute path), and a
 * candidate that a symlink leads out of the folder is used only with `followLinks`.
 */
export function resolveDatabase(databasesDir: string, dbId: string, opts: DatabaseLookupOptions = {}): DatabaseLookup {
  if (!DB_ID.test(dbId) || dbId.includes('..')) return { kind: 'missing' };
  const candidates = [
    join(databasesDir, `${dbId}.sqlite`),
    join(databasesDir, dbId, `${dbId}.sqlite`),
    join(databasesDir, `${dbId}.db`),
    join(databasesDir, dbId, `${dbId}.db`),
    join(databasesDir, `${dbId}.sql`),
    join(databasesDir, dbId, `${dbId}.sql`),
    join(databasesDir, dbId, 'schema.sql'),
  ];
  let outside: DatabaseLookup | undefined;
  for (const path of candidates) {
    if (!existsSync(path)) continue;
    const target = realTarget(databasesDir, path);
    if (!target) continue;
    if (target.inside || opts.followLinks) return { kind: 'found', path };
    outside ??= { kind: 'link-outside', path, target: target.real };
  }
  return outside ?? { kind: 'missing' };
}

/** The path of a db_id's database, if `resolveDatabase` finds one. */
export function locateDatabase(
  databasesDir: string,
  dbId: string,
  opts: DatabaseLookupOptions = {},
): string | undefined {
  const r = resolveDatabase(databasesDir, dbId, opts);
  return r.kind === 'found' ? r.path : undefined;
}

/** What a user is told when a lookup found nothing usable: a refused link says so, and how to allow it. */
export function databaseNotFoundMessage(dbId: string, where: string, lookup: DatabaseLookup): string {
  if (lookup.kind !== 'link-outside') return `database ${dbId} not found under ${where}`;
  return `database ${dbId} not used: ${lookup.path} is a link to outside the databases folder (${lookup.target}); links are followed in a trusted workspace / with --follow-db-links`;
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
  /** See `DatabaseLookupOptions.followLinks`. */
  followLinks?: boolean;
}

export async function verifyDatabase(
  responseText: string,
  reference: unknown,
  task: DatabaseTask,
  sql: SqlExecutor,
): Promise<VerifyResult> {
  const extracted = extractSql(responseText);
  const domain = 'database' as const;
  if (typeof reference !== 'string' || !reference.trim())
    return {
      is_correct: null,
      extracted: extracted?.sql ?? null,
      details: { domain, message: 'the active reference is not SQL' },
    };
  if (!task.dbId)
    return {
      is_correct: null,
      extracted: extracted?.sql ?? null,
      details: { domain, message: 'the record has no db_id' },
    };
  if (!task.databasesDir)
    return {
      is_correct: null,
      extracted: extracted?.sql ?? null,
      details: { domain, message: 'no databases folder configured' },
    };
  const lookup = resolveDatabase(task.databasesDir, task.dbId, { followLinks: task.followLinks === true });
  if (lookup.kind !== 'found')
    return {
      is_correct: null,
      extracted: extracted?.sql ?? null,
      details: { domain, message: databaseNotFoundMessage(task.dbId, task.databasesDir, lookup) },
    };
  const dbPath = lookup.path;
  if (!extracted)
    return { is_correct: false, extracted: null, details: { domain, message: 'no SQL query found in the response' } };
  const ref = await referenceResult(sql, dbPath, reference);
  if (!ref.ok)
    return {
      is_correct: null,
      extracted: extracted.sql,
      details: { domain, message: `the reference query failed: ${ref.error}` },
    };
  const cand = await sql.exec(dbPath, licNormalize(extracted.sql));
  if (!cand.ok)
    return {
      is_correct: false,
      extracted: extracted.sql,
      details: {
        domain,
        message: `the query failed: ${cand.error}`,
        info: { timedOut: cand.timedOut === true, span: { start: extracted.start, end: extracted.end } },
      },
    };
  const ordered = hasOrderBy(reference);
  const ok = resultsEqual(ref.rows, cand.rows, ordered);
  return {
    is_correct: ok,
    extracted: extracted.sql,
    details: {
      domain,
      message: ok
        ? `same result as the reference (${ref.rows.length} rows${ordered ? ', ordered' : ''})`
        : `result differs from the reference (${cand.rows.length} rows vs ${ref.rows.length}${ordered ? ', ordered' : ''})`,
      info: {
        referenceRows: ref.rows.length,
        rows: cand.rows.length,
        ordered,
        columns: cand.columns,
        span: { start: extracted.start, end: extracted.end },
      },
    },
  };
}

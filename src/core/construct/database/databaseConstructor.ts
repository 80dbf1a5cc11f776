// Database (Table 3): a query requirement is revised and the reference's SQL clause updated
// through the parser's AST. Both references run on the task's database and must return different
// results (Spider's result equality, as scoring uses it); a text equality uses a value its column
// holds; the requirement must be stated in a shard (that shard is `shard_id`); the project's
// database verifier must score the revised reference correct under its state and wrong under the other.
import type { BenchmarkRecord } from '../../schema/records';
import {
  SourceConstructionError,
  type AlternativeValue,
  type Candidate,
  type ConstructContext,
  type DomainConstructor,
} from '../constructTypes';
import { check, checkRecord, matchesTarget, matchesValue, type NamedCheck } from '../candidateChecks';
import { findValue } from '../../checks/valueMatch';
import { locateDatabase, verifyDatabase } from '../../verify/database/databaseVerifier';
import { sharedSqlExecutor } from '../../verify/verifyAnswer';
import { resultsEqual } from '../../verify/database/resultCompare';
import { hasOrderBy } from '../../verify/database/sqlText';
import type { SqlResult } from '../../verify/database/sqlExecutor';
import { cloneParts, parseQuery, sqlifyQuery, type QueryPart } from './sqlAst';
import { SITE_PRIORITY, sqlSites, type SqlSite } from './sqlSites';
import { siteEdits, type SiteEdit } from './siteEdits';
import { previewTable, run, runAsWritten, valueExists, type DatabaseHandle } from './databaseRun';
import { statedRequirement, type StatedRequirement } from './statedRequirement';
import { databaseSingleTurn } from './singleTurnPrompt';

interface DbSource {
  rec: BenchmarkRecord;
  question: string;
  reference: string;
  parts: QueryPart[];
  db: DatabaseHandle;
  databasesDir: string;
  original: Extract<SqlResult, { ok: true }>;
}

interface EditOutcome {
  edit: SiteEdit;
  sql: string;
  checks: NamedCheck[];
  result?: Extract<SqlResult, { ok: true }>;
}

const MAX_ALTERNATIVES = 3;

async function tryEdit(src: DbSource, site: SqlSite, edit: SiteEdit): Promise<EditOutcome> {
  const parts = cloneParts(src.parts);
  edit.apply(parts);
  const sql = sqlifyQuery(parts);
  const checks: NamedCheck[] = [];
  if (edit.equality) {
    const exists = await valueExists(src.db, edit.equality.tables, edit.equality.column, edit.equality.value);
    checks.push(
      check(
        'value-exists',
        'value-not-in-column',
        exists,
        `${JSON.stringify(edit.equality.value)} ${exists ? 'occurs' : 'does not occur'} in column ${edit.equality.column}`,
      ),
    );
  }
  const r = await run(src.db, sql);
  checks.push(
    check(
      'revised-runs',
      'sql-error',
      r.ok,
      r.ok ? `the revised query returns ${r.rows.length} rows` : `the revised query fails: ${r.error}`,
    ),
  );
  if (!r.ok) return { edit, sql, checks };
  // A subquery's ORDER BY (path into an `ast`) picks rows; it does not order the result.
  const ordered = hasOrderBy(src.reference) || (site.kind === 'order' && !site.path.includes('ast'));
  // Different as scoring runs them (LiC drops DISTINCT) and as written (what `validate` runs).
  const asWritten = await Promise.all([runAsWritten(src.db, src.reference), runAsWritten(src.db, sql)]);
  const [a, b] = asWritten.map((x, i) => (x?.ok ? x.rows : i === 0 ? src.original.rows : r.rows));
  const differ = !resultsEqual(src.original.rows, r.rows, ordered) && !resultsEqual(a!, b!, ordered);
  checks.push(
    check(
      'results-differ',
      'results-equal',
      differ,
      `${src.original.rows.length} rows → ${r.rows.length} rows${differ ? '' : ', the same result'}`,
    ),
  );
  return { edit, sql, checks, result: r };
}

/** The project's verifier: the revised reference is right under its state and wrong under the original. */
async function verifiedCheck(src: DbSource, revisedSql: string): Promise<NamedCheck> {
  const task = { dbId: src.rec.db_id!, databasesDir: src.databasesDir };
  const own = await verifyDatabase(revisedSql, revisedSql, task, src.db.sql);
  const other = await verifyDatabase(revisedSql, src.reference, task, src.db.sql);
  const ok = own.is_correct === true && other.is_correct === false;
  return check(
    'verified',
    'not-verified',
    ok,
    `database verifier: revised reference ${own.is_correct ? 'correct' : 'not correct'} under the revised state, ${other.is_correct ? 'correct' : 'incorrect'} under the original`,
  );
}

/** The requested value as an edit: one of the rule's edits, or a literal the user asked for. */
function requestedEdit(
  site: SqlSite,
  edits: SiteEdit[],
  stated: StatedRequirement,
  value: string,
): SiteEdit | undefined {
  const known = edits.find(
    (e) => matchesValue(stated.revisedText(e.value), value) || matchesValue(String(e.value), value),
  );
  if (known || site.kind !== 'condition' || site.literal === undefined) return known;
  const literal: number | string = typeof site.literal === 'number' ? Number(value.replace(/[^\d.-]/g, '')) : value;
  if (typeof literal === 'number' && !Number.isFinite(literal)) return undefined;
  const equality = typeof literal === 'string' || ['=', '!=', '<>'].includes(site.operator ?? '');
  return {
    value: literal,
    apply: (p) => {
      const node = site.path.reduce<unknown>(
        (n, k) => (n as Record<string | number, unknown>)[k],
        p[site.partIndex]!.ast,
      ) as Record<string, unknown>;
      node.type = typeof literal === 'number' ? 'number' : 'single_quote_string';
      node.value = literal;
    },
    ...(equality && site.column
      ? { equality: { column: site.column.name, tables: site.column.tables, value: literal } }
      : {}),
  };
}

/** `from` replaced by `to` where it occurs once (or at every occurrence, `every`); else undefined. */
function replaceOnce(text: string, from: string, to: string, every = false): string | undefined {
  const hits = findValue(text, from);
  if (hits.length !== 1 && !(every && hits.length > 1)) return undefined;
  let out = text;
  for (const h of [...hits].reverse()) out = out.slice(0, h.index) + to + out.slice(h.index + h.length);
  return out;
}

/** The question with the revision in it; a reworded one (a count asked as a listing) never falls back to a substitution. */
function questionFor(question: string, stated: StatedRequirement, value: number | string): string {
  const revised = stated.revisedQuestion
    ? stated.revisedQuestion(question, value)
    : replaceOnce(question, stated.hit.text, stated.revisedText(value), stated.everyMention);
  return revised ?? question;
}

async function siteCandidate(src: DbSource, site: SqlSite, ctx: ConstructContext): Promise<Candidate> {
  const stated = statedRequirement(src.rec, site, src.parts);
  const original = stated?.hit.text ?? site.clause;
  const base = {
    target: site.clause,
    rank: {
      priority: SITE_PRIORITY[site.kind],
      passageLength: stated?.passageLength ?? 0,
      position: (stated?.shardIndex ?? 0) * 100_000 + (stated?.hit.index ?? 0),
    },
    requirement: stated?.requirement ?? site.kind,
    shard_id: stated?.shard_id ?? src.rec.shards[0]!.shard_id,
    original,
    selected: false,
  };
  const statedCheck = check(
    'value-stated',
    'value-not-stated',
    !!stated,
    stated
      ? `shard ${stated.shard_id} states it as ${JSON.stringify(stated.hit.text)}`
      : `no shard states the requirement of ${site.clause}`,
  );
  const empty = {
    revised: '',
    reference: { original: src.reference, revised: src.reference },
    singleTurn: { original: databaseSingleTurn(src.question, src.rec.schema_sql), direct_revised: '' },
    alternatives: [],
  };
  if (!stated) return { ...base, ...empty, ...checkRecord([statedCheck]) };
  const inPrompt = findValue(src.question, stated.hit.text).length;
  const promptCheck = check(
    'in-prompt',
    'not-in-prompt',
    inPrompt === 1 || (!!stated.everyMention && inPrompt > 1),
    `the fully specified question states ${JSON.stringify(stated.hit.text)} ${inPrompt} time(s)`,
  );
  const edits = await siteEdits(site, src.parts, src.db);
  const request = ctx.request && matchesTarget({ ...base }, ctx.request.target) ? ctx.request.value : undefined;
  const forced = request !== undefined ? requestedEdit(site, edits, stated, request) : undefined;
  const order = forced ? [forced] : edits;
  const outcomes: EditOutcome[] = [];
  for (const edit of order) {
    if (outcomes.filter((o) => o.checks.every((c) => c.ok)).length > MAX_ALTERNATIVES) break;
    const o = await tryEdit(src, site, edit);
    o.checks.unshift(
      check(
        'revised-stated',
        'revision-not-stated',
        stated.revisedText(edit.value) !== stated.hit.text,
        `stated as ${JSON.stringify(stated.revisedText(edit.value))}`,
      ),
    );
    outcomes.push(o);
  }
  const passing = outcomes.filter((o) => o.checks.every((c) => c.ok));
  const chosen = forced ? outcomes[0] : (passing[0] ?? outcomes[0]);
  if (!chosen)
    return {
      ...base,
      ...empty,
      ...checkRecord([
        statedCheck,
        promptCheck,
        check('replacement', 'no-replacement', false, 'the rule found no replacement value'),
      ]),
    };
  const verified = chosen.result && chosen.checks.every((c) => c.ok) ? [await verifiedCheck(src, chosen.sql)] : [];
  const revised = stated.revisedText(chosen.edit.value);
  const revisedQuestion = questionFor(src.question, stated, chosen.edit.value);
  const alternatives: AlternativeValue[] = passing
    .filter((o) => o !== chosen)
    .slice(0, MAX_ALTERNATIVES)
    .map((o) => ({ revised: stated.revisedText(o.edit.value), reference: o.sql }));
  return {
    ...base,
    revised,
    reference: { original: src.reference, revised: chosen.sql },
    ...checkRecord([statedCheck, promptCheck, ...chosen.checks, ...verified]),
    singleTurn: {
      original: databaseSingleTurn(src.question, src.rec.schema_sql),
      direct_revised: databaseSingleTurn(revisedQuestion, src.rec.schema_sql),
    },
    alternatives: alternatives.filter(
      (a, i) => alternatives.findIndex((b) => b.revised === a.revised) === i && a.revised !== revised,
    ),
    ...(chosen.result
      ? {
          evidence: {
            kind: 'sql' as const,
            original: previewTable(src.original),
            revised: previewTable(chosen.result),
          },
        }
      : {}),
  };
}

async function openSource(rec: BenchmarkRecord, ctx: ConstructContext): Promise<DbSource> {
  const question = rec.fully_specified_question;
  if (!rec.db_id || !rec.reference_sql || typeof question !== 'string')
    throw new SourceConstructionError(
      'missing-keys',
      'a database source needs `db_id`, `reference_sql` and `fully_specified_question`',
    );
  const databasesDir = ctx.verify.databasesDir;
  if (!databasesDir) throw new SourceConstructionError('database-not-found', 'no databases folder given (--databases)');
  const dbPath = locateDatabase(databasesDir, rec.db_id);
  if (!dbPath)
    throw new SourceConstructionError('database-not-found', `database ${rec.db_id} not found under ${databasesDir}`);
  let parts: QueryPart[];
  try {
    parts = parseQuery(rec.reference_sql);
  } catch (e) {
    throw new SourceConstructionError(
      'sql-parse-error',
      `the reference SQL does not parse: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`,
    );
  }
  const db: DatabaseHandle = { sql: ctx.verify.sql ?? sharedSqlExecutor(), dbPath };
  const original = await run(db, rec.reference_sql);
  if (!original.ok)
    throw new SourceConstructionError('sql-error', `the reference SQL fails on ${rec.db_id}: ${original.error}`);
  return { rec, question, reference: rec.reference_sql, parts, db, databasesDir, original };
}

export const databaseConstructor: DomainConstructor = {
  domain: 'database',
  async enumerate(rec, ctx) {
    const src = await openSource(rec, ctx);
    const out: Candidate[] = [];
    for (const site of sqlSites(src.parts)) {
      if (ctx.signal?.aborted) break;
      out.push(await siteCandidate(src, site, ctx));
    }
    return out;
  },
};

// Every check run on one record, each with its outcome and evidence: what the revision editor and
// the records file's hover list, and what their counts are computed from (one list, so a header can
// never say 0/0 while a finding is listed). Passing checks say what was seen; failing ones carry
// their findings; checks that did not run say why.
import type { BenchmarkRecord } from '../schema/records';
import { shardText } from '../schema/records';
import type { Severity } from '../jsonl/diagnostics';
import { CHECK_CODES, type CheckCode } from './intentChecks';
import { RECORD_CHECK_CODES, recordConsistencyIssues, type RecordCheckCode } from './recordConsistency';

/** A finding as the list needs it (intent checks, host checks, record checks and schema issues alike). */
export interface CheckFinding {
  code: string;
  severity: Severity;
  message: string;
  path: string;
}

export type CheckOutcome = 'pass' | 'fail' | 'not-run';

export interface CheckRun {
  /** The check's code (`schema` for the record's schema). */
  code: string;
  /** What the check requires, in words. */
  rule: string;
  outcome: CheckOutcome;
  /** For a pass, what was seen; for a fail, its findings' messages; for not-run, why. */
  evidence: string[];
  findings: CheckFinding[];
}

/** Whether the database references were executed (a host-side check), and if not, why. */
export type DatabaseCheckState = { ran: true } | { ran: false; reason: string };

const DATABASE_CODES = [
  'intent-reference-sql-error',
  'intent-reference-results-equal',
  'intent-reference-db-missing',
] as const;
const q = (s: string) => JSON.stringify(s);

/** The rule each check enforces, phrased as a requirement (not as the failure CHECK_CODES names). */
const RULES: Record<CheckCode | RecordCheckCode | 'schema', string> = {
  schema: 'the record matches the data contract (FORMAT.md)',
  ...RECORD_CHECK_CODES,
  'intent-empty-text': 'every message of the intent block has text',
  'intent-neutral-reveals-value': 'clarification questions reveal neither the original nor the revised value',
  'intent-neutral-duplicate': 'the two clarification questions of a pair differ',
  'intent-decision-repeats-value': 'accept/reject messages do not repeat the proposed value',
  'intent-proposal-missing-value': 'the proposal states the value it proposes',
  'intent-original-not-in-shard': 'the original value occurs in the target shard',
  'intent-revised-same-as-original': 'the revised value differs from the original',
  'intent-extra-proposal-duplicate': 'extra proposals are distinct from each other and from both values',
  'intent-single-turn-unchanged': 'single_turn.direct_revised differs from single_turn.original',
  'intent-single-turn-missing-revised': 'single_turn.direct_revised states the revised value',
  'intent-single-turn-extra-change': 'single_turn.direct_revised changes only the requirement',
  'intent-references-equal': 'the original and revised references differ',
  'intent-reference-not-number': 'math references are numbers',
  'intent-reference-results-equal': 'the reference SQL queries return different results on the database',
  'intent-reference-sql-error': 'both reference SQL queries run on the database',
  'intent-reference-db-missing': "the record's database is found, so its references can be executed",
  'intent-connector-missing': 'a connector joins the single-turn prompt and the proposal',
  'intent-review-missing': 'the revision has a review block',
};

/** What a passing check saw on this record; undefined when the check does not apply to it. */
function passEvidence(code: CheckCode | RecordCheckCode, rec: BenchmarkRecord): string | undefined {
  const it = rec.intent!;
  const extras = it.extra_proposals ?? [];
  const pairs = 1 + (it.extra_neutral?.length ?? 0);
  switch (code) {
    case 'duplicate-shard-id':
      return `${rec.shards.length} shard(s), ids ${rec.shards.map((s) => s.shard_id).join(', ')}`;
    case 'intent-shard-missing':
      return `shard ${it.shard_id} exists`;
    case 'intent-empty-text':
      return 'no empty message';
    case 'intent-neutral-reveals-value':
      return `${pairs * 2} question(s) mention neither ${q(it.original)} nor ${q(it.revised)}`;
    case 'intent-neutral-duplicate':
      return `${pairs} pair(s), each of two different questions`;
    case 'intent-decision-repeats-value':
      return `accept and reject do not restate ${q(it.revised)}`;
    case 'intent-proposal-missing-value':
      return `the proposal mentions ${q(it.revised)}`;
    case 'intent-original-not-in-shard': {
      const shard = rec.shards.find((s) => s.shard_id === it.shard_id);
      return shard ? `shard ${it.shard_id} (${q(shardText(shard))}) contains ${q(it.original)}` : undefined;
    }
    case 'intent-revised-same-as-original':
      return `${q(it.original)} → ${q(it.revised)}`;
    case 'intent-extra-proposal-duplicate':
      return extras.length
        ? `${extras.length} extra proposal(s): ${extras.map((p) => q(p.revised)).join(', ')}`
        : 'no extra proposals';
    case 'intent-single-turn-unchanged':
      return 'S_Dir and S_Orig differ';
    case 'intent-single-turn-missing-revised':
      return `S_Dir mentions ${q(it.revised)}`;
    case 'intent-single-turn-extra-change':
      return 'S_Dir differs from S_Orig only in the requirement';
    case 'intent-references-equal':
      return `${JSON.stringify(it.reference.original)} ≠ ${JSON.stringify(it.reference.revised)}`;
    case 'intent-reference-not-number':
      return rec.task === 'math'
        ? `${JSON.stringify(it.reference.original)} and ${JSON.stringify(it.reference.revised)}`
        : undefined;
    case 'intent-reference-results-equal':
    case 'intent-reference-sql-error':
    case 'intent-reference-db-missing':
      return rec.task === 'database' ? `executed on ${rec.db_id ?? '(no db_id)'}` : undefined;
    case 'intent-connector-missing':
      return `connector ${q(it.connector ?? '')}`;
    case 'intent-review-missing':
      return it.review ? `review: ${it.review.status}${it.review.by ? ` by ${it.review.by}` : ''}` : undefined;
  }
}

const CODES_IN_ORDER = [
  ...(Object.keys(RECORD_CHECK_CODES) as RecordCheckCode[]),
  ...(Object.keys(CHECK_CODES) as CheckCode[]),
];

/**
 * Lists every check on a record. `findings` are what the checks reported (intent checks, host
 * checks, record checks may be included or are computed here); `schemaFindings`, when the edited
 * record does not match the schema, make every other check not-run.
 */
export function listChecks(
  rec: BenchmarkRecord | undefined,
  findings: readonly CheckFinding[],
  opts: { database?: DatabaseCheckState; schemaFindings?: readonly CheckFinding[] } = {},
): CheckRun[] {
  const schemaFindings = opts.schemaFindings ?? [];
  const schema: CheckRun = schemaFindings.length
    ? {
        code: 'schema',
        rule: RULES.schema,
        outcome: 'fail',
        evidence: schemaFindings.map(findingText),
        findings: [...schemaFindings],
      }
    : { code: 'schema', rule: RULES.schema, outcome: 'pass', evidence: ['every field has its type'], findings: [] };
  if (!rec || schemaFindings.length) {
    return [
      schema,
      ...CODES_IN_ORDER.map((code): CheckRun => ({
        code,
        rule: RULES[code],
        outcome: 'not-run',
        evidence: ['not run: the record does not match the schema'],
        findings: [],
      })),
    ];
  }
  const byCode = new Map<string, CheckFinding[]>();
  const recordFindings: CheckFinding[] = recordConsistencyIssues(rec).map((i) => ({ ...i, severity: 'error' }));
  const alreadyGiven = new Set(findings.map((f) => f.code));
  for (const f of [...findings, ...recordFindings.filter((f) => !alreadyGiven.has(f.code))])
    byCode.set(f.code, [...(byCode.get(f.code) ?? []), f]);
  const runs: CheckRun[] = [schema];
  for (const code of CODES_IN_ORDER) {
    const found = byCode.get(code) ?? [];
    byCode.delete(code);
    const isDatabase = (DATABASE_CODES as readonly string[]).includes(code);
    if (found.length) {
      // A missing database means the references were not executed: the check did not run.
      const outcome = code === 'intent-reference-db-missing' ? 'not-run' : 'fail';
      runs.push({ code, rule: RULES[code], outcome, evidence: found.map(findingText), findings: found });
      continue;
    }
    const seen = passEvidence(code, rec);
    if (seen === undefined) {
      if (code !== 'intent-review-missing') continue; // not applicable to this record's domain
      runs.push({ code, rule: RULES[code], outcome: 'not-run', evidence: ['no finding reported'], findings: [] });
      continue;
    }
    if (isDatabase && opts.database && !opts.database.ran) {
      runs.push({
        code,
        rule: RULES[code],
        outcome: 'not-run',
        evidence: [`not run: ${opts.database.reason}`],
        findings: [],
      });
      continue;
    }
    runs.push({ code, rule: RULES[code], outcome: 'pass', evidence: [seen], findings: [] });
  }
  // Findings of checks this list does not know (a newer host check): listed, never dropped.
  for (const [code, found] of byCode)
    runs.push({ code, rule: code, outcome: 'fail', evidence: found.map(findingText), findings: found });
  return runs;
}

function findingText(f: CheckFinding): string {
  return f.path ? `${f.message} (at ${f.path})` : f.message;
}

export interface CheckCounts {
  passed: number;
  failed: number;
  notRun: number;
  errors: number;
  warnings: number;
  /** Findings of severity info (e.g. no review block yet). */
  notes: number;
}

/** The counts of a check list: checks by outcome, and its findings by severity. */
export function countChecks(runs: readonly CheckRun[]): CheckCounts {
  const counts: CheckCounts = { passed: 0, failed: 0, notRun: 0, errors: 0, warnings: 0, notes: 0 };
  for (const r of runs) {
    if (r.outcome === 'pass') counts.passed++;
    else if (r.outcome === 'fail') counts.failed++;
    else counts.notRun++;
    for (const f of r.findings) {
      if (f.severity === 'error') counts.errors++;
      else if (f.severity === 'warning') counts.warnings++;
      else counts.notes++;
    }
  }
  return counts;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** One line for a header: "16 checks: 14 passed, 2 failed · 1 error, 1 warning, 0 notes". */
export function describeCheckCounts(c: CheckCounts): string {
  const total = c.passed + c.failed + c.notRun;
  const outcomes = [`${c.passed} passed`, `${c.failed} failed`, ...(c.notRun ? [`${c.notRun} not run`] : [])].join(
    ', ',
  );
  return `${plural(total, 'check')}: ${outcomes} · ${plural(c.errors, 'error')}, ${plural(c.warnings, 'warning')}, ${plural(c.notes, 'note')}`;
}

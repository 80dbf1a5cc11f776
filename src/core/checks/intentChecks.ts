// The paper's automated checks on a record's `intent` block (Appendix A.1 "Human review and
// condition rendering"), plus the authoring checks a reviewer needs. Pure and synchronous so the
// revision editor can run them on every keystroke; the database execution check lives in
// referenceResults.ts because it needs the database.
import { diffWords } from 'diff';
import type { BenchmarkRecord, IntentBlock } from '../schema/records';
import { shardText } from '../schema/records';
import type { Severity } from '../jsonl/diagnostics';
import { findValue, parseNumber, revealsValue, statesValue } from './valueMatch';

/** A JSON path inside a record, e.g. ['intent', 'neutral', 1]. */
export type JsonPath = ReadonlyArray<string | number>;

/** A fix whose result is obvious: set these fields (applied losslessly by src/core/edit). */
export interface CheckFix {
  title: string;
  set: Array<{ path: JsonPath; value: unknown }>;
}

export interface CheckIssue {
  code: CheckCode;
  severity: Severity;
  message: string;
  /** Field path in the record, e.g. `intent.neutral[1]`. */
  path: string;
  fix?: CheckFix;
}

/** Every code these checks emit, with what it means (stable: tools and quick fixes key on it). */
export const CHECK_CODES = {
  'intent-empty-text': 'a message of the intent block is empty',
  'intent-neutral-reveals-value': 'a clarification question reveals the original or the revised value',
  'intent-neutral-duplicate': 'the two clarification questions of a pair are the same',
  'intent-decision-repeats-value': 'an accept/reject message repeats the proposed value',
  'intent-proposal-missing-value':
    'the proposal does not mention the value it proposes (Retained and Revised share it)',
  'intent-original-not-in-shard': 'the original value does not occur in the target shard',
  'intent-revised-same-as-original': 'the revised value equals the original',
  'intent-extra-proposal-duplicate':
    'an extra proposal repeats the original, the revised value or another extra proposal',
  'intent-single-turn-unchanged': 'single_turn.direct_revised equals single_turn.original',
  'intent-single-turn-missing-revised': 'single_turn.direct_revised does not state the revised value',
  'intent-single-turn-extra-change': 'single_turn.direct_revised changes text beyond the requirement',
  'intent-references-equal': 'the original and revised references are the same',
  'intent-reference-not-number': 'a math reference is not a number',
  'intent-reference-results-equal': 'both reference SQL queries return the same result on the database',
  'intent-reference-sql-error': 'a reference SQL query fails on the database',
  'intent-reference-db-missing': 'the database of a database record was not found, so its references were not executed',
  'intent-connector-missing': 'no connector joins the single-turn prompt and the proposal',
  'intent-review-missing': 'the revision has no review block yet',
} as const;
export type CheckCode = keyof typeof CHECK_CODES;

export const DEFAULT_CONNECTOR = 'Before you go, I have one quick last minute thought:';

/** Runs every synchronous check on a record; a record without an intent block has nothing to check. */
export function checkIntent(rec: BenchmarkRecord): CheckIssue[] {
  const it = rec.intent;
  if (!it) return [];
  return [
    ...checkEmptyTexts(it),
    ...checkNeutral(it),
    ...checkDecisions(it),
    ...checkProposals(it),
    ...checkOriginalInShard(rec, it),
    ...checkRevisedDiffers(it),
    ...checkExtraProposals(it),
    ...checkSingleTurn(it),
    ...checkReferences(rec, it),
    ...checkAuthoring(it),
  ];
}

const issue = (code: CheckCode, severity: Severity, message: string, path: string, fix?: CheckFix): CheckIssue => ({
  code,
  severity,
  message,
  path,
  ...(fix ? { fix } : {}),
});
const q = (s: string) => JSON.stringify(s);

function neutralPairs(it: IntentBlock): Array<{ pair: readonly [string, string]; path: string }> {
  return [
    { pair: it.neutral, path: 'intent.neutral' },
    ...(it.extra_neutral ?? []).map((pair, j) => ({ pair, path: `intent.extra_neutral[${j}]` })),
  ];
}

function checkEmptyTexts(it: IntentBlock): CheckIssue[] {
  const fields: Array<[string, string]> = [
    ['intent.requirement', it.requirement],
    ['intent.original', it.original],
    ['intent.revised', it.revised],
    ['intent.proposal', it.proposal],
    ['intent.accept', it.accept],
    ['intent.reject', it.reject],
    ...neutralPairs(it).flatMap(({ pair, path }) => pair.map((t, i): [string, string] => [`${path}[${i}]`, t])),
    ...(it.extra_proposals ?? []).flatMap((p, i): Array<[string, string]> => [
      [`intent.extra_proposals[${i}].revised`, p.revised],
      [`intent.extra_proposals[${i}].proposal`, p.proposal],
      [`intent.extra_proposals[${i}].reject`, p.reject],
    ]),
  ];
  return fields
    .filter(([, t]) => t.trim() === '')
    .map(([path]) => issue('intent-empty-text', 'error', `${path} is empty`, path));
}

function checkNeutral(it: IntentBlock): CheckIssue[] {
  const out: CheckIssue[] = [];
  for (const { pair, path } of neutralPairs(it)) {
    pair.forEach((question, i) => {
      for (const [which, value] of [
        ['original', it.original],
        ['revised', it.revised],
      ] as const) {
        if (value.trim() !== '' && revealsValue(question, value)) {
          out.push(
            issue(
              'intent-neutral-reveals-value',
              'warning',
              `clarification question reveals the ${which} value ${q(value)}: neutral questions must reveal neither value`,
              `${path}[${i}]`,
            ),
          );
        }
      }
    });
    if (pair[0].trim() !== '' && pair[0].trim().toLowerCase() === pair[1].trim().toLowerCase()) {
      out.push(
        issue('intent-neutral-duplicate', 'warning', 'the two clarification questions are the same', `${path}[1]`),
      );
    }
  }
  return out;
}

function checkDecisions(it: IntentBlock): CheckIssue[] {
  const out: CheckIssue[] = [];
  const check = (text: string, proposed: string, path: string) => {
    if (proposed.trim() !== '' && revealsValue(text, proposed)) {
      out.push(
        issue(
          'intent-decision-repeats-value',
          'error',
          `decision message repeats the proposed value ${q(proposed)}: accept/reject must not restate it`,
          path,
        ),
      );
    }
  };
  check(it.accept, it.revised, 'intent.accept');
  check(it.reject, it.revised, 'intent.reject');
  (it.extra_proposals ?? []).forEach((p, i) => check(p.reject, p.revised, `intent.extra_proposals[${i}].reject`));
  return out;
}

function checkProposals(it: IntentBlock): CheckIssue[] {
  const out: CheckIssue[] = [];
  if (it.revised.trim() !== '' && it.proposal.trim() !== '' && !statesValue(it.proposal, it.revised, it.original)) {
    out.push(
      issue(
        'intent-proposal-missing-value',
        'warning',
        `the proposal does not mention the revised value ${q(it.revised)}; Retained and Revised share this proposal, so it must state the change`,
        'intent.proposal',
      ),
    );
  }
  (it.extra_proposals ?? []).forEach((p, i) => {
    if (p.revised.trim() !== '' && p.proposal.trim() !== '' && !statesValue(p.proposal, p.revised, it.original)) {
      out.push(
        issue(
          'intent-proposal-missing-value',
          'warning',
          `extra proposal ${i + 1} does not mention its value ${q(p.revised)}`,
          `intent.extra_proposals[${i}].proposal`,
        ),
      );
    }
  });
  return out;
}

function checkOriginalInShard(rec: BenchmarkRecord, it: IntentBlock): CheckIssue[] {
  const shard = rec.shards.find((s) => s.shard_id === it.shard_id);
  // A missing shard is the loader's `intent-shard-missing`.
  if (!shard || it.original.trim() === '') return [];
  if (statesValue(shardText(shard), it.original, it.revised)) return [];
  return [
    issue(
      'intent-original-not-in-shard',
      'warning',
      `the original value ${q(it.original)} does not occur in shard ${it.shard_id} (${q(shardText(shard))})`,
      'intent.original',
    ),
  ];
}

/** Two values are the same when they read the same (case, spacing) or are the same number. */
export function sameValue(a: string, b: string): boolean {
  const norm = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();
  if (norm(a) === norm(b)) return true;
  const na = parseNumber(a);
  return na !== undefined && na === parseNumber(b);
}

function checkRevisedDiffers(it: IntentBlock): CheckIssue[] {
  if (it.revised.trim() === '' || !sameValue(it.original, it.revised)) return [];
  return [
    issue(
      'intent-revised-same-as-original',
      'error',
      `the revised value ${q(it.revised)} is the original value`,
      'intent.revised',
    ),
  ];
}

function checkExtraProposals(it: IntentBlock): CheckIssue[] {
  const out: CheckIssue[] = [];
  const seen: Array<{ value: string; what: string }> = [
    { value: it.original, what: 'the original value' },
    { value: it.revised, what: 'the revised value' },
  ];
  (it.extra_proposals ?? []).forEach((p, i) => {
    const clash = seen.find((s) => p.revised.trim() !== '' && sameValue(s.value, p.revised));
    if (clash)
      out.push(
        issue(
          'intent-extra-proposal-duplicate',
          'error',
          `extra proposal ${i + 1} proposes ${q(p.revised)}, which is ${clash.what}; extra proposals must be distinct`,
          `intent.extra_proposals[${i}].revised`,
        ),
      );
    seen.push({ value: p.revised, what: `extra proposal ${i + 1}` });
  });
  return out;
}

const WORD_RE = /[\p{L}\p{N}]+/gu;
const words = (s: string) => s.toLowerCase().match(WORD_RE) ?? [];

/**
 * S_Dir must differ from S_Orig only where the requirement changes: every removed word belongs to
 * the original value and every added word to the revised one. A rename may touch several places,
 * so repeated changes are fine; other differences are a warning (they may be legitimate rewording).
 */
function checkSingleTurn(it: IntentBlock): CheckIssue[] {
  const { original, direct_revised } = it.single_turn;
  if (original.trim() === '' || direct_revised.trim() === '') return [];
  if (original === direct_revised) {
    return [
      issue(
        'intent-single-turn-unchanged',
        'error',
        'single_turn.direct_revised is identical to single_turn.original: the revised requirement is missing',
        'intent.single_turn.direct_revised',
      ),
    ];
  }
  const out: CheckIssue[] = [];
  if (it.revised.trim() !== '' && !statesValue(direct_revised, it.revised, it.original)) {
    out.push(
      issue(
        'intent-single-turn-missing-revised',
        'warning',
        `single_turn.direct_revised does not state the revised value ${q(it.revised)}`,
        'intent.single_turn.direct_revised',
      ),
    );
  }
  const allowedRemoved = new Set(words(it.original));
  const allowedAdded = new Set(words(it.revised));
  const strayRemoved = new Set<string>();
  const strayAdded = new Set<string>();
  for (const change of diffWords(original, direct_revised)) {
    if (change.removed) for (const w of words(change.value)) if (!allowedRemoved.has(w)) strayRemoved.add(w);
    if (change.added) for (const w of words(change.value)) if (!allowedAdded.has(w)) strayAdded.add(w);
  }
  if (strayRemoved.size > 0 || strayAdded.size > 0) {
    const parts = [
      strayRemoved.size ? `removed ${[...strayRemoved].map(q).join(', ')}` : '',
      strayAdded.size ? `added ${[...strayAdded].map(q).join(', ')}` : '',
    ].filter(Boolean);
    out.push(
      issue(
        'intent-single-turn-extra-change',
        'warning',
        `single_turn.direct_revised differs from single_turn.original beyond the requirement (${parts.join('; ')})`,
        'intent.single_turn.direct_revised',
      ),
    );
  }
  return out;
}

/** Key-order-insensitive JSON, so two call lists compare by content. */
function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  if (v && typeof v === 'object') {
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v);
}

const normSql = (s: string) => s.trim().replace(/;\s*$/, '').replace(/\s+/g, ' ').toLowerCase();

function checkReferences(rec: BenchmarkRecord, it: IntentBlock): CheckIssue[] {
  const { original, revised } = it.reference;
  const equal = (why: string) => [
    issue(
      'intent-references-equal',
      'error',
      `the original and revised references are the same (${why}); the revised task must have a different answer`,
      'intent.reference.revised',
    ),
  ];
  switch (rec.task) {
    case 'math': {
      const a = parseNumber(original);
      const b = parseNumber(revised);
      const out: CheckIssue[] = [];
      if (a === undefined)
        out.push(
          issue(
            'intent-reference-not-number',
            'error',
            `reference.original ${q(String(JSON.stringify(original)))} is not a number`,
            'intent.reference.original',
          ),
        );
      if (b === undefined)
        out.push(
          issue(
            'intent-reference-not-number',
            'error',
            `reference.revised ${q(String(JSON.stringify(revised)))} is not a number`,
            'intent.reference.revised',
          ),
        );
      if (a !== undefined && a === b) out.push(...equal(`both are ${a}`));
      return out;
    }
    case 'database':
      if (typeof original === 'string' && typeof revised === 'string' && normSql(original) === normSql(revised))
        return equal('the same SQL');
      return [];
    case 'code':
      if (typeof original === 'string' && typeof revised === 'string' && original.trim() === revised.trim())
        return equal(`both name ${q(original.trim())}`);
      return [];
    case 'actions':
      return canonicalJson(original) === canonicalJson(revised) ? equal('the same call list') : [];
  }
}

function checkAuthoring(it: IntentBlock): CheckIssue[] {
  const out: CheckIssue[] = [];
  if (it.connector === undefined || it.connector.trim() === '') {
    out.push(
      issue(
        'intent-connector-missing',
        'warning',
        'no connector: S_Rev and S_Ret will join the prompt and the proposal without a transition',
        'intent.connector',
        {
          title: `Add the default connector "${DEFAULT_CONNECTOR}"`,
          set: [{ path: ['intent', 'connector'], value: DEFAULT_CONNECTOR }],
        },
      ),
    );
  }
  if (!it.review) {
    out.push(
      issue(
        'intent-review-missing',
        'info',
        'this revision has not been reviewed: add a review block (status pending) to track it',
        'intent',
        { title: 'Add a pending review block', set: [{ path: ['intent', 'review'], value: { status: 'pending' } }] },
      ),
    );
  }
  return out;
}

/** Where a value occurs in a text (for highlighting in the editor preview). */
export { findValue };

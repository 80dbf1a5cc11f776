// Issue 15.2: checks that look for a value in text match its distinguishing content (numbers,
// identifiers, literals, content words that differ from the other value; light stemming), and
// heuristic findings are warnings: only structural problems are errors. Every shared record
// (../shared/data, ../shared/peer-eval; skipped when absent) validates with zero errors.
import { describe, expect, test } from 'vitest';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { checkIntent, type CheckIssue } from '../../../src/core/checks/intentChecks';
import { distinguishingContent, statesValue } from '../../../src/core/checks/valueMatch';
import { validateFile } from '../../../src/core/load/validateFiles';
import { intentRecordCheck } from '../../../src/core/checks/intentRecordCheck';
import type { BenchmarkRecord, IntentBlock } from '../../../src/core/schema/records';
import { goodMathRecord } from './fixtures';
import { sharedData } from '../verify/sqlTestAssets';
import { hasPeerEval, peerDatabasesDir, peerEval } from '../verify/peerEvalSet';

function withIntent(edit: (it: IntentBlock) => void): BenchmarkRecord {
  const rec = goodMathRecord();
  edit(rec.intent!);
  return rec;
}
const errorsOf = (issues: CheckIssue[]) => issues.filter((i) => i.severity === 'error').map((i) => i.code);

describe('distinguishing content', () => {
  test('the examples of the issue are stated', () => {
    expect(statesValue('Actually, make it 300 fruits less than before.', '300 fewer fruits', '300 more fruits')).toBe(
      true,
    );
    expect(statesValue('Only count the male students (with sex M).', 'male (sex = M)', 'female (sex = F)')).toBe(true);
    expect(
      statesValue(
        'List the professionals who operated at least one treatment.',
        'performed at least one operation',
        'performed no operation',
      ),
    ).toBe(true);
  });
  test('a different number, identifier or direction is not', () => {
    expect(statesValue('Make it 200 fruits less.', '300 fewer fruits', '300 more fruits')).toBe(false);
    expect(statesValue('Make it 300 fruits more.', '300 fewer fruits', '300 more fruits')).toBe(false);
    expect(statesValue('Use intersperse_all instead.', 'intersperse', 'insert_delimiter')).toBe(false);
    expect(statesValue('Only the female students (sex F).', 'male (sex = M)', 'female (sex = F)')).toBe(false);
  });
  test('what differs between the values is what is required', () => {
    expect(distinguishingContent('24 bags', '4 bags')).toEqual(['#24']);
    expect(distinguishingContent('under age 32', 'under age 30')).toEqual(['#32']);
  });
});

describe('severities: heuristics warn, structure errs', () => {
  test('a paraphrased proposal is not flagged; a proposal without the value is a warning, not an error', () => {
    expect(
      checkIntent(withIntent((it) => (it.proposal = 'Could we make that two... no, 2 bag instead?'))).map(
        (i) => i.code,
      ),
    ).not.toContain('intent-proposal-missing-value');
    const missing = checkIntent(withIntent((it) => (it.proposal = 'Can we change the number of bags?')));
    expect(missing.find((i) => i.code === 'intent-proposal-missing-value')?.severity).toBe('warning');
    expect(errorsOf(missing)).toEqual([]);
  });
  test('original not in shard, single turn missing the value and a revealing neutral question are warnings', () => {
    const rec = withIntent((it) => {
      it.original = '5 sacks';
      it.single_turn.direct_revised = 'A chef bought some bags…';
      it.neutral[0] = 'Did the chef buy 2 bags?';
    });
    const issues = checkIntent(rec);
    for (const code of [
      'intent-original-not-in-shard',
      'intent-single-turn-missing-revised',
      'intent-neutral-reveals-value',
    ] as const)
      expect(issues.find((i) => i.code === code)?.severity, code).toBe('warning');
  });
  test('structural problems stay errors: empty field, equal values, a decision restating the value', () => {
    expect(errorsOf(checkIntent(withIntent((it) => (it.accept = ''))))).toContain('intent-empty-text');
    expect(errorsOf(checkIntent(withIntent((it) => (it.revised = it.original))))).toContain(
      'intent-revised-same-as-original',
    );
    expect(errorsOf(checkIntent(withIntent((it) => (it.reject = 'No, not 2 bags.'))))).toContain(
      'intent-decision-repeats-value',
    );
    expect(errorsOf(checkIntent(withIntent((it) => (it.reference.revised = it.reference.original))))).toContain(
      'intent-references-equal',
    );
  });
});

describe.skipIf(!existsSync(sharedData) || !hasPeerEval)('shared records validate with zero errors', () => {
  // The body runs while tests are collected even when the suite is skipped: read the folders only when present.
  const files =
    !existsSync(sharedData) || !hasPeerEval
      ? []
      : [sharedData, peerEval].flatMap((d) =>
          readdirSync(d)
            .filter((f) => f.endsWith('.records.jsonl'))
            .map((f) => join(d, f)),
        );
  for (const file of files) {
    test(
      file.slice(file.indexOf('shared')),
      async () => {
        const dbDir = peerDatabasesDir();
        const v = await validateFile(file, { recordChecks: [intentRecordCheck(() => [dbDir])] });
        expect(v.items).toBeGreaterThan(0);
        expect(
          v.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.line}: ${d.code} ${d.message}`),
        ).toEqual([]);
      },
      120_000,
    );
  }
});

// The revision editor's check list: every check run is listed with its outcome and evidence, and
// the header's counts come from that same list (a listed finding is always counted).
import { describe, expect, it } from 'vitest';
import { checkIntent } from '../../../src/core/checks/intentChecks';
import { countChecks, describeCheckCounts, listChecks, type CheckRun } from '../../../src/core/checks/checkList';
import { goodMathRecord, withIntent } from './fixtures';

const byCode = (runs: CheckRun[], code: string) => runs.find((r) => r.code === code)!;

describe('listChecks', () => {
  it('lists every applicable check as passed, with what it saw, on a good record', () => {
    const rec = goodMathRecord();
    const runs = listChecks(rec, checkIntent(rec));
    expect(runs.every((r) => r.outcome === 'pass')).toBe(true);
    // The schema, the record checks and the math checks; not the database ones.
    expect(runs.map((r) => r.code)).toEqual(
      expect.arrayContaining([
        'schema',
        'intent-shard-missing',
        'intent-proposal-missing-value',
        'intent-reference-not-number',
        'intent-review-missing',
      ]),
    );
    expect(runs.some((r) => r.code === 'intent-reference-sql-error')).toBe(false);
    expect(byCode(runs, 'intent-proposal-missing-value').evidence).toEqual(['the proposal mentions "2 bags"']);
    expect(byCode(runs, 'intent-references-equal').evidence).toEqual(['300 ≠ 150']);
    expect(countChecks(runs)).toMatchObject({ passed: runs.length, failed: 0, errors: 0, warnings: 0, notes: 0 });
  });

  it('counts a listed info finding (no review block): the header can never say 0/0 over a finding', () => {
    const rec = withIntent((it) => delete it.review);
    const runs = listChecks(rec, checkIntent(rec));
    const review = byCode(runs, 'intent-review-missing');
    expect(review.outcome).toBe('fail');
    expect(review.findings).toHaveLength(1);
    const counts = countChecks(runs);
    expect(counts).toMatchObject({ failed: 1, errors: 0, warnings: 0, notes: 1 });
    const listed = runs.flatMap((r) => r.findings).length;
    expect(counts.errors + counts.warnings + counts.notes).toBe(listed);
    expect(describeCheckCounts(counts)).toMatch(/^\d+ checks: \d+ passed, 1 failed · 0 errors, 0 warnings, 1 note$/);
  });

  it('a failing check carries its findings as evidence, severity counted', () => {
    const rec = withIntent((it) => {
      it.proposal = 'Can we change it?';
      it.revised = it.original;
    });
    const runs = listChecks(rec, checkIntent(rec));
    expect(byCode(runs, 'intent-proposal-missing-value')).toMatchObject({ outcome: 'fail' });
    expect(byCode(runs, 'intent-proposal-missing-value').findings[0]!.severity).toBe('warning');
    expect(byCode(runs, 'intent-revised-same-as-original')).toMatchObject({ outcome: 'fail' });
    expect(byCode(runs, 'intent-revised-same-as-original').evidence[0]).toMatch(
      /is the original value \(at intent\.revised\)/,
    );
    const counts = countChecks(runs);
    expect(counts.errors).toBe(runs.flatMap((r) => r.findings).filter((f) => f.severity === 'error').length);
    expect(counts.errors).toBeGreaterThan(0);
    expect(counts.warnings).toBe(runs.flatMap((r) => r.findings).filter((f) => f.severity === 'warning').length);
    expect(counts.failed).toBe(runs.filter((r) => r.findings.length > 0).length);
  });

  it('includes the record checks (shard named by intent.shard_id)', () => {
    const rec = withIntent((it) => void (it.shard_id = 9));
    const runs = listChecks(rec, checkIntent(rec));
    expect(byCode(runs, 'intent-shard-missing')).toMatchObject({ outcome: 'fail' });
    expect(countChecks(runs).errors).toBeGreaterThanOrEqual(1);
  });

  it('database checks: not run with the reason, or the host findings', () => {
    const rec = { ...goodMathRecord(), task: 'database' as const, db_id: 'shop' };
    rec.intent = { ...rec.intent!, reference: { original: 'SELECT 1', revised: 'SELECT 2' } };
    const notRun = listChecks(rec, checkIntent(rec), {
      database: { ran: false, reason: 'the workspace is not trusted' },
    });
    expect(byCode(notRun, 'intent-reference-sql-error')).toMatchObject({
      outcome: 'not-run',
      evidence: ['not run: the workspace is not trusted'],
    });
    expect(countChecks(notRun).notRun).toBe(3);
    const failed = listChecks(
      rec,
      [
        ...checkIntent(rec),
        {
          code: 'intent-reference-sql-error',
          severity: 'error',
          message: 'reference.original fails on shop: no such table',
          path: 'intent.reference.original',
        },
      ],
      { database: { ran: true } },
    );
    expect(byCode(failed, 'intent-reference-sql-error').outcome).toBe('fail');
    expect(byCode(failed, 'intent-reference-results-equal')).toMatchObject({
      outcome: 'pass',
      evidence: ['executed on shop'],
    });
  });

  it('a record that does not match the schema: the schema fails, the rest did not run', () => {
    const runs = listChecks(undefined, [], {
      schemaFindings: [
        {
          code: 'schema',
          severity: 'error',
          message: '`revised` must be a text, found the number 2',
          path: 'intent.revised',
        },
      ],
    });
    expect(runs[0]).toMatchObject({ code: 'schema', outcome: 'fail' });
    expect(runs.slice(1).every((r) => r.outcome === 'not-run')).toBe(true);
    expect(countChecks(runs)).toMatchObject({ failed: 1, errors: 1 });
  });

  it('keeps findings of a check it does not know', () => {
    const rec = goodMathRecord();
    const runs = listChecks(rec, [
      ...checkIntent(rec),
      { code: 'future-check', severity: 'warning', message: 'x', path: '' },
    ]);
    expect(byCode(runs, 'future-check')).toMatchObject({ outcome: 'fail', evidence: ['x'] });
    expect(countChecks(runs).warnings).toBe(1);
  });
});

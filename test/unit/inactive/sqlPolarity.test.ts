// Issue 15.1: SQL predicate polarity and operators count as inactive content when the answer
// carries the inactive reference's form (professionals who did / did not operate, both ways).
import { describe, expect, test } from 'vitest';
import { detectInactive } from '../../../src/core/inactive/detectInactive';
import { inactiveSqlForms, sqlForms } from '../../../src/core/inactive/sqlDiff';
import type { BenchmarkRecord } from '../../../src/core/schema/records';
import { databaseRecord } from './fixtures';

const DID = 'SELECT first_name FROM Professionals WHERE professional_id IN (SELECT professional_id FROM Treatments)';
const DID_NOT =
  'SELECT first_name FROM Professionals WHERE professional_id NOT IN (SELECT professional_id FROM Treatments)';

function withReferences(original: string, revised: string): BenchmarkRecord {
  return {
    ...databaseRecord,
    task_id: 'test-db/polarity',
    intent: {
      ...databaseRecord.intent!,
      requirement: 'operated',
      original: 'did operate',
      revised: 'did not operate',
      reference: { original, revised },
    },
  };
}
const spansOf = (rec: BenchmarkRecord, active: 'original' | 'revised', response: string) =>
  detectInactive(
    rec,
    active === 'original' ? { mode: 'single', condition: 'retained' } : { mode: 'single', condition: 'revised' },
    response,
  )
    .filter((s) => s.match === 'sql-predicate')
    .map((s) => response.slice(s.start, s.end));

describe('SQL forms', () => {
  test('forms are read outside string literals, NOT IN is not also IN', () => {
    expect(
      sqlForms("SELECT a FROM t WHERE b NOT IN (1) AND c IN (2) AND d = '>=' ORDER BY a DESC").map((f) => f.form),
    ).toEqual(['NOT IN', 'IN', 'DESC']);
    expect(
      sqlForms('SELECT a FROM t WHERE x >= 3 AND y > 2 AND z <= 1 AND w <> 0')
        .map((f) => f.form)
        .sort(),
    ).toEqual(['!=', '<=', '>', '>=']);
  });
  test('only forms the active reference never uses are inactive', () => {
    expect(inactiveSqlForms(DID, DID_NOT)).toEqual(['NOT IN']);
    expect(inactiveSqlForms(DID_NOT, DID)).toEqual(['IN']);
    expect(inactiveSqlForms('SELECT a FROM t WHERE x > 3', 'SELECT a FROM t WHERE x >= 3')).toEqual(['>=']);
    expect(inactiveSqlForms('SELECT a FROM t ORDER BY a ASC', 'SELECT a FROM t ORDER BY a DESC')).toEqual(['DESC']);
    expect(
      inactiveSqlForms('SELECT a FROM t WHERE EXISTS (SELECT 1)', 'SELECT a FROM t WHERE NOT EXISTS (SELECT 1)'),
    ).toEqual(['NOT EXISTS']);
  });
});

describe('polarity leaks in answers', () => {
  // The fixture's premises are ages; these records differ only in polarity.
  test('active "did not" (revised), answer keeps IN: flagged; answer uses NOT IN: clean', () => {
    const rec = withReferences(DID, DID_NOT);
    expect(spansOf(rec, 'revised', '```sql\n' + DID + '\n```')).toEqual(['IN']);
    expect(spansOf(rec, 'revised', '```sql\n' + DID_NOT + '\n```')).toEqual([]);
  });
  test('active "did" (original), answer uses NOT IN: flagged', () => {
    const rec = withReferences(DID, DID_NOT);
    expect(spansOf(rec, 'original', '```sql\n' + DID_NOT + '\n```')).toEqual(['NOT IN']);
    expect(spansOf(rec, 'original', '```sql\n' + DID + '\n```')).toEqual([]);
  });
  test('>= for > and DESC for ASC', () => {
    const rec = withReferences(
      'SELECT name FROM t WHERE age > 30 ORDER BY name ASC',
      'SELECT name FROM t WHERE age >= 30 ORDER BY name DESC',
    );
    expect(spansOf(rec, 'original', 'SELECT name FROM t WHERE age >= 30 ORDER BY name DESC').sort()).toEqual([
      '>=',
      'DESC',
    ]);
  });
});

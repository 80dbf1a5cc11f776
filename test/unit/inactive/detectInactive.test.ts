import { describe, expect, test } from 'vitest';
import { detectInactive, instanceTimeline } from '../../../src/core/inactive/detectInactive';
import { inactiveSqlTargets } from '../../../src/core/inactive/sqlDiff';
import { actionsRecord, codeRecord, columnRecord, databaseRecord, mathRecord } from './fixtures';

const retained = { mode: 'multi', condition: 'retained' } as const;
const revised = { mode: 'multi', condition: 'revised' } as const;
const original = { mode: 'multi', condition: 'original' } as const;
const texts = (text: string, spans: Array<{ start: number; end: number }>) =>
  spans.map((s) => text.slice(s.start, s.end));

describe('math', () => {
  test('rejected premise and rejected reference answer, normalised, never inside longer numbers', () => {
    const r =
      'With 24 bags: 24 x 50 = 1,200 pounds, 1200 x $1.50 = $1,800.00.\nBut 124 bags or 240 would differ. Step 24. Final: **$1800.0**';
    const spans = detectInactive(mathRecord, retained, r);
    expect(texts(r, spans)).toEqual(['24', '24', '$1,800.00', '$1800.0']);
    expect(spans[0]!.kind).toBe('rejected');
    expect(spans[0]!.describe).toBe('rejected proposal value "24 bags"');
    expect(spans[2]!.describe).toMatch(/reference answer of the rejected revision/);
  });
  test('under revised the superseded original counts; under original nothing is inactive', () => {
    const r = 'Using 4 bags: 4 x 50 x 1.50 = $300. With 24 bags it is $1,800.';
    const spans = detectInactive(mathRecord, revised, r);
    expect(texts(r, spans)).toEqual(['4', '4', '$300']);
    expect(spans.every((s) => s.kind === 'superseded')).toBe(true);
    expect(detectInactive(mathRecord, original, r)).toEqual([]);
  });
  test('accumulation depth 2: the extra rejected proposal is inactive too (from the timeline)', () => {
    const spec = { mode: 'multi', condition: 'retained', path: 'accumulation-retained', k: 2 } as const;
    const tl = instanceTimeline(mathRecord, spec);
    expect(tl.inactive.map((i) => i.value)).toContain('6 bags');
    const r = 'Perhaps 6 bags? No: 4 bags, so $300.';
    expect(texts(r, detectInactive(mathRecord, spec, r))).toEqual(['6']);
  });
});

describe('code', () => {
  test('the inactive entry point as a whole identifier only, comments included', () => {
    const r =
      '```python\n# count_vowels would be the old idea\ndef count_vowels(s):\n    counter = 0\n    for ch in s:\n        counter += ch in "aeiou"\n    return counter\n```';
    const spans = detectInactive(codeRecord, retained, r);
    expect(texts(r, spans)).toEqual(['count_vowels', 'count_vowels']);
    expect(spans.every((s) => s.match === 'identifier')).toBe(true);
  });
  test('under revised the superseded `count` is found, but not inside `counter` or `count_vowels`', () => {
    const r = 'def count_vowels(s):\n    counter = 0\n    return counter  # replaces count()';
    expect(texts(r, detectInactive(codeRecord, revised, r))).toEqual(['count']);
  });
});

describe('database', () => {
  test('node-sql-parser diff: literals with their predicate, output columns', () => {
    expect(
      inactiveSqlTargets(
        databaseRecord.intent!.reference.original as string,
        databaseRecord.intent!.reference.revised as string,
      ),
    ).toEqual([{ type: 'literal', value: 32, column: 'age', operator: '<' }]);
    expect(
      inactiveSqlTargets(
        columnRecord.intent!.reference.revised as string,
        columnRecord.intent!.reference.original as string,
      ),
    ).toEqual([{ type: 'column', name: 'first_name' }]);
  });
  test('rejected literal inside a predicate with an alias, plus prose; not in 132 or 3.2', () => {
    const r =
      'Including customers under 32:\n```sql\nSELECT c.city FROM customer AS c WHERE c.age < 32 AND c.id <> 132 GROUP BY c.city HAVING COUNT(*) > 1\n```';
    const spans = detectInactive(databaseRecord, retained, r);
    expect(texts(r, spans)).toEqual(['32', 'c.age < 32']);
    expect(spans.map((s) => s.match)).toEqual(['number', 'sql-predicate']);
  });
  test('superseded output column under revised, not inside a longer identifier', () => {
    const r =
      'SELECT T2.first_name, T1.amount, T2.first_name_alt FROM orders AS T1 JOIN customer AS T2 ON T1.customer_id = T2.id';
    const spans = detectInactive(columnRecord, revised, r);
    expect(texts(r, spans)).toEqual(['first_name']);
    expect(spans[0]!.match).toBe('sql-column');
    expect(spans[0]!.kind).toBe('superseded');
  });
});

describe('actions', () => {
  test('the rejected argument value in the right argument, calls in any order', () => {
    const r =
      '[calc_area_triangle(base=20, height=10), calc_area_triangle(height=6, base=10), calc_area_triangle(base=15, height=7)]';
    const spans = detectInactive(actionsRecord, retained, r);
    expect(texts(r, spans)).toEqual(['6']);
    expect(spans[0]!.match).toBe('argument');
  });
  test('a correct answer has no inactive content; a 6 in another argument is not flagged', () => {
    const ok =
      '[calc_area_triangle(base=10, height=5), calc_area_triangle(base=15, height=7), calc_area_triangle(base=20, height=10)]';
    expect(detectInactive(actionsRecord, retained, ok)).toEqual([]);
    const other = '[calc_area_triangle(base=6, height=5)]';
    expect(detectInactive(actionsRecord, retained, other)).toEqual([]);
  });
  test('under revised the superseded height 5 is found', () => {
    const r =
      '[calc_area_triangle(base=10, height=5), calc_area_triangle(base=15, height=7), calc_area_triangle(base=20, height=10)]';
    expect(texts(r, detectInactive(actionsRecord, revised, r))).toEqual(['5']);
  });
});

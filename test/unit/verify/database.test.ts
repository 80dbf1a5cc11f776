import { afterAll, describe, expect, test } from 'vitest';
import { join } from 'node:path';
import { SqlExecutor } from '../../../src/core/verify/database/sqlExecutor';
import { verifyDatabase } from '../../../src/core/verify/database/databaseVerifier';
import { extractSql, removeDistinct } from '../../../src/core/verify/database/sqlText';
import { resultsEqual } from '../../../src/core/verify/database/resultCompare';
import { hasSharedData, makeShopDatabaseDir, sharedData, testSqlAssets } from './sqlTestAssets';

const sql = new SqlExecutor({ locate: testSqlAssets, timeoutMs: 1500 });
afterAll(() => sql.close());
const dir = makeShopDatabaseDir();
const task = { dbId: 'shop', databasesDir: dir };
const REF = 'SELECT city FROM customer WHERE age < 30 GROUP BY city HAVING count(*) > 1';

describe('extractSql', () => {
  test('last ```sql block wins over explanation and earlier drafts', () => {
    const r = 'First try:\n```sql\nSELECT 1\n```\nBetter:\n```sql\nSELECT name FROM customer;\n```\nThis lists names.';
    expect(extractSql(r)!.sql).toBe('SELECT name FROM customer;');
  });
  test('bare query after prose', () => {
    const r = 'Here is the query:\n\nSELECT T1.name\nFROM customer AS T1\nWHERE T1.age > 30;\n\nIt returns names.';
    const e = extractSql(r)!;
    expect(e.sql).toBe('SELECT T1.name\nFROM customer AS T1\nWHERE T1.age > 30;');
    expect(r.slice(e.start, e.end)).toBe(e.sql);
  });
  test('DISTINCT removed outside literals only', () => {
    expect(removeDistinct("SELECT DISTINCT name FROM t WHERE x = 'distinct'")).toBe(
      "SELECT  name FROM t WHERE x = 'distinct'",
    );
  });
});

describe('resultsEqual', () => {
  test('column order does not matter; multiset unless ordered', () => {
    expect(
      resultsEqual(
        [
          [1, 'a'],
          [2, 'b'],
        ],
        [
          ['b', 2],
          ['a', 1],
        ],
        false,
      ),
    ).toBe(true);
    expect(
      resultsEqual(
        [
          [1, 'a'],
          [2, 'b'],
        ],
        [
          ['b', 2],
          ['a', 1],
        ],
        true,
      ),
    ).toBe(false);
    expect(resultsEqual([[1], [1], [2]], [[1], [2], [2]], false)).toBe(false);
  });
});

describe('verifyDatabase on a .sql dump', () => {
  test('aliases, different formatting and a different but equivalent query pass', async () => {
    const r = await verifyDatabase(
      '```sql\nSELECT c.city\nFROM customer AS c\nWHERE c.age <= 29\nGROUP BY c.city\nHAVING COUNT(c.id) >= 2;\n```',
      REF,
      task,
      sql,
    );
    expect(r.is_correct).toBe(true);
  });
  test('the inactive literal gives a different result and fails', async () => {
    const r = await verifyDatabase(
      'SELECT city FROM customer WHERE age < 32 GROUP BY city HAVING count(*) > 1',
      REF,
      task,
      sql,
    );
    expect(r.is_correct).toBe(false);
  });
  test('different column order passes; an extra column fails', async () => {
    const ref = 'SELECT name, city FROM customer WHERE age > 30';
    expect((await verifyDatabase('SELECT city, name FROM customer WHERE age > 30', ref, task, sql)).is_correct).toBe(
      true,
    );
    expect(
      (await verifyDatabase('SELECT city, name, age FROM customer WHERE age > 30', ref, task, sql)).is_correct,
    ).toBe(false);
  });
  test('ORDER BY in the reference makes order matter', async () => {
    const ref = 'SELECT name FROM customer ORDER BY age DESC';
    expect((await verifyDatabase('SELECT name FROM customer ORDER BY age DESC', ref, task, sql)).is_correct).toBe(true);
    expect((await verifyDatabase('SELECT name FROM customer ORDER BY age ASC', ref, task, sql)).is_correct).toBe(false);
  });
  test('writes are refused and the cached database is untouched', async () => {
    const del = await verifyDatabase('DELETE FROM customer', 'SELECT count(*) FROM customer', task, sql);
    expect(del.is_correct).toBe(false);
    expect(del.details.message).toMatch(/only SELECT/);
    const cte = await verifyDatabase(
      'WITH x AS (SELECT 1) DELETE FROM customer',
      'SELECT count(*) FROM customer',
      task,
      sql,
    );
    expect(cte.is_correct).toBe(false);
    const two = await verifyDatabase('SELECT 1; DROP TABLE customer', 'SELECT count(*) FROM customer', task, sql);
    expect(two.is_correct).toBe(false);
    const count = await sql.exec(join(dir, 'shop.sql'), 'SELECT count(*) FROM customer');
    expect(count.ok && count.rows[0]![0]).toBe(6);
  });
  test('a runaway recursive CTE is stopped and the executor keeps working', async () => {
    const before = sql.workersStarted;
    const t0 = Date.now();
    const r = await verifyDatabase(
      'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c',
      'SELECT count(*) FROM customer',
      task,
      sql,
    );
    expect(r.is_correct).toBe(false);
    expect(r.details.message).toMatch(/stopped after/);
    expect(Date.now() - t0).toBeLessThan(8000);
    const after = await verifyDatabase('SELECT count(*) FROM customer', 'SELECT count(*) FROM customer', task, sql);
    expect(after.is_correct).toBe(true);
    expect(sql.workersStarted).toBeGreaterThan(before);
  });
  test('missing database or SQL is reported, not guessed', async () => {
    expect((await verifyDatabase('SELECT 1', REF, { dbId: 'nope', databasesDir: dir }, sql)).is_correct).toBeNull();
    expect((await verifyDatabase('I do not know.', REF, task, sql)).is_correct).toBe(false);
  });
});

describe.skipIf(!hasSharedData)('verifyDatabase on the shared Spider databases', () => {
  const spider = join(sharedData, 'databases');
  test('employee_hire_evaluation: age 30 vs 32', async () => {
    const t = { dbId: 'employee_hire_evaluation', databasesDir: spider };
    const ans =
      'Here you go:\n```sql\nSELECT e.City FROM employee e WHERE e.Age < 30 GROUP BY e.City HAVING COUNT(*) > 1\n```';
    expect((await verifyDatabase(ans, REF.replace('customer', 'employee'), t, sql)).is_correct).toBe(true);
    expect(
      (
        await verifyDatabase(
          ans,
          'SELECT city FROM employee WHERE age  <  32 GROUP BY city HAVING count(*)  >  1',
          t,
          sql,
        )
      ).is_correct,
    ).toBe(false);
  });
});

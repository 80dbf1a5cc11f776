// A databases folder whose entries are symbolic links to a Spider download elsewhere: refused by
// default with a message that says it is a link (not "not found"), used with `followLinks`.
import { afterAll, describe, expect, test } from 'vitest';
import { mkdirSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqlExecutor } from '../../../src/core/verify/database/sqlExecutor';
import { resolveDatabase, verifyDatabase } from '../../../src/core/verify/database/databaseVerifier';
import { checkDatabaseReferences } from '../../../src/core/checks/referenceResults';
import { BenchmarkRecordSchema, type BenchmarkRecord } from '../../../src/core/schema/records';
import { goodMathRecord } from '../checks/fixtures';
import { makeShopDatabaseDir, testSqlAssets } from './sqlTestAssets';

const sql = new SqlExecutor({ locate: testSqlAssets, timeoutMs: 1500 });
afterAll(() => sql.close());

// The "download": <spider>/shop/shop.sql; the databases folder links to it, per db and per file.
const spider = makeShopDatabaseDir();
mkdirSync(join(spider, 'shop'));
symlinkSync(join(spider, 'shop.sql'), join(spider, 'shop', 'shop.sql'));
const base = mkdtempSync(join(tmpdir(), 'intent-lens-dblinks-'));
const dirLinks = join(base, 'dir-links');
mkdirSync(dirLinks);
symlinkSync(join(spider, 'shop'), join(dirLinks, 'shop'));
const fileLinks = join(base, 'file-links');
mkdirSync(fileLinks);
symlinkSync(join(spider, 'shop.sql'), join(fileLinks, 'shop.sql'));

const REF = 'SELECT name FROM customer WHERE age < 30';
const ANSWER = '```sql\nSELECT name FROM customer WHERE age < 30\n```';

describe('resolveDatabase with links out of the folder', () => {
  test.each([
    ['a linked <db_id> folder', dirLinks],
    ['a linked <db_id>.sql file', fileLinks],
  ])('%s is refused as a link by default and used with followLinks', (_what, dir) => {
    const refused = resolveDatabase(dir, 'shop');
    expect(refused.kind).toBe('link-outside');
    const followed = resolveDatabase(dir, 'shop', { followLinks: true });
    expect(followed.kind).toBe('found');
  });

  test('a db_id is still a name, never a path, with followLinks', () => {
    expect(resolveDatabase(join(dirLinks, 'shop'), '../shop', { followLinks: true }).kind).toBe('missing');
    expect(resolveDatabase(dirLinks, 'absent', { followLinks: true }).kind).toBe('missing');
  });

  test('a link that stays inside the folder needs no option', () => {
    const dir = makeShopDatabaseDir();
    symlinkSync(join(dir, 'shop.sql'), join(dir, 'alias.sql'));
    expect(resolveDatabase(dir, 'alias')).toMatchObject({ kind: 'found' });
  });
});

describe('the database verifier and the reference check say what happened', () => {
  test('verifyDatabase: refused link named as a link, followed link scored', async () => {
    const refused = await verifyDatabase(ANSWER, REF, { dbId: 'shop', databasesDir: dirLinks }, sql);
    expect(refused.is_correct).toBeNull();
    expect(refused.details.message).toContain('is a link to outside the databases folder');
    expect(refused.details.message).toContain('--follow-db-links');
    expect(refused.details.message).not.toContain('not found');
    const followed = await verifyDatabase(
      ANSWER,
      REF,
      { dbId: 'shop', databasesDir: dirLinks, followLinks: true },
      sql,
    );
    expect(followed.is_correct).toBe(true);
  });

  test('checkDatabaseReferences: refused link named as a link, followed link executed', async () => {
    const rec: BenchmarkRecord = BenchmarkRecordSchema.parse({ ...goodMathRecord(), task: 'database', db_id: 'shop' });
    rec.intent!.reference = { original: REF, revised: 'SELECT name FROM customer WHERE age < 35' };
    const refused = await checkDatabaseReferences(rec, [dirLinks]);
    expect(refused).toHaveLength(1);
    expect(refused[0]!.message).toContain('is a link to outside the databases folder');
    expect(await checkDatabaseReferences(rec, [dirLinks], { followLinks: true })).toEqual([]);
  });
});

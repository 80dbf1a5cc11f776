// Builds the SQL worker for tests (vitest runs TypeScript sources; a worker thread needs plain JS),
// and makes small SQLite databases from SQL scripts. No Spider copies in the repo.
import { buildSync } from 'esbuild';
import { mkdtempSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createRequire } from 'node:module';
import type { SqlAssets } from '../../../src/core/verify/database/sqlExecutor';

export const repoRoot = resolve(__dirname, '../../..');
export const sharedData = resolve(repoRoot, '../shared/data');
export const hasSharedData = existsSync(join(sharedData, 'intent-sample.records.jsonl'));

let assets: SqlAssets | undefined;
export function testSqlAssets(): SqlAssets {
  if (assets) return assets;
  const dir = mkdtempSync(join(tmpdir(), 'intent-lens-sqlworker-'));
  const workerScript = join(dir, 'sqlWorker.js');
  buildSync({
    entryPoints: [join(repoRoot, 'src/core/verify/database/sqlWorker.ts')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    outfile: workerScript,
    logLevel: 'silent',
  });
  const require = createRequire(join(repoRoot, 'package.json'));
  assets = { workerScript, wasmPath: require.resolve('sql.js/dist/sql-wasm.wasm') };
  return assets;
}

/** A tiny shop database as a `.sql` dump in a fresh folder (`<dir>/shop.sql`). */
export function makeShopDatabaseDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'intent-lens-db-'));
  writeFileSync(
    join(dir, 'shop.sql'),
    `CREATE TABLE customer (id INTEGER PRIMARY KEY, name TEXT, city TEXT, age INTEGER);
INSERT INTO customer VALUES (1,'Ann','Bath',25),(2,'Bob','Bath',29),(3,'Cid','Bristol',31),(4,'Dee','Bristol',28),(5,'Eve','York',40),(6,'Fay','Bristol',33);
CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INTEGER, amount REAL, status TEXT);
INSERT INTO orders VALUES (1,1,10.5,'paid'),(2,1,20,'open'),(3,3,5,'paid'),(4,4,7.25,'paid'),(5,5,100,'open');
`,
  );
  return dir;
}

import { describe, it, expect, beforeAll } from 'vitest';
import { mkdtempSync, writeFileSync, existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { checkDatabaseReferences } from '../../../src/core/checks/referenceResults';
import { BenchmarkRecordSchema, type BenchmarkRecord } from '../../../src/core/schema/records';
import { goodMathRecord } from './fixtures';
import { parseRecordsText } from '../../../src/core/load/recordsFile';
import { validatePaths } from '../../../src/core/load/validateFiles';
import { intentRecordCheck } from '../../../src/core/checks/intentRecordCheck';

const SHARED = resolve(__dirname, '../../../../shared/data');

function dbRecord(original: string, revised: string): BenchmarkRecord {
  const rec = BenchmarkRecordSchema.parse({ ...goodMathRecord(), task: 'database', db_id: 'staff' });
  rec.intent!.reference = { original, revised };
  return rec;
}

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'il-db-'));
  writeFileSync(
    join(dir, 'staff.sql'),
    "CREATE TABLE employee(name TEXT, city TEXT, age INT);\nINSERT INTO employee VALUES ('a','Oslo',25),('b','Oslo',29),('c','Rome',31),('d','Rome',40);\n",
  );
});

describe('database references are executed', () => {
  it('passes when the two queries return different rows', async () => {
    expect(
      await checkDatabaseReferences(
        dbRecord('SELECT city FROM employee WHERE age < 30', 'SELECT city FROM employee WHERE age < 35'),
        [dir],
      ),
    ).toEqual([]);
  });
  it('fails when different SQL returns the same rows', async () => {
    const issues = await checkDatabaseReferences(
      dbRecord('SELECT city FROM employee WHERE age < 30', 'SELECT city FROM employee WHERE age < 31'),
      [dir],
    );
    expect(issues.map((i) => i.code)).toEqual(['intent-reference-results-equal']);
  });
  it('reports a failing query and a missing database', async () => {
    const bad = await checkDatabaseReferences(dbRecord('SELECT city FROM employee', 'SELECT nope FROM employee'), [
      dir,
    ]);
    expect(bad.map((i) => `${i.code}@${i.path}`)).toEqual(['intent-reference-sql-error@intent.reference.revised']);
    const missing = await checkDatabaseReferences(dbRecord('SELECT 1', 'SELECT 2'), [join(dir, 'nowhere')]);
    expect(missing.map((i) => i.code)).toEqual(['intent-reference-db-missing']);
  });
  it('refuses statements that are not queries', async () => {
    const issues = await checkDatabaseReferences(dbRecord('DELETE FROM employee', 'SELECT city FROM employee'), [dir]);
    expect(issues.map((i) => i.code)).toEqual(['intent-reference-sql-error']);
  });
  it.skipIf(!existsSync(join(SHARED, 'intent-sample.records.jsonl')))(
    'real database records pass against their Spider databases',
    async () => {
      const path = join(SHARED, 'intent-sample.records.jsonl');
      const f = parseRecordsText(path, readFileSync(path, 'utf8'));
      const dbs = f.items.filter((i) => i.value.task === 'database');
      expect(dbs.length).toBeGreaterThan(0);
      for (const i of dbs) expect(await checkDatabaseReferences(i.value, [join(SHARED, 'databases')])).toEqual([]);
    },
  );
});

describe('validate runs the intent checks it is given (recordChecks)', () => {
  it('reports a check on the record line with its field path', async () => {
    const good = goodMathRecord();
    const bad = structuredClone(good);
    bad.task_id = 'bad/1';
    bad.intent!.accept = 'Sure, 2 bags it is.';
    const file = join(dir, 'x.records.jsonl');
    writeFileSync(file, `${JSON.stringify(good)}\n${JSON.stringify(bad)}\n`);
    const [v] = await validatePaths([file], { recordChecks: [intentRecordCheck()] });
    const hits = v!.diagnostics.filter((d) => d.code === 'intent-decision-repeats-value');
    expect(hits.map((d) => [d.line, d.path, d.severity])).toEqual([[2, 'intent.accept', 'error']]);
  });
  it('runs no intent checks unless given them (no registry)', async () => {
    const bad = goodMathRecord();
    bad.intent!.accept = 'Sure, 2 bags it is.';
    const file = join(dir, 'y.records.jsonl');
    writeFileSync(file, `${JSON.stringify(bad)}\n`);
    const [v] = await validatePaths([file]);
    expect(v!.diagnostics.filter((d) => d.code.startsWith('intent-'))).toEqual([]);
  });
});

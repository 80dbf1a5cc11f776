// The database rules added for reach (issue 37): each test fails when its rule is removed.
import { describe, it, expect, afterAll } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { constructSource } from '../../../src/core/construct/construct';
import { distinctValues } from '../../../src/core/construct/database/databaseRun';
import { databaseConstructor } from '../../../src/core/construct/database/databaseConstructor';
import { SqlExecutor } from '../../../src/core/verify/database/sqlExecutor';
import { BenchmarkRecordSchema, type BenchmarkRecord } from '../../../src/core/schema/records';
import type { ConstructContext } from '../../../src/core/construct/constructTypes';
import { testSqlAssets } from '../verify/sqlTestAssets';

const sql = new SqlExecutor({ locate: testSqlAssets });
afterAll(() => sql.close());

const dir = mkdtempSync(join(tmpdir(), 'il-construct-reach-'));
writeFileSync(
  join(dir, 'zoo.sql'),
  `CREATE TABLE keeper (keeper_id INTEGER PRIMARY KEY, name TEXT, city TEXT, age INTEGER);
INSERT INTO keeper VALUES (1,'Ann','Bath',25),(2,'Bob','Bath',29),(3,'Cid','Bristol',31),(4,'Dee','Bristol',28),(5,'Eve','York',40);
CREATE TABLE animal (animal_id INTEGER PRIMARY KEY, animal_name TEXT, kind TEXT, weight INTEGER, keeper_id INTEGER);
INSERT INTO animal VALUES (1,'Rex','dog',30,1),(2,'Tom','cat',4,1),(3,'Kit','cat',5,2),(4,'Max','dog',25,3),(5,'Pip','bird',1,3);
CREATE TABLE continents (ContId INTEGER PRIMARY KEY, Continent TEXT);
INSERT INTO continents VALUES (1,'america'),(2,'europe'),(3,'asia');
CREATE TABLE owners (owner_id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT);
INSERT INTO owners VALUES (1,'Ann','Lee'),(2,'Bob','Kay');
`,
);
const ctx: ConstructContext = { verify: { databasesDir: dir, sql } };

function source(question: string, reference: string): BenchmarkRecord {
  return BenchmarkRecordSchema.parse({
    task_id: 'fixture-zoo/1',
    task: 'database',
    shards: [{ shard_id: 1, shard_text: question }],
    db_id: 'zoo',
    reference_sql: reference,
    fully_specified_question: question,
  });
}

async function selected(src: BenchmarkRecord) {
  const r = await constructSource(src, ctx);
  expect(r.reason, r.message).toBeUndefined();
  return r.candidates[r.selected!]!;
}

describe('database reach rules', () => {
  it("reads a column's distinct values although the executor drops DISTINCT (LiC's normalisation)", async () => {
    const db = { sql, dbPath: join(dir, 'zoo.sql') };
    expect(await distinctValues(db, ['keeper'], 'city')).toEqual(['Bath', 'Bristol', 'York']);
  });
  it("flips a subquery's ORDER BY, which picks the row the outer query uses", async () => {
    const c = await selected(
      source(
        'How many animals does the keeper with the highest age look after?',
        'SELECT count(*) FROM animal WHERE keeper_id = (SELECT keeper_id FROM keeper ORDER BY age DESC LIMIT 1)',
      ),
    );
    expect([c.target, c.original, c.revised]).toEqual(['ORDER BY age DESC', 'highest', 'lowest']);
    expect(c.reference.revised).toContain('ORDER BY "age" ASC LIMIT 1)');
    expect(c.evidence?.kind === 'sql' && [c.evidence.original.rows, c.evidence.revised.rows]).toEqual([[[0]], [[2]]]);
  });
  it('changes an output column of a compound query in every part, and only where every part names it alike', async () => {
    const cs = await databaseConstructor.enumerate(
      source(
        'List the names of keepers who live in Bath and also keep a dog.',
        "SELECT name FROM keeper WHERE city = 'Bath' INTERSECT SELECT T1.name FROM keeper AS T1 JOIN animal AS T2 ON T1.keeper_id = T2.keeper_id WHERE T2.kind = 'dog'",
      ),
      ctx,
    );
    const c = cs.find((x) => x.target === 'SELECT name')!;
    expect([c.original, c.revised, c.discarded]).toEqual(['names', 'cities', undefined]);
    expect(c.reference.revised).toBe(
      'SELECT "city" FROM "keeper" WHERE "city" = \'Bath\' INTERSECT SELECT "T1"."city" FROM "keeper" AS "T1" INNER JOIN "animal" AS "T2" ON "T1"."keeper_id" = "T2"."keeper_id" WHERE "T2"."kind" = \'dog\'',
    );
    const mixed = await databaseConstructor.enumerate(
      source('Ids of keepers without animals?', 'SELECT keeper_id FROM keeper EXCEPT SELECT animal_id FROM animal'),
      ctx,
    );
    expect(mixed.filter((x) => x.target.startsWith('SELECT'))).toEqual([]);
  });
  it('changes every mention of a grouping column, which the question may state more than once', async () => {
    const c = await selected(
      source(
        'Show each city of keepers and the number of keepers from each city.',
        'SELECT city, count(*) FROM keeper GROUP BY city',
      ),
    );
    expect([c.original, c.revised, c.reference.revised]).toEqual([
      'city',
      'age',
      'SELECT "age", COUNT(*) FROM "keeper" GROUP BY "age"',
    ]);
    expect(c.singleTurn.direct_revised).toBe('Show each age of keepers and the number of keepers from each age.');
  });
  it('finds a column stated the other way round ("names of all animals" for animal_name)', async () => {
    const c = await selected(source('List the names of all animals.', 'SELECT animal_name FROM animal'));
    expect([c.original, c.revised, c.reference.revised, c.singleTurn.direct_revised]).toEqual([
      'names of all animals',
      'kinds of all animals',
      'SELECT "kind" FROM "animal"',
      'List the kinds of all animals.',
    ]);
  });
  it('replaces a field by a key only where every other field is already shown', async () => {
    const c = await selected(
      source('Show the first names and last names of owners.', 'SELECT first_name, last_name FROM owners'),
    );
    expect([c.original, c.revised, c.reference.revised]).toEqual([
      'first names',
      'owner ids',
      'SELECT "owner_id", "last_name" FROM "owners"',
    ]);
  });
  describe('a count becomes a listing of its field (output field, the last rule)', () => {
    it('lists the names of the counted table, the question reworded to ask for them', async () => {
      const c = await selected(source('How many keepers are there?', 'SELECT count(*) FROM keeper'));
      expect([c.requirement, c.original, c.revised, c.reference.revised]).toEqual([
        'requested output',
        'How many keepers',
        'the names of the keepers',
        'SELECT "name" FROM "keeper"',
      ]);
      expect(c.singleTurn.direct_revised).toBe('What are the names of the keepers?');
    });
    it('keeps the condition and turns the rest of the question into a relative clause', async () => {
      const c = await selected(
        source(
          'How many keepers look after no animal ?',
          'SELECT count(*) FROM keeper WHERE keeper_id NOT IN (SELECT keeper_id FROM animal)',
        ),
      );
      expect(c.singleTurn.direct_revised).toBe('What are the names of the keepers that look after no animal ?');
      expect(c.evidence?.kind === 'sql' && c.evidence.revised.rows).toEqual([['Dee'], ['Eve']]);
    });
    it('lists the different values a count of distinct values counted', async () => {
      const c = await selected(
        source('Count the number of different kinds of animals.', 'SELECT count(DISTINCT kind) FROM animal'),
      );
      expect([c.revised, c.reference.revised, c.singleTurn.direct_revised]).toEqual([
        'the different kinds of animals',
        'SELECT DISTINCT "kind" FROM "animal"',
        'List the different kinds of animals.',
      ]);
    });
    it('names a table by its own column (Continent) and lists ids where names are ambiguous', async () => {
      const c = await selected(source('What is the number of continents?', 'SELECT count(*) FROM continents'));
      expect([c.revised, c.reference.revised]).toEqual([
        'the names of the continents',
        'SELECT "Continent" FROM "continents"',
      ]);
      const o = await selected(source('Find the number of owners.', 'SELECT count(*) FROM owners'));
      expect([o.revised, o.reference.revised, o.singleTurn.direct_revised]).toEqual([
        'the ids of the owners',
        'SELECT "owner_id" FROM "owners"',
        'Find the ids of the owners.',
      ]);
    });
    it('lists a counted column only where the question names it, not only its table', async () => {
      const r = await constructSource(
        source('How many animals have a keeper?', 'SELECT count(DISTINCT keeper_id) FROM animal'),
        ctx,
      );
      expect(r.selected).toBeNull();
      expect(r.candidates.map((c) => [c.target, c.discarded])).toEqual([
        ['SELECT COUNT(DISTINCT keeper_id)', 'value-not-stated'],
      ]);
    });
  });
});

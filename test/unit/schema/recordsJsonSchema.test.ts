// The contributed JSON Schemas (generated from zod at build time) accept real records and reject
// broken ones: checked by turning the generated JSON Schema back into a validator.
import { describe, it, expect } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { jsonSchemas } from '../../../src/core/schema/jsonSchemas';
import { starterLibrary } from '../../../src/core/templates/templates';

const SHARED = resolve(__dirname, '../../../../shared/data');
const SAMPLE = join(SHARED, 'intent-sample.records.jsonl');
const pkg = JSON.parse(readFileSync(resolve(__dirname, '../../../package.json'), 'utf8')) as {
  contributes: { jsonValidation: Array<{ fileMatch: string; url: string }> };
};

describe('contributed JSON Schemas', () => {
  it('package.json contributes records and templates schemas', () => {
    const byMatch = Object.fromEntries(pkg.contributes.jsonValidation.map((j) => [j.fileMatch, j.url]));
    expect(byMatch['*.records.json']).toBe('./dist/schemas/records.schema.json');
    expect(byMatch['**/.intent-lens/templates.json']).toBe('./dist/schemas/templates.schema.json');
  });

  it.skipIf(!existsSync(SAMPLE))('the records schema accepts the real records and rejects a broken one', () => {
    const validator = z.fromJSONSchema(jsonSchemas().records as Parameters<typeof z.fromJSONSchema>[0]);
    const records = readFileSync(SAMPLE, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(validator.safeParse(records).success).toBe(true);
    const broken = structuredClone(records);
    delete broken[0]!.task_id;
    expect(validator.safeParse(broken).success).toBe(false);
    const badReview = structuredClone(records);
    (badReview[0]!.intent as { review: { status: string } }).review = { status: 'great' };
    expect(validator.safeParse(badReview).success).toBe(false);
  });

  it('the templates schema accepts the starter library and rejects an unknown field kind', () => {
    const validator = z.fromJSONSchema(jsonSchemas().templates as Parameters<typeof z.fromJSONSchema>[0]);
    expect(validator.safeParse(starterLibrary()).success).toBe(true);
    expect(validator.safeParse({ sets: [{ id: 'x', proposal: 'not a list' }] }).success).toBe(false);
  });
});

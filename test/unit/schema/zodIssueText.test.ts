// Schema issues read as sentences: which field, what it must be, what was found. One case per zod
// issue kind, from real schemas (the record and run-log schemas) and small ones for the rarer kinds.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeFound, describeZodIssue, fieldName } from '../../../src/core/load/zodIssueText';
import { parseRecordsText } from '../../../src/core/load/recordsFile';
import { validateRunLogEntry } from '../../../src/core/load/validateRunLog';
import { goodMathRecord } from '../checks/fixtures';

/** The sentence of the first issue `schema` reports on `input`. */
function sentence(schema: z.ZodType, input: unknown): string {
  const r = schema.safeParse(input);
  if (r.success) throw new Error('expected a schema issue');
  return describeZodIssue(r.error.issues[0]!, input);
}

describe('describeZodIssue', () => {
  it('invalid_type: names the field, what it must be and what was found', () => {
    expect(sentence(z.object({ turn: z.number() }), { turn: '3' })).toBe('`turn` must be a number, found the text "3"');
    expect(sentence(z.object({ ok: z.boolean() }), { ok: null })).toBe('`ok` must be true or false, found null');
    expect(sentence(z.object({ xs: z.array(z.string()) }), { xs: { a: 1 } })).toBe(
      '`xs` must be a list, found an object',
    );
    expect(sentence(z.object({ n: z.number().int() }), { n: 1.5 })).toBe('`n` must be a whole number, found 1.5');
  });

  it('invalid_type on an absent field says it is missing', () => {
    expect(sentence(z.object({ shards: z.array(z.string()) }), {})).toBe('`shards` is missing: it must be a list');
  });

  it('too_small / too_big by origin', () => {
    expect(sentence(z.object({ name: z.string().min(1) }), { name: '' })).toBe(
      '`name` must not be empty, found an empty text',
    );
    expect(sentence(z.object({ xs: z.array(z.number()).min(2) }), { xs: [1] })).toBe(
      '`xs` must have at least 2 items, found a list of 1 item',
    );
    expect(sentence(z.object({ k: z.number().max(4) }), { k: 7 })).toBe('`k` must be at most 4, found the number 7');
    expect(sentence(z.object({ k: z.number().gt(0) }), { k: 0 })).toBe('`k` must be more than 0, found the number 0');
  });

  it('invalid_value: enums and literals', () => {
    expect(sentence(z.object({ status: z.enum(['pending', 'approved']) }), { status: 'done' })).toBe(
      '`status` must be one of "pending", "approved", found the text "done"',
    );
    expect(sentence(z.object({ role: z.literal('user') }), { role: 'bot' })).toBe(
      '`role` must be "user", found the text "bot"',
    );
  });

  it('invalid_format, not_multiple_of, unrecognized_keys, invalid_key, custom', () => {
    expect(sentence(z.object({ id: z.string().regex(/^t\d+$/) }), { id: 'x' })).toBe(
      '`id` must be text matching /^t\\d+$/, found the text "x"',
    );
    expect(sentence(z.object({ m: z.number().multipleOf(5) }), { m: 7 })).toBe(
      '`m` must be a multiple of 5, found the number 7',
    );
    expect(sentence(z.strictObject({ a: z.number() }), { a: 1, b: 2 })).toBe('The object has an unknown field `b`');
    expect(sentence(z.object({ rec: z.record(z.string().regex(/^k/), z.number()) }), { rec: { zz: 1 } })).toBe(
      '`zz` is not an allowed key of `rec`',
    );
    expect(
      sentence(z.object({ a: z.string().refine((s) => s.length === 3, 'must have three letters') }), { a: 'ab' }),
    ).toBe('`a`: must have three letters');
  });

  it('invalid_union: a discriminator names its options; a plain union says none matched', () => {
    const kinds = z.object({
      kind: z.discriminatedUnion('t', [z.object({ t: z.literal('x') }), z.object({ t: z.literal('y') })]),
    });
    expect(sentence(kinds, { kind: { t: 'z' } })).toBe('`t` must be one of "x", "y", found the text "z"');
    expect(sentence(z.object({ u: z.union([z.string(), z.number()]) }), { u: true })).toBe(
      '`u` matches none of its allowed forms, found the value true',
    );
  });

  it('names list items by index and shortens long found texts', () => {
    expect(fieldName(['intent', 'neutral', 1])).toBe('neutral[1]');
    expect(fieldName([0])).toBe('item [0]');
    expect(describeFound('x'.repeat(100))).toMatch(/^the text "x{39}…"$/);
  });
});

describe('the loaders use the sentences', () => {
  it('a records line whose shard_id is the text "2"', () => {
    const rec = JSON.parse(JSON.stringify(goodMathRecord())) as { shards: Array<{ shard_id: unknown }> };
    rec.shards[1]!.shard_id = '2';
    const { diagnostics } = parseRecordsText('/ws/r.records.jsonl', JSON.stringify(rec) + '\n');
    const d = diagnostics.find((x) => x.code === 'schema')!;
    expect(d.message).toBe('`shard_id` must be a number, found the text "2"');
    expect(d.path).toBe('shards[1].shard_id');
  });

  it('a run line whose depth k is the text "3"', () => {
    const entry = {
      conv_id: 'c',
      task: 'math',
      task_id: 't',
      assistant_model: 'm',
      k: '3',
      trace: [{ role: 'user', content: 'hi' }],
    };
    const { diagnostics } = validateRunLogEntry(entry, { file: '/ws/l.jsonl', line: 1, column: 1 });
    expect(diagnostics.map((d) => [d.path, d.message])).toContainEqual([
      'k',
      '`k` must be a number, found the text "3"',
    ]);
  });
});

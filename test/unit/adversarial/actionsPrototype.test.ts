// Issue 17.3: hostile tool-call answers and records get a verdict, never a crash of the run and
// never a pass: prototype-named arguments, and values or references nested 20,000 deep.
import { describe, expect, test } from 'vitest';
import { verifyActions } from '../../../src/core/verify/actions/actionsVerifier';
import { parseCalls } from '../../../src/core/verify/actions/parseCalls';
import { parseRecordsText } from '../../../src/core/load/recordsFile';
import { verifyAnswer } from '../../../src/core/verify/verifyAnswer';

const fn = { name: 'f', parameters: { type: 'dict', properties: { x: { type: 'integer' } }, required: ['x'] } };
const reference = [{ f: { x: [1] } }];
const PROTO_NAMES = ['constructor', 'toString', 'hasOwnProperty', '__proto__', 'valueOf', '__defineGetter__'];

describe('prototype-named arguments', () => {
  for (const name of PROTO_NAMES) {
    test(`Python call with ${name}=… fails (unexpected parameter), no crash`, () => {
      const r = verifyActions(`[f(x=1, ${name}=2)]`, reference, { functions: [fn] });
      expect(r.is_correct).toBe(false);
      expect(r.details.message).toContain(name);
    });

    test(`JSON call with "${name}" fails, no crash`, () => {
      const r = verifyActions(`[{"name": "f", "arguments": {"x": 1, "${name}": {"x": 1}}}]`, reference, {
        functions: [fn],
      });
      expect(r.is_correct).toBe(false);
    });

    test(`a call missing x but naming ${name} is not a pass`, () => {
      expect(verifyActions(`[f(${name}=1)]`, reference, { functions: [fn] }).is_correct).toBe(false);
    });

    test(`a record whose schema and possible answer use "${name}" scores by own properties only`, () => {
      const schema = {
        name: 'g',
        parameters: { type: 'dict', properties: { [name]: { type: 'integer' } }, required: [name] },
      };
      const possible = JSON.parse(`[{"g": {"${name}": [3]}}]`) as unknown;
      expect(verifyActions(`[g(${name}=3)]`, possible, { functions: [schema] }).is_correct).toBe(true);
      expect(verifyActions(`[g(${name}=4)]`, possible, { functions: [schema] }).is_correct).toBe(false);
      expect(verifyActions('[g()]', possible, { functions: [schema] }).is_correct).toBe(false);
    });
  }

  test('the parsed arguments are plain data: __proto__ does not change the prototype', () => {
    const call = parseCalls('[f(__proto__={"polluted": 1}, x=1)]')!.calls[0]!;
    expect(Object.keys(call.args).sort()).toEqual(['__proto__', 'x']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('nesting 20,000 deep', () => {
  const DEEP = 20_000;
  test('a Python answer nested 20,000 deep fails with a verdict', () => {
    const r = verifyActions(`[f(x=${'['.repeat(DEEP)}1${']'.repeat(DEEP)})]`, reference, { functions: [fn] });
    expect(r.is_correct).toBe(false);
  });

  test('a JSON answer nested 20,000 deep fails with a verdict', () => {
    const r = verifyActions(`[{"name": "f", "arguments": {"x": ${'['.repeat(DEEP)}1${']'.repeat(DEEP)}}}]`, reference, {
      functions: [fn],
    });
    expect(r.is_correct).toBe(false);
  });

  test('a record whose possible answer nests 20,000 deep loads, scores and is never a pass', async () => {
    const deep = `${'['.repeat(DEEP)}1.0${']'.repeat(DEEP)}`;
    const line = `{"task_id": "deep", "task": "actions", "shards": [{"shard_id": 1, "shard_text": "q"}], "function": ${JSON.stringify([fn])}, "reference_answer": [{"f": {"x": [${deep}]}}]}`;
    const record = parseRecordsText('r.jsonl', line + '\n').items[0]!.value;
    for (const answer of ['[f(x=1)]', `[f(x=${deep})]`]) {
      const r = await verifyAnswer(record, 'original', answer);
      expect(r.is_correct).not.toBe(true);
    }
  });
});

// Issue 15.1 (actions): BFCL's int/float distinction survives JSON, a call list missing its `[`
// is repaired as BFCL's decoder does, and the default reading is the paper's protocol (bare call
// list or structured tool calls; prose around it rejected), the prose reading an option.
import { describe, expect, test } from 'vitest';
import { parseCalls } from '../../../src/core/verify/actions/parseCalls';
import { verifyActions } from '../../../src/core/verify/actions/actionsVerifier';
import { parseJsonKeepingFloats, isFloatLiteral } from '../../../src/core/jsonl/floatLiterals';
import { parseRecordsText } from '../../../src/core/load/recordsFile';
import { verifyAnswer } from '../../../src/core/verify/verifyAnswer';

const averageFn = {
  name: 'calculate_average',
  parameters: {
    type: 'dict',
    properties: { numbers: { type: 'array', items: { type: 'float' } } },
    required: ['numbers'],
  },
};
const triangleFn = {
  name: 'calculate_triangle_area',
  parameters: {
    type: 'dict',
    properties: { base: { type: 'integer' }, height: { type: 'integer' } },
    required: ['base', 'height'],
  },
};
const triangles = [
  { calculate_triangle_area: { base: [10], height: [5] } },
  { calculate_triangle_area: { base: [15], height: [7] } },
];

describe('float literals survive JSON', () => {
  test('marks integral floats by container and key, values unchanged', () => {
    const v = parseJsonKeepingFloats('{"a": [1.0, 2, 3e2], "b": 4.0, "c": 5, "d": "6.0"}') as {
      a: number[];
      b: number;
    };
    expect(v).toEqual({ a: [1, 2, 300], b: 4, c: 5, d: '6.0' });
    expect([0, 1, 2].map((i) => isFloatLiteral(v.a, i))).toEqual([true, false, true]);
    expect(isFloatLiteral(v, 'b')).toBe(true);
    expect(isFloatLiteral(v, 'c')).toBe(false);
    expect(isFloatLiteral(v, 'd')).toBe(false);
  });

  test('a record loaded from text rejects ints where its possible answer lists floats (BFCL type_error:nested)', async () => {
    const line = JSON.stringify({
      task_id: 'avg',
      task: 'actions',
      shards: [{ shard_id: 1, shard_text: 'average' }],
      function: [averageFn],
      test_category: 'simple_python',
    }).replace(/}$/, ', "reference_answer": [{"calculate_average": {"numbers": [[12.0, 15.0, 18.0]]}}]}');
    const record = parseRecordsText('r.jsonl', line + '\n').items[0]!.value;
    const ints = await verifyAnswer(record, 'original', '[calculate_average(numbers=[12, 15, 18])]');
    expect(ints.is_correct).toBe(false);
    expect((ints.details.info as { errorType?: string }).errorType).toBe('type_error:nested');
    expect((await verifyAnswer(record, 'original', '[calculate_average(numbers=[12.0, 15.0, 18.0])]')).is_correct).toBe(
      true,
    );
    // The same floats written by a function-calling model as JSON arguments.
    expect(
      (
        await verifyAnswer(
          record,
          'original',
          '[{"name": "calculate_average", "arguments": "{\\"numbers\\": [12.0, 15.0, 18.0]}"}]',
        )
      ).is_correct,
    ).toBe(true);
    expect(
      (
        await verifyAnswer(
          record,
          'original',
          '[{"name": "calculate_average", "arguments": "{\\"numbers\\": [12, 15, 18]}"}]',
        )
      ).is_correct,
    ).toBe(false);
  });

  test('without float literals an int list still matches an int possible answer', () => {
    expect(
      verifyActions('[calculate_average(numbers=[12, 15])]', [{ calculate_average: { numbers: [[12, 15]] } }], {
        functions: [averageFn],
      }).is_correct,
    ).toBe(true);
  });
});

describe('paper protocol (default) and the lenient option', () => {
  test("a call list missing its leading '[' is repaired, as BFCL's decoder does", () => {
    const text = 'calculate_triangle_area(base=10, height=5), calculate_triangle_area(base=15, height=7)]';
    const p = parseCalls(text)!;
    expect(p.calls.map((c) => c.name)).toEqual(['calculate_triangle_area', 'calculate_triangle_area']);
    // Spans still point into the response as written.
    const s = p.calls[1]!.argSpans.base!;
    expect(text.slice(s.start, s.end)).toBe('15');
    expect(verifyActions(text, triangles, { functions: [triangleFn], testCategory: 'parallel' }).is_correct).toBe(true);
  });

  test('prose around the list, or two lists, are rejected by default and read when lenient', () => {
    expect(
      verifyActions(
        'calculate_triangle_area(base=10, height=5); calculate_triangle_area(base=15, height=7)',
        triangles,
        { functions: [triangleFn], testCategory: 'parallel' },
      ).is_correct,
    ).toBe(false);
    for (const text of [
      'Here you go: [calculate_triangle_area(base=10, height=5), calculate_triangle_area(base=15, height=7)]',
      '[calculate_triangle_area(base=10, height=5)]\n[calculate_triangle_area(base=15, height=7)]',
    ]) {
      expect(
        verifyActions(text, triangles, { functions: [triangleFn], testCategory: 'parallel' }).is_correct,
        text,
      ).toBe(false);
      expect(
        verifyActions(text, triangles, { functions: [triangleFn], testCategory: 'parallel', lenientFormat: true })
          .is_correct,
        text,
      ).toBe(true);
    }
  });

  test('a list broken over lines and a fenced list read in both modes', () => {
    for (const text of [
      '[calculate_triangle_area(base=10, height=5),\ncalculate_triangle_area(base=15, height=7)]',
      '```python\n[calculate_triangle_area(base=10, height=5), calculate_triangle_area(base=15, height=7)]\n```',
    ]) {
      expect(
        verifyActions(text, triangles, { functions: [triangleFn], testCategory: 'parallel' }).is_correct,
        text,
      ).toBe(true);
    }
  });

  test('structured tool calls (JSON, OpenAI tool_calls, BFCL decoded shape) are accepted by default', () => {
    const shapes = [
      JSON.stringify([
        { name: 'calculate_triangle_area', arguments: JSON.stringify({ base: 10, height: 5 }) },
        { name: 'calculate_triangle_area', arguments: { base: 15, height: 7 } },
      ]),
      JSON.stringify({
        tool_calls: [
          { type: 'function', function: { name: 'calculate_triangle_area', arguments: '{"base": 10, "height": 5}' } },
          { type: 'function', function: { name: 'calculate_triangle_area', arguments: '{"base": 15, "height": 7}' } },
        ],
      }),
      '```json\n[{"calculate_triangle_area": {"base": 10, "height": 5}}, {"calculate_triangle_area": {"base": 15, "height": 7}}]\n```',
    ];
    for (const text of shapes) {
      const r = verifyActions(text, triangles, { functions: [triangleFn], testCategory: 'parallel' });
      expect(r.is_correct, text).toBe(true);
    }
    // JSON inside prose is the lenient reading only.
    const inProse = `The calls are ${shapes[0]} as requested.`;
    expect(verifyActions(inProse, triangles, { functions: [triangleFn], testCategory: 'parallel' }).is_correct).toBe(
      false,
    );
    expect(
      verifyActions(inProse, triangles, { functions: [triangleFn], testCategory: 'parallel', lenientFormat: true })
        .is_correct,
    ).toBe(true);
  });
});

import { describe, expect, test } from 'vitest';
import { parseCalls } from '../../../src/core/verify/actions/parseCalls';
import { verifyActions } from '../../../src/core/verify/actions/actionsVerifier';
import type { PossibleAnswer } from '../../../src/core/verify/actions/bfclChecker';

const functions = [
  {
    name: 'calc_area_triangle',
    parameters: {
      type: 'dict',
      properties: { base: { type: 'integer' }, height: { type: 'integer' } },
      required: ['base', 'height'],
    },
  },
  {
    name: 'lawsuit_search',
    parameters: {
      type: 'dict',
      properties: { entity: { type: 'string' }, county: { type: 'string' }, state: { type: 'string' } },
      required: ['entity', 'county'],
    },
  },
  {
    name: 'bmi.calc',
    parameters: {
      type: 'dict',
      properties: { weight: { type: 'float' }, units: { type: 'array', items: { type: 'string' } } },
      required: ['weight'],
    },
  },
];
const triangles: PossibleAnswer = [
  { calc_area_triangle: { base: [10], height: [5] } },
  { calc_area_triangle: { base: [15], height: [7] } },
];
const lawsuits: PossibleAnswer = [
  { lawsuit_search: { entity: ['Google'], county: ['Santa Clara'], state: ['California', 'CA', ''] } },
  { lawsuit_search: { entity: ['Facebook'], county: ['San Mateo'], state: ['California', 'CA', ''] } },
];

describe('parseCalls', () => {
  test('a list of calls with dotted names, nested values and spans', () => {
    const text =
      'Sure:\n```python\n[bmi.calc(weight=70, units=["kg", \'m\']), calc_area_triangle(height=-5, base=2*5)]\n```';
    const p = parseCalls(text, { lenient: true })!;
    expect(p.format).toBe('python');
    expect(p.calls.map((c) => c.name)).toEqual(['bmi.calc', 'calc_area_triangle']);
    expect(p.calls[1]!.args.base).toEqual({ t: 'int', v: 10 });
    expect(p.calls[1]!.args.height).toEqual({ t: 'int', v: -5 });
    const s = p.calls[0]!.argSpans.weight!;
    expect(text.slice(s.start, s.end)).toBe('70');
  });
  test('JSON tool-call shapes', () => {
    expect(
      parseCalls('{"name": "calc_area_triangle", "arguments": {"base": 10, "height": 5}}')!.calls[0]!.args.base,
    ).toEqual({ t: 'int', v: 10 });
    const openai = JSON.stringify({
      tool_calls: [
        { type: 'function', function: { name: 'calc_area_triangle', arguments: '{"base": 15, "height": 7}' } },
      ],
    });
    expect(parseCalls(openai)!.calls[0]!.args.height).toEqual({ t: 'int', v: 7 });
  });
  test('never evaluates: names stay strings, calls without keywords stay text', () => {
    const p = parseCalls('f(x=__import__("os").system("echo hi"), y=os)')!;
    expect(p.calls[0]!.args.x).toEqual({ t: 'str', v: '__import__("os").system("echo hi")' });
    expect(p.calls[0]!.args.y).toEqual({ t: 'str', v: 'os' });
  });
  test('prose without calls gives nothing', () => {
    expect(parseCalls('The question lacks the parameters required by the function.')).toBeUndefined();
  });
});

describe('verifyActions (BFCL rules)', () => {
  test('parallel calls in any order, kwargs reordered', () => {
    const r = verifyActions(
      '[calc_area_triangle(height=7, base=15), calc_area_triangle(height=5, base=10)]',
      triangles,
      { functions, testCategory: 'parallel' },
    );
    expect(r.is_correct).toBe(true);
  });
  test('a wrong argument value fails and says which', () => {
    const r = verifyActions(
      '[calc_area_triangle(base=10, height=6), calc_area_triangle(base=15, height=7)]',
      triangles,
      { functions, testCategory: 'parallel' },
    );
    expect(r.is_correct).toBe(false);
    expect(JSON.stringify(r.details.info)).toContain('height');
  });
  test('wrong number of calls fails', () => {
    expect(
      verifyActions('[calc_area_triangle(base=10, height=5)]', triangles, { functions, testCategory: 'parallel' })
        .is_correct,
    ).toBe(false);
  });
  test('strings: case, spaces and punctuation ignored; "" marks an optional argument', () => {
    const r = verifyActions(
      "[lawsuit_search(entity='google', county='santa clara'), lawsuit_search(entity='Facebook', county='San-Mateo', state='CA')]",
      lawsuits,
      { functions, testCategory: 'parallel' },
    );
    expect(r.is_correct).toBe(true);
    const wrongCounty = verifyActions(
      "[lawsuit_search(entity='Google', county='Santa Clara'), lawsuit_search(entity='Facebook', county='Alameda')]",
      lawsuits,
      { functions, testCategory: 'parallel' },
    );
    expect(wrongCounty.is_correct).toBe(false);
  });
  test('int accepted for float, float not accepted for int', () => {
    const bmi: PossibleAnswer = [{ 'bmi.calc': { weight: [70.0], units: [['kg', 'm'], ''] } }];
    expect(verifyActions('bmi.calc(weight=70)', bmi, { functions, testCategory: 'simple' }).is_correct).toBe(true);
    expect(
      verifyActions('calc_area_triangle(base=10.0, height=5)', [triangles[0]!], { functions, testCategory: 'simple' })
        .is_correct,
    ).toBe(false);
  });
  test('missing required, unexpected parameter and unknown function all fail', () => {
    expect(
      verifyActions('calc_area_triangle(base=10)', [triangles[0]!], { functions, testCategory: 'simple' }).is_correct,
    ).toBe(false);
    expect(
      verifyActions('calc_area_triangle(base=10, height=5, units="m")', [triangles[0]!], {
        functions,
        testCategory: 'simple',
      }).is_correct,
    ).toBe(false);
    expect(
      verifyActions('area(base=10, height=5)', [triangles[0]!], { functions, testCategory: 'simple' }).is_correct,
    ).toBe(false);
  });
  test('list values: order as listed in the allowed values', () => {
    const bmi: PossibleAnswer = [
      {
        'bmi.calc': {
          weight: [70],
          units: [
            ['kg', 'm'],
            ['m', 'kg'],
          ],
        },
      },
    ];
    expect(
      verifyActions('bmi.calc(weight=70.0, units=["M", "KG"])', bmi, { functions, testCategory: 'simple' }).is_correct,
    ).toBe(true);
    expect(
      verifyActions('bmi.calc(weight=70.0, units=["kg"])', bmi, { functions, testCategory: 'simple' }).is_correct,
    ).toBe(false);
  });
  test('fenced code with explanation around it: fails under the paper protocol, scores when lenient', () => {
    const text =
      "Here are the calls:\n```python\n[lawsuit_search(county='Santa Clara', entity='Google', state='California'), lawsuit_search(state='California', county='San Mateo', entity='Facebook')]\n```\nLet me know!";
    expect(verifyActions(text, lawsuits, { functions, testCategory: 'parallel' }).is_correct).toBe(false);
    expect(verifyActions(text, lawsuits, { functions, testCategory: 'parallel', lenientFormat: true }).is_correct).toBe(
      true,
    );
  });
});

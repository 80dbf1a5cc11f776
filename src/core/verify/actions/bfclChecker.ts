// BFCL's AST checker (Python language), ported rule for rule from the evaluator LiC uses
// (tasks/actions/eval_bfcl.py): int accepted for float, strings compared after removing
// ` ,./-_*^` and lower-casing, "" in an allowed list marks an optional argument, parallel calls
// matched in any order.
import { fromJson, pyEquals, pyIn, pyRepr, ValueTooDeep, type PyTypeName, type PyValue } from './pyValue';
import type { ParsedCall } from './parseCalls';
import { isFloatLiteral } from '../../jsonl/floatLiterals';

export interface ToolParam {
  type?: string;
  items?: { type?: string };
}
export interface ToolSchema {
  name: string;
  parameters?: { properties?: Record<string, ToolParam>; required?: string[] };
}

/** BFCL possible answer: `[{func: {arg: [allowed values]}}]`. */
export type PossibleAnswer = Array<Record<string, Record<string, unknown[]>>>;

export interface CheckResult {
  valid: boolean;
  errors: string[];
  errorType?: string;
}

const TYPE_MAP: Record<string, PyTypeName> = {
  string: 'str',
  integer: 'int',
  float: 'float',
  number: 'float',
  boolean: 'bool',
  array: 'list',
  tuple: 'list',
  dict: 'dict',
  object: 'dict',
  any: 'str',
};
const NESTED = new Set<string>(['array', 'tuple']);

/** A value's Python type as `type(value)` would say (an unknown nested call is a dict). */
function typeOf(v: PyValue): PyTypeName {
  return v.t === 'call' ? 'dict' : v.t;
}

/** The type of the first non-optional allowed value. */
function possibleAnswerType(possible: readonly PyValue[]): PyTypeName | undefined {
  for (const a of possible) if (!(a.t === 'str' && a.v === '')) return typeOf(a);
  return undefined;
}

function typeChecker(
  param: string,
  value: PyValue,
  possible: readonly PyValue[],
  expectedDesc: string,
  expected: PyTypeName,
  nested: PyTypeName | undefined,
): { valid: boolean; isVariable: boolean; errors: string[] } {
  let isVariable = false;
  const pat = possibleAnswerType(possible);
  if (pat !== undefined && pat !== expected) isVariable = true;
  if (typeOf(value) === expected) {
    if (nested === undefined) return { valid: true, isVariable, errors: [] };
    for (const item of possible) {
      let ok = true;
      if (item.t === 'list' && (value.t === 'list' || value.t === 'tuple')) {
        for (const vi of value.items) {
          if (!typeChecker(param, vi, item.items, nested, nested, undefined).valid) {
            ok = false;
            break;
          }
        }
      }
      if (ok) return { valid: true, isVariable, errors: [] };
    }
    return {
      valid: false,
      isVariable,
      errors: [
        `Nested type checking failed for parameter '${param}'. Expected outer type ${expectedDesc} with inner type ${nested}. Parameter value: ${pyRepr(value)}.`,
      ],
    };
  }
  if (pat !== undefined && typeOf(value) === pat) return { valid: true, isVariable: true, errors: [] };
  return {
    valid: false,
    isVariable,
    errors: [
      `Incorrect type for parameter '${param}'. Expected type ${expectedDesc}, got ${typeOf(value)}. Parameter value: ${pyRepr(value)}.`,
    ],
  };
}

export function standardizeString(s: string): string {
  return s
    .replace(/[ ,./\-_*^]/g, '')
    .toLowerCase()
    .replace(/'/g, '"');
}

function stdValue(v: PyValue): PyValue {
  return v.t === 'str' ? { t: 'str', v: standardizeString(v.v) } : v;
}

function stringChecker(param: string, value: string, possible: readonly PyValue[]): CheckResult {
  const std = standardizeString(value);
  const allowed = possible
    .filter((p): p is { t: 'str'; v: string } => p.t === 'str')
    .map((p) => standardizeString(p.v));
  if (!allowed.includes(std))
    return {
      valid: false,
      errors: [
        `Invalid value for parameter '${param}': '${value}'. Expected one of ${possible.map(pyRepr).join(', ')}. Case insensitive.`,
      ],
      errorType: 'value_error:string',
    };
  return { valid: true, errors: [] };
}

function listChecker(param: string, value: PyValue & { items: PyValue[] }, possible: readonly PyValue[]): CheckResult {
  const std: PyValue = { t: 'list', items: value.items.map(stdValue) };
  const allowed = possible.map((p): PyValue =>
    p.t === 'list' || p.t === 'tuple' ? { t: 'list', items: p.items.map(stdValue) } : { t: 'list', items: [] },
  );
  if (!pyIn(std, allowed))
    return {
      valid: false,
      errors: [
        `Invalid value for parameter '${param}': ${pyRepr(value)}. Expected one of ${possible.map(pyRepr).join(', ')}.`,
      ],
      errorType: 'value_error:list/tuple',
    };
  return { valid: true, errors: [] };
}

function dictEntries(v: PyValue): Array<[string, PyValue]> {
  if (v.t === 'dict') return v.entries.map(([k, x]) => [k.t === 'str' ? k.v : pyRepr(k), x]);
  if (v.t === 'call') return Object.entries(v.args);
  return [];
}

function dictChecker(param: string, value: PyValue, possibleAnswers: readonly PyValue[]): CheckResult {
  let result: CheckResult = { valid: false, errors: [], errorType: 'dict_checker:unclear' };
  for (const pa of possibleAnswers) {
    if (pa.t === 'str' && pa.v === '') continue;
    result = { valid: false, errors: [], errorType: 'dict_checker:unclear' };
    const allowed = new Map(dictEntries(pa));
    let ok = true;
    for (const [key, v] of dictEntries(value)) {
      const opts = allowed.get(key);
      if (!opts) {
        result = {
          valid: false,
          errors: [`Unexpected dict key parameter: '${key}'.`],
          errorType: 'value_error:dict_key',
        };
        ok = false;
        break;
      }
      const optList = opts.t === 'list' ? opts.items.map(stdValue) : [stdValue(opts)];
      if (!pyIn(stdValue(v), optList)) {
        result = {
          valid: false,
          errors: [`Invalid value for parameter '${key}': ${pyRepr(v)}.`],
          errorType: 'value_error:dict_value',
        };
        ok = false;
        break;
      }
    }
    const given = new Set(dictEntries(value).map(([k]) => k));
    for (const [key, opts] of allowed) {
      const optional = opts.t === 'list' && opts.items.some((o) => o.t === 'str' && o.v === '');
      if (!given.has(key) && !optional) {
        result = { valid: false, errors: [`Missing dict key parameter: '${key}'.`], errorType: 'value_error:dict_key' };
        ok = false;
        break;
      }
    }
    if (ok) return { valid: true, errors: [] };
  }
  return result;
}

function listDictChecker(
  param: string,
  value: PyValue & { items: PyValue[] },
  possibleAnswers: readonly PyValue[],
): CheckResult {
  let result: CheckResult = { valid: false, errors: [], errorType: 'list_dict_checker:unclear' };
  for (const pa of possibleAnswers) {
    const items = pa.t === 'list' ? pa.items : [];
    if (value.items.length !== items.length) {
      result = {
        valid: false,
        errors: ['Wrong number of dictionaries in the list.'],
        errorType: 'value_error:list_dict_count',
      };
      continue;
    }
    let ok = true;
    for (let i = 0; i < items.length; i++) {
      result = dictChecker(param, value.items[i]!, [items[i]!]);
      if (!result.valid) {
        ok = false;
        break;
      }
    }
    if (ok) return { valid: true, errors: [] };
  }
  return result;
}

function findDescription(functions: readonly ToolSchema[], name: string): ToolSchema | undefined {
  return functions.find((f) => f.name === name);
}

/**
 * The allowed values of one argument of a possible answer: `[]` when the answer has no such own
 * key, or when its values nest too deep to read (nothing then matches them: never a pass).
 */
export function possibleValues(args: unknown, arg: string): PyValue[] {
  if (!args || typeof args !== 'object' || !Object.hasOwn(args, arg)) return [];
  const v: unknown = (args as Record<string, unknown>)[arg];
  try {
    return Array.isArray(v)
      ? v.map((x, i) => fromJson(x, isFloatLiteral(v, i)))
      : [fromJson(v, isFloatLiteral(args, arg))];
  } catch (e) {
    if (e instanceof ValueTooDeep) return [];
    throw e;
  }
}

/** A schema's property, only when it is the schema's own (argument names like `constructor` are data). */
function ownParam(properties: unknown, name: string): ToolParam | undefined {
  if (!properties || typeof properties !== 'object' || !Object.hasOwn(properties, name)) return undefined;
  const p: unknown = (properties as Record<string, unknown>)[name];
  return p && typeof p === 'object' ? (p as ToolParam) : {};
}

function pyTypeOf(desc: unknown): PyTypeName {
  return typeof desc === 'string' && Object.hasOwn(TYPE_MAP, desc) ? TYPE_MAP[desc]! : 'str';
}

export function simpleFunctionChecker(
  fn: ToolSchema | undefined,
  output: ParsedCall,
  expected: Record<string, Record<string, unknown[]>>,
): CheckResult {
  const [expectedName, rawPossible] = Object.entries(expected)[0] ?? ['', {}];
  const possible = new Map<string, PyValue[]>(
    Object.keys(rawPossible && typeof rawPossible === 'object' ? rawPossible : {}).map((k) => [
      k,
      possibleValues(rawPossible, k),
    ]),
  );
  const funcName = fn?.name ?? expectedName;
  if (output.name !== funcName)
    return {
      valid: false,
      errors: [`Function name '${funcName}' not found in model output.`],
      errorType: 'simple_function_checker:wrong_func_name',
    };
  const properties: unknown = fn?.parameters?.properties ?? {};
  const required: unknown = fn?.parameters?.required;
  for (const p of Array.isArray(required) ? required : []) {
    if (typeof p === 'string' && !Object.hasOwn(output.args, p))
      return {
        valid: false,
        errors: [`Missing required parameter: '${p}'.`],
        errorType: 'simple_function_checker:missing_required',
      };
  }
  for (const [param, raw] of Object.entries(output.args)) {
    let value = raw;
    const detail = ownParam(properties, param);
    const allowed = possible.get(param);
    if (!detail || !allowed)
      return {
        valid: false,
        errors: [`Unexpected parameter: '${param}'.`],
        errorType: 'simple_function_checker:unexpected_param',
      };
    const desc = typeof detail.type === 'string' ? detail.type : 'any';
    const expectedType = pyTypeOf(desc);
    const nested = NESTED.has(desc) ? pyTypeOf(detail.items?.type ?? 'any') : undefined;
    if (desc === 'tuple' && value.t === 'tuple') value = { t: 'list', items: value.items };
    if (expectedType === 'float' && value.t === 'int') value = { t: 'float', v: value.v };
    const tc = typeChecker(param, value, allowed, desc, expectedType, nested);
    if (!tc.valid)
      return {
        valid: false,
        errors: tc.errors,
        errorType: nested !== undefined && typeOf(value) === expectedType ? 'type_error:nested' : 'type_error:simple',
      };
    if (!tc.isVariable) {
      let r: CheckResult | undefined;
      if (expectedType === 'dict') r = dictChecker(param, value, allowed);
      else if (expectedType === 'list' && nested === 'dict' && (value.t === 'list' || value.t === 'tuple'))
        r = listDictChecker(param, value, allowed);
      else if (expectedType === 'str' && value.t === 'str') r = stringChecker(param, value.v, allowed);
      else if (expectedType === 'list' && (value.t === 'list' || value.t === 'tuple'))
        r = listChecker(param, value, allowed);
      if (r) {
        if (!r.valid) return r;
        continue;
      }
    }
    if (!pyIn(value, allowed))
      return {
        valid: false,
        errors: [
          `Invalid value for parameter '${param}': ${pyRepr(value)}. Expected one of ${allowed.map(pyRepr).join(', ')}.`,
        ],
        errorType: 'value_error:others',
      };
  }
  for (const [param, allowed] of possible) {
    if (!Object.hasOwn(output.args, param) && !allowed.some((a) => a.t === 'str' && a.v === ''))
      return {
        valid: false,
        errors: [`Optional parameter '${param}' not provided and not marked as optional.`],
        errorType: 'simple_function_checker:missing_optional',
      };
  }
  return { valid: true, errors: [] };
}

function parallelNoOrder(
  functions: readonly ToolSchema[],
  output: readonly ParsedCall[],
  possible: PossibleAnswer,
): CheckResult & { matches?: number[] } {
  if (output.length !== possible.length)
    return {
      valid: false,
      errors: ['Wrong number of functions.'],
      errorType: 'parallel_function_checker_no_order:wrong_count',
    };
  const matched: number[] = [];
  for (let i = 0; i < possible.length; i++) {
    const expected = possible[i]!;
    const fn = findDescription(functions, Object.keys(expected)[0] ?? '');
    const errs: string[] = [];
    let hit = -1;
    for (let j = 0; j < output.length; j++) {
      if (matched.includes(j)) continue;
      const r = simpleFunctionChecker(fn, output[j]!, expected);
      if (r.valid) {
        hit = j;
        break;
      }
      errs.push(`model call ${j}: ${r.errors.join(' ')}`);
    }
    if (hit < 0)
      return {
        valid: false,
        errors: [`Could not find a matching function among the model output for possible answer ${i}.`, ...errs],
        errorType: 'parallel_function_checker_no_order:cannot_find_match',
      };
    matched.push(hit);
  }
  return { valid: true, errors: [], matches: matched };
}

/** BFCL's `ast_checker` dispatch on the test category. */
export function bfclCheck(
  functions: readonly ToolSchema[],
  output: readonly ParsedCall[],
  possible: PossibleAnswer,
  testCategory: string,
): CheckResult & { matches?: number[] } {
  if (testCategory.includes('parallel')) return parallelNoOrder(functions, output, possible);
  if (testCategory.includes('multiple')) {
    // multiple_function_checker: one expected call chosen among several functions.
    if (output.length !== possible.length)
      return {
        valid: false,
        errors: ['Wrong number of functions.'],
        errorType: 'multiple_function_checker:wrong_count',
      };
    const expected = possible[0]!;
    return simpleFunctionChecker(findDescription(functions, Object.keys(expected)[0] ?? ''), output[0]!, expected);
  }
  if (output.length !== 1)
    return { valid: false, errors: ['Wrong number of functions.'], errorType: 'simple_function_checker:wrong_count' };
  const expected = possible[0];
  if (!expected) return { valid: false, errors: ['no possible answer'] };
  return simpleFunctionChecker(
    findDescription(functions, Object.keys(expected)[0] ?? '') ?? functions[0],
    output[0]!,
    expected,
  );
}

export { pyEquals };

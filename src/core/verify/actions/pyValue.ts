// Python values as BFCL's checker sees them. Python tells int from float and bool from int, and
// the type rules depend on it, so values are tagged rather than plain JS numbers.

import { isFloatLiteral } from '../../jsonl/floatLiterals';

export type PyValue =
  | { t: 'int'; v: number }
  | { t: 'float'; v: number }
  | { t: 'str'; v: string }
  | { t: 'bool'; v: boolean }
  | { t: 'none' }
  | { t: 'list'; items: PyValue[] }
  | { t: 'tuple'; items: PyValue[] }
  | { t: 'dict'; entries: Array<[PyValue, PyValue]> }
  /** A nested call with keyword arguments (BFCL keeps these as `{name: {arg: value}}`). */
  | { t: 'call'; name: string; args: Record<string, PyValue> };

export type PyTypeName = PyValue['t'];

/** Values nest at most this deep: reading, comparing and printing them are recursive. */
export const MAX_VALUE_DEPTH = 100;
export class ValueTooDeep extends Error {
  constructor() {
    super(`a value is nested deeper than ${MAX_VALUE_DEPTH} levels`);
  }
}

/** Keyword arguments by name, on a null prototype: names like `__proto__` or `constructor` are data. */
export function argsOf(entries: Iterable<readonly [string, PyValue]>): Record<string, PyValue> {
  const args = Object.create(null) as Record<string, PyValue>;
  for (const [k, v] of entries) args[k] = v;
  return args;
}

/**
 * JSON (possible answers, JSON tool calls) → Python value, as `json.loads` would give it: a number
 * written `3.0` stays a float when the text was parsed with `parseJsonKeepingFloats`.
 */
export function fromJson(v: unknown, writtenAsFloat = false, depth = 0): PyValue {
  if (depth > MAX_VALUE_DEPTH) throw new ValueTooDeep();
  if (v === null || v === undefined) return { t: 'none' };
  if (typeof v === 'boolean') return { t: 'bool', v };
  if (typeof v === 'number') return writtenAsFloat || !Number.isInteger(v) ? { t: 'float', v } : { t: 'int', v };
  if (typeof v === 'string') return { t: 'str', v };
  if (Array.isArray(v)) return { t: 'list', items: v.map((x, i) => fromJson(x, isFloatLiteral(v, i), depth + 1)) };
  if (typeof v === 'object')
    return {
      t: 'dict',
      entries: Object.entries(v as Record<string, unknown>).map(([k, x]) => [
        { t: 'str', v: k },
        fromJson(x, isFloatLiteral(v, k), depth + 1),
      ]),
    };
  return { t: 'str', v: String(v) };
}

function numeric(a: PyValue): number | undefined {
  if (a.t === 'int' || a.t === 'float') return a.v;
  if (a.t === 'bool') return a.v ? 1 : 0;
  return undefined;
}

/** Python `==`: 1 == 1.0 == True, lists and tuples never equal each other, dicts by key set. */
export function pyEquals(a: PyValue, b: PyValue): boolean {
  const na = numeric(a);
  const nb = numeric(b);
  if (na !== undefined || nb !== undefined) return na !== undefined && nb !== undefined && na === nb;
  if (a.t !== b.t) return false;
  switch (a.t) {
    case 'str':
      return a.v === (b as { v: string }).v;
    case 'none':
      return true;
    case 'list':
    case 'tuple': {
      const bi = (b as { items: PyValue[] }).items;
      return a.items.length === bi.length && a.items.every((x, i) => pyEquals(x, bi[i]!));
    }
    case 'dict': {
      const be = (b as { entries: Array<[PyValue, PyValue]> }).entries;
      if (a.entries.length !== be.length) return false;
      return a.entries.every(([k, v]) => be.some(([k2, v2]) => pyEquals(k, k2) && pyEquals(v, v2)));
    }
    case 'call': {
      const bc = b as { name: string; args: Record<string, PyValue> };
      const ka = Object.keys(a.args);
      return (
        a.name === bc.name &&
        ka.length === Object.keys(bc.args).length &&
        ka.every((k) => Object.hasOwn(bc.args, k) && pyEquals(a.args[k]!, bc.args[k]!))
      );
    }
    default:
      return false;
  }
}

export function pyIn(v: PyValue, list: readonly PyValue[]): boolean {
  return list.some((x) => pyEquals(v, x));
}

/** Python `repr`, for messages and for `extracted`. */
export function pyRepr(v: PyValue): string {
  switch (v.t) {
    case 'int':
      return String(v.v);
    case 'float':
      return Number.isInteger(v.v) ? `${v.v}.0` : String(v.v);
    case 'str':
      return `'${v.v.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;
    case 'bool':
      return v.v ? 'True' : 'False';
    case 'none':
      return 'None';
    case 'list':
      return `[${v.items.map(pyRepr).join(', ')}]`;
    case 'tuple':
      return `(${v.items.map(pyRepr).join(', ')}${v.items.length === 1 ? ',' : ''})`;
    case 'dict':
      return `{${v.entries.map(([k, x]) => `${pyRepr(k)}: ${pyRepr(x)}`).join(', ')}}`;
    case 'call':
      return `${v.name}(${Object.entries(v.args)
        .map(([k, x]) => `${k}=${pyRepr(x)}`)
        .join(', ')})`;
  }
}

/** Plain JSON for reports (tuples become lists, calls become `{name: {args}}`). */
export function toJson(v: PyValue): unknown {
  switch (v.t) {
    case 'int':
    case 'float':
    case 'str':
    case 'bool':
      return v.v;
    case 'none':
      return null;
    case 'list':
    case 'tuple':
      return v.items.map(toJson);
    case 'dict':
      return Object.fromEntries(v.entries.map(([k, x]) => [k.t === 'str' ? k.v : pyRepr(k), toJson(x)]));
    case 'call':
      return { [v.name]: Object.fromEntries(Object.entries(v.args).map(([k, x]) => [k, toJson(x)])) };
  }
}

// Tool calls written as JSON: {"name", "arguments"}, OpenAI `tool_calls`, BFCL's decoded
// `{name: {arg: value}}`. Arguments keep Python's int/float distinction and are plain data.
import { isFloatLiteral, parseJsonKeepingFloats } from '../../jsonl/floatLiterals';
import { argsOf, fromJson, ValueTooDeep, type PyValue } from './pyValue';
import type { ParsedCall } from './parseCalls';

function jsonArgs(v: unknown): Record<string, unknown> | undefined {
  if (typeof v === 'string') {
    try {
      return jsonArgs(parseJsonKeepingFloats(v));
    } catch {
      return undefined;
    }
  }
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
}

function own(rec: Record<string, unknown> | undefined, key: string): unknown {
  return rec && Object.hasOwn(rec, key) ? rec[key] : undefined;
}

function jsonArgsOf(args: Record<string, unknown>): Record<string, PyValue> {
  return argsOf(Object.entries(args).map(([k, v]) => [k, fromJson(v, isFloatLiteral(args, k), 1)] as const));
}

/** One JSON tool call in any of the common shapes. */
function jsonCall(o: unknown): ParsedCall | undefined {
  if (!o || typeof o !== 'object' || Array.isArray(o)) return undefined;
  const rec = o as Record<string, unknown>;
  const fnValue = own(rec, 'function');
  const fn = fnValue && typeof fnValue === 'object' ? (fnValue as Record<string, unknown>) : undefined;
  const recName = own(rec, 'name');
  const fnName = own(fn, 'name');
  const name = typeof recName === 'string' ? recName : typeof fnName === 'string' ? fnName : undefined;
  const rawArgs =
    own(rec, 'arguments') ??
    own(rec, 'parameters') ??
    own(rec, 'args') ??
    own(rec, 'input') ??
    own(fn, 'arguments') ??
    own(fn, 'parameters');
  if (name !== undefined) {
    const args = rawArgs === undefined ? {} : jsonArgs(rawArgs);
    if (!args) return undefined;
    return { name, args: jsonArgsOf(args), argSpans: {}, positional: 0 };
  }
  // BFCL's decoded shape: {"func": {"arg": value}}.
  const keys = Object.keys(rec);
  if (keys.length === 1) {
    const args = jsonArgs(rec[keys[0]!]);
    if (args) return { name: keys[0]!, args: jsonArgsOf(args), argSpans: {}, positional: 0 };
  }
  return undefined;
}

/** The calls of a JSON text; undefined unless the whole text is tool calls. */
export function parseJsonCalls(text: string): ParsedCall[] | undefined {
  let v: unknown;
  try {
    v = parseJsonKeepingFloats(text);
  } catch {
    return undefined;
  }
  if (v && typeof v === 'object' && !Array.isArray(v) && Array.isArray(own(v as Record<string, unknown>, 'tool_calls')))
    v = own(v as Record<string, unknown>, 'tool_calls');
  const list = Array.isArray(v) ? v : [v];
  const calls: ParsedCall[] = [];
  try {
    for (const item of list) {
      const c = jsonCall(item);
      if (!c) return undefined;
      calls.push(c);
    }
  } catch (e) {
    if (e instanceof ValueTooDeep) return undefined;
    throw e;
  }
  return calls;
}

// Actions: parse the response's calls and match them against the active BFCL-style reference.
import { parseCalls } from './parseCalls';
import { bfclCheck, type PossibleAnswer, type ToolSchema } from './bfclChecker';
import { pyRepr } from './pyValue';
import type { VerifyResult } from '../verifyTypes';

export interface ActionsTask {
  functions: readonly unknown[];
  testCategory?: string;
  language?: string;
  /** Find calls in prose, fences and lines too (default: the paper's protocol, a bare call list or JSON tool calls). */
  lenientFormat?: boolean;
}

function isToolSchema(f: unknown): f is ToolSchema {
  return !!f && typeof f === 'object' && typeof (f as { name?: unknown }).name === 'string';
}

export function isPossibleAnswer(v: unknown): v is PossibleAnswer {
  return (
    Array.isArray(v) &&
    v.every(
      (c) =>
        c &&
        typeof c === 'object' &&
        !Array.isArray(c) &&
        Object.values(c as object).every((args) => args && typeof args === 'object' && !Array.isArray(args)),
    )
  );
}

export function verifyActions(responseText: string, reference: unknown, task: ActionsTask): VerifyResult {
  if (!isPossibleAnswer(reference))
    return {
      is_correct: null,
      extracted: null,
      details: { domain: 'actions', message: 'the active reference is not a BFCL call list' },
    };
  if (task.language && task.language.toLowerCase() !== 'python')
    return {
      is_correct: null,
      extracted: null,
      details: { domain: 'actions', message: `language ${task.language} is not supported (Python only)` },
    };
  const parsed = parseCalls(responseText, { lenient: task.lenientFormat === true });
  if (!parsed)
    return {
      is_correct: false,
      extracted: null,
      details: { domain: 'actions', message: 'no function calls could be parsed from the response' },
    };
  const extracted = `[${parsed.calls.map((c) => pyRepr({ t: 'call', name: c.name, args: c.args })).join(', ')}]`;
  const category = task.testCategory ?? (reference.length > 1 ? 'parallel' : 'simple');
  const r = bfclCheck(task.functions.filter(isToolSchema), parsed.calls, reference, category);
  return {
    is_correct: r.valid,
    extracted,
    details: {
      domain: 'actions',
      message: r.valid
        ? `${parsed.calls.length} call(s) match the active reference`
        : (r.errors[0] ?? 'calls do not match'),
      info: {
        format: parsed.format,
        category,
        errors: r.errors,
        ...(r.errorType ? { errorType: r.errorType } : {}),
        ...(r.matches ? { matches: r.matches } : {}),
        ignoredPositional: parsed.calls.reduce((n, c) => n + c.positional, 0),
      },
    },
  };
}

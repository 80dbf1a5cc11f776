// Reads the function calls of a tool-use answer without evaluating anything: Python call syntax
// (`f(a=1)`, `[f(..), g(..)]`) through the @lezer/python parser, or JSON tool-call shapes
// ({"name", "arguments"}, OpenAI `tool_calls`, BFCL's `{name: {arg: value}}`).
import { parser } from '@lezer/python';
import type { SyntaxNode } from '@lezer/common';
import { fromJson, type PyValue } from './pyValue';

export interface Span {
  start: number;
  end: number;
}

export interface ParsedCall {
  name: string;
  args: Record<string, PyValue>;
  /** Where each keyword argument's value sits in the response (absent for JSON shapes). */
  argSpans: Record<string, Span>;
  span?: Span;
  /** Positional arguments are ignored by BFCL's checker; counted so a report can say so. */
  positional: number;
}

export interface ParsedCalls {
  calls: ParsedCall[];
  format: 'python' | 'json';
  /** The part of the response that held the calls. */
  source: string;
  span: Span;
}

class NotACall extends Error {}

function decodeStringLiteral(text: string): string {
  const m = /^([rRbBuUfF]*)('''|"""|'|")([\s\S]*)\2$/.exec(text);
  if (!m) return text;
  const raw = /r/i.test(m[1]!);
  const body = m[3]!;
  if (raw) return body;
  return body.replace(/\\(x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|N\{[^}]*\}|[0-7]{1,3}|\n|.)/g, (_, e: string) => {
    switch (e[0]) {
      case 'n':
        return '\n';
      case 't':
        return '\t';
      case 'r':
        return '\r';
      case '0':
      case '1':
      case '2':
      case '3':
      case '4':
      case '5':
      case '6':
      case '7':
        return String.fromCharCode(parseInt(e, 8));
      case 'x':
      case 'u':
      case 'U':
        return String.fromCodePoint(parseInt(e.slice(1), 16));
      case '\n':
        return '';
      case 'a':
        return '\x07';
      case 'b':
        return '\b';
      case 'f':
        return '\f';
      case 'v':
        return '\v';
      case '\\':
      case "'":
      case '"':
        return e;
      default:
        return '\\' + e;
    }
  });
}

function children(node: SyntaxNode): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  for (let c = node.firstChild; c; c = c.nextSibling) out.push(c);
  return out;
}

const PUNCT = new Set(['(', ')', '[', ']', '{', '}', ',', ':', 'AssignOp', '*', '**']);

function hasError(node: SyntaxNode): boolean {
  let bad = false;
  node.toTree().iterate({
    enter: (n) => {
      if (n.type.isError) bad = true;
      return !bad;
    },
  });
  return bad;
}

/** Safe arithmetic on number literals only (BFCL evaluates `2*3`; we never run code). */
function arith(op: string, a: PyValue, b: PyValue): PyValue {
  if ((a.t !== 'int' && a.t !== 'float') || (b.t !== 'int' && b.t !== 'float')) throw new NotACall('arithmetic on non-numbers');
  const bothInt = a.t === 'int' && b.t === 'int';
  let v: number;
  switch (op) {
    case '+':
      v = a.v + b.v;
      break;
    case '-':
      v = a.v - b.v;
      break;
    case '*':
      v = a.v * b.v;
      break;
    case '/':
      return { t: 'float', v: a.v / b.v };
    case '//':
      v = Math.floor(a.v / b.v);
      break;
    case '%':
      v = a.v - b.v * Math.floor(a.v / b.v);
      break;
    case '**':
      v = a.v ** b.v;
      break;
    default:
      throw new NotACall(`operator ${op}`);
  }
  return { t: bothInt && op !== '**' ? 'int' : bothInt && b.v >= 0 ? 'int' : 'float', v };
}

function valueOf(node: SyntaxNode, src: string): PyValue {
  const text = src.slice(node.from, node.to);
  switch (node.name) {
    case 'Number': {
      const clean = text.replace(/_/g, '');
      if (/^0[xX]/.test(clean)) return { t: 'int', v: parseInt(clean.slice(2), 16) };
      if (/^0[oO]/.test(clean)) return { t: 'int', v: parseInt(clean.slice(2), 8) };
      if (/^0[bB]/.test(clean)) return { t: 'int', v: parseInt(clean.slice(2), 2) };
      if (/[jJ]$/.test(clean)) return { t: 'str', v: text };
      return /[.eE]/.test(clean) ? { t: 'float', v: Number(clean) } : { t: 'int', v: Number(clean) };
    }
    case 'String':
      return { t: 'str', v: decodeStringLiteral(text) };
    case 'FormatString':
      return { t: 'str', v: decodeStringLiteral(text) };
    case 'ContinuedString':
      return { t: 'str', v: children(node).map((c) => decodeStringLiteral(src.slice(c.from, c.to))).join('') };
    case 'Boolean':
      return { t: 'bool', v: text === 'True' };
    case 'None':
      return { t: 'none' };
    case 'Ellipsis':
      return { t: 'str', v: '...' };
    case 'VariableName':
      // BFCL: a bare name is kept as its identifier string.
      return { t: 'str', v: text };
    case 'ParenthesizedExpression': {
      const inner = children(node).filter((c) => !PUNCT.has(c.name));
      if (inner.length !== 1) throw new NotACall('parenthesized');
      return valueOf(inner[0]!, src);
    }
    case 'ArrayExpression':
    case 'TupleExpression':
    case 'SetExpression':
      return { t: node.name === 'TupleExpression' ? 'tuple' : 'list', items: children(node).filter((c) => !PUNCT.has(c.name)).map((c) => valueOf(c, src)) };
    case 'DictionaryExpression': {
      const parts = children(node).filter((c) => !PUNCT.has(c.name));
      const entries: Array<[PyValue, PyValue]> = [];
      for (let i = 0; i + 1 < parts.length; i += 2) entries.push([valueOf(parts[i]!, src), valueOf(parts[i + 1]!, src)]);
      return { t: 'dict', entries };
    }
    case 'UnaryExpression': {
      const [op, operand] = children(node);
      const v = operand ? valueOf(operand, src) : undefined;
      const sign = op ? src.slice(op.from, op.to) : '';
      if (v && (v.t === 'int' || v.t === 'float') && (sign === '-' || sign === '+')) return { t: v.t, v: sign === '-' ? -v.v : v.v };
      if (v && v.t === 'bool' && sign === 'not') return { t: 'bool', v: !v.v };
      return { t: 'str', v: text };
    }
    case 'BinaryExpression': {
      const parts = children(node);
      const [a, op, b] = parts;
      if (!a || !op || !b) return { t: 'str', v: text };
      try {
        return arith(src.slice(op.from, op.to), valueOf(a, src), valueOf(b, src));
      } catch {
        return { t: 'str', v: text };
      }
    }
    case 'CallExpression': {
      const call = callOf(node, src);
      // BFCL: a nested call without keywords is kept as its source text.
      return Object.keys(call.args).length ? { t: 'call', name: call.name, args: call.args } : { t: 'str', v: text };
    }
    default:
      return { t: 'str', v: text };
  }
}

function callOf(node: SyntaxNode, src: string): ParsedCall {
  const callee = node.firstChild;
  const argList = node.getChild('ArgList');
  if (!callee || !argList) throw new NotACall('not a call');
  if (callee.name !== 'VariableName' && callee.name !== 'MemberExpression') throw new NotACall('callee');
  const name = src.slice(callee.from, callee.to).replace(/\s+/g, '');
  const args: Record<string, PyValue> = {};
  const argSpans: Record<string, Span> = {};
  let positional = 0;
  const parts = children(argList).filter((c) => c.name !== '(' && c.name !== ')');
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i]!;
    if (p.name === ',') continue;
    const next = parts[i + 1];
    if (p.name === 'VariableName' && next?.name === 'AssignOp') {
      const valueNode = parts[i + 2];
      if (!valueNode) throw new NotACall('keyword without value');
      args[src.slice(p.from, p.to)] = valueOf(valueNode, src);
      argSpans[src.slice(p.from, p.to)] = { start: valueNode.from, end: valueNode.to };
      i += 2;
    } else positional++;
  }
  return { name, args, argSpans, span: { start: node.from, end: node.to }, positional };
}

/** Parses one candidate text as Python calls; undefined unless it is only calls (or a list of them). */
export function parsePythonCalls(text: string): ParsedCall[] | undefined {
  if (!text.trim()) return undefined;
  const tree = parser.parse(text);
  const top = tree.topNode;
  if (hasError(top)) return undefined;
  const calls: ParsedCall[] = [];
  try {
    for (const stmt of children(top)) {
      if (stmt.name !== 'ExpressionStatement') return undefined;
      for (const expr of children(stmt)) {
        if (expr.name === ',') continue;
        if (expr.name === 'CallExpression') calls.push(callOf(expr, text));
        else if (expr.name === 'ArrayExpression' || expr.name === 'TupleExpression') {
          for (const el of children(expr)) {
            if (PUNCT.has(el.name)) continue;
            if (el.name !== 'CallExpression') return undefined;
            calls.push(callOf(el, text));
          }
        } else return undefined;
      }
    }
  } catch (e) {
    if (e instanceof NotACall) return undefined;
    throw e;
  }
  return calls;
}

function jsonArgs(v: unknown): Record<string, unknown> | undefined {
  if (typeof v === 'string') {
    try {
      return jsonArgs(JSON.parse(v));
    } catch {
      return undefined;
    }
  }
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
}

/** One JSON tool call in any of the common shapes. */
function jsonCall(o: unknown): ParsedCall | undefined {
  if (!o || typeof o !== 'object' || Array.isArray(o)) return undefined;
  const rec = o as Record<string, unknown>;
  const fn = rec.function && typeof rec.function === 'object' ? (rec.function as Record<string, unknown>) : undefined;
  const name = typeof rec.name === 'string' ? rec.name : typeof fn?.name === 'string' ? fn.name : undefined;
  const rawArgs = rec.arguments ?? rec.parameters ?? rec.args ?? rec.input ?? fn?.arguments ?? fn?.parameters;
  if (name !== undefined) {
    const args = rawArgs === undefined ? {} : jsonArgs(rawArgs);
    if (!args) return undefined;
    return { name, args: Object.fromEntries(Object.entries(args).map(([k, v]) => [k, fromJson(v)])), argSpans: {}, positional: 0 };
  }
  // BFCL's decoded shape: {"func": {"arg": value}}.
  const keys = Object.keys(rec);
  if (keys.length === 1) {
    const args = jsonArgs(rec[keys[0]!]);
    if (args) return { name: keys[0]!, args: Object.fromEntries(Object.entries(args).map(([k, v]) => [k, fromJson(v)])), argSpans: {}, positional: 0 };
  }
  return undefined;
}

export function parseJsonCalls(text: string): ParsedCall[] | undefined {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (v && typeof v === 'object' && !Array.isArray(v) && Array.isArray((v as { tool_calls?: unknown }).tool_calls)) v = (v as { tool_calls: unknown[] }).tool_calls;
  const list = Array.isArray(v) ? v : [v];
  const calls: ParsedCall[] = [];
  for (const item of list) {
    const c = jsonCall(item);
    if (!c) return undefined;
    calls.push(c);
  }
  return calls;
}

interface Candidate {
  text: string;
  offset: number;
}

const FENCE = /```[\w-]*[ \t]*\n?([\s\S]*?)```/g;

/** The parts of a response that may hold the calls, most likely first. */
function candidates(response: string): Candidate[] {
  const out: Candidate[] = [];
  const trimmedStart = response.length - response.trimStart().length;
  const whole = response.trim();
  out.push({ text: whole, offset: trimmedStart });
  const fences = [...response.matchAll(FENCE)].reverse();
  for (const f of fences) out.push({ text: f[1]!, offset: f.index + f[0].length - 3 - f[1]!.length });
  // An unclosed or single-backtick wrapper, as models sometimes write.
  const unfenced = /^`{1,3}[\w-]*\s*([\s\S]*?)\s*`{0,3}$/.exec(whole);
  if (unfenced && unfenced[1] !== whole) out.push({ text: unfenced[1]!, offset: trimmedStart + whole.indexOf(unfenced[1]!) });
  const first = response.indexOf('[');
  const last = response.lastIndexOf(']');
  if (first >= 0 && last > first) out.push({ text: response.slice(first, last + 1), offset: first });
  const firstBrace = response.indexOf('{');
  const lastBrace = response.lastIndexOf('}');
  if (firstBrace >= 0 && lastBrace > firstBrace) out.push({ text: response.slice(firstBrace, lastBrace + 1), offset: firstBrace });
  let offset = 0;
  const lines: Candidate[] = [];
  for (const line of response.split('\n')) {
    const lead = line.length - line.trimStart().length;
    if (line.trim()) lines.push({ text: line.trim(), offset: offset + lead });
    offset += line.length + 1;
  }
  out.push(...lines.reverse());
  return out;
}

function shift(calls: ParsedCall[], by: number): ParsedCall[] {
  const move = (s: Span): Span => ({ start: s.start + by, end: s.end + by });
  return calls.map((c) => ({ ...c, ...(c.span ? { span: move(c.span) } : {}), argSpans: Object.fromEntries(Object.entries(c.argSpans).map(([k, s]) => [k, move(s)])) }));
}

/**
 * LiC/BFCL's own reading: the whole response, one leading fence and one trailing fence removed,
 * newlines as spaces, must be a call or a list of calls (no prose, no second list).
 */
function strictCandidate(response: string): Candidate {
  let text = response.trim();
  let offset = response.indexOf(text);
  for (const start of ['```tool_code', '```python', '```json', '```', '`']) {
    if (text.startsWith(start)) {
      text = text.slice(start.length);
      offset += start.length;
    }
  }
  for (const end of ['```', '`']) if (text.endsWith(end)) text = text.slice(0, -end.length);
  const lead = text.length - text.trimStart().length;
  // Same length, so offsets still point into the response.
  return { text: text.trim().replace(/\n/g, ' '), offset: offset + lead };
}

export interface ParseCallsOptions {
  /** Accept only what LiC's BFCL parser accepts (the response is nothing but the call list). */
  strict?: boolean;
}

/** Finds the calls in a response; undefined when no part of it reads as calls. */
export function parseCalls(response: string, opts: ParseCallsOptions = {}): ParsedCalls | undefined {
  if (opts.strict) {
    const c = strictCandidate(response);
    const py = parsePythonCalls(c.text);
    const single = py !== undefined && parser.parse(c.text).topNode.getChildren('ExpressionStatement').length === 1;
    return py && single ? { calls: shift(py, c.offset), format: 'python', source: c.text, span: { start: c.offset, end: c.offset + c.text.length } } : undefined;
  }
  for (const c of candidates(response)) {
    const json = parseJsonCalls(c.text);
    if (json && json.length) return { calls: json, format: 'json', source: c.text, span: { start: c.offset, end: c.offset + c.text.length } };
    const py = parsePythonCalls(c.text);
    if (py && (py.length || /^\s*\[\s*\]\s*$/.test(c.text))) return { calls: shift(py, c.offset), format: 'python', source: c.text, span: { start: c.offset, end: c.offset + c.text.length } };
  }
  return undefined;
}

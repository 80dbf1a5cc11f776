// Reads the function calls of a tool-use answer without evaluating anything: Python call syntax
// (`f(a=1)`, `[f(..), g(..)]`) through the @lezer/python parser, or JSON tool-call shapes
// ({"name", "arguments"}, OpenAI `tool_calls`, BFCL's `{name: {arg: value}}`).
import { pythonParser } from '../pythonParser';
import type { SyntaxNode } from '@lezer/common';
import { argsOf, MAX_VALUE_DEPTH, ValueTooDeep, type PyValue } from './pyValue';
import { parseJsonCalls } from './jsonCalls';

export { parseJsonCalls };

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
  return body.replace(
    /\\(x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|N\{[^}]*\}|[0-7]{1,3}|\n|.)/g,
    (_, e: string) => {
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
    },
  );
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
  if ((a.t !== 'int' && a.t !== 'float') || (b.t !== 'int' && b.t !== 'float'))
    throw new NotACall('arithmetic on non-numbers');
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

function valueOf(node: SyntaxNode, src: string, depth = 0): PyValue {
  if (depth > MAX_VALUE_DEPTH) throw new ValueTooDeep();
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
      return {
        t: 'str',
        v: children(node)
          .map((c) => decodeStringLiteral(src.slice(c.from, c.to)))
          .join(''),
      };
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
      return valueOf(inner[0]!, src, depth + 1);
    }
    case 'ArrayExpression':
    case 'TupleExpression':
    case 'SetExpression':
      return {
        t: node.name === 'TupleExpression' ? 'tuple' : 'list',
        items: children(node)
          .filter((c) => !PUNCT.has(c.name))
          .map((c) => valueOf(c, src, depth + 1)),
      };
    case 'DictionaryExpression': {
      const parts = children(node).filter((c) => !PUNCT.has(c.name));
      const entries: Array<[PyValue, PyValue]> = [];
      for (let i = 0; i + 1 < parts.length; i += 2)
        entries.push([valueOf(parts[i]!, src, depth + 1), valueOf(parts[i + 1]!, src, depth + 1)]);
      return { t: 'dict', entries };
    }
    case 'UnaryExpression': {
      const [op, operand] = children(node);
      const v = operand ? valueOf(operand, src, depth + 1) : undefined;
      const sign = op ? src.slice(op.from, op.to) : '';
      if (v && (v.t === 'int' || v.t === 'float') && (sign === '-' || sign === '+'))
        return { t: v.t, v: sign === '-' ? -v.v : v.v };
      if (v && v.t === 'bool' && sign === 'not') return { t: 'bool', v: !v.v };
      return { t: 'str', v: text };
    }
    case 'BinaryExpression': {
      const parts = children(node);
      const [a, op, b] = parts;
      if (!a || !op || !b) return { t: 'str', v: text };
      try {
        return arith(src.slice(op.from, op.to), valueOf(a, src, depth + 1), valueOf(b, src, depth + 1));
      } catch (e) {
        if (e instanceof ValueTooDeep) throw e;
        return { t: 'str', v: text };
      }
    }
    case 'CallExpression': {
      const call = callOf(node, src, depth + 1);
      // BFCL: a nested call without keywords is kept as its source text.
      return Object.keys(call.args).length ? { t: 'call', name: call.name, args: call.args } : { t: 'str', v: text };
    }
    default:
      return { t: 'str', v: text };
  }
}

function callOf(node: SyntaxNode, src: string, depth = 0): ParsedCall {
  const callee = node.firstChild;
  const argList = node.getChild('ArgList');
  if (!callee || !argList) throw new NotACall('not a call');
  if (callee.name !== 'VariableName' && callee.name !== 'MemberExpression') throw new NotACall('callee');
  const name = src.slice(callee.from, callee.to).replace(/\s+/g, '');
  // Null prototype: argument names such as `__proto__` or `constructor` are plain data.
  const args = argsOf([]);
  const argSpans: Record<string, Span> = Object.create(null) as Record<string, Span>;
  let positional = 0;
  const parts = children(argList).filter((c) => c.name !== '(' && c.name !== ')');
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i]!;
    if (p.name === ',') continue;
    const next = parts[i + 1];
    if (p.name === 'VariableName' && next?.name === 'AssignOp') {
      const valueNode = parts[i + 2];
      if (!valueNode) throw new NotACall('keyword without value');
      args[src.slice(p.from, p.to)] = valueOf(valueNode, src, depth);
      argSpans[src.slice(p.from, p.to)] = { start: valueNode.from, end: valueNode.to };
      i += 2;
    } else positional++;
  }
  return { name, args, argSpans, span: { start: node.from, end: node.to }, positional };
}

/** Parses one candidate text as Python calls; undefined unless it is only calls (or a list of them). */
export function parsePythonCalls(text: string): ParsedCall[] | undefined {
  if (!text.trim()) return undefined;
  const tree = pythonParser().parse(text);
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
    if (e instanceof NotACall || e instanceof ValueTooDeep) return undefined;
    throw e;
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
  if (unfenced && unfenced[1] !== whole)
    out.push({ text: unfenced[1]!, offset: trimmedStart + whole.indexOf(unfenced[1]!) });
  const first = response.indexOf('[');
  const last = response.lastIndexOf(']');
  if (first >= 0 && last > first) out.push({ text: response.slice(first, last + 1), offset: first });
  const firstBrace = response.indexOf('{');
  const lastBrace = response.lastIndexOf('}');
  if (firstBrace >= 0 && lastBrace > firstBrace)
    out.push({ text: response.slice(firstBrace, lastBrace + 1), offset: firstBrace });
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
  return calls.map((c) => ({
    ...c,
    ...(c.span ? { span: move(c.span) } : {}),
    argSpans: Object.fromEntries(Object.entries(c.argSpans).map(([k, s]) => [k, move(s)])),
  }));
}

/**
 * LiC/BFCL's own reading: the whole response, one leading fence and one trailing fence removed,
 * newlines as spaces, must be a call or a list of calls (no prose, no second list). As BFCL's
 * decoder does, a missing leading `[` or trailing `]` is added (`f(a=1), g(b=2)]` reads).
 */
function paperCandidate(response: string): Candidate & { open: number; close: number } {
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
  text = text.trim().replace(/\n/g, ' ');
  offset += lead;
  const open = text.startsWith('[') ? '' : '[';
  const close = text.endsWith(']') ? '' : ']';
  return { text: open + text + close, offset, open: open.length, close: close.length };
}

export interface ParseCallsOptions {
  /**
   * Also find calls inside prose, fences and on separate lines (default: the paper's protocol,
   * LiC/BFCL decoding: the response is the call list, or a structured JSON tool call).
   */
  lenient?: boolean;
}

function parsedAt(calls: ParsedCall[], format: ParsedCalls['format'], c: Candidate): ParsedCalls {
  return {
    calls: format === 'python' ? shift(calls, c.offset) : calls,
    format,
    source: c.text,
    span: { start: c.offset, end: c.offset + c.text.length },
  };
}

/** Finds the calls in a response; undefined when it does not read as calls. */
export function parseCalls(response: string, opts: ParseCallsOptions = {}): ParsedCalls | undefined {
  if (!opts.lenient) {
    const c = paperCandidate(response);
    const written = { text: c.text.slice(c.open, c.text.length - c.close), offset: c.offset };
    const json = parseJsonCalls(written.text);
    if (json && json.length) return parsedAt(json, 'json', written);
    const py = parsePythonCalls(c.text);
    const single =
      py !== undefined && pythonParser().parse(c.text).topNode.getChildren('ExpressionStatement').length === 1;
    if (!py || !single) return undefined;
    return {
      calls: shift(py, c.offset - c.open),
      format: 'python',
      source: written.text,
      span: { start: written.offset, end: written.offset + written.text.length },
    };
  }
  for (const c of candidates(response)) {
    const json = parseJsonCalls(c.text);
    if (json && json.length) return parsedAt(json, 'json', c);
    const py = parsePythonCalls(c.text);
    if (py && (py.length || /^\s*\[\s*\]\s*$/.test(c.text))) return parsedAt(py, 'python', c);
  }
  return undefined;
}

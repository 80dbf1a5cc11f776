// Renaming a callable in Python source through the @lezer/python tree, so that only whole
// identifiers change: `intersperse` is renamed, `intersperse_all` and `helper.intersperse` are not.
// Strings and comments are not parsed by the grammar: there only the call form `name(` (docstring
// examples such as `>>> intersperse([], 4)`) and a back-quoted `` `name` `` are renamed, so prose that
// merely uses the word (HumanEval/47's "Return median of …") stays as written.
import { pythonParser } from '../../verify/pythonParser';

interface Span {
  from: number;
  to: number;
}

const IDENT_CHAR = /[A-Za-z0-9_]/;

/** Occurrences of `name` in prose (a string or comment) that name the callable: `name(` or `` `name` ``. */
function proseSpans(text: string, offset: number, name: string): Span[] {
  const out: Span[] = [];
  for (let i = text.indexOf(name); i >= 0; i = text.indexOf(name, i + 1)) {
    const before = text[i - 1] ?? '';
    const after = text.slice(i + name.length);
    if (IDENT_CHAR.test(before) || before === '.' || IDENT_CHAR.test(after[0] ?? '')) continue;
    const called = /^\s*\(/.test(after);
    const quoted = before === '`' && after[0] === '`';
    if (called || quoted) out.push({ from: offset + i, to: offset + i + name.length });
  }
  return out;
}

/** True when a PropertyName is an attribute of `self` or `cls` (a method of the class being written). */
function isOwnAttribute(code: string, from: number): boolean {
  return /\b(self|cls)\s*\.\s*$/.test(code.slice(Math.max(0, from - 40), from));
}

/** Where the callable `name` occurs in `code`: identifiers, own-method attributes, and prose call forms. */
export function nameOccurrences(code: string, name: string): Span[] {
  const spans: Span[] = [];
  pythonParser()
    .parse(code)
    .iterate({
      enter(node) {
        const text = () => code.slice(node.from, node.to);
        if (node.name === 'VariableName' && text() === name) spans.push({ from: node.from, to: node.to });
        else if (node.name === 'PropertyName' && text() === name && isOwnAttribute(code, node.from))
          spans.push({ from: node.from, to: node.to });
        else if (node.name === 'String' || node.name === 'FormatString' || node.name === 'Comment') {
          spans.push(...proseSpans(text(), node.from, name));
          return false;
        }
        return undefined;
      },
    });
  return spans.sort((a, b) => a.from - b.from);
}

/** `code` with every occurrence of the callable `from` renamed `to`, and how many were renamed. */
export function renameCallable(code: string, from: string, to: string): { code: string; count: number } {
  const spans = nameOccurrences(code, from);
  let out = '';
  let at = 0;
  for (const s of spans) {
    out += code.slice(at, s.from) + to;
    at = s.to;
  }
  return { code: out + code.slice(at), count: spans.length };
}

/** Every identifier the source uses (variables, parameters, attributes, imported names, keyword arguments). */
export function identifiersIn(code: string): Set<string> {
  const names = new Set<string>();
  pythonParser()
    .parse(code)
    .iterate({
      enter(node) {
        if (node.name === 'VariableName' || node.name === 'PropertyName') names.add(code.slice(node.from, node.to));
        return node.name === 'String' || node.name === 'Comment' ? false : undefined;
      },
    });
  return names;
}

/** The line that defines `name` (`def name(…)…:`), trimmed, for the evidence; undefined when there is none. */
export function signatureLine(code: string, name: string): string | undefined {
  const re = new RegExp(`^[ \\t]*(?:async[ \\t]+)?def[ \\t]+${name}[ \\t]*\\(`, 'm');
  const m = re.exec(code);
  if (!m) return undefined;
  const end = code.indexOf('\n', m.index);
  return code.slice(m.index, end < 0 ? code.length : end).trim();
}

/** The function (or method) names a source defines with `def`, in order. */
export function definedFunctions(code: string): string[] {
  const out: string[] = [];
  pythonParser()
    .parse(code)
    .iterate({
      enter(node) {
        if (node.name !== 'FunctionDefinition') return undefined;
        const n = node.node.getChild('VariableName');
        if (n) out.push(code.slice(n.from, n.to));
        return undefined;
      },
    });
  return out;
}

/** Parse errors in the source (the rename must not add any). */
export function parseErrorCount(code: string): number {
  let n = 0;
  pythonParser()
    .parse(code)
    .iterate({
      enter(node) {
        if (node.type.isError) n++;
      },
    });
  return n;
}

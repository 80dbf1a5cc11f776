// Python in a response: the program to test, and the names it defines at top level (through the
// @lezer/python parser, so names in strings, comments or nested scopes do not count).
import { pythonParser } from '../pythonParser';

export interface ExtractedPython {
  code: string;
  start: number;
  end: number;
}

export interface TopLevelName {
  name: string;
  kind: 'def' | 'class' | 'assign' | 'import';
  start: number;
  end: number;
}

/** Names bound at module level: def/async def (decorated too), class, `name = ...`, imports with `as`. */
export function topLevelNames(code: string): TopLevelName[] {
  const out: TopLevelName[] = [];
  const top = pythonParser().parse(code).topNode;
  for (let stmt = top.firstChild; stmt; stmt = stmt.nextSibling) {
    let node = stmt;
    if (node.name === 'DecoratedStatement')
      node = node.getChild('FunctionDefinition') ?? node.getChild('ClassDefinition') ?? node;
    if (node.name === 'FunctionDefinition' || node.name === 'ClassDefinition') {
      const n = node.getChild('VariableName');
      if (n)
        out.push({
          name: code.slice(n.from, n.to),
          kind: node.name === 'ClassDefinition' ? 'class' : 'def',
          start: n.from,
          end: n.to,
        });
    } else if (node.name === 'AssignStatement') {
      // Targets are the VariableNames before the last AssignOp.
      const kids = [];
      for (let c = node.firstChild; c; c = c.nextSibling) kids.push(c);
      let lastAssign = -1;
      kids.forEach((c, i) => {
        if (c.name === 'AssignOp') lastAssign = i;
      });
      for (const c of kids.slice(0, Math.max(0, lastAssign)))
        if (c.name === 'VariableName')
          out.push({ name: code.slice(c.from, c.to), kind: 'assign', start: c.from, end: c.to });
    } else if (node.name === 'ImportStatement') {
      const text = code.slice(node.from, node.to);
      for (const m of text.matchAll(/\bas\s+([A-Za-z_]\w*)/g))
        out.push({
          name: m[1]!,
          kind: 'import',
          start: node.from + m.index + m[0].length - m[1]!.length,
          end: node.from + m.index + m[0].length,
        });
      const from = /^from\s+\S+\s+import\s+\(?([^)]*)\)?/s.exec(text);
      if (from)
        for (const part of from[1]!.split(',')) {
          const name = part.trim().split(/\s+/)[0];
          if (name && !/\bas\b/.test(part) && /^[A-Za-z_]\w*$/.test(name))
            out.push({ name, kind: 'import', start: node.from, end: node.to });
        }
    }
  }
  return out;
}

const FENCE = /```[ \t]*([\w+-]*)[^\n]*\n([\s\S]*?)```/g;

/**
 * The program of a response: among fenced Python (or unlabelled) blocks, the last one that defines
 * one of the wanted names at top level, else the last one that defines any function, else the whole
 * response when it is itself Python with a top-level def.
 */
export function extractPython(response: string, wantedNames: readonly string[]): ExtractedPython | undefined {
  const blocks: ExtractedPython[] = [];
  for (const m of response.matchAll(FENCE)) {
    const lang = m[1]!.toLowerCase();
    if (lang && !['python', 'py', 'python3'].includes(lang)) continue;
    const start = m.index + m[0].length - 3 - m[2]!.length;
    blocks.push({ code: m[2]!, start, end: start + m[2]!.length });
  }
  const defines = (b: ExtractedPython, pred: (n: TopLevelName) => boolean) => topLevelNames(b.code).some(pred);
  for (let i = blocks.length - 1; i >= 0; i--)
    if (defines(blocks[i]!, (n) => wantedNames.includes(n.name))) return blocks[i];
  for (let i = blocks.length - 1; i >= 0; i--) if (defines(blocks[i]!, (n) => n.kind === 'def')) return blocks[i];
  if (!blocks.length && topLevelNames(response).some((n) => n.kind === 'def'))
    return { code: response, start: 0, end: response.length };
  return blocks[blocks.length - 1];
}

// Lossless edits of one JSON text (a record's line): a value is replaced by splicing its new JSON
// over the old value's span, a new key is inserted after the last member, so key order, unknown
// fields, number spelling and the line's separator style all survive. Everything outside the
// edited span is left byte for byte.
import { JsonSpanError, nodeAt, parseJsonSpans, type JsonNode } from '../jsonl/jsonSpans';

export type JsonPath = ReadonlyArray<string | number>;

export type FieldEdit = { path: JsonPath; value: unknown } | { path: JsonPath; delete: true };

export class EditError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EditError';
  }
}

/** How the text writes JSON, so inserted values look like their neighbours. */
export interface JsonStyle {
  /** Between a key and its value, e.g. `: ` (Python's json.dumps) or `:`. */
  keySep: string;
  /** Between members or items, e.g. `, ` or `,`. */
  itemSep: string;
  /** Escape non-ASCII as \uXXXX (Python's default `ensure_ascii`). */
  ascii: boolean;
}

export function detectStyle(text: string, root: JsonNode): JsonStyle {
  let keySep: string | undefined;
  let itemSep: string | undefined;
  const visit = (node: JsonNode): void => {
    if (keySep !== undefined && itemSep !== undefined) return;
    if (node.type === 'object') {
      node.members.forEach((m, idx) => {
        if (keySep === undefined) {
          const keyEnd = skipString(text, m.keyStart);
          keySep = text.slice(keyEnd, m.value.start);
        }
        const next = node.members[idx + 1];
        if (itemSep === undefined && next) itemSep = text.slice(m.value.end, next.keyStart);
        visit(m.value);
      });
    } else if (node.type === 'array') {
      node.items.forEach((it, idx) => {
        const next = node.items[idx + 1];
        if (itemSep === undefined && next) itemSep = text.slice(it.end, next.start);
        visit(it);
      });
    }
  };
  visit(root);
  // Only single-line separators are reused inside new values; a pretty-printed text gets compact
  // nested values with a space after each separator.
  const oneLine = (s: string | undefined, fallback: string) => (s !== undefined && !/[\r\n]/.test(s) ? s : fallback);
  // eslint-disable-next-line no-control-regex
  const ascii = !/[^\x00-\x7f]/.test(text);
  return { keySep: oneLine(keySep, ': '), itemSep: oneLine(itemSep, ', '), ascii };
}

function skipString(text: string, start: number): number {
  let i = start + 1;
  while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
  return i + 1;
}

function stringLiteral(s: string, ascii: boolean): string {
  const json = JSON.stringify(s);
  return ascii ? json.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`) : json;
}

/** JSON for a value, written in a text's style. */
export function stringifyStyled(value: unknown, style: JsonStyle): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return stringLiteral(value, style.ascii);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new EditError(`cannot write ${value} as JSON`);
    return JSON.stringify(value);
  }
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (Array.isArray(value)) return `[${value.map((v) => stringifyStyled(v, style)).join(style.itemSep)}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries.map(([k, v]) => `${stringLiteral(k, style.ascii)}${style.keySep}${stringifyStyled(v, style)}`).join(style.itemSep)}}`;
  }
  throw new EditError(`cannot write a ${typeof value} as JSON`);
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a))
    return a.length === (b as unknown[]).length && a.every((v, i) => deepEqual(v, (b as unknown[])[i]));
  const ka = Object.keys(a as object);
  const kb = Object.keys(b as object);
  // Same keys in the same order: a reorder is a textual change worth writing.
  return (
    ka.length === kb.length &&
    ka.every((k, i) => k === kb[i] && deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
  );
}

function parse(text: string): JsonNode {
  try {
    return parseJsonSpans(text);
  } catch (e) {
    throw new EditError(e instanceof JsonSpanError ? `the text is not valid JSON (${e.message})` : String(e));
  }
}

const splice = (text: string, start: number, end: number, insert: string) =>
  text.slice(0, start) + insert + text.slice(end);

/** Builds the value to insert for a missing tail of a path (`['a', 'b'], v` → `{"b": v}` under `a`). */
function nestFor(rest: JsonPath, value: unknown): unknown {
  let v = value;
  for (let i = rest.length - 1; i >= 0; i--) {
    const step = rest[i]!;
    if (typeof step === 'number') {
      if (step !== 0) throw new EditError(`cannot create array index ${step} in a missing array`);
      v = [v];
    } else v = { [step]: v };
  }
  return v;
}

/** Sets the value at a path, creating missing object keys (appended last) and array slots (at the end). */
export function setAtPath(text: string, path: JsonPath, value: unknown): string {
  const root = parse(text);
  const style = detectStyle(text, root);
  const existing = nodeAt(root, path);
  if (existing) {
    if (deepEqual(JSON.parse(text.slice(existing.start, existing.end)), value)) return text;
    return splice(text, existing.start, existing.end, stringifyStyled(value, style));
  }
  // Find the deepest existing parent.
  let depth = path.length - 1;
  let parent = nodeAt(root, path.slice(0, depth));
  while (!parent && depth > 0) parent = nodeAt(root, path.slice(0, --depth));
  if (!parent) throw new EditError('no parent for the path');
  const step = path[depth]!;
  const inserted = nestFor(path.slice(depth + 1), value);
  if (parent.type === 'object' && typeof step === 'string') {
    const member = `${stringLiteral(step, style.ascii)}${style.keySep}${stringifyStyled(inserted, style)}`;
    const last = parent.members[parent.members.length - 1];
    if (!last) return splice(text, parent.start + 1, parent.end - 1, member);
    const prev = parent.members[parent.members.length - 2];
    // Reuse this object's own separator (it may differ from the line's first one, e.g. pretty-printed).
    const sep = prev ? text.slice(prev.value.end, last.keyStart) : style.itemSep;
    return splice(text, last.value.end, last.value.end, sep + member);
  }
  if (parent.type === 'array' && typeof step === 'number' && step === parent.items.length) {
    const item = stringifyStyled(inserted, style);
    const last = parent.items[parent.items.length - 1];
    if (!last) return splice(text, parent.start + 1, parent.end - 1, item);
    const prev = parent.items[parent.items.length - 2];
    const sep = prev ? text.slice(prev.end, last.start) : style.itemSep;
    return splice(text, last.end, last.end, sep + item);
  }
  throw new EditError(
    `cannot set ${formatPath(path)}: ${typeof step === 'number' ? 'index out of range' : 'the parent is not an object'}`,
  );
}

/** Removes the value at a path with its separator; a missing path is no change. */
export function deleteAtPath(text: string, path: JsonPath): string {
  if (path.length === 0) throw new EditError('cannot delete the whole value');
  const root = parse(text);
  const parent = nodeAt(root, path.slice(0, -1));
  const step = path[path.length - 1]!;
  if (parent?.type === 'object' && typeof step === 'string') {
    const idx = parent.members.map((m) => m.key).lastIndexOf(step);
    if (idx < 0) return text;
    const m = parent.members[idx]!;
    const prev = parent.members[idx - 1];
    const next = parent.members[idx + 1];
    if (prev) return splice(text, prev.value.end, m.value.end, '');
    if (next) return splice(text, m.keyStart, next.keyStart, '');
    return splice(text, parent.start + 1, parent.end - 1, '');
  }
  if (parent?.type === 'array' && typeof step === 'number') {
    const item = parent.items[step];
    if (!item) return text;
    const prev = parent.items[step - 1];
    const next = parent.items[step + 1];
    if (prev) return splice(text, prev.end, item.end, '');
    if (next) return splice(text, item.start, next.start, '');
    return splice(text, parent.start + 1, parent.end - 1, '');
  }
  return text;
}

export function applyFieldEdits(text: string, edits: readonly FieldEdit[]): string {
  let out = text;
  for (const e of edits) out = 'delete' in e ? deleteAtPath(out, e.path) : setAtPath(out, e.path, e.value);
  return out;
}

export function formatPath(path: JsonPath): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');
}

/** `intent.extra_proposals[1].reject` → ['intent', 'extra_proposals', 1, 'reject']. */
export function parsePath(path: string): JsonPath {
  const out: Array<string | number> = [];
  for (const m of path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)) out.push(m[2] !== undefined ? Number(m[2]) : m[1]!);
  return out;
}

// JSON.parse turns `1.0` into the number 1, but Python's json.loads keeps it a float, and BFCL's
// checker tells them apart (an int in a list of floats is `type_error:nested`). This remembers
// which parsed numbers were written as floats, keyed by their container, without changing the
// values every other reader sees.

const floatKeys = new WeakMap<object, Set<string | number>>();

/** Only integral values written with `.`/exponent need marking; others are non-integers already. */
const INTEGRAL_FLOAT = /\d\.0+(?![0-9])|\d[eE]/;
/** Deeper nesting stops the walk (those numbers read as ints): the walk is recursive, and no verifier reads that deep. */
const MAX_DEPTH = 200;

/** True when `container[key]` was written as a float literal with an integral value (`3.0`, `1e3`). */
export function isFloatLiteral(container: unknown, key: string | number): boolean {
  return typeof container === 'object' && container !== null && floatKeys.get(container)?.has(key) === true;
}

/** JSON.parse, remembering which integral numbers were written as floats. Throws as JSON.parse does. */
export function parseJsonKeepingFloats(text: string): unknown {
  const value: unknown = JSON.parse(text);
  if (INTEGRAL_FLOAT.test(text) && typeof value === 'object' && value !== null) markFloats(text, value);
  return value;
}

/** Walks the (already valid) text in step with its parsed value and marks float literals. */
function markFloats(text: string, root: object): void {
  let i = 0;
  const ws = () => {
    while (i < text.length && (text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r')) i++;
  };
  const skipString = () => {
    i++;
    while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    i++;
  };
  const readKey = (): string => {
    const start = i;
    skipString();
    return JSON.parse(text.slice(start, i)) as string;
  };
  const mark = (container: object, key: string | number, isFloat: boolean) => {
    let set = floatKeys.get(container);
    if (isFloat) {
      if (!set) floatKeys.set(container, (set = new Set()));
      set.add(key);
    } else set?.delete(key);
  };
  // Returns whether the value just read was a float literal.
  const value = (current: unknown, depth: number): boolean => {
    ws();
    const c = text[i];
    if (c === '{' || c === '[') {
      if (depth >= MAX_DEPTH) throw new TooDeep();
      const walk = typeof current === 'object' && current !== null;
      i++;
      ws();
      let index = 0;
      while (text[i] !== (c === '{' ? '}' : ']')) {
        let key: string | number = index++;
        if (c === '{') {
          key = readKey();
          ws();
          i++; // ':'
        }
        const child = walk ? (current as Record<string | number, unknown>)[key] : undefined;
        const isFloat = value(child, depth + 1);
        if (walk) mark(current as object, key, isFloat);
        ws();
        if (text[i] === ',') i++;
        ws();
      }
      i++;
      return false;
    }
    if (c === '"') {
      skipString();
      return false;
    }
    const start = i;
    while (i < text.length && /[-+0-9.eEa-z]/.test(text[i]!)) i++;
    return /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(text.slice(start, i)) && /[.eE]/.test(text.slice(start, i));
  };
  try {
    value(root, 0);
  } catch (e) {
    if (!(e instanceof TooDeep)) throw e;
  }
}

class TooDeep extends Error {}

// The one JSON scanner that says where things are: it parses a text into a tree that keeps every
// value's span (an edit splices a new value over the old one's exact span and leaves every other
// byte of the line alone), and it fails at the first syntax error with its offset (V8's JSON.parse
// messages only sometimes carry a position, and a located diagnostic needs a column).

export type JsonNode =
  | { type: 'object'; start: number; end: number; members: JsonMember[] }
  | { type: 'array'; start: number; end: number; items: JsonNode[] }
  | { type: 'string' | 'number' | 'boolean' | 'null'; start: number; end: number };

export interface JsonMember {
  key: string;
  keyStart: number;
  value: JsonNode;
}

export class JsonSpanError extends Error {
  constructor(
    /** What is wrong, without the position. */
    readonly reason: string,
    /** 0-based character offset of the error within the text. */
    readonly offset: number,
  ) {
    super(`${reason} at offset ${offset}`);
    this.name = 'JsonSpanError';
  }
}

/** Parses a JSON text into a span tree; `end` offsets are exclusive. Throws JsonSpanError at the first syntax error. */
export function parseJsonSpans(text: string): JsonNode {
  let i = 0;
  const n = text.length;
  const fail = (reason: string): never => {
    throw new JsonSpanError(reason, Math.min(i, n));
  };
  const ws = () => {
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 32 || c === 9 || c === 10 || c === 13) i++;
      else break;
    }
  };
  const describe = () => (i >= n ? 'unexpected end of line (truncated JSON?)' : `unexpected character ${JSON.stringify(text[i])}`);
  /** `expected` where something is there, else how the text ended. */
  const failExpecting = (expected: string) => fail(i >= n ? describe() : expected);
  const str = () => {
    i++; // opening quote
    while (i < n) {
      const c = text[i];
      if (c === '"') {
        i++;
        return;
      }
      if (c === '\\') {
        i++;
        const e = text[i];
        if (e === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 1, i + 5))) fail('invalid \\u escape in string');
          i += 5;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) i++;
        else fail('invalid escape in string');
      } else if (text.charCodeAt(i) < 0x20) fail('control character in string');
      else i++;
    }
    fail('unterminated string (truncated JSON?)');
  };
  /** After an object member or array item: true for another, false at the closing bracket. */
  const more = (close: '}' | ']', expected: string): boolean => {
    ws();
    if (text[i] === ',') {
      i++;
      return true;
    }
    if (text[i] !== close) failExpecting(expected);
    i++;
    return false;
  };
  /** Just inside `{` or `[`: true when the closing bracket follows at once (consumed). */
  const empty = (close: '}' | ']'): boolean => {
    i++;
    ws();
    if (text[i] !== close) return false;
    i++;
    return true;
  };
  const value = (depth: number): JsonNode => {
    if (depth > 512) fail('nesting too deep');
    ws();
    const start = i;
    const c = text[i];
    if (c === '{') {
      const members: JsonMember[] = [];
      if (!empty('}')) {
        do {
          ws();
          if (text[i] !== '"') failExpecting('expected a double-quoted property name');
          const keyStart = i;
          str();
          const key = JSON.parse(text.slice(keyStart, i)) as string;
          ws();
          if (text[i] !== ':') failExpecting("expected ':' after property name");
          i++;
          members.push({ key, keyStart, value: value(depth + 1) });
        } while (more('}', "expected ',' or '}' after property value"));
      }
      return { type: 'object', start, end: i, members };
    }
    if (c === '[') {
      const items: JsonNode[] = [];
      if (!empty(']')) {
        do items.push(value(depth + 1));
        while (more(']', "expected ',' or ']' after array element"));
      }
      return { type: 'array', start, end: i, items };
    }
    if (c === '"') {
      str();
      return { type: 'string', start, end: i };
    }
    if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) {
      const m = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
      if (!m || m[0].length === 0) fail(describe());
      i += m![0].length;
      return { type: 'number', start, end: i };
    }
    for (const [word, type] of [['true', 'boolean'], ['false', 'boolean'], ['null', 'null']] as const) {
      if (text.startsWith(word, i)) {
        i += word.length;
        return { type, start, end: i };
      }
    }
    return fail(describe());
  };
  const root = value(0);
  ws();
  if (i < n) fail('unexpected text after the JSON value');
  return root;
}

/** The node at a path, or undefined when some step does not exist. */
export function nodeAt(root: JsonNode, path: ReadonlyArray<string | number>): JsonNode | undefined {
  let node: JsonNode | undefined = root;
  for (const step of path) {
    if (!node) return undefined;
    if (typeof step === 'number') node = node.type === 'array' ? node.items[step] : undefined;
    // The last duplicate key wins, as in JSON.parse.
    else node = node.type === 'object' ? [...node.members].reverse().find((m) => m.key === step)?.value : undefined;
  }
  return node;
}

// A JSON parser that keeps where every value sits in the text, so an edit can splice a new value
// over the old one's exact span and leave every other byte of the line alone.

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
    message: string,
    readonly offset: number,
  ) {
    super(`${message} at offset ${offset}`);
    this.name = 'JsonSpanError';
  }
}

/** Parses a JSON text into a span tree; `end` offsets are exclusive. Throws JsonSpanError. */
export function parseJsonSpans(text: string): JsonNode {
  let i = 0;
  const n = text.length;
  const ws = () => {
    while (i < n && (text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r')) i++;
  };
  const fail = (m: string): never => {
    throw new JsonSpanError(m, i);
  };
  const str = (): void => {
    i++;
    while (i < n) {
      const c = text[i];
      if (c === '"') {
        i++;
        return;
      }
      i += c === '\\' ? 2 : 1;
    }
    fail('unterminated string');
  };
  const value = (): JsonNode => {
    ws();
    const start = i;
    const c = text[i];
    if (c === '{') {
      i++;
      const members: JsonMember[] = [];
      ws();
      if (text[i] === '}') {
        i++;
        return { type: 'object', start, end: i, members };
      }
      for (;;) {
        ws();
        if (text[i] !== '"') fail('expected a property name');
        const keyStart = i;
        str();
        const key = JSON.parse(text.slice(keyStart, i)) as string;
        ws();
        if (text[i] !== ':') fail("expected ':'");
        i++;
        members.push({ key, keyStart, value: value() });
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === '}') {
          i++;
          return { type: 'object', start, end: i, members };
        }
        fail("expected ',' or '}'");
      }
    }
    if (c === '[') {
      i++;
      const items: JsonNode[] = [];
      ws();
      if (text[i] === ']') {
        i++;
        return { type: 'array', start, end: i, items };
      }
      for (;;) {
        items.push(value());
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === ']') {
          i++;
          return { type: 'array', start, end: i, items };
        }
        fail("expected ',' or ']'");
      }
    }
    if (c === '"') {
      str();
      return { type: 'string', start, end: i };
    }
    const m = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (m && m[0].length > 0) {
      i += m[0].length;
      return { type: 'number', start, end: i };
    }
    for (const [word, type] of [['true', 'boolean'], ['false', 'boolean'], ['null', 'null']] as const) {
      if (text.startsWith(word, i)) {
        i += word.length;
        return { type, start, end: i };
      }
    }
    return fail('unexpected character');
  };
  const root = value();
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

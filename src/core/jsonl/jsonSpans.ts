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

/** A one-pass JSON reader that records where each value starts and ends. */
class SpanParser {
  private i = 0;
  private readonly n: number;

  constructor(private readonly text: string) {
    this.n = text.length;
  }

  parse(): JsonNode {
    const root = this.value(0);
    this.ws();
    if (this.i < this.n) this.fail('unexpected text after the JSON value');
    return root;
  }

  private fail(reason: string): never {
    throw new JsonSpanError(reason, Math.min(this.i, this.n));
  }

  private ws(): void {
    const { text, n } = this;
    while (this.i < n) {
      const c = text.charCodeAt(this.i);
      if (c === 32 || c === 9 || c === 10 || c === 13) this.i++;
      else break;
    }
  }

  private describe(): string {
    return this.i >= this.n
      ? 'unexpected end of line (truncated JSON?)'
      : `unexpected character ${JSON.stringify(this.text[this.i])}`;
  }

  /** `expected` where something is there, else how the text ended. */
  private failExpecting(expected: string): never {
    return this.fail(this.i >= this.n ? this.describe() : expected);
  }

  private str(): void {
    const { text, n } = this;
    this.i++; // opening quote
    while (this.i < n) {
      const c = text[this.i];
      if (c === '"') {
        this.i++;
        return;
      }
      if (c === '\\') {
        this.i++;
        const e = text[this.i];
        if (e === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(this.i + 1, this.i + 5))) this.fail('invalid \\u escape in string');
          this.i += 5;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) this.i++;
        else this.fail('invalid escape in string');
      } else if (text.charCodeAt(this.i) < 0x20) this.fail('control character in string');
      else this.i++;
    }
    this.fail('unterminated string (truncated JSON?)');
  }

  /** After an object member or array item: true for another, false at the closing bracket. */
  private more(close: '}' | ']', expected: string): boolean {
    this.ws();
    if (this.text[this.i] === ',') {
      this.i++;
      return true;
    }
    if (this.text[this.i] !== close) this.failExpecting(expected);
    this.i++;
    return false;
  }

  /** Just inside `{` or `[`: true when the closing bracket follows at once (consumed). */
  private empty(close: '}' | ']'): boolean {
    this.i++;
    this.ws();
    if (this.text[this.i] !== close) return false;
    this.i++;
    return true;
  }

  private value(depth: number): JsonNode {
    if (depth > 512) this.fail('nesting too deep');
    this.ws();
    const c = this.text[this.i];
    if (c === '{') return this.object(depth);
    if (c === '[') return this.array(depth);
    return this.scalar();
  }

  private object(depth: number): JsonNode {
    const { text } = this;
    const start = this.i;
    const members: JsonMember[] = [];
    if (!this.empty('}')) {
      do {
        this.ws();
        if (text[this.i] !== '"') this.failExpecting('expected a double-quoted property name');
        const keyStart = this.i;
        this.str();
        const key = JSON.parse(text.slice(keyStart, this.i)) as string;
        this.ws();
        if (text[this.i] !== ':') this.failExpecting("expected ':' after property name");
        this.i++;
        members.push({ key, keyStart, value: this.value(depth + 1) });
      } while (this.more('}', "expected ',' or '}' after property value"));
    }
    return { type: 'object', start, end: this.i, members };
  }

  private array(depth: number): JsonNode {
    const start = this.i;
    const items: JsonNode[] = [];
    if (!this.empty(']')) {
      do items.push(this.value(depth + 1));
      while (this.more(']', "expected ',' or ']' after array element"));
    }
    return { type: 'array', start, end: this.i, items };
  }

  /** A string, number, boolean or null. */
  private scalar(): JsonNode {
    const { text } = this;
    const start = this.i;
    const c = text[start];
    if (c === '"') {
      this.str();
      return { type: 'string', start, end: this.i };
    }
    if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) {
      const m = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(text.slice(start, start + 400));
      if (!m || m[0].length === 0) this.fail(this.describe());
      this.i += m![0].length;
      return { type: 'number', start, end: this.i };
    }
    for (const [word, type] of [
      ['true', 'boolean'],
      ['false', 'boolean'],
      ['null', 'null'],
    ] as const) {
      if (text.startsWith(word, start)) {
        this.i += word.length;
        return { type, start, end: this.i };
      }
    }
    return this.fail(this.describe());
  }
}

/** Parses a JSON text into a span tree; `end` offsets are exclusive. Throws JsonSpanError at the first syntax error. */
export function parseJsonSpans(text: string): JsonNode {
  return new SpanParser(text).parse();
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

// Locates the first JSON syntax error in a text. V8's JSON.parse messages only sometimes carry a
// position, and a located diagnostic needs a column, so a small recursive-descent checker finds it.
import { parseJsonKeepingFloats } from './floatLiterals';

export interface JsonSyntaxError {
  /** 0-based character offset of the error within the text. */
  offset: number;
  message: string;
}

export function parseJsonLocated(text: string): { ok: true; value: unknown } | { ok: false; error: JsonSyntaxError } {
  try {
    return { ok: true, value: parseJsonKeepingFloats(text) };
  } catch (e) {
    return { ok: false, error: locateJsonError(text) ?? { offset: 0, message: e instanceof Error ? e.message : String(e) } };
  }
}

export function locateJsonError(text: string): JsonSyntaxError | undefined {
  let i = 0;
  const n = text.length;
  const fail = (message: string): never => {
    throw { offset: Math.min(i, n), message } satisfies JsonSyntaxError;
  };
  const ws = () => {
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 32 || c === 9 || c === 10 || c === 13) i++;
      else break;
    }
  };
  const describe = () => (i >= n ? 'unexpected end of line (truncated JSON?)' : `unexpected character ${JSON.stringify(text[i])}`);
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
  const num = () => {
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (!m || m[0].length === 0) fail(describe());
    i += m![0].length;
  };
  const value = (depth: number): void => {
    if (depth > 512) fail('nesting too deep');
    ws();
    const c = text[i];
    if (c === '{') {
      i++;
      ws();
      if (text[i] === '}') {
        i++;
        return;
      }
      for (;;) {
        ws();
        if (text[i] !== '"') fail(i >= n ? describe() : 'expected a double-quoted property name');
        str();
        ws();
        if (text[i] !== ':') fail(i >= n ? describe() : "expected ':' after property name");
        i++;
        value(depth + 1);
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === '}') {
          i++;
          return;
        }
        fail(i >= n ? describe() : "expected ',' or '}' after property value");
      }
    } else if (c === '[') {
      i++;
      ws();
      if (text[i] === ']') {
        i++;
        return;
      }
      for (;;) {
        value(depth + 1);
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === ']') {
          i++;
          return;
        }
        fail(i >= n ? describe() : "expected ',' or ']' after array element");
      }
    } else if (c === '"') str();
    else if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) num();
    else if (text.startsWith('true', i)) i += 4;
    else if (text.startsWith('false', i)) i += 5;
    else if (text.startsWith('null', i)) i += 4;
    else fail(describe());
  };
  try {
    value(0);
    ws();
    if (i < n) fail('unexpected text after the JSON value');
    return undefined;
  } catch (e) {
    if (e && typeof e === 'object' && 'offset' in e) return e as JsonSyntaxError;
    throw e;
  }
}

/** 1-based line and column of a character offset in a text. */
export function lineColumnAt(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let last = -1;
  for (let j = 0; j < offset && j < text.length; j++) {
    if (text.charCodeAt(j) === 10) {
      line++;
      last = j;
    }
  }
  return { line, column: offset - last };
}

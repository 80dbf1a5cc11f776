// A walk over one JSON text's bytes that checks every byte against the grammar but makes values
// only where asked (`read`): the rest (`value`) is stepped over — a long string by native byte
// search (`Buffer#indexOf`, memchr), never decoded. For a reader that needs a few fields of large
// JSON lines (the run-log index's fast path, load/runLogSkim.ts). `fail()` throws NOT_WALKED: the
// caller then parses the text in full, so only texts JSON.parse takes are ever read here, and read
// as it reads them.

const SPACE = 0x20;
export const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
export const OPEN_OBJECT = 0x7b;
export const CLOSE_OBJECT = 0x7d;
export const OPEN_ARRAY = 0x5b;
export const CLOSE_ARRAY = 0x5d;
const MINUS = 0x2d;
const ZERO = 0x30;

/** Deeper values are left to JSON.parse (the walk is recursive; run logs nest a few levels). */
const MAX_DEPTH = 32;
/** Short strings (keys, roles, timestamps) end within a few bytes: a plain loop beats a native call. */
const SHORT_STRING = 48;
/** Thrown by `fail()`: the text is not for this walk (not necessarily invalid). */
export const NOT_WALKED = Symbol('not walked');

export type KeyTable = Map<number, { key: string; bytes: Uint8Array }[]>;
/** Keys by byte length, as bytes: a key is recognised without making a string of it. */
export function keyTable(fields: object): KeyTable {
  const table: KeyTable = new Map();
  for (const key of Object.keys(fields)) {
    const bytes = Buffer.from(key, 'latin1');
    table.set(bytes.length, [...(table.get(bytes.length) ?? []), { key, bytes }]);
  }
  return table;
}

/**
 * Short ASCII strings without escapes (roles, log types, states, models) by a hash of their bytes:
 * a repeated one is not made again, nor asked of a native call. Shared by all lines, bounded.
 */
const SHORT_TEXT = 32;
const shortTexts = new Map<number, string>();

/** Any byte below 0x20: JSON allows none inside strings, and a text with a tab or CR between tokens is left to JSON.parse. */
export function hasControlByte(b: Uint8Array): boolean {
  const n = b.length;
  let i = 0;
  while (i < n && (b.byteOffset + i) % 4 !== 0) if (b[i++]! < SPACE) return true;
  const words = (n - i) >>> 2;
  if (words > 0) {
    // Four bytes at a time: `(x - 0x20…) & ~x & 0x80…` is non-zero exactly when a byte of x is below 0x20.
    const w = new Uint32Array(b.buffer, b.byteOffset + i, words);
    for (let j = 0; j < words; j++) {
      const x = w[j]!;
      if (((x - 0x20202020) & ~x & 0x80808080) !== 0) return true;
    }
    i += words * 4;
  }
  for (; i < n; i++) if (b[i]! < SPACE) return true;
  return false;
}

/** The walk over one text's bytes, from `i`; a subclass says which values to `read`. Valid UTF-8 only. */
export class JsonByteWalk {
  i = 0;
  /** Where the next backslash is at or after `i` (the line's length when none is); -1 before the first look. */
  private backslash = -1;
  /** The key just read by `key()`: its bytes with quotes, and whether it held an escape. */
  private keyStart = 0;
  private keyEnd = 0;
  private keyEscaped = false;

  constructor(protected readonly b: Buffer) {}

  fail(): never {
    throw NOT_WALKED;
  }

  spaces(): void {
    while (this.b[this.i] === SPACE) this.i++;
  }

  private expect(byte: number): void {
    if (this.b[this.i] !== byte) this.fail();
    this.i++;
  }

  /** Steps over the string at `i`; true when it held an escape. */
  string(): boolean {
    const b = this.b;
    let i = this.i;
    if (b[i] !== QUOTE) this.fail();
    i++;
    const stop = Math.min(b.length, i + SHORT_STRING);
    for (; i < stop; i++) {
      const c = b[i];
      if (c === QUOTE) {
        this.i = i + 1;
        return false;
      }
      if (c === BACKSLASH) break;
    }
    let escaped = false;
    let quote = -1;
    for (;;) {
      if (quote < i) quote = b.indexOf(QUOTE, i);
      if (quote < 0) this.fail();
      if (this.backslash < i) {
        const at = b.indexOf(BACKSLASH, i);
        this.backslash = at < 0 ? b.length : at;
      }
      if (this.backslash > quote) {
        this.i = quote + 1;
        return escaped;
      }
      escaped = true;
      i = this.escapeEnd(this.backslash);
    }
  }

  /** Past the escape at `at`, which must be one JSON allows. */
  private escapeEnd(at: number): number {
    switch (this.b[at + 1]) {
      case QUOTE:
      case BACKSLASH:
      case 0x2f: // /
      case 0x62: // b
      case 0x66: // f
      case 0x6e: // n
      case 0x72: // r
      case 0x74: // t
        return at + 2;
      case 0x75: // u
        for (let k = at + 2; k < at + 6; k++) if (!isHex(this.b[k])) this.fail();
        return at + 6;
    }
    return this.fail();
  }

  private digits(): void {
    const start = this.i;
    while (isDigit(this.b[this.i])) this.i++;
    if (this.i === start) this.fail();
  }

  private number(): void {
    const b = this.b;
    if (b[this.i] === MINUS) this.i++;
    if (b[this.i] === ZERO) this.i++;
    else this.digits();
    if (b[this.i] === 0x2e) {
      this.i++;
      this.digits();
    }
    if (b[this.i] === 0x65 || b[this.i] === 0x45) {
      this.i++;
      if (b[this.i] === 0x2b || b[this.i] === MINUS) this.i++;
      this.digits();
    }
  }

  private literal(word: string): void {
    for (let k = 0; k < word.length; k++) if (this.b[this.i + k] !== word.charCodeAt(k)) this.fail();
    this.i += word.length;
  }

  /** Steps over any JSON value at `i`; true when it is a string that held an escape. */
  value(depth: number): boolean {
    switch (this.b[this.i]) {
      case QUOTE:
        return this.string();
      case OPEN_OBJECT:
        if (this.open(OPEN_OBJECT, CLOSE_OBJECT, depth + 1)) {
          do {
            this.string();
            this.colon();
            this.value(depth + 1);
          } while (this.more(CLOSE_OBJECT));
        }
        return false;
      case OPEN_ARRAY:
        if (this.open(OPEN_ARRAY, CLOSE_ARRAY, depth + 1)) {
          do this.value(depth + 1);
          while (this.more(CLOSE_ARRAY));
        }
        return false;
      case 0x74:
        this.literal('true');
        return false;
      case 0x66:
        this.literal('false');
        return false;
      case 0x6e:
        this.literal('null');
        return false;
    }
    this.number();
    return false;
  }

  /** Enters the object or array at `i`: false when it is empty (and was stepped over). */
  open(opening: number, closing: number, depth: number): boolean {
    if (depth > MAX_DEPTH) this.fail();
    this.expect(opening);
    this.spaces();
    if (this.b[this.i] !== closing) return true;
    this.i++;
    return false;
  }

  /** After a member or element: true when another follows, false past the closing bracket. */
  more(closing: number): boolean {
    this.spaces();
    if (this.b[this.i] === COMMA) {
      this.i++;
      this.spaces();
      return true;
    }
    this.expect(closing);
    return false;
  }

  private colon(): void {
    this.spaces();
    this.expect(COLON);
    this.spaces();
  }

  /** Steps over a member's key and colon: which of `table`'s keys it is, or undefined. */
  key(table: KeyTable): string | undefined {
    this.keyStart = this.i;
    this.keyEscaped = this.string();
    this.keyEnd = this.i;
    this.colon();
    const b = this.b;
    const start = this.keyStart;
    if (this.keyEscaped) {
      // `"conv\u005fid"` is conv_id too: JSON.parse says what an escaped key is.
      const key = JSON.parse(b.toString('utf8', start, this.keyEnd)) as string;
      return table.get(key.length)?.some((k) => k.key === key) ? key : undefined;
    }
    const same = table.get(this.keyEnd - start - 2);
    if (!same) return undefined;
    for (const k of same) {
      let j = 0;
      while (j < k.bytes.length && b[start + 1 + j] === k.bytes[j]) j++;
      if (j === k.bytes.length) return k.key;
    }
    return undefined;
  }

  /** The text of a string without escapes whose bytes (quotes excluded) are [start, end). */
  private text(start: number, end: number): string {
    const b = this.b;
    if (end - start > SHORT_TEXT) return b.toString('utf8', start, end);
    let h = end - start;
    for (let k = start; k < end; k++) {
      const c = b[k]!;
      if (c >= 0x80) return b.toString('utf8', start, end);
      h = (Math.imul(h, 31) + c) | 0;
    }
    const known = shortTexts.get(h);
    if (known !== undefined && known.length === end - start) {
      let k = 0;
      while (k < known.length && known.charCodeAt(k) === b[start + k]) k++;
      if (k === known.length) return known;
    }
    const made = b.toString('latin1', start, end);
    if (shortTexts.size >= 4096) shortTexts.clear();
    shortTexts.set(h, made);
    return made;
  }

  /** The number in [start, end), just stepped over: small integers (`0.0` too) by hand, the rest as JSON.parse reads them. */
  private numberAt(start: number, end: number): number {
    const b = this.b;
    let k = start;
    const negative = b[k] === MINUS;
    if (negative) k++;
    let v = 0;
    const from = k;
    while (k < end && isDigit(b[k])) v = v * 10 + (b[k++]! - ZERO);
    if (k - from <= 15) {
      if (b[k] === 0x2e) {
        k++;
        while (k < end && b[k] === ZERO) k++;
      }
      if (k === end) return negative ? -v : v;
    }
    return Number(b.toString('latin1', start, end));
  }

  /** A value: stepped over, then read. */
  read(depth: number): unknown {
    const b = this.b;
    const start = this.i;
    const escaped = this.value(depth);
    switch (b[start]) {
      case QUOTE:
        // Without escapes a string's bytes are its text (the line is valid UTF-8).
        return escaped ? JSON.parse(b.toString('utf8', start, this.i)) : this.text(start + 1, this.i - 1);
      case 0x74:
        return true;
      case 0x66:
        return false;
      case 0x6e:
        return null;
      case OPEN_OBJECT:
      case OPEN_ARRAY:
        return JSON.parse(b.toString('utf8', start, this.i));
    }
    return this.numberAt(start, this.i);
  }
}

function isDigit(c: number | undefined): boolean {
  return c !== undefined && c >= ZERO && c <= 0x39;
}

function isHex(c: number | undefined): boolean {
  return c !== undefined && ((c >= ZERO && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66));
}

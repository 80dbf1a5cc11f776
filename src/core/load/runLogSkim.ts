// The index's fast path over one run-log line: its bytes are walked as JSON (every byte checked
// against the grammar), but only what validation and the summary read is turned into values: the
// header, and per trace message its role, cost, usage and what a `log` content's checks read. A
// message's text (~24 KB a line, most of a log) is only stepped over, by native byte search, never
// decoded or materialised; of a timestamp only its type is checked. Anything out of the ordinary —
// a control byte, nesting deeper than a few levels, a shape validation refuses — gives undefined,
// and the caller parses the line in full (runLogScan.ts): a line's ref and diagnostics are those of
// JSON.parse + validateRunLogEntry in every case (test/unit/core/runLogSkim.test.ts holds it to it).
import { KNOWN_LOG_SCHEMAS, type RunLogEntry } from '../schema/runlog';
import { validateRunLogEntry } from './validateRunLog';
import { refOfEntry, type ConversationRef, type LineSpan } from './runLogRefs';

const SPACE = 0x20;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const MINUS = 0x2d;
const ZERO = 0x30;

/** Deeper values are left to JSON.parse (the walk is recursive; run logs nest a few levels). */
const MAX_DEPTH = 32;
/** Short strings (keys, roles, timestamps) end within a few bytes: a plain loop beats a native call. */
const SHORT_STRING = 48;
/** Thrown inside the walk: the line is not for the fast path (not necessarily invalid). */
const NOT_SKIMMED = Symbol('not skimmed');

/** The fields validation and the summary read, each undefined until read (absent and undefined are alike to them). */
class EntryFields {
  conv_id: unknown = undefined;
  task: unknown = undefined;
  task_id: unknown = undefined;
  assistant_model: unknown = undefined;
  user_model: unknown = undefined;
  system_model: unknown = undefined;
  mode: unknown = undefined;
  condition: unknown = undefined;
  path: unknown = undefined;
  k: unknown = undefined;
  recap: unknown = undefined;
  is_correct: unknown = undefined;
  score: unknown = undefined;
  forked_from: unknown = undefined;
  trace: unknown = undefined;
}
/** Of a trace message (validateRunLog.ts, runLogRefs.ts); a text `content` or `timestamp` stands in as ''. */
class MessageFields {
  role: unknown = undefined;
  content: unknown = undefined;
  timestamp: unknown = undefined;
  cost_usd: unknown = undefined;
  usage: unknown = undefined;
}
/** Of a `log` message's content: what `looksValid`, the hand-checked types' schemas and the summary read. */
export class LogContentFields {
  type: unknown = undefined;
  shard_id: unknown = undefined;
  is_correct: unknown = undefined;
  score: unknown = undefined;
  event: unknown = undefined;
  block: unknown = undefined;
  response: unknown = undefined;
  response_type: unknown = undefined;
}
/** The known log types whose checks read no key of the content but LogContentFields' (the unit test holds them to it). */
export const CHECKED_BY_CONTENT_FIELDS: ReadonlySet<string> = new Set(['shard_revealed', 'hint_revealed', 'event', 'answer-evaluation']);
/** A known type whose schema reads more (intent_transition): its content is parsed whole. */
const needsWholeContent = (type: unknown) => typeof type === 'string' && Object.hasOwn(KNOWN_LOG_SCHEMAS, type) && !CHECKED_BY_CONTENT_FIELDS.has(type);

type KeyTable = Map<number, { key: string; bytes: Uint8Array }[]>;
/** Keys by byte length, as bytes: a key is recognised without making a string of it. */
function keyTable(fields: object): KeyTable {
  const table: KeyTable = new Map();
  for (const key of Object.keys(fields)) {
    const bytes = Buffer.from(key, 'latin1');
    table.set(bytes.length, [...(table.get(bytes.length) ?? []), { key, bytes }]);
  }
  return table;
}
const TOP_LEVEL = keyTable(new EntryFields());
const IN_MESSAGE = keyTable(new MessageFields());
const IN_CONTENT = keyTable(new LogContentFields());
const IN_RESPONSE = keyTable({ response_type: 0 });

/**
 * Short ASCII strings without escapes (roles, log types, states, models) by a hash of their bytes:
 * a repeated one is not made again, nor asked of a native call. Shared by all lines, bounded.
 */
const SHORT_TEXT = 32;
const shortTexts = new Map<number, string>();

/** Any byte below 0x20 (JSON allows none inside strings; tab and CR outside them go the slow way). */
function hasControlByte(b: Uint8Array): boolean {
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

class LineWalk {
  i = 0;
  /** Where the next backslash is at or after `i` (the line's length when none is); -1 before the first look. */
  private backslash = -1;
  /** The key just read by `key()`: its bytes with quotes, and whether it held an escape. */
  private keyStart = 0;
  private keyEnd = 0;
  private keyEscaped = false;

  constructor(private readonly b: Buffer) {}

  fail(): never {
    throw NOT_SKIMMED;
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

  message(): MessageFields {
    const m = new MessageFields();
    if (this.b[this.i] !== OPEN_OBJECT) this.fail();
    if (!this.open(OPEN_OBJECT, CLOSE_OBJECT, 2)) return m;
    do {
      const key = this.key(IN_MESSAGE) as keyof MessageFields | undefined;
      const at = this.b[this.i];
      if (key === undefined) this.value(2);
      else if ((key === 'content' || key === 'timestamp') && at === QUOTE) {
        // Of a text content or a timestamp, validation and the summary read only that it is a string.
        this.string();
        m[key] = '';
      } else if (key === 'content' && at === OPEN_OBJECT) m.content = this.logContent();
      else m[key] = this.read(2);
    } while (this.more(CLOSE_OBJECT));
    return m;
  }

  /** A `log` message's content: its LogContentFields, or whole where a known type's schema reads more. */
  private logContent(): unknown {
    const start = this.i;
    const c = new LogContentFields();
    if (this.open(OPEN_OBJECT, CLOSE_OBJECT, 3)) {
      do {
        const key = this.key(IN_CONTENT) as keyof LogContentFields | undefined;
        if (key === undefined) this.value(3);
        else if (key === 'response' && this.b[this.i] === OPEN_OBJECT) c.response = this.response();
        else c[key] = this.read(3);
      } while (this.more(CLOSE_OBJECT));
    }
    return needsWholeContent(c.type) ? JSON.parse(this.b.toString('utf8', start, this.i)) : c;
  }

  /** A system-verification's `response`: the summary reads its `response_type`, nothing checks the rest. */
  private response(): { response_type?: unknown } {
    const r: { response_type?: unknown } = {};
    if (this.open(OPEN_OBJECT, CLOSE_OBJECT, 4)) {
      do {
        if (this.key(IN_RESPONSE) === undefined) this.value(4);
        else r.response_type = this.read(4);
      } while (this.more(CLOSE_OBJECT));
    }
    return r;
  }

  entry(): EntryFields | undefined {
    const b = this.b;
    const e = new EntryFields();
    this.spaces();
    if (b[this.i] !== OPEN_OBJECT) return undefined;
    if (this.open(OPEN_OBJECT, CLOSE_OBJECT, 0)) {
      do {
        const key = this.key(TOP_LEVEL) as keyof EntryFields | undefined;
        if (key === 'trace' && b[this.i] === OPEN_ARRAY) {
          const trace: MessageFields[] = [];
          if (this.open(OPEN_ARRAY, CLOSE_ARRAY, 1)) {
            do trace.push(this.message());
            while (this.more(CLOSE_ARRAY));
          }
          e.trace = trace;
        } else if (key === undefined) this.value(1);
        else e[key] = this.read(1);
      } while (this.more(CLOSE_OBJECT));
    }
    this.spaces();
    return this.i === b.length ? e : undefined;
  }
}

/**
 * The line's entry as validation and the summary see it (text contents and timestamps as ''), or
 * undefined when the line is left to the full parse. `b` holds exactly the line, in valid UTF-8.
 */
export function skimRunLogLine(b: Buffer): object | undefined {
  if (hasControlByte(b)) return undefined;
  try {
    return new LineWalk(b).entry();
  } catch {
    // NOT_SKIMMED, or JSON.parse refusing a slice: the full parse decides (and says where).
    return undefined;
  }
}

/**
 * The ref of a valid run-log line read by the fast path, or undefined: then parse it in full
 * (`parseRunLogLine`), which also gives its diagnostics. `b` must be valid UTF-8.
 */
export function skimRunLogRef(at: LineSpan, b: Buffer): ConversationRef | undefined {
  const skimmed = skimRunLogLine(b);
  if (!skimmed) return undefined;
  const v = validateRunLogEntry(skimmed, { file: at.file, line: at.line, column: 1 });
  if (!v.entry || v.diagnostics.length) return undefined;
  return refOfEntry(v.entry as RunLogEntry, at);
}

function isDigit(c: number | undefined): boolean {
  return c !== undefined && c >= ZERO && c <= 0x39;
}

function isHex(c: number | undefined): boolean {
  return c !== undefined && ((c >= ZERO && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66));
}

// The index's fast path over one run-log line: its bytes are walked as JSON (every byte checked
// against the grammar), but only what validation and the summary read is turned into values: the
// header, and per trace message its role, cost, usage and what a `log` content's checks read
// (the walk: jsonl/jsonByteWalk.ts). A message's text (~24 KB a line, most of a log) is only stepped
// over, by native byte search, never decoded or materialised; of a timestamp only its type is checked. Anything out of the ordinary —
// a control byte, nesting deeper than a few levels, a shape validation refuses — gives undefined,
// and the caller parses the line in full (runLogScan.ts): a line's ref and diagnostics are those of
// JSON.parse + validateRunLogEntry in every case (test/unit/core/runLogSkim.test.ts holds it to it).
import { KNOWN_LOG_SCHEMAS, type RunLogEntry } from '../schema/runlog';
import { validateRunLogEntry } from './validateRunLog';
import { refOfEntry, type ConversationRef, type LineSpan } from './runLogRefs';
import {
  CLOSE_ARRAY,
  CLOSE_OBJECT,
  JsonByteWalk,
  OPEN_ARRAY,
  OPEN_OBJECT,
  QUOTE,
  hasControlByte,
  keyTable,
} from '../jsonl/jsonByteWalk';

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
export const CHECKED_BY_CONTENT_FIELDS: ReadonlySet<string> = new Set([
  'shard_revealed',
  'hint_revealed',
  'event',
  'answer-evaluation',
]);
/** A known type whose schema reads more (intent_transition): its content is parsed whole. */
const needsWholeContent = (type: unknown) =>
  typeof type === 'string' && Object.hasOwn(KNOWN_LOG_SCHEMAS, type) && !CHECKED_BY_CONTENT_FIELDS.has(type);
const TOP_LEVEL = keyTable(new EntryFields());
const IN_MESSAGE = keyTable(new MessageFields());
const IN_CONTENT = keyTable(new LogContentFields());
const IN_RESPONSE = keyTable({ response_type: 0 });

class RunLogWalk extends JsonByteWalk {
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
    return new RunLogWalk(b).entry();
  } catch {
    // NOT_WALKED, or JSON.parse refusing a slice: the full parse decides (and says where).
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

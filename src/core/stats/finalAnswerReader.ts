// Reads the final assistant answer of conversations by their byte offsets, for the Fig. 4 check.
// File handles stay open for the reader's life (thousands of new errors in a few files). A log line
// is ~30 KB of which only the last assistant message matters, so that message is located from the
// end of the line and parsed alone; anything unexpected falls back to parsing the whole line.
import { open, type FileHandle } from 'node:fs/promises';
import type { ConversationRef } from '../load/runLogIndex';
import { RunLogEntrySchema } from '../schema/runlog';
import { parseConversation } from '../conversation';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/** True when the quote at `i` closes or opens a string (an even run of backslashes before it). */
function isRealQuote(buf: Buffer, i: number): boolean {
  let slashes = 0;
  for (let j = i - 1; j >= 0 && buf[j] === BACKSLASH; j--) slashes++;
  return slashes % 2 === 0;
}

/**
 * Finds the last `"role": "assistant"` key/value pair outside strings (inside a JSON string every
 * quote is escaped, so the unescaped pattern only occurs as structure) and parses its object.
 */
export function lastAssistantFromLine(buf: Buffer): string | undefined {
  let from = buf.length;
  for (;;) {
    const at = buf.lastIndexOf('"role"', from);
    if (at < 0) return undefined;
    from = at - 1;
    if (!isRealQuote(buf, at)) continue;
    let i = at + 6;
    while (i < buf.length && (buf[i] === 0x20 || buf[i] === 0x0a || buf[i] === 0x09 || buf[i] === 0x0d)) i++;
    if (buf[i] !== 0x3a) continue; // ':'
    i++;
    while (i < buf.length && (buf[i] === 0x20 || buf[i] === 0x0a || buf[i] === 0x09 || buf[i] === 0x0d)) i++;
    if (buf.toString('latin1', i, i + 11) !== '"assistant"') continue;
    // Walk back to the enclosing object's `{`, skipping strings.
    let depth = 0;
    let inString = false;
    let start = -1;
    for (let j = at - 1; j >= 0; j--) {
      const c = buf[j];
      if (c === QUOTE && isRealQuote(buf, j)) inString = !inString;
      else if (!inString) {
        if (c === CLOSE_BRACE) depth++;
        else if (c === OPEN_BRACE) {
          if (depth === 0) {
            start = j;
            break;
          }
          depth--;
        }
      }
    }
    if (start < 0) return undefined;
    // Forward to its matching `}`.
    depth = 0;
    inString = false;
    let end = -1;
    for (let j = start; j < buf.length; j++) {
      const c = buf[j];
      if (inString) {
        if (c === BACKSLASH) j++;
        else if (c === QUOTE) inString = false;
      } else if (c === QUOTE) inString = true;
      else if (c === OPEN_BRACE) depth++;
      else if (c === CLOSE_BRACE && --depth === 0) {
        end = j + 1;
        break;
      }
    }
    if (end < 0) return undefined;
    const msg: unknown = JSON.parse(buf.toString('utf8', start, end));
    if (msg && typeof msg === 'object' && 'role' in msg && msg.role === 'assistant' && 'content' in msg && typeof msg.content === 'string') return msg.content;
    return undefined;
  }
}

/** The slow path: the whole line read through the conversation model. */
function lastAssistantByParse(text: string): string | undefined {
  const parsed = RunLogEntrySchema.safeParse(JSON.parse(text));
  return parsed.success ? parseConversation(parsed.data).finalAnswer?.text : undefined;
}

export class FinalAnswerReader {
  private readonly handles = new Map<string, Promise<FileHandle>>();

  private async readBytes(ref: Pick<ConversationRef, 'file' | 'offset' | 'length'>): Promise<Buffer> {
    let fh = this.handles.get(ref.file);
    if (!fh) this.handles.set(ref.file, (fh = open(ref.file, 'r')));
    const handle = await fh;
    const buf = Buffer.allocUnsafe(ref.length);
    let got = 0;
    while (got < ref.length) {
      const { bytesRead } = await handle.read(buf, got, ref.length - got, ref.offset + got);
      if (bytesRead === 0) break;
      got += bytesRead;
    }
    return got === ref.length ? buf : buf.subarray(0, got);
  }

  /** The conversation's last assistant message, or undefined when it has none. */
  async finalAnswer(ref: Pick<ConversationRef, 'file' | 'offset' | 'length'>): Promise<string | undefined> {
    const buf = await this.readBytes(ref);
    try {
      const fast = lastAssistantFromLine(buf);
      if (fast !== undefined) return fast;
    } catch {
      /* an odd line: parse it whole */
    }
    return lastAssistantByParse(buf.toString('utf8'));
  }

  async close(): Promise<void> {
    const all = [...this.handles.values()];
    this.handles.clear();
    await Promise.all(all.map(async (p) => (await p.catch(() => undefined))?.close()));
  }
}

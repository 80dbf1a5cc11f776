// Streams a file line by line with byte offsets, so an index can keep offsets instead of whole
// traces and read one line back later. Handles a UTF-8 BOM, CRLF and a last line without newline.
import { open } from 'node:fs/promises';

export interface RawLine {
  /** 1-based line number. */
  line: number;
  /** Byte offset of the line's first byte (after a BOM on line 1). */
  offset: number;
  /** Byte length of the line without its line terminator (`\n` or `\r\n`). */
  length: number;
  text: string;
  /** False for a last line that has no terminating newline yet (a log still being written). */
  terminated: boolean;
  /** Byte offset just past this line's terminator: where the next line starts. */
  next: number;
}

export interface ReadLinesOptions {
  /** Start at this byte offset (must be the start of a line); line numbering continues from `startLine`. */
  startOffset?: number;
  startLine?: number;
  chunkSize?: number;
  signal?: AbortSignal;
}

const NL = 10;
const CR = 13;

export async function* readLines(path: string, opts: ReadLinesOptions = {}): AsyncGenerator<RawLine> {
  const fh = await open(path, 'r');
  try {
    // One reusable buffer: the unfinished tail of a chunk is moved to its front and the next read
    // fills the rest, so indexing a large file allocates no per-chunk buffers (peak RSS stays low).
    let buf = Buffer.allocUnsafe(opts.chunkSize ?? 1 << 20);
    let pos = opts.startOffset ?? 0;
    let lineNo = opts.startLine ?? 1;
    let kept = 0; // bytes of an unfinished line at the front of buf
    let keptStart = pos; // file offset of buf[0]
    let first = pos === 0;
    for (;;) {
      opts.signal?.throwIfAborted();
      if (kept === buf.length) {
        // A line longer than the buffer: grow it.
        const bigger = Buffer.allocUnsafe(buf.length * 2);
        buf.copy(bigger, 0, 0, kept);
        buf = bigger;
      }
      const { bytesRead } = await fh.read(buf, kept, buf.length - kept, pos);
      if (bytesRead === 0) break;
      pos += bytesRead;
      const end = kept + bytesRead;
      let start = 0;
      if (first) {
        first = false;
        if (end >= 3 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) start = 3;
      }
      for (;;) {
        const nl = buf.indexOf(NL, start);
        if (nl < 0 || nl >= end) break;
        const lineEnd = nl > start && buf[nl - 1] === CR ? nl - 1 : nl;
        yield { line: lineNo++, offset: keptStart + start, length: lineEnd - start, text: buf.toString('utf8', start, lineEnd), terminated: true, next: keptStart + nl + 1 };
        start = nl + 1;
      }
      kept = end - start;
      if (kept > 0 && start > 0) buf.copy(buf, 0, start, end);
      keptStart += start;
    }
    if (kept > 0) {
      const lineEnd = buf[kept - 1] === CR ? kept - 1 : kept;
      yield { line: lineNo, offset: keptStart, length: lineEnd, text: buf.toString('utf8', 0, lineEnd), terminated: false, next: keptStart + kept };
    }
  } finally {
    await fh.close();
  }
}

/** Reads `length` bytes at `offset`: one line, by the offsets an index kept. */
export async function readSlice(path: string, offset: number, length: number): Promise<string> {
  const fh = await open(path, 'r');
  try {
    const buf = Buffer.allocUnsafe(length);
    let got = 0;
    while (got < length) {
      const { bytesRead } = await fh.read(buf, got, length - got, offset + got);
      if (bytesRead === 0) break;
      got += bytesRead;
    }
    return buf.toString('utf8', 0, got);
  } finally {
    await fh.close();
  }
}

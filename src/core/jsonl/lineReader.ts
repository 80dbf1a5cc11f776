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
    const chunkSize = opts.chunkSize ?? 1 << 22;
    let pos = opts.startOffset ?? 0;
    let lineNo = opts.startLine ?? 1;
    let carry: Buffer = Buffer.alloc(0);
    let carryStart = pos;
    let first = pos === 0;
    const buf = Buffer.allocUnsafe(chunkSize);
    for (;;) {
      opts.signal?.throwIfAborted();
      const { bytesRead } = await fh.read(buf, 0, chunkSize, pos);
      if (bytesRead === 0) break;
      let data: Buffer = carry.length ? Buffer.concat([carry, buf.subarray(0, bytesRead)]) : buf.subarray(0, bytesRead);
      let dataStart = carry.length ? carryStart : pos;
      pos += bytesRead;
      if (first) {
        first = false;
        if (data.length >= 3 && data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf) {
          data = data.subarray(3);
          dataStart += 3;
        }
      }
      let start = 0;
      for (;;) {
        const nl = data.indexOf(NL, start);
        if (nl < 0) break;
        const end = nl > start && data[nl - 1] === CR ? nl - 1 : nl;
        yield { line: lineNo++, offset: dataStart + start, length: end - start, text: data.toString('utf8', start, end), terminated: true, next: dataStart + nl + 1 };
        start = nl + 1;
      }
      // Copy the tail: `buf` is reused by the next read.
      carry = Buffer.from(data.subarray(start));
      carryStart = dataStart + start;
    }
    if (carry.length > 0) {
      const end = carry[carry.length - 1] === CR ? carry.length - 1 : carry.length;
      yield { line: lineNo, offset: carryStart, length: end, text: carry.toString('utf8', 0, end), terminated: false, next: carryStart + carry.length };
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

// Opens data files so that nothing a folder can hold hangs or kills a load: a FIFO would block an
// ordinary open until a writer came (forever), and a device such as /dev/zero never ends. Files
// are opened non-blocking and checked to be regular before a byte is read.
import { constants, type Stats } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { isUtf8 } from 'node:buffer';

/** Longest line (bytes) read by default: setting `intentLens.load.maxLineBytes`, CLI `--max-line-bytes`. */
export const DEFAULT_MAX_LINE_BYTES = 256 * 1024 * 1024;

export class NotRegularFileError extends Error {
  constructor(
    readonly path: string,
    readonly what: string,
  ) {
    super(`${path} is ${what}, not a regular file: skipped`);
    this.name = 'NotRegularFileError';
  }
}

export class FileTooLargeError extends Error {
  constructor(
    readonly path: string,
    readonly size: number,
    readonly limit: number,
  ) {
    super(
      `${path} is ${size} bytes, over the ${limit}-byte limit for a file read whole (intentLens.load.maxLineBytes / --max-line-bytes): skipped`,
    );
    this.name = 'FileTooLargeError';
  }
}

export function describeFileType(st: Stats): string {
  if (st.isFIFO()) return 'a named pipe (FIFO)';
  if (st.isCharacterDevice()) return 'a character device';
  if (st.isBlockDevice()) return 'a block device';
  if (st.isSocket()) return 'a socket';
  if (st.isDirectory()) return 'a folder';
  return 'not a regular file';
}

// O_NONBLOCK makes opening a FIFO return at once; it changes nothing for a regular file.
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

/** Opens a regular file for reading; anything else is refused with NotRegularFileError. */
export async function openRegularFile(path: string): Promise<FileHandle> {
  const fh = await open(path, OPEN_FLAGS);
  try {
    const st = await fh.stat();
    if (!st.isFile()) throw new NotRegularFileError(path, describeFileType(st));
    return fh;
  } catch (e) {
    await fh.close();
    throw e;
  }
}

/** Reads a whole regular file that is at most `limit` bytes (records, plans, `.json` arrays). */
export async function readRegularFile(path: string, limit = DEFAULT_MAX_LINE_BYTES): Promise<Buffer> {
  const fh = await openRegularFile(path);
  try {
    const { size } = await fh.stat();
    if (size > limit) throw new FileTooLargeError(path, size, limit);
    return await fh.readFile();
  } finally {
    await fh.close();
  }
}

/** 1-based numbers of the lines whose bytes are not valid UTF-8 (at most `max` of them). */
export function invalidUtf8Lines(buf: Buffer, max = 20): number[] {
  if (isUtf8(buf)) return [];
  const out: number[] = [];
  let start = 0;
  for (let line = 1; start <= buf.length && out.length < max; line++) {
    const nl = buf.indexOf(10, start);
    const end = nl < 0 ? buf.length : nl;
    if (!isUtf8(buf.subarray(start, end))) out.push(line);
    if (nl < 0) break;
    start = nl + 1;
  }
  return out;
}

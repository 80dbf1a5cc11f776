// Reads a data file that is loaded whole (records, plans, `.json` arrays) as text: a regular file
// only, within the size limit, with a located warning for each line that is not valid UTF-8.
import { invalidUtf8Lines, readRegularFile } from '../jsonl/regularFile';
import type { Diagnostic } from '../jsonl/diagnostics';
import { diag } from './validateObject';

export async function decodeDataFile(
  path: string,
  maxBytes?: number,
): Promise<{ text: string; diagnostics: Diagnostic[] }> {
  const buf = await readRegularFile(path, maxBytes);
  return { text: buf.toString('utf8'), diagnostics: invalidUtf8Diagnostics(path, buf) };
}

export function invalidUtf8Diagnostics(path: string, buf: Buffer): Diagnostic[] {
  return invalidUtf8Lines(buf).map((line) => invalidUtf8Diagnostic({ file: path, line, column: 1 }));
}

export function invalidUtf8Diagnostic(loc: { file: string; line: number; column: number }): Diagnostic {
  return diag(
    loc,
    'warning',
    'invalid-utf8',
    'the line has bytes that are not valid UTF-8; they read as U+FFFD (an edit keeps the other lines byte for byte)',
  );
}

// The lines of the run logs `score` reads, streamed: a JSONL log is read line by line (a 1 GB log
// never becomes one string), a `.json` array element by element. Each line comes with its place in
// the file, so `--out` can copy a line it does not rescore byte for byte (a line over the length
// limit, or one with invalid UTF-8, is copied from the file, never held). Invalid lines and
// duplicate conv_ids are reported as diagnostics, not skipped silently.
import { readLines } from '../core/jsonl/lineReader';
import { openRegularFile, DEFAULT_MAX_LINE_BYTES } from '../core/jsonl/regularFile';
import { splitJsonArray } from '../core/jsonl/jsonArray';
import { parseJsonLocated } from '../core/jsonl/jsonSyntax';
import type { Diagnostic } from '../core/jsonl/diagnostics';
import { decodeDataFile, invalidUtf8Diagnostic } from '../core/load/decodeDataFile';
import { validateRunLogEntry } from '../core/load/validateRunLog';
import { diag } from '../core/load/validateObject';
import type { RunLogEntry } from '../core/schema/runlog';
import type { FileSink } from '../core/edit/fileStore';

export interface LogLine {
  file: string;
  line: number;
  /** The line's text; absent for a line over the length limit (copied from `bytes` instead). */
  raw?: string;
  /** Where the line's exact bytes are, for a copy that must not go through a decode. */
  bytes?: { offset: number; length: number };
  /** The parsed object, kept whole so --out preserves every field. */
  object?: Record<string, unknown>;
  /** Set only for a valid conversation seen for the first time: the one to score. */
  entry?: RunLogEntry;
}

export interface LogReadOptions {
  maxLineBytes?: number;
  report: (d: Diagnostic) => void;
  /** conv_ids seen so far, across files: a repeat is reported and not scored again. */
  seenConvIds: Map<string, string>;
}

function classify(l: LogLine, text: string, column: number, opts: LogReadOptions): LogLine {
  if (text.trim() === '') return l;
  const loc = { file: l.file, line: l.line, column };
  const parsed = parseJsonLocated(text);
  if (!parsed.ok) {
    opts.report(diag(loc, 'error', 'json-syntax', `invalid JSON: ${parsed.error.message}`));
    return l;
  }
  if (parsed.value && typeof parsed.value === 'object' && !Array.isArray(parsed.value))
    l.object = parsed.value as Record<string, unknown>;
  const v = validateRunLogEntry(parsed.value, loc);
  if (!v.entry) {
    // One diagnostic per line: the first problem locates it; `validate` lists them all.
    const first = v.diagnostics[0];
    if (first)
      opts.report(
        v.diagnostics.length > 1
          ? { ...first, message: `${first.message} (and ${v.diagnostics.length - 1} more problem(s))` }
          : first,
      );
    return l;
  }
  const prev = opts.seenConvIds.get(v.entry.conv_id);
  if (prev) {
    opts.report(
      diag(
        loc,
        'error',
        'duplicate-conv-id',
        `conv_id \`${v.entry.conv_id}\` already used at ${prev}: counted once`,
        'conv_id',
      ),
    );
    return l;
  }
  opts.seenConvIds.set(v.entry.conv_id, `${l.file}:${l.line}`);
  l.entry = v.entry;
  return l;
}

export async function* readLogLines(file: string, opts: LogReadOptions): AsyncGenerator<LogLine> {
  if (/\.json$/i.test(file)) {
    // An array cannot be split before it is read; it is bounded by the same limit as a line.
    const { text, diagnostics } = await decodeDataFile(file, opts.maxLineBytes);
    diagnostics.forEach(opts.report);
    const elements = splitJsonArray(text.replace(/^\uFEFF/, ''));
    if (!elements) {
      opts.report(
        diag(
          { file, line: 1, column: 1 },
          'error',
          'json-not-array',
          'a .json run-log file must hold one JSON array of conversations',
        ),
      );
      return;
    }
    for (const el of elements) yield classify({ file, line: el.line, raw: el.text }, el.text, el.column, opts);
    return;
  }
  for await (const raw of readLines(file, opts.maxLineBytes ? { maxLineBytes: opts.maxLineBytes } : {})) {
    const bytes = { offset: raw.offset, length: raw.length };
    if (raw.tooLong) {
      opts.report(
        diag(
          { file, line: raw.line, column: 1 },
          'error',
          'line-too-long',
          `line is ${raw.length} bytes, over the ${opts.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES}-byte limit (--max-line-bytes): not scored`,
        ),
      );
      yield { file, line: raw.line, bytes };
      continue;
    }
    if (raw.invalidUtf8) opts.report(invalidUtf8Diagnostic({ file, line: raw.line, column: 1 }));
    yield classify({ file, line: raw.line, raw: raw.text, ...(raw.invalidUtf8 ? { bytes } : {}) }, raw.text, 1, opts);
  }
}

/** Copies a byte range of a file into a sink in bounded chunks. */
export async function copyBytes(
  file: string,
  range: { offset: number; length: number },
  sink: FileSink,
): Promise<void> {
  const fh = await openRegularFile(file);
  try {
    const chunk = Buffer.allocUnsafe(Math.min(range.length, 1 << 20) || 1);
    for (let done = 0; done < range.length;) {
      const { bytesRead } = await fh.read(chunk, 0, Math.min(chunk.length, range.length - done), range.offset + done);
      if (bytesRead === 0) break;
      await sink.write(Buffer.from(chunk.subarray(0, bytesRead)));
      done += bytesRead;
    }
  } finally {
    await fh.close();
  }
}

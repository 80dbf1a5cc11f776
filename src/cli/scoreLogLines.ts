// The lines of the run logs `score` reads, streamed through the run-log reader (core/load/runLogReader.ts
// `readRunLogLines`): a JSONL log line by line, a `.json` array element by element. Each line comes
// with its place in the file, so `--out` can copy a line it does not rescore byte for byte (a line
// over the length limit, or one with invalid UTF-8, is copied from the file, never held). Invalid
// lines and duplicate conv_ids are reported as diagnostics, not skipped silently.
import { openRegularFile, DEFAULT_MAX_LINE_BYTES } from '../core/jsonl/regularFile';
import type { Diagnostic } from '../core/jsonl/diagnostics';
import { invalidUtf8Diagnostic } from '../core/load/decodeDataFile';
import { readRunLogLines, type RunLogLine } from '../core/load/runLogReader';
import { diag } from '../core/load/validateObject';
import type { FileSink } from '../core/edit/fileStore';

/**
 * A line as `score` reads it: `entry` is set only for a valid conversation seen for the first time
 * (the one to score); `bytes` only where --out must copy the line's exact bytes, not its text.
 */
export type LogLine = Omit<RunLogLine, 'problems'>;

export interface LogReadOptions {
  maxLineBytes?: number;
  report: (d: Diagnostic) => void;
  /** conv_ids seen so far, across files: a repeat is reported and not scored again. */
  seenConvIds: Map<string, string>;
}

/** One diagnostic per line: the first problem locates it; `validate` lists them all. */
function firstProblem(problems: readonly Diagnostic[]): Diagnostic | undefined {
  const first = problems[0];
  if (!first || problems.length === 1) return first;
  return { ...first, message: `${first.message} (and ${problems.length - 1} more problem(s))` };
}

/** The line as `score` counts it: reported when it is not a conversation, or a conv_id already scored. */
function countOnce(read: RunLogLine, opts: LogReadOptions): LogLine {
  const { problems, entry, bytes, ...l } = read;
  const where = { file: l.file, line: l.line, column: l.column };
  if (l.tooLong) {
    const limit = opts.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
    opts.report(
      diag(
        where,
        'error',
        'line-too-long',
        `line is ${bytes?.length ?? 0} bytes, over the ${limit}-byte limit (--max-line-bytes): not scored`,
      ),
    );
    return bytes ? { ...l, bytes } : l;
  }
  if (l.invalidUtf8) opts.report(invalidUtf8Diagnostic(where));
  const copy = l.invalidUtf8 && bytes ? { ...l, bytes } : l;
  const problem = firstProblem(problems);
  if (problem) opts.report(problem);
  if (!entry) return copy;
  const prev = opts.seenConvIds.get(entry.conv_id);
  if (prev) {
    const message = `conv_id \`${entry.conv_id}\` already used at ${prev}: counted once`;
    opts.report(diag(where, 'error', 'duplicate-conv-id', message, 'conv_id'));
    return copy;
  }
  opts.seenConvIds.set(entry.conv_id, `${l.file}:${l.line}`);
  return { ...copy, entry };
}

export async function* readLogLines(file: string, opts: LogReadOptions): AsyncGenerator<LogLine> {
  const read = readRunLogLines(file, {
    ...(opts.maxLineBytes ? { maxLineBytes: opts.maxLineBytes } : {}),
    onFileProblems: (problems) => problems.forEach(opts.report),
  });
  for await (const line of read) yield countOnce(line, opts);
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

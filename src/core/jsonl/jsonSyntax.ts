// Parses a JSON line, and where it is not valid says where: V8's JSON.parse messages only sometimes
// carry a position, and a located diagnostic needs a column, so the span scanner finds it.
import { parseJsonKeepingFloats } from './floatLiterals';
import { JsonSpanError, parseJsonSpans } from './jsonSpans';

export interface JsonSyntaxError {
  /** 0-based character offset of the error within the text. */
  offset: number;
  message: string;
}

/**
 * `keepFloats: false` skips remembering float literals (a scan of the whole text, as costly as the
 * parse on 24 KB run-log lines): for readers whose values never reach a verifier, like the run-log index.
 */
export function parseJsonLocated(
  text: string,
  opts: { keepFloats?: boolean } = {},
): { ok: true; value: unknown } | { ok: false; error: JsonSyntaxError } {
  try {
    return { ok: true, value: opts.keepFloats === false ? JSON.parse(text) : parseJsonKeepingFloats(text) };
  } catch (e) {
    return {
      ok: false,
      error: locateJsonError(text) ?? { offset: 0, message: e instanceof Error ? e.message : String(e) },
    };
  }
}

/** The first syntax error in a text (where the span scanner stops), or undefined for valid JSON. */
export function locateJsonError(text: string): JsonSyntaxError | undefined {
  try {
    parseJsonSpans(text);
    return undefined;
  } catch (e) {
    if (e instanceof JsonSpanError) return { offset: e.offset, message: e.reason };
    throw e;
  }
}

/** 1-based line and column of a character offset in a text. */
export function lineColumnAt(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let last = -1;
  for (let j = 0; j < offset && j < text.length; j++) {
    if (text.charCodeAt(j) === 10) {
      line++;
      last = j;
    }
  }
  return { line, column: offset - last };
}

// Splits a text into plain and highlighted segments from character spans, so a view can insert
// each piece as a text node (model output is never parsed as HTML). Spans may arrive unsorted,
// overlapping or out of range (a detector on a text that changed): they are sorted, clipped to the
// text, and an overlapping span is cut to start where the previous one ended.

export interface CharSpan {
  /** Inclusive start offset (UTF-16 code units, as JavaScript strings index). */
  start: number;
  /** Exclusive end offset. */
  end: number;
}

export interface TextSegment<S extends CharSpan> {
  text: string;
  start: number;
  /** The span this segment highlights; absent for plain text. */
  span?: S;
}

export function splitSegments<S extends CharSpan>(text: string, spans: readonly S[]): Array<TextSegment<S>> {
  const valid = spans
    .filter((s) => Number.isFinite(s.start) && Number.isFinite(s.end))
    .map((s) => ({ span: s, start: Math.max(0, Math.floor(s.start)), end: Math.min(text.length, Math.floor(s.end)) }))
    .filter((s) => s.end > s.start)
    .sort((a, b) => a.start - b.start || b.end - a.end);
  const out: Array<TextSegment<S>> = [];
  let cursor = 0;
  for (const s of valid) {
    const start = Math.max(s.start, cursor);
    if (start >= s.end) continue; // wholly inside an earlier span
    if (start > cursor) out.push({ text: text.slice(cursor, start), start: cursor });
    out.push({ text: text.slice(start, s.end), start, span: s.span });
    cursor = s.end;
  }
  if (cursor < text.length || out.length === 0) out.push({ text: text.slice(cursor), start: cursor });
  return out;
}

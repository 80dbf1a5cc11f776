// One line of a re-scored copy of a log (`score --out`). A re-scored conversation gets its new
// verdict and an `answer-evaluation` entry. One that could not be re-scored (no record or plan, no
// answer, a verifier that could not decide) keeps its logged `is_correct` and `score` byte for byte
// and gets a `rescore-skipped` entry saying why: the overlay's rule (`VerdictOverlay.current`, a
// null re-score keeps the logged verdict), so `stats` over the copy and `stats --rescored` agree.
// Edits are spliced into the line's own text (core/edit/editRaw.ts), so every other byte survives.
import { EditError, setAtPath } from '../edit/editRaw';
import type { ConversationScore } from './rescore';

/** The log entry type that marks a line of a copy that was not re-scored (its verdict is the logged one). */
export const RESCORE_SKIPPED = 'rescore-skipped';
export const RESCORED_BY = 'intent-lens score';

/** The `answer-evaluation` entry of a re-scored conversation. */
function evaluationEntry(r: ConversationScore, score: number | null, timestamp: string): Record<string, unknown> {
  const inactive = r.inactive.map(({ value, start, end, kind, match }) => ({ value, start, end, kind, match }));
  const evaluation_return = {
    is_correct: r.is_correct,
    score,
    message: r.details.message,
    active: r.active,
    inactive,
    rescored_by: RESCORED_BY,
  };
  const exact_answer = r.extracted;
  const content = { type: 'answer-evaluation', exact_answer, is_correct: r.is_correct, score, evaluation_return };
  return { role: 'log', content, timestamp };
}

/** The entry of a conversation that was not re-scored: why, and that the logged verdict stands. */
function skippedEntry(r: ConversationScore, timestamp: string): Record<string, unknown> {
  const message = `not re-scored: ${r.details.message}; the logged verdict is kept`;
  return { role: 'log', content: { type: RESCORE_SKIPPED, message, rescored_by: RESCORED_BY }, timestamp };
}

/** True for a trace message that is the `rescore-skipped` entry `score --out` wrote. */
export function isRescoreSkippedEntry(m: { role?: unknown; content?: unknown }): boolean {
  const c = m.content;
  return m.role === 'log' && typeof c === 'object' && c !== null && (c as { type?: unknown }).type === RESCORE_SKIPPED;
}

/** JSON Lines hold one line per value: newlines between tokens go (a valid JSON string holds none raw). */
function oneLine(text: string): string {
  return /[\r\n]/.test(text) ? text.replace(/\s*[\r\n]\s*/g, '') : text;
}

/**
 * The copy's text of one conversation line. `raw` is the line as read, `object` its parse (used
 * only if the text cannot be edited in place); `timestamp` stamps the appended entry.
 */
export function rescoredLineText(
  raw: string,
  object: Record<string, unknown>,
  r: ConversationScore,
  timestamp: string,
): string {
  const trace = Array.isArray(object.trace) ? (object.trace as unknown[]) : [];
  const rescored = r.is_correct !== null;
  const score = r.is_correct === null ? null : r.is_correct ? 1 : 0;
  const entry = rescored ? evaluationEntry(r, score, timestamp) : skippedEntry(r, timestamp);
  try {
    let text = setAtPath(raw, ['trace', trace.length], entry);
    if (rescored) text = setAtPath(setAtPath(text, ['is_correct'], r.is_correct), ['score'], score);
    return oneLine(text);
  } catch (e) {
    if (!(e instanceof EditError)) throw e;
    // A text the span parser refuses (JSON.parse took it): written from its parse instead.
    const written = { ...object, trace: [...trace, entry] };
    return JSON.stringify(rescored ? { ...written, is_correct: r.is_correct, score } : written);
  }
}

// Math: take the final answer the way a grader would and compare it numerically with the active
// reference. Priority: \boxed{}, `####`, an explicit "answer" marker, a bold number on the last
// line that has numbers, then that line's last number.
import { scanNumbers, parseNumber, sameNumber, type NumberToken } from './numbers';
import type { VerifyResult } from '../verifyTypes';

export interface ExtractedMathAnswer {
  value: number;
  raw: string;
  start: number;
  end: number;
  /** Which rule found it. */
  rule: 'boxed' | 'hashes' | 'answer-marker' | 'bold' | 'last-line';
}

function lastNumberIn(text: string, offset: number): NumberToken | undefined {
  const nums = scanNumbers(text);
  const last = nums[nums.length - 1];
  return last ? { ...last, start: last.start + offset, end: last.end + offset } : undefined;
}

function found(t: NumberToken | undefined, rule: ExtractedMathAnswer['rule']): ExtractedMathAnswer | undefined {
  return t ? { value: t.value, raw: t.raw, start: t.start, end: t.end, rule } : undefined;
}

/** Content of the last `\boxed{...}` (braces balanced), with its offset. */
function lastBoxed(text: string): { body: string; offset: number } | undefined {
  const at = text.lastIndexOf('\\boxed{');
  if (at < 0) return undefined;
  let depth = 0;
  const open = at + '\\boxed'.length;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return { body: text.slice(open + 1, i), offset: open + 1 };
  }
  return undefined;
}

/** LaTeX thousands spacing and `\$`, `\text{}` wrappers would hide numbers from the scanner. */
function unLatex(s: string): string {
  return s.replace(/\\[,!; ]/g, '').replace(/\\\$/g, '$');
}

const ANSWER_MARKER = /(?:final\s+answer|the\s+answer|answer)\s*(?:is|:|=)\s*[:*\s]*/gi;

/**
 * The answer on one line: a bold number, else a number the task did not state (a restated premise
 * is not the answer; the first after an answer marker, the last on a concluding line), else the
 * first/last number.
 */
function pickOnLine(line: string, offset: number, premises: readonly number[], boldRule: ExtractedMathAnswer['rule'], plainRule: ExtractedMathAnswer['rule'], fallback: 'first' | 'last', asked?: string): ExtractedMathAnswer | undefined {
  const nums = scanNumbers(line);
  if (!nums.length) return undefined;
  const at = (t: NumberToken, rule: ExtractedMathAnswer['rule']) => found({ ...t, start: t.start + offset, end: t.end + offset }, rule);
  const noun = asked ? numberBeforeNoun(line, asked) : undefined;
  if (noun) return at(noun, plainRule);
  let bold: NumberToken | undefined;
  for (const b of line.matchAll(/\*\*([^*]+)\*\*/g)) {
    const inner = scanNumbers(b[1]!);
    const last = inner[inner.length - 1];
    if (last) bold = { ...last, start: last.start + b.index + 2, end: last.end + b.index + 2 };
  }
  if (bold) return at(bold, boldRule);
  const freshAll = premises.length ? nums.filter((n) => !premises.some((p) => sameNumber(p, n.value))) : [];
  const fresh = fallback === 'first' ? freshAll[0] : freshAll[freshAll.length - 1];
  return at(fresh ?? (fallback === 'first' ? nums[0]! : nums[nums.length - 1]!), plainRule);
}

/** Lines of a text with their offsets. */
function linesOf(text: string, base = 0): Array<{ line: string; offset: number }> {
  const out: Array<{ line: string; offset: number }> = [];
  let offset = base;
  for (const line of text.split('\n')) {
    out.push({ line, offset });
    offset += line.length + 1;
  }
  return out;
}

/** What the question asks for: the noun of its last "how many X" (`students`, `packs`), if any. */
export function askedNoun(question: string): string | undefined {
  const all = [...question.matchAll(/how\s+many\s+(?:more\s+|fewer\s+|less\s+|total\s+|full\s+|extra\s+)?([a-z]+)/gi)];
  const noun = all[all.length - 1]?.[1]?.toLowerCase();
  return noun && !['more', 'of', 'in', 'times', 'did', 'does', 'do', 'is', 'are', 'will', 'can', 'would', 'were', 'was'].includes(noun) ? noun : undefined;
}

/** Light stemming so "student" matches "students", "pack" matches "packs". */
function stem(word: string): string {
  return word.toLowerCase().replace(/(?:ies)$/, 'y').replace(/(?:es|s)$/, '');
}

/** The number written right before the asked noun ("30 students", "7 packs"), the last such on the line. */
function numberBeforeNoun(line: string, noun: string): NumberToken | undefined {
  let hit: NumberToken | undefined;
  const target = stem(noun);
  for (const n of scanNumbers(line)) {
    const after = /^\**\s*([A-Za-z]+)/.exec(line.slice(n.end));
    if (after && stem(after[1]!) === target) hit = n;
  }
  return hit;
}

/**
 * @param premises numbers stated in the task: on the concluding line, a number the task did not
 * give is the answer rather than a restated premise ("Deandre will earn $64.00 from his 3 tunas").
 * @param asked the noun the question asks for (`askedNoun`): "… 30 students, giving 10 cards to
 * each student" → 30 when students are asked.
 */
export function extractMathAnswer(text: string, premises: readonly number[] = [], asked?: string): ExtractedMathAnswer | undefined {
  const boxed = lastBoxed(text);
  if (boxed) {
    const body = unLatex(boxed.body);
    const t = lastNumberIn(body, boxed.offset);
    // Offsets inside a de-LaTeXed body may drift; keep the value, clamp the span to the box.
    if (t) return { value: t.value, raw: t.raw, start: boxed.offset, end: boxed.offset + boxed.body.length, rule: 'boxed' };
  }
  const hashes = text.lastIndexOf('####');
  if (hashes >= 0) {
    const line = text.slice(hashes + 4).split('\n')[0] ?? '';
    const first = scanNumbers(line)[0];
    if (first) return found({ ...first, start: first.start + hashes + 4, end: first.end + hashes + 4 }, 'hashes');
  }
  // The last answer marker near the end: the first line with a number within a few lines after
  // it; a marker followed by much more numeric work is an intermediate "answer".
  const markers = [...text.matchAll(ANSWER_MARKER)];
  const marker = markers[markers.length - 1];
  if (marker) {
    const from = marker.index + marker[0].length;
    const after = linesOf(text.slice(from), from);
    for (let i = 0; i < Math.min(after.length, 6); i++) {
      const hit = pickOnLine(after[i]!.line, after[i]!.offset, premises, 'answer-marker', 'answer-marker', 'first', asked);
      if (!hit) continue;
      const numericLater = after.slice(i + 1).filter((l) => scanNumbers(l.line).length).length;
      if (numericLater <= 3) return hit;
      break;
    }
  }
  // The last line that has a number.
  const lines = linesOf(text);
  for (let i = lines.length - 1; i >= 0; i--) {
    const hit = pickOnLine(lines[i]!.line, lines[i]!.offset, premises, 'bold', 'last-line', 'last', asked);
    if (hit) return hit;
  }
  return undefined;
}

/** The reference as a number: a number, a numeric string, or a GSM8K answer ending in `#### N`. */
export function mathReferenceNumber(reference: unknown): number | undefined {
  if (typeof reference === 'number') return reference;
  if (typeof reference !== 'string') return undefined;
  const m = /####\s*(.+)$/.exec(reference.trim());
  return parseNumber((m ? m[1]! : reference).trim().replace(/\.$/, ''));
}

export function verifyMath(responseText: string, reference: unknown, premises: readonly number[] = [], asked?: string): VerifyResult {
  const ref = mathReferenceNumber(reference);
  const answer = extractMathAnswer(responseText, premises, asked);
  if (ref === undefined) return { is_correct: null, extracted: answer ? String(answer.value) : null, details: { domain: 'math', message: `the active reference ${JSON.stringify(reference)} is not a number` } };
  if (!answer) return { is_correct: false, extracted: null, details: { domain: 'math', message: 'no number found in the response', info: { reference: ref } } };
  const ok = sameNumber(answer.value, ref);
  return {
    is_correct: ok,
    extracted: String(answer.value),
    details: {
      domain: 'math',
      message: ok ? `final answer ${answer.raw} equals the reference ${ref}` : `final answer ${answer.raw} (${answer.rule}) differs from the reference ${ref}`,
      info: { reference: ref, rule: answer.rule, raw: answer.raw, start: answer.start, end: answer.end },
    },
  };
}

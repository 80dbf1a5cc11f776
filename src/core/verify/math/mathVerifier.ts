// Math: take the final answer the way a grader would and compare it numerically with the active
// reference. Priority: \boxed{}, `####`, an explicit "answer" marker, a concluding sentence, then
// the last line with a number that is not commentary (see `extractMathAnswer`).
import { scanNumbers, parseNumber, sameNumber, type NumberToken } from './numbers';
import { askedNumbers, stem, wordAfter } from './askedQuantity';
import {
  computes,
  pickOnLine,
  restatesPremises,
  statesResult,
  type ExtractedMathAnswer,
  type LineContext,
} from './lineAnswer';

export { askedNoun } from './askedQuantity';
export type { ExtractedMathAnswer } from './lineAnswer';
import type { VerifyResult } from '../verifyTypes';
import { NUMBER_WORDS_TO_TWELVE } from '../../text/numberWords';

function lastNumberIn(text: string, offset: number): NumberToken | undefined {
  const nums = scanNumbers(text);
  const last = nums[nums.length - 1];
  return last ? { ...last, start: last.start + offset, end: last.end + offset } : undefined;
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

// "The answer is", "Final answer:", "The answer remains: 3", "Answer (if the fee is per group): …".
const ANSWER_MARKER = /(?:final\s+answer|the\s+answer|answer)\s*(?:\([^)\n]*\)\s*)?(?:is|remains|:|=)\s*[:*\s]*/gi;
// A check after the answer ("Let's check our work:") recomputes from it; its numbers are not the answer.
const CHECK_HEADING = /^[\s*#>-]*(?:let'?s\s+|now\s+let'?s\s+)?(?:check|verify|verification|double[- ]check)/i;
// A sentence that draws the conclusion; what follows it without computing is commentary.
const CONCLUSION =
  /^[\s*#>-]*(?:\d+\.\s+)?(?:therefore|thus|hence|in\s+conclusion|in\s+summary|so\s+in\s+summary|to\s+summarize|to\s+reiterate)\b/i;

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

const hasNumber = (line: string) => scanNumbers(line).length > 0;

/**
 * The last answer marker near the end: the first line with a number within a few lines after it
 * (one stating the asked quantity first); a marker followed by much more numeric work (a check
 * excepted) is an intermediate "answer". `none`: an "Answer:" label that commits to an answer in
 * words with no number ("Answer: The children cannot have any lunches with leftover soup.").
 */
function afterAnswerMarker(text: string, ctx: LineContext): ExtractedMathAnswer | 'none' | undefined {
  const markers = [...text.matchAll(ANSWER_MARKER)];
  const marker = markers[markers.length - 1];
  if (!marker) return undefined;
  const from = marker.index + marker[0].length;
  const after = linesOf(text.slice(from), from);
  const window = after.slice(0, 6);
  const asked = ctx.asked;
  const stated = asked ? window.findIndex((l) => askedNumbers(l.line, asked).length) : -1;
  const i = stated >= 0 ? stated : window.findIndex((l) => hasNumber(l.line));
  if (i < 0)
    return answerInWords(text, marker.index, window[0]?.line ?? '', after)
      ? (numberWord(window[0]!.line, window[0]!.offset) ?? 'none')
      : undefined;
  const hit = pickOnLine(window[i]!.line, window[i]!.offset, ctx, 'answer-marker', 'answer-marker', 'first', i > 0);
  const rest = after.slice(i + 1);
  const check = rest.findIndex((l) => CHECK_HEADING.test(l.line));
  const numericLater = (check >= 0 ? rest.slice(0, check) : rest).filter((l) => hasNumber(l.line)).length;
  return numericLater <= 3 ? hit : undefined;
}

/** An "Answer:" label opening its line, a whole sentence after it, and no number from there on. */
function answerInWords(text: string, markerAt: number, rest: string, after: Lines): boolean {
  const lineStart = text.lastIndexOf('\n', markerAt - 1) + 1;
  const label = /^[\s*#>-]*(?:final\s+)?answer\s*:/i.test(text.slice(lineStart, markerAt + 20));
  // A complete sentence: a reply cut off after the label has not answered in words.
  return (
    label &&
    (rest.match(/[A-Za-z]+/g) ?? []).length >= 3 &&
    /[.!]\**$/.test(rest.trim()) &&
    !after.some((l) => hasNumber(l.line))
  );
}

type Lines = ReadonlyArray<{ line: string; offset: number }>;

const NUMBER_WORDS = NUMBER_WORDS_TO_TWELVE;

/** The first small number written as a word ("Answer: It takes four hours."). */
function numberWord(line: string, offset: number): ExtractedMathAnswer | undefined {
  const m = new RegExp(`\\b(${NUMBER_WORDS.join('|')})\\b`, 'i').exec(line);
  return m
    ? {
        value: NUMBER_WORDS.indexOf(m[1]!.toLowerCase()),
        raw: m[1]!,
        start: offset + m.index,
        end: offset + m.index + m[1]!.length,
        rule: 'answer-marker',
      }
    : undefined;
}

/** The lines before a check of the answer ("Let's check our work:"), when a number precedes it. */
function beforeCheck(lines: Lines): Lines {
  for (let i = lines.length - 1; i > 0; i--) {
    if (CHECK_HEADING.test(lines[i]!.line))
      return lines.slice(0, i).some((l) => hasNumber(l.line)) ? lines.slice(0, i) : lines;
  }
  return lines;
}

/** The last concluding sentence ("Therefore, …") with a number, when nothing after it computes. */
function conclusion(lines: Lines, ctx: LineContext): ExtractedMathAnswer | undefined {
  for (let i = lines.length - 1; i >= 0; i--) {
    const { line, offset } = lines[i]!;
    if (computes(line) && hasNumber(line)) return undefined;
    if (CONCLUSION.test(line) && hasNumber(line))
      return pickOnLine(line, offset, ctx, 'conclusion', 'conclusion', 'last');
  }
  return undefined;
}

/** A question to the user or an aside in parentheses states no answer. */
function aside(line: string): boolean {
  const t = line.trim();
  return t.endsWith('?') || /^[*_]*\(.*\)[*_.]*$/.test(t);
}

/**
 * The last line with a number that is not commentary (the last line with a number otherwise).
 * Commentary: an aside, or a restatement of the task's numbers after a line that states a result
 * ("… = **$205**" then "So, the $40 charge was included!").
 */
function lastStatement(lines: Lines, ctx: LineContext): ExtractedMathAnswer | undefined {
  let skipped: ExtractedMathAnswer | undefined;
  for (let i = lines.length - 1; i >= 0; i--) {
    const { line, offset } = lines[i]!;
    const hit = pickOnLine(line, offset, ctx, 'bold', 'last-line', 'last');
    if (!hit) continue;
    const restates =
      restatesPremises(line, ctx.premises) &&
      !(ctx.asked && askedNumbers(line, ctx.asked).length) &&
      resultAbove(lines, i, ctx);
    if (aside(line) || restates) {
      skipped ??= hit;
      continue;
    }
    return stateAskedQuantity(lines, i, hit, ctx) ?? hit;
  }
  return skipped;
}

/** Whether the nearest line above with a number (asides and restatements passed over) states a result. */
function resultAbove(lines: Lines, index: number, ctx: LineContext): boolean {
  for (let i = index - 1; i >= 0; i--) {
    const line = lines[i]!.line;
    if (!hasNumber(line) || aside(line) || restatesPremises(line, ctx.premises)) continue;
    return statesResult(line);
  }
  return false;
}

/**
 * When the final statement counts something other than what is asked ("There are 124 camels" when
 * dromedaries are asked), the last earlier statement of the asked quantity is the answer.
 */
function stateAskedQuantity(
  lines: Lines,
  index: number,
  hit: ExtractedMathAnswer,
  ctx: LineContext,
): ExtractedMathAnswer | undefined {
  const asked = ctx.asked;
  if (!asked || hit.rule === 'bold') return undefined;
  const line = lines[index]!.line;
  const token = scanNumbers(line).find((n) => n.start + lines[index]!.offset === hit.start);
  const word = token ? wordAfter(line, token) : undefined;
  if (
    !word ||
    word === '%' ||
    !/^[a-z]{3,}$/i.test(word) ||
    stem(word) === stem(asked) ||
    askedNumbers(line, asked).length
  )
    return undefined;
  for (let i = index - 1; i >= 0; i--) {
    const { line: l, offset } = lines[i]!;
    if (askedNumbers(l, asked).length) return pickOnLine(l, offset, ctx, 'last-line', 'last-line', 'last');
  }
  return undefined;
}

/**
 * Priority: \boxed{}, `####`, an explicit "answer" marker, a concluding sentence, then the last
 * line with a number that is not commentary, each read by `pickOnLine`.
 * @param premises numbers stated in the task: on the concluding line, a number the task did not
 * give is the answer rather than a restated premise ("Deandre will earn $64.00 from his 3 tunas").
 * @param asked what the question asks for (`askedNoun`): "… 30 students, giving 10 cards to
 * each student" → 30 when students are asked.
 */
export function extractMathAnswer(
  text: string,
  premises: readonly number[] = [],
  asked?: string,
): ExtractedMathAnswer | undefined {
  const boxed = lastBoxed(text);
  if (boxed) {
    const body = unLatex(boxed.body);
    const t = lastNumberIn(body, boxed.offset);
    // Offsets inside a de-LaTeXed body may drift; keep the value, clamp the span to the box.
    if (t)
      return { value: t.value, raw: t.raw, start: boxed.offset, end: boxed.offset + boxed.body.length, rule: 'boxed' };
  }
  const hashes = text.lastIndexOf('####');
  if (hashes >= 0) {
    const line = text.slice(hashes + 4).split('\n')[0] ?? '';
    const first = scanNumbers(line)[0];
    if (first)
      return {
        value: first.value,
        raw: first.raw,
        start: first.start + hashes + 4,
        end: first.end + hashes + 4,
        rule: 'hashes',
      };
  }
  const ctx: LineContext = { premises, ...(asked ? { asked } : {}) };
  const lines = beforeCheck(linesOf(text));
  const marked = afterAnswerMarker(text, ctx);
  if (marked === 'none') return undefined;
  return marked ?? conclusion(lines, ctx) ?? lastStatement(lines, ctx);
}

/** The reference as a number: a number, a numeric string, or a GSM8K answer ending in `#### N`. */
export function mathReferenceNumber(reference: unknown): number | undefined {
  if (typeof reference === 'number') return reference;
  if (typeof reference !== 'string') return undefined;
  const m = /####\s*(.+)$/.exec(reference.trim());
  return parseNumber((m ? m[1]! : reference).trim().replace(/\.$/, ''));
}

export function verifyMath(
  responseText: string,
  reference: unknown,
  premises: readonly number[] = [],
  asked?: string,
): VerifyResult {
  const ref = mathReferenceNumber(reference);
  const answer = extractMathAnswer(responseText, premises, asked);
  if (ref === undefined)
    return {
      is_correct: null,
      extracted: answer ? String(answer.value) : null,
      details: { domain: 'math', message: `the active reference ${JSON.stringify(reference)} is not a number` },
    };
  if (!answer)
    return {
      is_correct: false,
      extracted: null,
      details: { domain: 'math', message: 'no number found in the response', info: { reference: ref } },
    };
  const ok = sameNumber(answer.value, ref);
  return {
    is_correct: ok,
    extracted: String(answer.value),
    details: {
      domain: 'math',
      message: ok
        ? `final answer ${answer.raw} equals the reference ${ref}`
        : `final answer ${answer.raw} (${answer.rule}) differs from the reference ${ref}`,
      info: { reference: ref, rule: answer.rule, raw: answer.raw, start: answer.start, end: answer.end },
    },
  };
}

// The answer on one line of a reply, read the way a careful grader reads it: the number stating the
// asked quantity, else the author's bold emphasis, else an equation's result, else a number the
// task did not state. Numbers the line itself sets aside are no candidates: a rejected value
// ("$90, not the initial $30"), a derivation in parentheses ("$3000 (12 sessions x $250)"), the
// parts of a compound duration restated in one unit ("3 hours and 47 minutes (or 227 minutes)").
import { scanNumbers, sameNumber, type NumberToken } from './numbers';
import { askedNumbers, isAsked, wordAfter } from './askedQuantity';

export type MathRule = 'boxed' | 'hashes' | 'answer-marker' | 'conclusion' | 'bold' | 'last-line';

export interface ExtractedMathAnswer {
  value: number;
  raw: string;
  start: number;
  end: number;
  /** Which rule found it. */
  rule: MathRule;
}

export interface LineContext {
  /** Numbers the task states (a restated premise is not the answer). */
  premises: readonly number[];
  /** What the question asks for (`askedNoun`). */
  asked?: string;
}

const OPERATOR = /\d\s*(?:[x×*/÷+−]|-\s)\s*\$?\d|\b(?:minus|plus|times|divided\s+by|multiplied\s+by)\b/i;

/** Whether the text computes something (`2 x 50`, `300 minus 240`, `=`). */
export function computes(text: string): boolean {
  return text.includes('=') || OPERATOR.test(text);
}

// Inside parentheses an operator may sit between labelled operands ("12 sessions x $250/session").
const LABELLED_OPERATOR = /\d[^()]*\s[x×*÷+−-]\s[^()]*\d/;

/** Spans of `(...)` whose content computes: a derivation of a neighbouring value. */
function derivationSpans(line: string): Array<[number, number]> {
  return [...line.matchAll(/\(([^()]*)\)/g)]
    .filter((m) => computes(m[1]!) || LABELLED_OPERATOR.test(m[1]!))
    .map((m) => [m.index, m.index + m[0].length]);
}

const TIME_UNIT = /^\**\s*(?:minutes?|mins?|hours?|hrs?|seconds?)\b/i;

/** `N hours (and) M minutes`: both parts, when the line states the duration in one unit too. */
function compoundDurationParts(line: string, nums: readonly NumberToken[]): Set<NumberToken> {
  const parts = new Set<NumberToken>();
  for (const m of line.matchAll(/(\d+)\s*(?:hours?|hrs?)\s*(?:and\s+)?(\d+)\s*(?:minutes?|mins?)\b/gi)) {
    for (const n of nums) if (n.start >= m.index && n.end <= m.index + m[0].length) parts.add(n);
  }
  const single = nums.some((n) => !parts.has(n) && TIME_UNIT.test(line.slice(n.end)));
  return single ? parts : new Set();
}

/** A list item's number ("3. Difference: …", "**2.** …") labels the item, it states no value. */
function enumerator(line: string, n: NumberToken): boolean {
  return (
    /^\d{1,2}$/.test(n.raw) && /^[\s>*_#-]*$/.test(line.slice(0, n.start)) && /^[.)]\**\s+\S/.test(line.slice(n.end))
  );
}

/** A value the sentence rejects: "not the initial $30", "instead of 12", "rather than 5". */
function rejected(line: string, n: NumberToken): boolean {
  return /\b(?:not|instead\s+of|rather\s+than)\s+(?:(?:the|a|an|our|my)\s+)?(?:[A-Za-z]+\s+)?$/i.test(
    line.slice(Math.max(0, n.start - 40), n.start),
  );
}

/** The numbers of a line that can be its answer (all of them when the line sets every one aside). */
export function candidatesOn(
  line: string,
  nums: readonly NumberToken[] = scanNumbers(line),
  lineStart = true,
): NumberToken[] {
  const spans = derivationSpans(line);
  const compound = compoundDurationParts(line, nums);
  const listed = lineStart ? nums.filter((n) => !enumerator(line, n)) : [...nums];
  const kept = listed.filter(
    (n) => !spans.some(([a, b]) => n.start >= a && n.end <= b) && !compound.has(n) && !rejected(line, n),
  );
  return kept.length ? kept : listed.length ? listed : [...nums];
}

/** The value an equation on the line ends in: the number after its last `=` (or "… minus 240 is 60"). */
function equationResult(line: string, cands: readonly NumberToken[]): NumberToken | undefined {
  const eq = line.lastIndexOf('=');
  const verbal = [
    ...line.matchAll(/\b(?:minus|plus|times|divided\s+by|multiplied\s+by)\s+\$?[\d,.]+\s+(?:is|equals|gives)\s+/gi),
  ].pop();
  const at = Math.max(eq >= 0 ? eq + 1 : -1, verbal ? verbal.index + verbal[0].length : -1);
  if (at < 0) return undefined;
  const next = cands.find((n) => n.start >= at);
  return next && /^[\s*]*$/.test(line.slice(at, next.start)) ? next : undefined;
}

/** A statement ending in its value: "…, Charlie's net profit is $20." (even when the task states 20). */
function statedLast(line: string, cands: readonly NumberToken[]): NumberToken | undefined {
  const last = cands[cands.length - 1];
  if (!last || !/^[\s*]*[.!]?[\s*]*$/.test(line.slice(last.end))) return undefined;
  return /\b(?:is|are|was|were|equals)\s+(?:(?:about|approximately|still|now|indeed|only|just|exactly)\s+)?[*\s]*$/i.test(
    line.slice(0, last.start),
  )
    ? last
    : undefined;
}

/** Numbers inside `**bold**` spans, in order. */
export function boldNumbers(line: string, cands: readonly NumberToken[]): NumberToken[] {
  const spans = [...line.matchAll(/\*\*([^*]+)\*\*/g)].map((m) => [m.index + 2, m.index + 2 + m[1]!.length] as const);
  return cands.filter((n) => spans.some(([a, b]) => n.start >= a && n.end <= b));
}

/** A bold label ("**Clue 2:**", "**Step 3**:") names what follows; its number states no value. */
function boldLabel(line: string, n: NumberToken): boolean {
  return /^[^*\n]*(?::\s*\*\*|\*\*\s*:)/.test(line.slice(n.end));
}

/**
 * The line's computed result (after its last `=`, else its bold number) when it wins over the
 * numbers stating the asked quantity: each of those only restates a quantity the task gave
 * ("Ending with 83 bandages means they started with 83 − 59 = **24**" when the task says 83 were
 * left), and the result is a count of the asked kind (no other unit, no sum of money).
 */
function computedOverRestated(
  line: string,
  cands: readonly NumberToken[],
  bold: readonly NumberToken[],
  asked: readonly NumberToken[],
  ctx: Required<LineContext>,
): NumberToken | undefined {
  const result = equationResult(line, cands) ?? bold.filter((n) => !boldLabel(line, n)).pop();
  if (!result || asked.includes(result) || result.raw.includes('$')) return undefined;
  const unit = wordAfter(line, result);
  if (unit !== undefined && !isAsked(unit, ctx.asked)) return undefined;
  return asked.every((n) => ctx.premises.some((p) => sameNumber(p, n.value))) ? result : undefined;
}

function fresh(nums: readonly NumberToken[], premises: readonly number[]): NumberToken[] {
  return nums.filter((n) => !premises.some((p) => sameNumber(p, n.value)));
}

/**
 * The answer on one line, or undefined when it has no number. `fallback` says which of several
 * equal candidates counts: the first after an answer marker, the last on a concluding line.
 * `lineStart`: false for the rest of a line after an answer marker (no list number there).
 */
export function pickOnLine(
  line: string,
  offset: number,
  ctx: LineContext,
  boldRule: MathRule,
  plainRule: MathRule,
  fallback: 'first' | 'last',
  lineStart = true,
): ExtractedMathAnswer | undefined {
  const nums = scanNumbers(line);
  if (!nums.length) return undefined;
  const at = (t: NumberToken, rule: MathRule): ExtractedMathAnswer => ({
    value: t.value,
    raw: t.raw,
    start: t.start + offset,
    end: t.end + offset,
    rule,
  });
  const choose = (list: readonly NumberToken[]) => (fallback === 'first' ? list[0] : list[list.length - 1]);
  const cands = candidatesOn(line, nums, lineStart);
  const bold = boldNumbers(line, cands);
  const asked = ctx.asked ? askedNumbers(line, ctx.asked, cands) : [];
  // The author's emphasis decides between several statements of the asked quantity.
  const boldAsked = asked.filter((n) => bold.includes(n));
  const askedCtx = ctx.asked ? { premises: ctx.premises, asked: ctx.asked } : undefined;
  const computed = asked.length && askedCtx ? computedOverRestated(line, cands, bold, asked, askedCtx) : undefined;
  if (computed) return at(computed, bold.includes(computed) ? boldRule : plainRule);
  if (asked.length) return at(choose(boldAsked.length ? boldAsked : asked)!, plainRule);
  if (bold.length) {
    const boldFresh = fresh(bold, ctx.premises);
    return at((boldFresh.length ? boldFresh : bold)[(boldFresh.length ? boldFresh : bold).length - 1]!, boldRule);
  }
  const result = equationResult(line, cands) ?? statedLast(line, cands);
  if (result) return at(result, plainRule);
  const freshCands = ctx.premises.length ? fresh(cands, ctx.premises) : [];
  return at(choose(freshCands.length ? freshCands : cands)!, plainRule);
}

const RESULT_BEFORE =
  /(?:\b(?:is|are|was|were|be|equals)|=|:)\s*(?:(?:about|approximately|still|now|indeed|only|just|exactly)\s+)?[*\s]*$/i;

/** Whether the line states a value: in bold, after `=`, or after "is"/":". */
export function statesResult(line: string): boolean {
  const nums = scanNumbers(line);
  return (
    boldNumbers(line, nums).length > 0 ||
    nums.some((n) => RESULT_BEFORE.test(line.slice(Math.max(0, n.start - 30), n.start)))
  );
}

/** A line whose every number the task states, with no bold and no "… is N" / "= N": a restatement. */
export function restatesPremises(line: string, premises: readonly number[]): boolean {
  const nums = scanNumbers(line);
  return nums.length > 0 && !fresh(nums, premises).length && !statesResult(line);
}

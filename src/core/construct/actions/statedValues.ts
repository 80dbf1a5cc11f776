// Where a tool argument's value is stated in the task's text: number tokens compared by value
// (`5,000,000` = 5000000, `5%` = 0.05), strings by any allowed form, case-insensitive, as whole words.
// Overlapping matches of several forms (`New York` inside `New York City`) count once.
import { escapeRegExp } from '../../text/escapeRegExp';
import { NUMBER_WORDS_TO_TWENTY } from '../../text/numberWords';

export interface TextSpan {
  from: number;
  to: number;
  /** The stated text, e.g. `5`, `5,000,000`, `5%`, `San Mateo`. */
  text: string;
  /** How a number was written: grouped thousands, a percent of the value, its decimals. */
  number?: { grouped: boolean; percent: boolean; decimals: number; word?: boolean };
}

/** Small whole numbers written as words ("two tickets", "five cards"). */
const NUMBER_WORDS = NUMBER_WORDS_TO_TWENTY;
const NUMBER_WORD = new RegExp(`(?<![A-Za-z0-9_-])(${NUMBER_WORDS.join('|')})(?![A-Za-z0-9_-])`, 'gi');

/** Units written onto a number (`5cm`, `440Hz`): the number is still a stated value, the unit part of it. */
export const GLUED_UNITS: ReadonlySet<string> = new Set(
  'mm cm m km g kg mg lb lbs oz ft in mi ml l s ms sec min h hr hrs hz khz mhz ghz kb mb gb tb kw kwh w v mph kmh'.split(
    ' ',
  ),
);

/** Units whose case tells them from other readings (`300K` kelvin, not thousands; `5J`). */
const CASED_UNITS: ReadonlySet<string> = new Set(['K', 'J', 'kJ', 'Pa', 'kPa', 'N']);

/**
 * Whether the comma run around `at` (`3,4,5,2,8,5`, `46.603354,1.8883340`) is a list of numbers: no
 * item after the first has exactly three digits, which would read as a thousands group (`3,400`).
 */
function plainCommaList(text: string, at: number): boolean {
  let from = at;
  while (from > 0 && /[\d.,-]/.test(text[from - 1]!)) from--;
  let to = at;
  while (to < text.length && /[\d.,-]/.test(text[to]!)) to++;
  const items = text
    .slice(from, to)
    .replace(/[.,]+$/, '')
    .split(',');
  return items.length >= 2 && items.slice(1).every((item) => !/^\d{3}(\.\d+)?$/.test(item));
}

const NUMBER_TOKEN = /-?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?%?/g;
const WORD_CHAR = /[A-Za-z0-9_]/;

/** Number tokens of a text that are not part of a word or of a longer number (`B12`, `1.5` for 5). */
export function numberTokens(text: string): TextSpan[] {
  const out: TextSpan[] = [];
  for (const m of text.matchAll(NUMBER_TOKEN)) {
    let from = m.index;
    let token = m[0];
    const before = text[from - 1] ?? '';
    if (token.startsWith('-') && (WORD_CHAR.test(before) || /[\d)]/.test(before))) {
      from++;
      token = token.slice(1);
    }
    const prev = text[from - 1] ?? '';
    const next = text[from + token.length] ?? '';
    if (WORD_CHAR.test(prev) || prev === '.' || (next === '.' && /\d/.test(text[from + token.length + 1] ?? '')))
      continue;
    // Glued to letters other than a unit (`440Hz`, `300K`, `3x`): not read as a stated value.
    const glued = /^[A-Za-z_]+/.exec(text.slice(from + token.length))?.[0];
    if (/[\d_]/.test(next) || (glued && !GLUED_UNITS.has(glued.toLowerCase()) && !CASED_UNITS.has(glued))) continue;
    const inList =
      (next === ',' && /\d/.test(text[from + token.length + 1] ?? '')) ||
      (prev === ',' && /\d/.test(text[from - 2] ?? ''));
    if (inList && !plainCommaList(text, from)) continue;
    const digits = token.replace(/[-%]/g, '');
    const decimals = digits.includes('.') ? digits.split('.')[1]!.length : 0;
    out.push({
      from,
      to: from + token.length,
      text: token,
      number: { grouped: token.includes(','), percent: token.endsWith('%'), decimals },
    });
  }
  for (const m of text.matchAll(NUMBER_WORD)) {
    out.push({
      from: m.index,
      to: m.index + m[0].length,
      text: m[0],
      number: { grouped: false, percent: false, decimals: 0, word: true },
    });
  }
  return out.sort((a, b) => a.from - b.from);
}

export function tokenValue(span: TextSpan): number {
  if (span.number?.word) return NUMBER_WORDS.indexOf(span.text.toLowerCase());
  const n = Number(span.text.replace(/[,%]/g, ''));
  return span.number?.percent ? n / 100 : n;
}

function sameNumber(a: number, b: number): boolean {
  return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
}

/** Where the number `value` is stated (a percent token counts as its value and as its figure). */
export function numberSpans(text: string, value: number): TextSpan[] {
  return numberTokens(text).filter(
    (t) =>
      sameNumber(tokenValue(t), value) || (t.number?.percent && sameNumber(Number(t.text.replace(/[,%]/g, '')), value)),
  );
}

/** Where any of the string forms is stated as whole words, overlapping matches merged into the longest. */
export function stringSpans(text: string, forms: readonly string[]): TextSpan[] {
  const raw: TextSpan[] = [];
  for (const form of forms) {
    if (!form.trim()) continue;
    const re = new RegExp(`(?<![A-Za-z0-9_])${escapeRegExp(form)}(?![A-Za-z0-9_])`, 'gi');
    for (const m of text.matchAll(re)) raw.push({ from: m.index, to: m.index + m[0].length, text: m[0] });
  }
  raw.sort((a, b) => a.from - b.from || b.to - a.to);
  const out: TextSpan[] = [];
  for (const s of raw) {
    const last = out[out.length - 1];
    if (last && s.from < last.to) {
      if (s.to > last.to) out[out.length - 1] = { from: last.from, to: s.to, text: text.slice(last.from, s.to) };
    } else out.push(s);
  }
  return out;
}

/** True when the stated token is a percent of the argument value (`5%` for 0.05), not its figure. */
export function statedAsPercent(like: TextSpan, argumentValue: number): boolean {
  return like.number?.percent === true && sameNumber(tokenValue(like), argumentValue);
}

/** The argument value `value` written like the stated token: same grouping, percent form and decimals. */
export function formatLike(value: number, like: TextSpan, asPercent: boolean): string {
  const shape = like.number ?? { grouped: false, percent: false, decimals: 0 };
  if (shape.word && Number.isInteger(value) && value >= 0 && value < NUMBER_WORDS.length) {
    const word = NUMBER_WORDS[value]!;
    return /^[A-Z]/.test(like.text) ? word[0]!.toUpperCase() + word.slice(1) : word;
  }
  const figure = asPercent ? value * 100 : value;
  let s = figure.toFixed(shape.decimals);
  if (shape.grouped) {
    const [int, frac] = s.split('.');
    s = int!.replace(/\B(?=(\d{3})+(?!\d))/g, ',') + (frac !== undefined ? `.${frac}` : '');
  }
  return shape.percent ? `${s}%` : s;
}

/** `text` with one span replaced. */
export function replaceSpan(text: string, span: Pick<TextSpan, 'from' | 'to'>, by: string): string {
  return text.slice(0, span.from) + by + text.slice(span.to);
}

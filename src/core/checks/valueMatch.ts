// Finds a requirement value inside free text the way a reader would: case-insensitive, any run of
// whitespace equal, and never inside a longer token (`4 bags` must not hit `24 bags`, `age 3` must
// not hit `age 30`, `intersperse` must not hit `intersperse_all`). Numbers compare normalised
// (`1,000` = `1000` = `1000.0`), so a value's number is also found when written differently.
import { escapeRegExp } from '../text/escapeRegExp';

const TOKEN_CHAR = /[\p{L}\p{N}_]/u;

export interface ValueHit {
  /** Offset in the searched text. */
  index: number;
  length: number;
}

function isTokenChar(ch: string | undefined): boolean {
  return ch !== undefined && TOKEN_CHAR.test(ch);
}

/** Every occurrence of `value` in `text` that starts and ends at token boundaries. */
export function findValue(text: string, value: string): ValueHit[] {
  const needle = value.trim();
  if (needle === '') return [];
  const pattern = needle.split(/\s+/).map(escapeRegExp).join('\\s+');
  const re = new RegExp(pattern, 'giu');
  const hits: ValueHit[] = [];
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const start = m.index;
    const end = start + m[0].length;
    // A boundary is only required where the value itself begins or ends with a token character.
    const leftOk = !isTokenChar(needle[0]) || !isTokenChar(text[start - 1]);
    const rightOk = !isTokenChar(needle[needle.length - 1]) || !isTokenChar(text[end]);
    if (leftOk && rightOk && !joinsNumber(text, start, end)) hits.push({ index: start, length: m[0].length });
    if (m[0].length === 0) re.lastIndex++;
  }
  return hits;
}

/**
 * `4` inside `4.5` or `400` inside `1,400` is part of a longer number even though `.`/`,` are not
 * token chars. A comma joins only a thousands group (three digits): `3` in `A(3,4)` or in the data
 * points `3,4,5` is a number of its own.
 */
function joinsNumber(text: string, start: number, end: number): boolean {
  const before = text.slice(Math.max(0, start - 2), start);
  const startsDigit = /\d/.test(text[start] ?? '');
  const endsDigit = /\d/.test(text[end - 1] ?? '');
  const groupAt = (i: number) => /^\d{3}(?!\d)/.test(text.slice(i, i + 4));
  const joinsLeft = /\d\.$/.test(before) || (/\d,$/.test(before) && groupAt(start));
  const joinsRight = /^\.\d/.test(text.slice(end, end + 2)) || (text[end] === ',' && groupAt(end + 1));
  return (startsDigit && joinsLeft) || (endsDigit && joinsRight);
}

export function mentionsValue(text: string, value: string): boolean {
  return findValue(text, value).length > 0;
}

const NUMBER_RE =
  /(?<![\p{L}\p{N}_.])-?\d{1,3}(?:,\d{3})+(?:\.\d+)?(?![\p{N}])|(?<![\p{L}\p{N}_.])(?!(?<=\d,)\d{3}(?!\d))-?\d+(?:\.\d+)?(?![\p{L}\p{N}_]|\.\d|,\d{3}(?!\d))/gu;

/** Numbers in a text, normalised (`1,000.0` → 1000). Digits inside identifiers (`x2`) are not numbers. */
export function numbersIn(text: string): number[] {
  const out: number[] = [];
  for (const m of text.matchAll(NUMBER_RE)) {
    const n = Number(m[0].replace(/,/g, ''));
    if (Number.isFinite(n)) out.push(n);
  }
  return out;
}

/** A number as a value: `$1,000.50` → 1000.5; undefined when the text is not one number. */
export function parseNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const s = value
    .trim()
    .replace(/^\$/, '')
    .replace(/,(?=\d{3}\b)/g, '');
  if (!/^-?\d+(\.\d+)?$/.test(s)) return undefined;
  return Number(s);
}

/**
 * Whether `text` reveals `value`: the value itself, or, for a value carrying exactly one number
 * (`4 bags`, `under age 30`), that number written in any format (`4`, `4.0`).
 */
export function revealsValue(text: string, value: string): boolean {
  if (mentionsValue(text, value)) return true;
  const nums = numbersIn(value);
  if (nums.length !== 1) return false;
  return numbersIn(text).includes(nums[0]!);
}

// Distinguishing content: a value is stated when the text carries what sets it apart from the
// other value (its numbers, identifiers, literals and content words), however it is phrased:
// "300 fruits less" states "300 fewer fruits", "male students (with sex M)" states "male (sex = M)".

const STOPWORDS = new Set(
  'a an the of to in on at by for with and or than then is are was were be been it its this that these those as from into per each any all some did does do not no'.split(
    ' ',
  ),
);
/** Words that mean the same in a requirement (`fewer` = `less`). */
const SYNONYMS: Record<string, string> = {
  fewer: 'less',
  greater: 'more',
  larger: 'more',
  bigger: 'more',
  smaller: 'less',
  lower: 'less',
  higher: 'more',
};

/** Light stemming: `operated`/`operation` → `operat`, `students` → `student`. */
function stemWord(w: string): string {
  const s = Object.hasOwn(SYNONYMS, w) ? SYNONYMS[w]! : w;
  if (s.length <= 4) return s;
  return s.replace(/(?:ations|ation|ions|ion|ings|ing|ed|es|s|e)$/, '') || s;
}

/** The content tokens of a text: normalised numbers, identifiers and quoted literals as written, stemmed words. */
export function contentTokens(text: string): Set<string> {
  const out = new Set<string>();
  for (const n of numbersIn(text)) out.add(`#${n}`);
  for (const m of text.matchAll(/[\p{L}_][\p{L}\p{N}_]*/gu)) {
    const w = m[0].toLowerCase();
    if (STOPWORDS.has(w)) continue;
    out.add(/[_\d]/.test(w) ? w : stemWord(w));
  }
  return out;
}

/** What sets `value` apart from `other` (all of its content when nothing does). */
export function distinguishingContent(value: string, other?: string): string[] {
  const own = contentTokens(value);
  const theirs = other === undefined ? new Set<string>() : contentTokens(other);
  const diff = [...own].filter((t) => !theirs.has(t));
  return diff.length ? diff : [...own];
}

/**
 * Whether `text` states `value` (as opposed to `other`): the value itself, or every token that
 * distinguishes it and every number of it. Used where a value is required (a proposal, a shard, a revised prompt).
 */
export function statesValue(text: string, value: string, other?: string): boolean {
  if (mentionsValue(text, value)) return true;
  // Numbers always count: "200 fruits less" does not state "300 fewer fruits".
  const need = [...new Set([...distinguishingContent(value, other), ...numbersIn(value).map((n) => `#${n}`)])];
  if (!need.length) return false;
  const have = contentTokens(text);
  return need.every((t) => have.has(t));
}

// Finds a requirement value inside free text the way a reader would: case-insensitive, any run of
// whitespace equal, and never inside a longer token (`4 bags` must not hit `24 bags`, `age 3` must
// not hit `age 30`, `intersperse` must not hit `intersperse_all`). Numbers compare normalised
// (`1,000` = `1000` = `1000.0`), so a value's number is also found when written differently.

const TOKEN_CHAR = /[\p{L}\p{N}_]/u;

export interface ValueHit {
  /** Offset in the searched text. */
  index: number;
  length: number;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
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

/** `4` inside `4.5` or `1,4` is part of a longer number even though `.`/`,` are not token chars. */
function joinsNumber(text: string, start: number, end: number): boolean {
  const before = text.slice(Math.max(0, start - 2), start);
  const after = text.slice(end, end + 2);
  const startsDigit = /\d/.test(text[start] ?? '');
  const endsDigit = /\d/.test(text[end - 1] ?? '');
  return (startsDigit && /\d[.,]$/.test(before)) || (endsDigit && /^[.,]\d/.test(after));
}

export function mentionsValue(text: string, value: string): boolean {
  return findValue(text, value).length > 0;
}

const NUMBER_RE = /(?<![\p{L}\p{N}_.])-?\d{1,3}(?:,\d{3})+(?:\.\d+)?(?![\p{N}])|(?<![\p{L}\p{N}_.,])-?\d+(?:\.\d+)?(?![\p{L}\p{N}_]|[.,]\d)/gu;

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
  const s = value.trim().replace(/^\$/, '').replace(/,(?=\d{3}\b)/g, '');
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

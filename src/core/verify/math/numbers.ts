// Finds whole numbers in free text the way a grader reads them: `1,000` = `1000` = `1000.0`, `$12.50`
// is 12.5, and a number is never matched inside a longer number or word (`24` is not in `124`,
// `x2` is not a number).

export interface NumberToken {
  value: number;
  /** The text as written, e.g. `$1,000.00`. */
  raw: string;
  start: number;
  end: number;
}

// Thousands-grouped numbers first so `1,000` is one token and not `1` and `000`.
const NUMBER_RE = /(?<![\w.])(-|−)?\$?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?![\w]|[.,]\d)/g;

export function scanNumbers(text: string): NumberToken[] {
  const out: NumberToken[] = [];
  for (const m of text.matchAll(NUMBER_RE)) {
    let start = m.index;
    let raw = m[0];
    // A minus directly after a digit or letter is a range or subtraction (`3-5`), not a sign.
    if (m[1] && start > 0 && /[\w)]/.test(text[start - 1]!)) {
      start += m[1].length;
      raw = raw.slice(m[1].length);
    }
    const value = parseNumber(raw);
    if (value !== undefined) out.push({ value, raw, start, end: start + raw.length });
  }
  return out;
}

/** Parses `-$1,234.50` style text; undefined when it is not a number. */
export function parseNumber(raw: string): number | undefined {
  const cleaned = raw.replace(/−/g, '-').replace(/[$,\s]/g, '');
  if (!/^-?\d+(\.\d+)?$/.test(cleaned)) return undefined;
  const n = Number(cleaned);
  return Number.isFinite(n) ? n : undefined;
}

/** Numeric equality with a relative tolerance for float noise (`0.30000000000000004` = `0.3`). */
export function sameNumber(a: number, b: number): boolean {
  return Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(a), Math.abs(b));
}

/** The numbers a requirement value names, e.g. `2 bags` → [2], `under age 32` → [32]. */
export function numbersIn(text: string): number[] {
  return scanNumbers(text).map((t) => t.value);
}

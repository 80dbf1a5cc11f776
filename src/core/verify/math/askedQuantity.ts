// What the question asks for, and the numbers in a reply that state that quantity. A careful reader
// takes the number attached to the asked unit ("30 students", "the number of dromedaries is 56",
// "20%") over other numbers on the same line.
import { scanNumbers, type NumberToken } from './numbers';

/** The asked percentage is matched against `N%` / `N percent`. */
export const PERCENT = 'percent';

const NOT_A_NOUN = new Set([
  'more',
  'of',
  'in',
  'times',
  'did',
  'does',
  'do',
  'is',
  'are',
  'will',
  'can',
  'would',
  'were',
  'was',
]);

/**
 * What the question asks for: `percent` for "what percent(age)", else the noun of its last
 * "how many X" (`students`, `packs`), if any.
 */
export function askedNoun(question: string): string | undefined {
  if (/\bwhat\s+(?:is\s+the\s+)?percent(?:age)?\b|\bhow\s+many\s+percent\b/i.test(question)) return PERCENT;
  const all = [...question.matchAll(/how\s+many\s+(?:more\s+|fewer\s+|less\s+|total\s+|full\s+|extra\s+)?([a-z]+)/gi)];
  const noun = all[all.length - 1]?.[1]?.toLowerCase();
  return noun && !NOT_A_NOUN.has(noun) ? noun : undefined;
}

/** Light stemming so "student" matches "students", "pack" matches "packs". */
export function stem(word: string): string {
  return word
    .toLowerCase()
    .replace(/(?:ies)$/, 'y')
    .replace(/(?:es|s)$/, '');
}

/** The word right after a number (`30 students` → `students`, `20%` → `%`), skipping bold markers. */
export function wordAfter(line: string, n: NumberToken): string | undefined {
  return wordsAfter(line, n)[0];
}

const FUNCTION_WORD = /^(?:per|of|for|to|in|on|at|from|with|by|each|every|a|an|the|and|or)$/i;

/** Up to two words after a number: the noun may follow an adjective ("24 water balloons"), not "per". */
function wordsAfter(line: string, n: NumberToken): string[] {
  const m = /^\**\s*(?:(%)|([\p{L}-]+)(?:\s+([\p{L}-]+))?)/u.exec(line.slice(n.end));
  if (!m) return [];
  if (m[1]) return [m[1]];
  return m[3] && !FUNCTION_WORD.test(m[2]!) ? [m[2]!, m[3]] : [m[2]!];
}

export function isAsked(word: string, asked: string): boolean {
  if (asked === PERCENT) return word === '%' || /^percent/i.test(word);
  return stem(word) === stem(asked);
}

/** `per pack`, `each student`: a rate, not a count of the asked unit. */
const RATE_BEFORE = /\b(?:per|each|every|a|an)\s*$/i;
/** The number is an operand of further arithmetic (`= 100 / 10 = 10`), not the stated value. */
const OPERAND = /^\s*(?:[x×*/÷+−]|-\s)\s*\$?\d/;

/**
 * Numbers on the line that state the asked quantity, in order: `N <noun>` ("7 packs", "24 water
 * balloons", "20%") and `<noun> … is N` ("the number of dromedaries in the herd is indeed 56").
 */
export function askedNumbers(
  line: string,
  asked: string,
  nums: readonly NumberToken[] = scanNumbers(line),
): NumberToken[] {
  const hits = new Set<NumberToken>();
  // A sum of money counts no other unit ("$8.00 per hour" is not a number of hours).
  for (const n of nums) if (!n.raw.includes('$') && wordsAfter(line, n).some((w) => isAsked(w, asked))) hits.add(n);
  if (asked !== PERCENT) {
    for (const n of nums) {
      if (OPERAND.test(line.slice(n.end))) continue;
      const next = wordAfter(line, n);
      if (next && next !== '%' && !isAsked(next, asked) && /^[a-z]{3,}$/i.test(next)) continue;
      const before = line.slice(Math.max(0, n.start - 60), n.start);
      for (const w of before.matchAll(/[A-Za-z]+/g)) {
        const rest = before.slice(w.index + w[0].length);
        if (
          stem(w[0]) === stem(asked) &&
          !RATE_BEFORE.test(before.slice(0, w.index)) &&
          /^[^.\d=]{0,40}?(?:\bis|\bare|=|:)\s*(?:(?:indeed|still|now)\s+)?\**\s*$/i.test(rest)
        )
          hits.add(n);
      }
    }
  }
  return nums.filter((n) => hits.has(n));
}

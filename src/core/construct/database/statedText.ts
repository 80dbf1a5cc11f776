// Where a SQL requirement is stated in the task's words: a literal as written (`under age 30`,
// `France`), a direction (`highest` ↔ `lowest`), a comparison (`more than` ↔ `less than`), an
// aggregate (`maximum` ↔ `minimum`) or a column (`first name`). Each has the word for its revision.
import { findValue } from '../../checks/valueMatch';
import { NUMBER_WORDS_TO_TWELVE } from '../../text/numberWords';
import { escapeRegExp } from '../../text/escapeRegExp';
import { editDistance } from '../../text/editDistance';

export interface StatedHit {
  /** The text as the passage writes it. */
  text: string;
  index: number;
}

const NUMBER_WORDS = NUMBER_WORDS_TO_TWELVE;
/** Words a database writes joined: `NorthCarolina`. */
const JOINED = /^[A-Z][a-z]+(?:[A-Z][a-z]+)+$/;
const COMPARISON_LEAD = /^(under|over|above|below|than|least|most|after|before|exceeding|from|since|until|between)$/i;

/** A number as stated: digits or a small number word, widened back to its comparison word (`under age 30`). */
export function findNumber(text: string, value: number): StatedHit | undefined {
  const digits = findValue(text, String(value))[0];
  const word =
    Number.isInteger(value) && value >= 0 && value < NUMBER_WORDS.length
      ? findValue(text, NUMBER_WORDS[value]!)[0]
      : undefined;
  const hit = digits ?? word;
  if (!hit) return undefined;
  const before = text.slice(0, hit.index);
  const words = [...before.matchAll(/[A-Za-z]+/g)].slice(-3);
  const lead = words.reverse().find((w) => COMPARISON_LEAD.test(w[0]));
  const start = lead && /^[\sA-Za-z]*$/.test(before.slice(lead.index)) ? lead.index : hit.index;
  const prefixStart =
    lead?.[0].toLowerCase() === 'than' ? (/([A-Za-z]+)\s+$/.exec(before.slice(0, start))?.index ?? start) : start;
  return { text: text.slice(prefixStart, hit.index + hit.length), index: prefixStart };
}

/** The number as the original wrote it (a digit or a word). */
export function writeNumberLike(stated: string, original: number, value: number): string {
  const asWord = NUMBER_WORDS[original];
  if (
    asWord &&
    new RegExp(`\\b${asWord}\\b`, 'i').test(stated) &&
    Number.isInteger(value) &&
    value >= 0 &&
    value < NUMBER_WORDS.length
  ) {
    return stated.replace(new RegExp(`\\b${asWord}\\b`, 'i'), NUMBER_WORDS[value]!);
  }
  return stated.replace(new RegExp(`(?<![\\d.])${String(original).replace('.', '\\.')}(?![\\d])`), String(value));
}

export function findText(text: string, value: string): StatedHit | undefined {
  const hit = findValue(text, value)[0];
  return hit ? { text: text.slice(hit.index, hit.index + hit.length), index: hit.index } : undefined;
}

/** A value as stated, or its plural (`name` in "the names of …", `cat` in "own cats"). */
export function findTextOrPlural(text: string, value: string): (StatedHit & { plural: boolean }) | undefined {
  const own = findText(text, value);
  if (own) return { ...own, plural: false };
  const plurals = /[^aeiou]y$/i.test(value)
    ? [value.slice(0, -1) + 'ies']
    : /[A-Za-z]$/.test(value)
      ? [value + 's', value + 'es']
      : [];
  for (const form of plurals) {
    const hit = findText(text, form);
    if (hit) return { ...hit, plural: true };
  }
  return undefined;
}

/**
 * A text value the question writes otherwise: without its punctuation, its joined words apart, or
 * misspelled (`Carribean` for `Caribbean`: Spider's questions have such typos): as many words,
 * each within one edit (two from eight letters; none under six: `Smyth` is not `Smith`), the first
 * letters the same, neither word the other's start. Only a single closest match counts.
 */
export function findMisspelled(text: string, value: string): StatedHit | undefined {
  // Punctuation the question leaves out (`The Rise of the Blue Beetle!`).
  const bare = value.trim().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
  if (bare !== value.trim() && bare.length >= 5) {
    const hit = findText(text, bare);
    if (hit) return hit;
  }
  // Words the data writes joined (`NorthCarolina` for "North Carolina").
  const parts = JOINED.test(bare) ? bare.split(/(?=[A-Z])/) : undefined;
  if (parts) {
    const hit = findText(text, parts.join(' '));
    if (hit) return hit;
  }
  const want = bare.toLowerCase().split(/\s+/);
  if (!want.every((w) => /^[a-z]+$/.test(w)) || want.join('').length < 6) return undefined;
  const words = [...text.matchAll(/[A-Za-z]+/g)];
  let best: { hit: StatedHit; d: number } | undefined;
  let tie = false;
  for (let i = 0; i + want.length <= words.length; i++) {
    const run = words.slice(i, i + want.length);
    const start = run[0]!.index;
    const end = run.at(-1)!.index + run.at(-1)![0].length;
    if (!/^[A-Za-z]+(?:\s+[A-Za-z]+)*$/.test(text.slice(start, end))) continue;
    let d = 0;
    for (const [k, m] of run.entries()) {
      const w = m[0].toLowerCase();
      const target = want[k]!;
      const allowed = target.length >= 8 ? 2 : target.length >= 6 ? 1 : 0;
      // `African` for `Africa` is another word (a derived form), not a typo.
      const derived = w !== target && (w.startsWith(target) || target.startsWith(w));
      const e = w[0] === target[0] && !derived ? editDistance(w, target, allowed) : allowed + 1;
      if (e > allowed) {
        d = Infinity;
        break;
      }
      d += e;
    }
    if (d === Infinity || d === 0) continue;
    if (!best || d < best.d) {
      best = { hit: { text: text.slice(start, end), index: start }, d };
      tie = false;
    } else if (d === best.d && best.hit.text.toLowerCase() !== text.slice(start, end).toLowerCase()) tie = true;
  }
  return best && !tie ? best.hit : undefined;
}

/** A replacement written the way the question wrote the original: `SouthDakota` as "South Dakota" when `NorthCarolina` was "North Carolina". */
export function writtenLike(replacement: string, original: string, stated: string): string {
  return JOINED.test(original) && /\s/.test(stated) && JOINED.test(replacement)
    ? replacement.split(/(?=[A-Z])/).join(' ')
    : replacement;
}

/** The plural of a replacement stated like a plural original (`last name` → `last names`). */
export function pluralLike(value: string, plural: boolean): string {
  if (!plural || !/[A-Za-z]$/.test(value)) return value;
  // Already plural (`copies`, `points`), or a phrase that ends in a preposition (`date effective from`):
  // adding a suffix would make a non-word.
  if (/(?:ies|[^siu]s)$/i.test(value) || /\s(?:from|to|of|in|on|at|by|for|with)$/i.test(value)) return value;
  if (/[^aeiou]y$/i.test(value)) return `${value.slice(0, -1)}ies`;
  return /(s|x|z|ch|sh)$/i.test(value) ? `${value}es` : `${value}s`;
}

export const ORDER_WORDS: Record<'DESC' | 'ASC', Array<[string, string]>> = {
  DESC: [
    ['descending', 'ascending'],
    ['maximum', 'minimum'],
    ['most', 'least'],
    ['highest', 'lowest'],
    ['largest', 'smallest'],
    ['most', 'fewest'],
    ['greatest', 'least'],
    ['oldest', 'youngest'],
    ['latest', 'earliest'],
    ['biggest', 'smallest'],
    ['longest', 'shortest'],
    ['decreasing', 'increasing'],
    ['reverse alphabetical', 'alphabetical'],
    ['reversed alphabetical', 'alphabetical'],
    ['reverse lexicographical', 'lexicographical'],
    ['reversed lexicographical', 'lexicographical'],
  ],
  ASC: [
    ['ascending', 'descending'],
    ['minimum', 'maximum'],
    ['lowest', 'highest'],
    ['smallest', 'largest'],
    ['fewest', 'most'],
    ['least', 'most'],
    ['youngest', 'oldest'],
    ['earliest', 'latest'],
    ['shortest', 'longest'],
    ['increasing', 'decreasing'],
    ['alphabetical', 'reverse alphabetical'],
  ],
};

export const COMPARISON_WORDS: Record<string, Array<[string, string]>> = {
  '>': [
    ['more than', 'less than'],
    ['greater than', 'less than'],
    ['larger than', 'smaller than'],
    ['higher than', 'lower than'],
    ['bigger than', 'smaller than'],
    ['older than', 'younger than'],
    ['longer than', 'shorter than'],
    ['above', 'below'],
    ['over', 'under'],
    ['after', 'before'],
    ['exceeds', 'is below'],
  ],
  '<': [
    ['less than', 'more than'],
    ['fewer than', 'more than'],
    ['smaller than', 'larger than'],
    ['lower than', 'higher than'],
    ['younger than', 'older than'],
    ['shorter than', 'longer than'],
    ['below', 'above'],
    ['under', 'over'],
    ['before', 'after'],
  ],
  '>=': [
    ['at least', 'at most'],
    ['or more', 'or fewer'],
    ['no less than', 'no more than'],
  ],
  '<=': [
    ['at most', 'at least'],
    ['or fewer', 'or more'],
    ['or less', 'or more'],
    ['no more than', 'no less than'],
  ],
};

const MAX_WORDS: Array<[string, string]> = [
  ['maximum', 'minimum'],
  ['highest', 'lowest'],
  ['largest', 'smallest'],
  ['biggest', 'smallest'],
  ['most', 'least'],
  ['oldest', 'youngest'],
  ['latest', 'earliest'],
  ['max', 'min'],
];

export const AGGREGATE_WORDS: Record<string, { to: string; words: Array<[string, string]> }> = {
  MAX: { to: 'MIN', words: MAX_WORDS },
  MIN: { to: 'MAX', words: MAX_WORDS.map(([a, b]): [string, string] => [b, a]) },
  AVG: {
    to: 'SUM',
    words: [
      ['average', 'total'],
      ['mean', 'total'],
    ],
  },
  SUM: {
    to: 'AVG',
    words: [
      ['total', 'average'],
      ['sum', 'average'],
      ['combined', 'average'],
    ],
  },
};

/** The first word of the list a text states, with its counterpart. */
export function findWord(
  text: string,
  words: ReadonlyArray<[string, string]>,
): { hit: StatedHit; revised: string } | undefined {
  let best: { hit: StatedHit; revised: string } | undefined;
  for (const [word, revised] of words) {
    const hit = findText(text, word);
    if (hit && (!best || hit.index < best.hit.index)) best = { hit, revised: matchCase(hit.text, revised) };
  }
  return best;
}

function matchCase(sample: string, word: string): string {
  return /^[A-Z]/.test(sample) ? word[0]!.toUpperCase() + word.slice(1) : word;
}

/**
 * A column of two or more words stated the other way round: `semester_name` as "name of the
 * semester", `AirportName` as "names of airports". Its revision keeps the "of …" part
 * (`semester_description` → "description of the semester", `Country` → "country of airports").
 */
export function findOfPhrase(
  text: string,
  column: string,
): { hit: StatedHit; revisedText: (c: string) => string } | undefined {
  const words = humanColumn(column).split(' ');
  if (words.length < 2) return undefined;
  const head = escapeRegExp(words[words.length - 1]!);
  const owner = words.slice(0, -1).map(escapeRegExp).join('\\s+');
  const re = new RegExp(
    `\\b${head}(s|es)?(\\s+(?:of|for)\\s+(?:(?:the|all|all\\s+the|each|every)\\s+)?${owner}(?:s|es)?)\\b`,
    'i',
  );
  const m = re.exec(text);
  if (!m) return undefined;
  const plural = !!m[1];
  const ownerWords = words.slice(0, -1);
  return {
    hit: { text: m[0], index: m.index },
    revisedText: (c) => {
      const next = humanColumn(c).split(' ');
      const own = ownerWords.every((w, i) => next[i] === w) && next.length > ownerWords.length;
      return pluralLike((own ? next.slice(ownerWords.length) : next).join(' '), plural) + m[2]!;
    },
  };
}

/** `first_name` → `first name`, `Song_release_year` → `song release year`. */
export function humanColumn(name: string): string {
  return name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase()
    .trim();
}

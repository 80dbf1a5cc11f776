// The numerical premises of a math source: its passages (the shards; the sentences of a
// single-shard task), each number in them with what it counts, and whether it is a label.
import type { BenchmarkRecord } from '../../schema/records';
import { shardText } from '../../schema/records';
import { scanNumbers, type NumberToken } from '../../verify/math/numbers';

export interface Passage {
  shard_id: number;
  text: string;
  /** Order of the passage in the source (for "earlier positions"). */
  index: number;
}

export interface Premise {
  passage: Passage;
  token: NumberToken;
  /** The value as stated with what it counts: `4 bags`, `$1.50`, `150%`. */
  stated: string;
  percent: boolean;
  money: boolean;
  /** What the number counts (`bags`), when a noun follows it. */
  noun?: string;
  /** The words between the number and its noun (` of her ` in `4 of her friends`), else one space. */
  nounLead?: string;
}

/** Shards of a sharded task; for a single-shard task its sentences (the paper's passages). */
export function passagesOf(rec: BenchmarkRecord): Passage[] {
  if (rec.shards.length > 1) return rec.shards.map((s, index) => ({ shard_id: s.shard_id, text: shardText(s), index }));
  const only = rec.shards[0]!;
  return splitSentences(shardText(only)).map((text, index) => ({ shard_id: only.shard_id, text, index }));
}

/** Sentence split that keeps decimals (`$1.50`) and abbreviations with a digit after the dot together. */
export function splitSentences(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (
      (c === '.' || c === '!' || c === '?') &&
      !/\d/.test(text[i + 1] ?? '') &&
      (i + 1 === text.length || /\s/.test(text[i + 1]!))
    ) {
      out.push(text.slice(start, i + 1).trim());
      start = i + 1;
    }
  }
  if (text.slice(start).trim()) out.push(text.slice(start).trim());
  return out.filter((s) => s !== '');
}

const LABEL_WORDS = new Set(
  'step part question problem chapter section page room grade level round stage phase no number item exercise apartment floor lane route highway channel version episode season flight bus gate unit model figure table line row seat platform track exit stand booth aisle locker building'.split(
    ' ',
  ),
);
/** Words after a number that are not what it counts. */
export const NOUN_STOP: ReadonlySet<string> = new Set(
  'a an the of to in on at by for with and or than then is are was were be it its this that these as from per each more less fewer times'.split(
    ' ',
  ),
);

/** Why a number is a label rather than a quantity, or undefined when it is a quantity. */
export function labelReason(text: string, token: NumberToken): string | undefined {
  const before = text.slice(0, token.start);
  const after = text.slice(token.end);
  const prevWord = /([A-Za-z.#]+)\s*$/.exec(before)?.[1]?.toLowerCase().replace(/\.$/, '');
  if (prevWord && (LABEL_WORDS.has(prevWord) || prevWord === '#')) return `"${prevWord} ${token.raw}" names something`;
  if (/#\s*$/.test(before)) return `"#${token.raw}" names something`;
  if (
    !token.raw.includes('$') &&
    Number.isInteger(token.value) &&
    token.value >= 1900 &&
    token.value <= 2100 &&
    !/^\s*(?:[a-z]+\s+)?(?:dollars|cents|people|students|items|pounds|miles|feet|meters)/i.test(after)
  )
    return `${token.raw} reads as a year`;
  if (/^:\d/.test(after) || /\d:$/.test(before)) return `${token.raw} is part of a time of day`;
  return undefined;
}

/** Why a number is not one plain quantity (a range, a fraction, a ratio, a time), or undefined. */
export function compoundReason(text: string, token: NumberToken): string | undefined {
  const before = text.slice(Math.max(0, token.start - 2), token.start);
  const after = text.slice(token.end, token.end + 2);
  if (/[/]\s?$/.test(before) || /^\s?\//.test(after)) return `${token.raw} is part of a fraction`;
  if (/\d\s?[-–]$/.test(before) || /^[-–]\s?\d/.test(after)) return `${token.raw} is part of a range`;
  if (/^:\d/.test(after) || /\d:$/.test(before)) return `${token.raw} is part of a ratio or time`;
  return undefined;
}

/** The premise a number token states: the value with its noun (`4 bags`), percent or money. */
export function premiseOf(passage: Passage, token: NumberToken): Premise {
  const after = passage.text.slice(token.end);
  const percent = /^\s*(%|percent\b)/.exec(after);
  const money = token.raw.includes('$');
  if (percent) return { passage, token, stated: token.raw + percent[0], percent: true, money };
  // `4 of her friends` counts friends: the noun after a possessive `of`.
  const ofNoun = /^( of (?:her|his|their|our|my|its) )([A-Za-z][A-Za-z'-]*)/.exec(after);
  if (ofNoun && !money && !NOUN_STOP.has(ofNoun[2]!.toLowerCase()))
    return {
      passage,
      token,
      stated: `${token.raw}${ofNoun[1]}${ofNoun[2]}`,
      percent: false,
      money,
      noun: ofNoun[2]!,
      nounLead: ofNoun[1]!,
    };
  const noun = /^\s+([A-Za-z][A-Za-z'-]*)/.exec(after);
  const word = noun?.[1];
  if (word && !NOUN_STOP.has(word.toLowerCase()) && !money)
    return { passage, token, stated: `${token.raw} ${word}`, percent: false, money, noun: word };
  return { passage, token, stated: token.raw, percent: false, money };
}

/** Every number token of every passage. */
export function premisesOf(rec: BenchmarkRecord): Premise[] {
  return passagesOf(rec).flatMap((p) => scanNumbers(p.text).map((t) => premiseOf(p, t)));
}

const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  hundred: 100,
  thousand: 1000,
  twice: 2,
  double: 2,
  half: 2,
  triple: 3,
  thrice: 3,
  dozen: 12,
  quarter: 4,
};

/** The numbers a text states, digits and number words (`four`, `twice`, `half`, `dozen`) alike. */
export function statedNumbers(text: string): number[] {
  const words = (text.toLowerCase().match(/[a-z]+/g) ?? [])
    .filter((w) => Object.hasOwn(NUMBER_WORDS, w))
    .map((w) => NUMBER_WORDS[w]!);
  // Numbers glued to a unit (`18mph`, `5km`) are premises the chain uses, though not targets.
  const glued = [...text.matchAll(/(?<![\w.])(\d+(?:\.\d+)?)(?=[A-Za-z])/g)].map((m) => Number(m[1]));
  return [...scanNumbers(text).map((t) => t.value), ...words, ...glued];
}

const MONEY_NAMES: Array<[RegExp, string]> = [
  [/^(costs?|price|priced|for|at)$/, 'price'],
  [/^(pays?|paid)$/, 'amount paid'],
  [/^(sells?|sold)$/, 'selling price'],
  [/^(earns?|earned|makes?|made)$/, 'amount earned'],
  [/^(charges?|charged)$/, 'charge'],
  [/^(spends?|spent)$/, 'amount spent'],
  [/^(saves?|saved)$/, 'amount saved'],
];

/** What the premise is, for the intent block's `requirement`. */
export function requirementName(p: Premise): string {
  if (p.percent) return 'percentage';
  if (p.money) {
    const prev = /([A-Za-z]+)\s*$/.exec(p.passage.text.slice(0, p.token.start))?.[1]?.toLowerCase() ?? '';
    return MONEY_NAMES.find(([re]) => re.test(prev))?.[1] ?? 'dollar amount';
  }
  if (p.noun) return `number of ${p.noun.toLowerCase()}`;
  return 'stated quantity';
}

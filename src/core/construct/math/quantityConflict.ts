// The replacement must not conflict with the other quantities of the task (Appendix A.1, Math): a
// new value equal to another stated quantity of the same kind makes the revised passage ambiguous
// (`6 boxes … gave 3 boxes away` revised to `3 boxes … gave 3 boxes away`), and a chain read by value
// can no longer tell the two apart. Kinds: money, percent, a count (of the words after the number:
// counts sharing one, `boxes` = `box`, are alike), a factor word (`twice`, `half`), or a bare number,
// which may be any of them and so conflicts with all.
import { scanNumbers, sameNumber } from '../../verify/math/numbers';
import { NUMBER_WORDS_TO_TWENTY } from '../../text/numberWords';
import { nounFor } from './replacementValues';
import { NOUN_STOP, type Premise } from './mathPremises';

/** What a quantity measures: its kind, and for a count the words after the number (singular). */
export interface QuantityKind {
  kind: 'money' | 'percent' | 'factor' | 'count' | 'bare';
  nouns?: string[];
}

export interface StatedQuantity extends QuantityKind {
  value: number;
  /** The quantity as written, for the evidence (`3 boxes`, `$2`). */
  text: string;
  /** Offset in its text (to leave the target itself out). */
  start: number;
}

const FACTOR_WORDS: Record<string, number> = { twice: 2, double: 2, half: 2, triple: 3, thrice: 3, dozen: 12 };

function kindAfter(text: string, end: number): QuantityKind & { noun?: string } {
  const after = text.slice(end);
  if (/^\s*(%|percent\b)/.test(after)) return { kind: 'percent' };
  if (/^\s*(dollars?|cents?)\b/i.test(after)) return { kind: 'money' };
  // `3 times the amount` is a factor, like `twice`.
  if (/^\s*times\b/i.test(after)) return { kind: 'factor' };
  // Up to three words after the number, to the first function word: `15 light blue spools of thread`
  // and `45 dark blue spools` share `spool`; `3 boxes away` and `6 boxes` share `box`.
  const phrase = /^[\s-]+((?:[A-Za-z][A-Za-z'-]*)(?:[\s-]+[A-Za-z][A-Za-z'-]*){0,2})/.exec(after)?.[1] ?? '';
  const words: string[] = [];
  for (const w of phrase.split(/[\s-]+/)) {
    if (!w || NOUN_STOP.has(w.toLowerCase())) break;
    words.push(w);
  }
  if (!words.length) return { kind: 'bare' };
  return { kind: 'count', nouns: words.map((w) => nounFor(w.toLowerCase(), 2, 1)), noun: words.join(' ') };
}

/** Every quantity a text states: digits (`$2`, `3 boxes`, `20%`), number words (`two bagels`), factor words. */
export function statedQuantities(text: string): StatedQuantity[] {
  const out: StatedQuantity[] = [];
  for (const t of scanNumbers(text)) {
    const { noun, ...k } = t.raw.includes('$') ? { kind: 'money' as const } : kindAfter(text, t.end);
    out.push({ value: t.value, ...k, text: noun ? `${t.raw} ${noun}` : t.raw, start: t.start });
  }
  for (const m of text.matchAll(/[A-Za-z]+/g)) {
    const word = m[0].toLowerCase();
    const n = NUMBER_WORDS_TO_TWENTY.indexOf(word);
    if (n > 0) {
      const { noun, ...k } = kindAfter(text, m.index + m[0].length);
      out.push({ value: n, ...k, text: noun ? `${m[0]} ${noun}` : m[0], start: m.index });
    } else if (Object.hasOwn(FACTOR_WORDS, word))
      out.push({ value: FACTOR_WORDS[word]!, kind: 'factor', text: m[0], start: m.index });
  }
  return out;
}

/** The kind of the target premise (its nouns, money or percent). */
export function premiseKind(p: Premise): QuantityKind {
  if (p.percent) return { kind: 'percent' };
  if (p.money) return { kind: 'money' };
  const { noun: _noun, ...k } = kindAfter(p.passage.text, p.token.end);
  return k;
}

/** Whether two quantities can be confused: a bare number (it could be either), the same kind, counts sharing a word. */
function confusable(a: QuantityKind, b: QuantityKind): boolean {
  if (a.kind === 'bare' || b.kind === 'bare') return true;
  if (a.kind !== b.kind) return false;
  return a.kind !== 'count' || (a.nouns ?? []).some((n) => (b.nouns ?? []).includes(n));
}

/**
 * The other quantities of the task the new value would be confused with: in every passage but the
 * target itself, and in the full question (where the target's own value is left out: the question
 * restates it, and `in-prompt` already requires it once).
 */
export function conflictingQuantities(
  passages: ReadonlyArray<{ index: number; text: string }>,
  question: string,
  p: Premise,
  value: number,
): StatedQuantity[] {
  const kind = premiseKind(p);
  const others = [
    ...passages.flatMap((q) =>
      statedQuantities(q.text).filter((s) => !(q.index === p.passage.index && s.start === p.token.start)),
    ),
    ...statedQuantities(question).filter((s) => !sameNumber(s.value, p.token.value)),
  ];
  const seen = new Set<string>();
  return others.filter((s) => {
    if (!sameNumber(s.value, value) || !confusable(kind, s) || seen.has(s.text)) return false;
    seen.add(s.text);
    return true;
  });
}

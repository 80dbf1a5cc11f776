// The replacement must not conflict with the other quantities of the task (Appendix A.1, Math): a
// new value equal to another stated quantity of the same kind makes the revised passage ambiguous
// (`6 boxes … gave 3 boxes away` revised to `3 boxes … gave 3 boxes away`), and a chain read by value
// can no longer tell the two apart. Kinds: money, percent, a count of one noun (`boxes` = `box`), a
// factor word (`twice`, `half`), or a bare number, which may be any of them and so conflicts with all.
import { scanNumbers, sameNumber } from '../../verify/math/numbers';
import { NUMBER_WORDS_TO_TWENTY } from '../../text/numberWords';
import { nounFor } from './replacementValues';
import { NOUN_STOP, type Premise } from './mathPremises';

export interface StatedQuantity {
  value: number;
  kind: string;
  /** The quantity as written, for the evidence (`3 boxes`, `$2`). */
  text: string;
  /** Offset in its text (to leave the target itself out). */
  start: number;
}

const FACTOR_WORDS: Record<string, number> = { twice: 2, double: 2, half: 2, triple: 3, thrice: 3, dozen: 12 };

function kindAfter(text: string, end: number): { kind: string; noun?: string } {
  const after = text.slice(end);
  if (/^\s*(%|percent\b)/.test(after)) return { kind: 'percent' };
  if (/^\s*(dollars?|cents?)\b/i.test(after)) return { kind: 'money' };
  // `3 times the amount` is a factor, like `twice`.
  if (/^\s*times\b/i.test(after)) return { kind: 'factor' };
  const word = /^[\s-]+([A-Za-z][A-Za-z'-]*)/.exec(after)?.[1];
  if (word && !NOUN_STOP.has(word.toLowerCase()))
    return { kind: `count of ${nounFor(word.toLowerCase(), 2, 1)}`, noun: word };
  return { kind: 'bare' };
}

/** Every quantity a text states: digits (`$2`, `3 boxes`, `20%`), number words (`two bagels`), factor words. */
export function statedQuantities(text: string): StatedQuantity[] {
  const out: StatedQuantity[] = [];
  for (const t of scanNumbers(text)) {
    const k = t.raw.includes('$') ? { kind: 'money' } : kindAfter(text, t.end);
    out.push({ value: t.value, kind: k.kind, text: k.noun ? `${t.raw} ${k.noun}` : t.raw, start: t.start });
  }
  for (const m of text.matchAll(/[A-Za-z]+/g)) {
    const word = m[0].toLowerCase();
    const n = NUMBER_WORDS_TO_TWENTY.indexOf(word);
    if (n > 0) {
      const k = kindAfter(text, m.index + m[0].length);
      out.push({ value: n, kind: k.kind, text: k.noun ? `${m[0]} ${k.noun}` : m[0], start: m.index });
    } else if (Object.hasOwn(FACTOR_WORDS, word))
      out.push({ value: FACTOR_WORDS[word]!, kind: 'factor', text: m[0], start: m.index });
  }
  return out;
}

/** The kind of the target premise (its noun, money or percent). */
export function premiseKind(p: Premise): string {
  if (p.percent) return 'percent';
  if (p.money) return 'money';
  return kindAfter(p.passage.text, p.token.end).kind;
}

/** Whether two kinds can be confused: the same kind, or a bare number (it could be either). */
const confusable = (a: string, b: string) => a === b || a === 'bare' || b === 'bare';

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
    if (!sameNumber(s.value, value) || !confusable(kind, s.kind) || seen.has(s.text)) return false;
    seen.add(s.text);
    return true;
  });
}

// Counting questions in the task's words ("How many singers are there?", "What is the total number
// of singers?", "Count the number of different nationalities of conductors.") and their rewording as
// a listing question ("What are the names of the singers?"), for the count → listed field revision.
// The counted noun phrase is anchored on the query: it must name the counted table or column.

export interface CountPhrase {
  /** Where the counting phrase starts and the text it covers (lead + noun phrase), as written. */
  index: number;
  text: string;
  /** `how-many` ("How many X …") or the verb before "the number of" ("What is", "Count", "Find"). */
  lead: { form: 'how-many' } | { form: 'number-of'; verb: string };
  /** The counted noun phrase as written ("different types of pet", "poker players"). */
  noun: string;
  /** The text after the noun phrase up to the end of the sentence, and the end mark. */
  tail: string;
  end: string;
}

const HOW_MANY = /\bhow\s+many\s+/iy;
const NUMBER_OF =
  /\b(what\s+is|what\s+are|what's|return|find|give\s+me|give|show|tell\s+me|count|list|compute|report|display)\s+the\s+(?:total\s+)?(?:number|count)\s+of\s+/iy;
const MAX_PREFIX_WORDS = 3;
const PREPOSITIONS =
  /^(in|on|at|with|without|from|for|of|by|that|who|whose|which|where|when|used|across|around|under|over|per|within|during)\b/i;

/** Whether a word names an anchor token (singular or plural: `nationalities` ~ `nationality`). */
export function namesToken(word: string, token: string): boolean {
  const w = word.toLowerCase();
  const t = token.toLowerCase();
  if (w === t || w === `${t}s` || w === `${t}es` || t === `${w}s` || t === `${w}es`) return true;
  return (t.endsWith('y') && w === `${t.slice(0, -1)}ies`) || (w.endsWith('y') && t === `${w.slice(0, -1)}ies`);
}

/** `poker_player` → [poker, player]; `SurfaceArea` → [surface, area]; `id` tokens dropped. */
export function nameTokens(name: string): string[] {
  return name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((t) => t && t !== 'id');
}

/** The counted noun phrase after a lead: words up to the first anchor word, anchors after it, `of <anchor>`. */
function nounAfter(text: string, from: number, anchors: readonly string[]): { noun: string; end: number } | undefined {
  const words = [...text.slice(from).matchAll(/[A-Za-z]+|[^A-Za-z\s]/g)];
  const isAnchor = (i: number) =>
    /^[A-Za-z]+$/.test(words[i]?.[0] ?? '') && anchors.some((t) => namesToken(words[i]![0], t));
  const first = words.findIndex((_, i) => i <= MAX_PREFIX_WORDS && isAnchor(i));
  if (first < 0 || words.slice(0, first).some((w) => !/^[A-Za-z]+$/.test(w[0]))) return undefined;
  let last = first;
  for (;;) {
    if (isAnchor(last + 1)) last += 1;
    else if (/^of$/i.test(words[last + 1]?.[0] ?? '') && isAnchor(last + 2)) last += 2;
    else if (
      /^of$/i.test(words[last + 1]?.[0] ?? '') &&
      /^the$/i.test(words[last + 2]?.[0] ?? '') &&
      isAnchor(last + 3)
    )
      last += 3;
    else break;
  }
  const end = from + words[last]!.index + words[last]![0].length;
  return { noun: text.slice(from, end), end };
}

/** The first counting phrase of a text whose noun phrase names one of the anchors. */
export function findCountPhrase(text: string, anchors: readonly string[]): CountPhrase | undefined {
  for (let i = 0; i < text.length; i++) {
    if (i > 0 && /[A-Za-z]/.test(text[i - 1]!)) continue;
    HOW_MANY.lastIndex = i;
    NUMBER_OF.lastIndex = i;
    const how = HOW_MANY.exec(text);
    const num = how ? null : NUMBER_OF.exec(text);
    const m = how ?? num;
    if (!m) continue;
    const found = nounAfter(text, i + m[0].length, anchors);
    if (!found) continue;
    const rest = text.slice(found.end);
    // The end mark keeps the space a question may have before it ("capacity ?").
    const stop = /\s*[?.!]|\s*$/.exec(rest)!;
    return {
      index: i,
      text: text.slice(i, found.end),
      lead: how ? { form: 'how-many' } : { form: 'number-of', verb: num![1]!.replace(/\s+/g, ' ') },
      noun: found.noun,
      tail: rest.slice(0, stop.index),
      end: stop[0],
    };
  }
  return undefined;
}

/** The tail of a "How many X …" question as a relative clause of a listing question. */
function listingTail(tail: string, form: CountPhrase['lead']['form']): string {
  let t = tail
    .replace(/^\s*in\s+total\b,?/i, '')
    .replace(/\s*\bin\s+total\s*$/i, '')
    .trim();
  if (form === 'number-of') return t ? ` ${t}` : '';
  t = t.replace(/^are\s+there\b\s*/i, '').trim();
  if (!t) return '';
  if (PREPOSITIONS.test(t)) return ` ${t}`;
  // "do we have" → "that we have"; "did not operate" keeps its auxiliary.
  const aux = /^(do|does|did)\s+(?!not\b|n't\b)/i.exec(t);
  return ` that ${aux ? t.slice(aux[0].length) : t}`;
}

const LISTING_VERB: Record<string, string> = { 'what is': 'What are', "what's": 'What are', count: 'List' };

/** The question with its counting phrase reworded to ask for `listed` ("the names of the singers"). */
export function listingQuestion(text: string, phrase: CountPhrase, listed: string): string {
  const lead =
    phrase.lead.form === 'how-many' ? 'What are' : (LISTING_VERB[phrase.lead.verb.toLowerCase()] ?? phrase.lead.verb);
  const capital = /^[A-Z]/.test(phrase.text) ? lead[0]!.toUpperCase() + lead.slice(1) : lead.toLowerCase();
  const after = phrase.index + phrase.text.length + phrase.tail.length + phrase.end.length;
  return `${text.slice(0, phrase.index)}${capital} ${listed}${listingTail(phrase.tail, phrase.lead.form)}${phrase.end}${text.slice(after)}`;
}

// A full-text query over message contents and what the token index can use of it: the matcher
// (one RegExp for plain text, regex, case and whole-word alike) and the word terms every hit must
// contain, so the index narrows the conversations to read back before the matcher confirms.
import { z } from 'zod';
import { escapeRegExp } from '../text/escapeRegExp';

export const SEARCH_ROLES = ['user', 'assistant', 'system'] as const;
export type SearchRole = (typeof SEARCH_ROLES)[number];

export const SearchQuerySchema = z.object({
  text: z.string().min(1),
  regex: z.boolean().default(false),
  caseSensitive: z.boolean().default(false),
  wholeWord: z.boolean().default(false),
  /** Only messages of these roles (all three when absent or empty). */
  roles: z.array(z.enum(SEARCH_ROLES)).optional(),
});
export type SearchQuery = z.input<typeof SearchQuerySchema>;

/** How a query word must relate to an indexed (lower-cased) word of a conversation. */
export type TermMatch = 'exact' | 'prefix' | 'suffix' | 'contains';
export interface QueryTerm {
  word: string;
  match: TermMatch;
}

export interface CompiledQuery {
  /** Global, sticky-free matcher over one message's text. */
  pattern: RegExp;
  /** Every hit contains all of these words; empty means the index cannot narrow (read everything). */
  terms: QueryTerm[];
  roles: ReadonlySet<SearchRole>;
}

/** Letters, marks, digits and `_`: the same word characters the index splits on. */
export const WORD_RE = /[\p{L}\p{M}\p{N}_]+/gu;
const WORD_CHAR = /[\p{L}\p{M}\p{N}_]/u;

export class QueryError extends Error {
  override name = 'QueryError';
}

/** Compiles a query; throws `QueryError` for an invalid regular expression. */
export function compileQuery(input: SearchQuery): CompiledQuery {
  const q = SearchQuerySchema.parse(input);
  const body = q.regex ? q.text : escapeRegExp(q.text);
  // Unicode-aware word boundaries: \b only knows ASCII word characters.
  const source = q.wholeWord ? `(?<![\\p{L}\\p{M}\\p{N}_])(?:${body})(?![\\p{L}\\p{M}\\p{N}_])` : body;
  let pattern: RegExp;
  try {
    pattern = new RegExp(source, `gu${q.caseSensitive ? '' : 'i'}`);
  } catch (e) {
    throw new QueryError(
      `invalid regular expression: ${e instanceof Error ? e.message.replace(/^Invalid regular expression: /, '') : String(e)}`,
    );
  }
  const roles = new Set<SearchRole>(q.roles?.length ? q.roles : SEARCH_ROLES);
  return { pattern, terms: q.regex ? [] : plainTerms(q.text, q.wholeWord), roles };
}

/**
 * The words of a plain query and how each must match an indexed word: a word with non-word text on
 * both sides inside the query is a whole word of the message; one at the query's start may be the
 * end of a longer word (suffix), one at its end the start of one (prefix), a lone word any part.
 */
export function plainTerms(text: string, wholeWord: boolean): QueryTerm[] {
  const lower = text.toLowerCase();
  const terms: QueryTerm[] = [];
  for (const m of lower.matchAll(WORD_RE)) {
    const start = m.index;
    const end = start + m[0].length;
    const openLeft = !wholeWord && (start === 0 || WORD_CHAR.test(lower[start - 1] ?? ''));
    const openRight = !wholeWord && (end === lower.length || WORD_CHAR.test(lower[end] ?? ''));
    const match: TermMatch = openLeft && openRight ? 'contains' : openLeft ? 'suffix' : openRight ? 'prefix' : 'exact';
    terms.push({ word: m[0], match });
  }
  return terms;
}

// Links that open one Intent Lens item: `<scheme>://intent-lens.intent-lens/<kind>?…` where the
// scheme is the product's (`vscode`, `vscode-insiders`, code-server's own). vscode-free, so the
// shapes are unit-tested; every link is validated before anything opens (a link is untrusted input).
import { z } from 'zod';
import { REVIEW_STATUSES } from '../../core/schema/records';
import { SampleFiltersSchema } from '../../shared/protocol/samples';
import { shownLinkText } from './linkText';

/** `<publisher>.<name>` from package.json: the authority VS Code routes to this extension's handler. */
export const EXTENSION_ID = 'intent-lens.intent-lens';

/**
 * The whole filter model the tree and the Samples table share (their column filters included: a
 * table filter's link must open that filter), strict and with known review statuses only.
 */
const FiltersSchema = z.strictObject({
  ...SampleFiltersSchema.shape,
  reviews: z.array(z.enum([...REVIEW_STATUSES, 'none'])).optional(),
});
export type LinkFilters = z.infer<typeof FiltersSchema>;

export type IntentLink =
  | { kind: 'conversation'; convId: string }
  /** `turnIndex`: index into the conversation's trace, as the open-turn command takes it. */
  | { kind: 'turn'; convId: string; turnIndex: number }
  | { kind: 'filter'; filters: LinkFilters };

/** The link as a URI string (the caller passes `vscode.env.uriScheme`). */
export function formatIntentLink(scheme: string, link: IntentLink): string {
  const q = new URLSearchParams();
  if (link.kind === 'filter') q.set('filters', JSON.stringify(link.filters));
  else {
    q.set('conv', link.convId);
    if (link.kind === 'turn') q.set('turn', String(link.turnIndex));
  }
  return `${scheme}://${EXTENSION_ID}/${link.kind}?${q.toString()}`;
}

export type ParsedLink = { ok: true; link: IntentLink } | { ok: false; error: string };

/** Longest link accepted (path and query): a filter link is a few hundred characters. */
export const MAX_LINK_CHARS = 8192;
/** Longest conversation id a link may name (logged ids are 24 hex digits; our runs' are shorter than this). */
export const MAX_LINK_CONV_ID_CHARS = 256;
/** What a linked conversation id may hold: letters, digits, spaces and the punctuation of ids. */
const CONV_ID = /^[\p{L}\p{N} _\-.:/@+=,?&#~%]+$/u;

/** Why a linked conversation id is refused, or undefined when it is one a log could hold. */
function convIdProblem(conv: string | null): string | undefined {
  if (!conv) return 'the link names no conversation';
  if (conv.length > MAX_LINK_CONV_ID_CHARS)
    return `the link's conversation id is longer than ${MAX_LINK_CONV_ID_CHARS} characters`;
  if (!CONV_ID.test(conv)) return "the link's conversation id holds characters a conversation id does not";
  return undefined;
}

/** Parses the path and query VS Code hands the URI handler; a refusal never repeats the link's text. */
export function parseIntentLink(path: string, query: string): ParsedLink {
  if (path.length + query.length > MAX_LINK_CHARS)
    return { ok: false, error: `the link is longer than ${MAX_LINK_CHARS} characters` };
  const q = new URLSearchParams(query);
  const kind = path.replace(/^\/+|\/+$/g, '');
  const conv = q.get('conv');
  switch (kind) {
    case 'conversation': {
      const problem = convIdProblem(conv);
      return problem ? { ok: false, error: problem } : { ok: true, link: { kind, convId: conv! } };
    }
    case 'turn': {
      const turn = Number(q.get('turn'));
      const problem = convIdProblem(conv);
      if (problem || !conv) return { ok: false, error: problem ?? 'the link names no conversation' };
      if (!Number.isInteger(turn) || turn < 0) return { ok: false, error: 'the link names no valid turn' };
      return { ok: true, link: { kind, convId: conv, turnIndex: turn } };
    }
    case 'filter': {
      let raw: unknown;
      try {
        raw = JSON.parse(q.get('filters') ?? '');
      } catch {
        return { ok: false, error: 'the filter in the link is not valid JSON' };
      }
      const parsed = FiltersSchema.safeParse(raw);
      return parsed.success
        ? { ok: true, link: { kind, filters: parsed.data } }
        : { ok: false, error: 'the filter in the link is not one Intent Lens knows' };
    }
    default:
      return { ok: false, error: `unknown link "${shownLinkText(kind || '/')}"` };
  }
}

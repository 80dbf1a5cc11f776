// Finds a compiled query in one conversation's messages and describes each hit as the views
// label it: the user turn (U1, U2, …) the message belongs to and the match in context.
import type { CompiledQuery, SearchRole } from './searchQuery';

/** One hit, in the CLI's JSON shape (`search --json`). */
export interface SearchMatch {
  conv_id: string;
  task_id: string;
  model: string;
  file: string;
  /** 1-based line of the conversation in its file. */
  line: number;
  /** 1-based user turn the message belongs to (a system message before the first user turn is turn 1). */
  turn: number;
  role: SearchRole;
  snippet: string;
  /** Index of the message in `trace` (what the open-turn command takes). */
  trace_index: number;
  /** Where the match sits in `snippet` (UTF-16 offsets), for highlighting. */
  highlight: [number, number];
}

export interface ConversationMeta {
  conv_id: string;
  task_id: string;
  model: string;
  file: string;
  line: number;
}

interface TraceLike {
  role: string;
  content: unknown;
}

const CONTEXT_CHARS = 60;

/** The match with up to 60 characters either side, on one line (whitespace runs collapsed). */
export function snippetAround(
  text: string,
  start: number,
  end: number,
): { snippet: string; highlight: [number, number] } {
  const from = Math.max(0, start - CONTEXT_CHARS);
  const to = Math.min(text.length, end + CONTEXT_CHARS);
  const flat = (s: string) => s.replace(/\s+/g, ' ');
  const before = (from > 0 ? '…' : '') + flat(text.slice(from, start)).trimStart();
  const hit = flat(text.slice(start, end));
  const after = flat(text.slice(end, to)).trimEnd() + (to < text.length ? '…' : '');
  return { snippet: before + hit + after, highlight: [before.length, before.length + hit.length] };
}

/**
 * The first hit in each matching message (one row a message keeps results readable on common
 * words). A regex that matches the empty string is skipped past, never reported as a hit.
 */
export function findInConversation(
  meta: ConversationMeta,
  trace: readonly TraceLike[],
  query: CompiledQuery,
  limit = Infinity,
): SearchMatch[] {
  const out: SearchMatch[] = [];
  let userTurns = 0;
  for (let i = 0; i < trace.length && out.length < limit; i++) {
    const m = trace[i]!;
    if (m.role === 'user') userTurns++;
    if (typeof m.content !== 'string' || !query.roles.has(m.role as SearchRole)) continue;
    const re = query.pattern;
    re.lastIndex = 0;
    let hit: RegExpExecArray | null;
    while ((hit = re.exec(m.content)) !== null) {
      if (hit[0].length > 0) break;
      re.lastIndex++;
    }
    if (!hit) continue;
    const { snippet, highlight } = snippetAround(m.content, hit.index, hit.index + hit[0].length);
    out.push({ ...meta, turn: Math.max(1, userTurns), role: m.role as SearchRole, snippet, trace_index: i, highlight });
  }
  return out;
}

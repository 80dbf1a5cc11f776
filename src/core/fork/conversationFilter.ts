// The filter expression of batch forks (`--filter`, the extension's filter box): clauses joined by
// spaces or `and`, each `field=value`, `field!=value` (a comma list means any of), e.g.
// `model=gpt-4o domain=math condition=retained verdict=incorrect`. Evaluated on the run-log index's
// summaries, so selecting from a large folder reads no traces.
import type { ConversationRef } from '../load/runLogIndex';

export const FILTER_FIELDS = [
  'model',
  'domain',
  'task_id',
  'mode',
  'condition',
  'path',
  'k',
  'verdict',
  'fork',
] as const;
type FilterField = (typeof FILTER_FIELDS)[number];

export class FilterError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FilterError';
  }
}

function valueOf(ref: ConversationRef, field: FilterField): string {
  switch (field) {
    case 'model':
      return ref.model;
    case 'domain':
      return ref.task;
    case 'task_id':
      return ref.task_id;
    case 'mode':
      return ref.mode;
    case 'condition':
      return ref.condition;
    case 'path':
      return ref.path ?? '';
    case 'k':
      return String(ref.k ?? 0);
    case 'verdict':
      return ref.verdict;
    case 'fork':
      return ref.forkedFrom ? 'yes' : 'no';
  }
}

const ALIASES: Record<string, FilterField> = { task: 'domain', verdict: 'verdict', forked: 'fork' };

export type ConversationFilter = (ref: ConversationRef) => boolean;

/** Parses an expression; an empty one matches every conversation that is not itself a fork. */
export function parseConversationFilter(expr: string): ConversationFilter {
  const clauses = expr
    .replace(/&&/g, ' ')
    .split(/\s+/)
    .filter((c) => c !== '' && c.toLowerCase() !== 'and');
  const tests: ConversationFilter[] = [];
  let mentionsFork = false;
  for (const clause of clauses) {
    const m = /^([a-z_]+)(!=|=)(.+)$/i.exec(clause);
    if (!m)
      throw new FilterError(`"${clause}" is not field=value or field!=value (fields: ${FILTER_FIELDS.join(', ')})`);
    const name = m[1]!.toLowerCase();
    const field = (FILTER_FIELDS as readonly string[]).includes(name) ? (name as FilterField) : ALIASES[name];
    if (!field) throw new FilterError(`unknown field "${m[1]}" (fields: ${FILTER_FIELDS.join(', ')})`);
    if (field === 'fork') mentionsFork = true;
    const wanted = new Set(m[3]!.split(',').map((v) => v.trim()));
    const negate = m[2] === '!=';
    tests.push((ref) => wanted.has(valueOf(ref, field)) !== negate);
  }
  // Counterfactuals are taken of logged runs, not of earlier forks, unless asked for.
  if (!mentionsFork) tests.push((ref) => !ref.forkedFrom);
  return (ref) => tests.every((t) => t(ref));
}

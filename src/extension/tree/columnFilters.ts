// The Samples table's per-column filters as part of the tree's filter model (`TreeFilters`): text
// filters on the task id and the response types, a set filter on the instance, ranges on the number
// of turns and of logged tokens. The tree applies them to its runs exactly as the table does, so one
// filter shows in both.
import type { ConversationRef } from '../../core/load/runLogIndex';
import { instanceLabel } from '../../core/render/instances';

export interface NumberRange {
  min?: number;
  max?: number;
}

export interface ColumnFilters {
  taskText?: string;
  /** Response types contain this (`answer attempt` matches `answer_attempt×2`). */
  responseText?: string;
  instances?: string[];
  turns?: NumberRange;
  /** Logged tokens in this range; a run that logs none never matches. */
  tokens?: NumberRange;
}

const isSet = (r: NumberRange | undefined): r is NumberRange => r !== undefined && (r.min !== undefined || r.max !== undefined);

export function hasColumnFilters(f: ColumnFilters): boolean {
  return !!(f.taskText?.trim() || f.responseText?.trim() || f.instances?.length || isSet(f.turns) || isSet(f.tokens));
}

/** Response types as the table shows them and their filter reads them: lower case, `_` as a space. */
const responseWords = (s: string) => s.toLowerCase().replace(/_/g, ' ');

function inRange(v: number | undefined, r: NumberRange | undefined): boolean {
  if (!isSet(r)) return true;
  if (v === undefined) return false;
  return (r.min === undefined || v >= r.min) && (r.max === undefined || v <= r.max);
}

/** The label the table's instance column shows and filters on (`Retained`, `S_Orig`, `persistence-retained k=2`, `evolving · recap oracle`). */
export function instanceColumnLabel(c: Pick<ConversationRef, 'mode' | 'condition' | 'path' | 'k' | 'recap'>): string {
  return instanceLabel(c) + (c.recap ? ` · recap ${c.recap}` : '');
}

export function matchesColumnFilters(c: ConversationRef, f: ColumnFilters): boolean {
  return columnFilterOf(f)?.(c) ?? true;
}

/** The column filters as one predicate (undefined: none set), prepared once for a pass over many runs. */
export function columnFilterOf(f: ColumnFilters): ((c: ConversationRef) => boolean) | undefined {
  if (!hasColumnFilters(f)) return undefined;
  const text = f.taskText?.trim().toLowerCase();
  const response = f.responseText?.trim() ? responseWords(f.responseText.trim()) : undefined;
  const instances = f.instances?.length ? new Set(f.instances) : undefined;
  const { turns, tokens } = f;
  return (c) => {
    if (text && !c.task_id.toLowerCase().includes(text)) return false;
    if (!inRange(c.turns, turns) || !inRange(c.tokens, tokens)) return false;
    if (response && !responseWords(c.responseTypes ?? '').includes(response)) return false;
    return !instances || instances.has(instanceColumnLabel(c));
  };
}

export function describeColumnFilters(f: ColumnFilters): string[] {
  const parts: string[] = [];
  if (f.taskText?.trim()) parts.push(`task id contains "${f.taskText.trim()}"`);
  if (f.responseText?.trim()) parts.push(`response types contain "${f.responseText.trim()}"`);
  if (f.instances?.length) parts.push(`instance: ${f.instances.join(', ')}`);
  if (isSet(f.turns)) parts.push(`turns: ${f.turns.min ?? ''}–${f.turns.max ?? ''}`);
  if (isSet(f.tokens)) parts.push(`tokens: ${f.tokens.min ?? ''}–${f.tokens.max ?? ''}`);
  return parts;
}

/** Drops empty column filters, so "no filter" stores as nothing. */
export function cleanColumnFilters(f: ColumnFilters): ColumnFilters {
  const out: ColumnFilters = {};
  const range = (r: NumberRange): NumberRange => ({ ...(r.min !== undefined ? { min: r.min } : {}), ...(r.max !== undefined ? { max: r.max } : {}) });
  if (f.taskText?.trim()) out.taskText = f.taskText.trim();
  if (f.responseText?.trim()) out.responseText = f.responseText.trim();
  if (f.instances?.length) out.instances = f.instances;
  if (isSet(f.turns)) out.turns = range(f.turns);
  if (isSet(f.tokens)) out.tokens = range(f.tokens);
  return out;
}

// The Samples table's per-column filters as part of the tree's filter model (`TreeFilters`): a
// text filter on the task id, a set filter on the instance, a range on the number of turns. The
// tree applies them to its runs exactly as the table does, so one filter shows in both.
import type { ConversationRef } from '../../core/load/runLogIndex';
import { instanceLabel } from '../../core/render/instances';

export interface ColumnFilters {
  taskText?: string;
  instances?: string[];
  turns?: { min?: number; max?: number };
}

export function hasColumnFilters(f: ColumnFilters): boolean {
  return !!(f.taskText?.trim() || f.instances?.length || f.turns?.min !== undefined || f.turns?.max !== undefined);
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
  const instances = f.instances?.length ? new Set(f.instances) : undefined;
  const { min, max } = f.turns ?? {};
  return (c) => {
    if (text && !c.task_id.toLowerCase().includes(text)) return false;
    if (min !== undefined && c.turns < min) return false;
    if (max !== undefined && c.turns > max) return false;
    return !instances || instances.has(instanceColumnLabel(c));
  };
}

export function describeColumnFilters(f: ColumnFilters): string[] {
  const parts: string[] = [];
  if (f.taskText?.trim()) parts.push(`task id contains "${f.taskText.trim()}"`);
  if (f.instances?.length) parts.push(`instance: ${f.instances.join(', ')}`);
  if (f.turns?.min !== undefined || f.turns?.max !== undefined) parts.push(`turns: ${f.turns.min ?? ''}–${f.turns.max ?? ''}`);
  return parts;
}

/** Drops empty column filters, so "no filter" stores as nothing. */
export function cleanColumnFilters(f: ColumnFilters): ColumnFilters {
  const out: ColumnFilters = {};
  if (f.taskText?.trim()) out.taskText = f.taskText.trim();
  if (f.instances?.length) out.instances = f.instances;
  if (f.turns && (f.turns.min !== undefined || f.turns.max !== undefined)) out.turns = { ...(f.turns.min !== undefined ? { min: f.turns.min } : {}), ...(f.turns.max !== undefined ? { max: f.turns.max } : {}) };
  return out;
}

// The Samples table's per-column filters as part of the tree's filter model (`TreeFilters`): text
// filters on the task id, the response types and the file, a set filter on the instance, ranges on
// the number of turns, of logged tokens, on the logged cost and on the inactive count (known after
// Re-score). The tree applies them to its runs exactly as the table does, so one filter shows in both.
import type { ConversationRef } from '../../core/load/runLogIndex';
import { instanceRecapLabel } from '../../core/render/instances';
import { annotationFilterOf, describeAnnotationFilter, type RunAnnotations } from './annotationFilter';

export interface NumberRange {
  min?: number;
  max?: number;
}

export interface ColumnFilters {
  taskText?: string;
  /** Response types contain this (`answer attempt` matches `answer_attempt×2`). */
  responseText?: string;
  /** The file, as the table shows it (relative to the workspace), contains this. */
  fileText?: string;
  instances?: string[];
  /** Conditions (`retained`, `revised`, `neutral`, `original`, `direct`), in any mode or path. */
  conditions?: string[];
  turns?: NumberRange;
  /** Logged tokens in this range; a run that logs none never matches. */
  tokens?: NumberRange;
  /** Logged cost in US dollars in this range; a run that logs none never matches. */
  cost?: NumberRange;
  /** Inactive values in the re-scored final answer in this range; a run not re-scored never matches. */
  inactive?: NumberRange;
  /** Annotation choices (`annotated`, `unannotated`, `overridden`, `noted`, `label:<name>`): any of them. */
  annotations?: string[];
}

/** What the column filters read besides the conversation summary: the tree's data provides both. */
export interface ColumnFilterContext {
  /** The inactive count of a re-scored conversation (undefined: not re-scored). */
  inactiveOf?: (convId: string) => number | undefined;
  /** The file as the table's File column shows it. */
  fileLabel?: (file: string) => string;
  /** A run's annotations (undefined: none). */
  annotationsOf?: (convId: string) => RunAnnotations | undefined;
}

type RangeKey = 'turns' | 'tokens' | 'cost' | 'inactive';
const RANGES: ReadonlyArray<{ key: RangeKey; name: string; unit?: string }> = [
  { key: 'turns', name: 'turns' },
  { key: 'tokens', name: 'tokens' },
  { key: 'cost', name: 'cost', unit: '$' },
  { key: 'inactive', name: 'inactive' },
];
type TextKey = 'taskText' | 'responseText' | 'fileText';
const TEXTS: ReadonlyArray<{ key: TextKey; name: string }> = [
  { key: 'taskText', name: 'task id contains' },
  { key: 'responseText', name: 'response types contain' },
  { key: 'fileText', name: 'file contains' },
];

const isSet = (r: NumberRange | undefined): r is NumberRange =>
  r !== undefined && (r.min !== undefined || r.max !== undefined);

export function hasColumnFilters(f: ColumnFilters): boolean {
  return (
    TEXTS.some(({ key }) => !!f[key]?.trim()) ||
    !!f.instances?.length ||
    !!f.conditions?.length ||
    !!f.annotations?.length ||
    RANGES.some(({ key }) => isSet(f[key]))
  );
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
  return instanceRecapLabel(c);
}

export function matchesColumnFilters(c: ConversationRef, f: ColumnFilters, context: ColumnFilterContext = {}): boolean {
  return columnFilterOf(f, context)?.(c) ?? true;
}

/** The column filters as one predicate (undefined: none set), prepared once for a pass over many runs. */
export function columnFilterOf(
  f: ColumnFilters,
  context: ColumnFilterContext = {},
): ((c: ConversationRef) => boolean) | undefined {
  if (!hasColumnFilters(f)) return undefined;
  const text = f.taskText?.trim().toLowerCase();
  const response = f.responseText?.trim() ? responseWords(f.responseText.trim()) : undefined;
  const fileText = f.fileText?.trim().toLowerCase();
  const instances = f.instances?.length ? new Set(f.instances) : undefined;
  const conditions = f.conditions?.length ? new Set(f.conditions) : undefined;
  const { turns, tokens, cost, inactive } = f;
  const { inactiveOf, fileLabel = (file: string) => file, annotationsOf = () => undefined } = context;
  const annotated = annotationFilterOf(f.annotations, annotationsOf);
  // One test per file, not per run: a log holds thousands of runs.
  const fileMatches = new Map<string, boolean>();
  const fileOk = (file: string) => {
    let ok = fileMatches.get(file);
    if (ok === undefined) fileMatches.set(file, (ok = fileLabel(file).toLowerCase().includes(fileText!)));
    return ok;
  };
  return (c) => {
    if (text && !c.task_id.toLowerCase().includes(text)) return false;
    if (!inRange(c.turns, turns) || !inRange(c.tokens, tokens) || !inRange(c.costUsd, cost)) return false;
    if (isSet(inactive) && !inRange(inactiveOf?.(c.conv_id), inactive)) return false;
    if (response && !responseWords(c.responseTypes ?? '').includes(response)) return false;
    if (fileText && !fileOk(c.file)) return false;
    if (conditions && !conditions.has(c.condition)) return false;
    if (annotated && !annotated(c.conv_id)) return false;
    return !instances || instances.has(instanceColumnLabel(c));
  };
}

export function describeColumnFilters(f: ColumnFilters): string[] {
  const parts: string[] = [];
  for (const { key, name } of TEXTS) {
    const t = f[key]?.trim();
    if (t) parts.push(`${name} "${t}"`);
  }
  if (f.instances?.length) parts.push(`instance: ${f.instances.join(', ')}`);
  if (f.conditions?.length) parts.push(`condition: ${f.conditions.map(conditionName).join(', ')}`);
  for (const { key, name, unit = '' } of RANGES) {
    const r = f[key];
    const end = (v: number | undefined) => (v === undefined ? '' : `${unit}${v}`);
    if (isSet(r)) parts.push(`${name}: ${end(r.min)}–${end(r.max)}`);
  }
  const annotations = describeAnnotationFilter(f.annotations);
  if (annotations) parts.push(annotations);
  return parts;
}

/** The filter's conditions, in the paper's order: what the tree's Condition filter offers. */
export const FILTER_CONDITIONS = ['original', 'neutral', 'retained', 'revised', 'direct'] as const;

/** `retained` → `Retained`. */
export function conditionName(c: string): string {
  return c.charAt(0).toUpperCase() + c.slice(1);
}

/** Drops empty column filters, so "no filter" stores as nothing. */
export function cleanColumnFilters(f: ColumnFilters): ColumnFilters {
  const out: ColumnFilters = {};
  const range = (r: NumberRange): NumberRange => ({
    ...(r.min !== undefined ? { min: r.min } : {}),
    ...(r.max !== undefined ? { max: r.max } : {}),
  });
  for (const { key } of TEXTS) {
    const t = f[key]?.trim();
    if (t) out[key] = t;
  }
  if (f.instances?.length) out.instances = f.instances;
  if (f.conditions?.length) out.conditions = f.conditions;
  if (f.annotations?.length) out.annotations = f.annotations;
  for (const { key } of RANGES) {
    const r = f[key];
    if (isSet(r)) out[key] = range(r);
  }
  return out;
}

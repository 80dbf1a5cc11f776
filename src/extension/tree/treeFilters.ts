// The Sources tree's filters (shared with the Samples table) and how they read in one line.
import type { Verdict } from '../../core/load/runLogIndex';
import type { ReviewStatus } from '../../core/schema/records';
import { hasColumnFilters, describeColumnFilters, type ColumnFilters } from '../filters/columnFilters';
import { VERDICT_MARKS } from '../../shared/verdicts';

export type ReviewFilter = ReviewStatus | 'none';

/** The column filters (`ColumnFilters`) are the Samples table's: the tree applies them to its runs. */
export interface TreeFilters extends ColumnFilters {
  domains?: string[];
  models?: string[];
  verdicts?: Verdict[];
  reviews?: ReviewFilter[];
  /** Only sources where a model is correct in Original but wrong in Retained or Revised. */
  newErrors?: boolean;
  /** Only the new-error runs whose re-scored final answer contains inactive content. */
  newErrorsWithInactive?: boolean;
}

export function hasActiveFilters(f: TreeFilters): boolean {
  return !!(f.domains?.length || f.reviews?.length || hasRunFilters(f));
}

/** Filters that hide runs (and with them sources and instances that have no visible run). */
export function hasRunFilters(f: TreeFilters): boolean {
  return !!(f.models?.length || f.verdicts?.length || f.newErrors || f.newErrorsWithInactive || hasColumnFilters(f));
}

export function verdictSign(v: Verdict): string {
  return VERDICT_MARKS[v];
}

/** A one-line summary of the active filters, e.g. `domain: math · verdict: ✗ · new errors`. */
export function describeFilters(f: TreeFilters): string {
  const parts: string[] = [];
  if (f.domains?.length) parts.push(`domain: ${f.domains.join(', ')}`);
  if (f.models?.length) parts.push(`model: ${f.models.map(shortModel).join(', ')}`);
  if (f.verdicts?.length) parts.push(`verdict: ${f.verdicts.map((v) => `${verdictSign(v)} ${v}`).join(', ')}`);
  if (f.reviews?.length) parts.push(`review: ${f.reviews.join(', ')}`);
  if (f.newErrors) parts.push('new errors');
  if (f.newErrorsWithInactive) parts.push('new errors with inactive content');
  parts.push(...describeColumnFilters(f));
  return parts.join(' · ');
}

/** `anthropic/claude-3-haiku` → `claude-3-haiku`: tree rows are narrow. */
export function shortModel(model: string): string {
  const i = model.lastIndexOf('/');
  return i >= 0 && i < model.length - 1 ? model.slice(i + 1) : model;
}

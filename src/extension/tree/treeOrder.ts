// The order of the Sources tree's rows: the paper's instance order, natural order of task ids.
import { PATHS, type ExtendedPath } from '../../core/schema/runlog';

const MODE_ORDER: Record<string, number> = { multi: 0, single: 1, evolving: 2 };
const MULTI_ORDER = ['original', 'neutral', 'retained', 'revised', 'direct'];
const SINGLE_ORDER = ['original', 'direct', 'revised', 'retained', 'neutral'];

/** The paper's order: multi conditions, single controls, then extended paths by path and depth. */
export function compareInstances(
  a: { mode: string; condition: string; path?: string; k?: number },
  b: typeof a,
): number {
  const ap = a.path ? PATHS.indexOf(a.path as ExtendedPath) + 1 : 0;
  const bp = b.path ? PATHS.indexOf(b.path as ExtendedPath) + 1 : 0;
  if (ap !== bp) return ap - bp;
  if (ap) return (a.k ?? 0) - (b.k ?? 0);
  const am = MODE_ORDER[a.mode] ?? 9;
  const bm = MODE_ORDER[b.mode] ?? 9;
  if (am !== bm) return am - bm;
  const order = a.mode === 'single' ? SINGLE_ORDER : MULTI_ORDER;
  return order.indexOf(a.condition) - order.indexOf(b.condition);
}

/** Natural order of task ids: `sharded-GSM8K/9` before `sharded-GSM8K/10`. */
export const collator = new Intl.Collator('en', { numeric: true });

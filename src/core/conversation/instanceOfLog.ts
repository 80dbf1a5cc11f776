// Which Intent-Eval instance a run log entry is a run of.
import type { InstanceSpec } from '../render/instances';
import { effectiveCondition, effectiveMode, type RunLogEntry } from '../schema/runlog';

/** The instance (FORMAT.md defaults applied); absent for an evolving-intent log, which runs a plan. */
export function instanceSpecOf(
  entry: Pick<RunLogEntry, 'mode' | 'condition' | 'path' | 'k'>,
): InstanceSpec | undefined {
  const mode = effectiveMode(entry);
  if (mode === 'evolving') return undefined;
  return { mode, condition: effectiveCondition(entry), ...(entry.path ? { path: entry.path, k: entry.k ?? 0 } : {}) };
}

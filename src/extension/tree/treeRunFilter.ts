// The Sources tree's run filters (model, verdict, the Samples table's column filters, new errors)
// as one predicate on a source's runs, compiled once per filter set.
import type { ConversationRef } from '../../core/load/runLogIndex';
import { columnFilterOf } from '../filters/columnFilters';
import type { SourceData, SourceTreeData } from './sourceTreeData';
import type { TreeFilters } from './treeFilters';

/** Whether the filters let a source's run through. */
export type RunFilter = (s: SourceData, c: ConversationRef) => boolean;

/** The run filters of `f` over the tree's data (call only when `hasRunFilters(f)`). */
export function compileRunFilter(f: TreeFilters, data: SourceTreeData): RunFilter {
  const models = f.models?.length ? new Set(f.models) : undefined;
  const verdicts = f.verdicts?.length ? new Set(f.verdicts) : undefined;
  const columns = columnFilterOf(f, {
    inactiveOf: (id) => data.rescores.get(id)?.inactive.length,
    fileLabel: (file) => data.fileLabel(file),
    annotationsOf: (id) => data.annotationsOf(id),
  });
  const hasInactive = data.input.hasInactive;
  return (src, c) => {
    if (models && !models.has(c.model)) return false;
    if (verdicts && !verdicts.has(c.verdict)) return false;
    if (columns && !columns(c)) return false;
    if (f.newErrors) {
      const errs = data.errorsOf(src).get(c.model);
      if (!errs) return false;
      // The erring runs and the Original they diverge from.
      const isOriginal =
        !c.path && c.condition === 'original' && (data.erringModesOf(src).get(c.model)?.has(c.mode) ?? false);
      if (!errs.has(c.conv_id) && !isOriginal) return false;
    }
    if (f.newErrorsWithInactive && !(data.errorsOf(src).get(c.model)?.has(c.conv_id) && hasInactive?.(c.conv_id)))
      return false;
    return true;
  };
}

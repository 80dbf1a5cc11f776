// The Samples table's rows and visible set, from the Sources tree's model: rows are the index's
// conversation summaries (re-scored verdicts applied), the visible set is exactly what the tree's
// filters let through. No `vscode` import: unit-tested in Node.
import type { SourceTreeModel } from '../tree/sourceTreeModel';
import { describeFilters } from '../tree/sourceTreeModel';
import { instanceColumnLabel } from '../tree/columnFilters';
import type { SampleRow, SamplesState } from '../../shared/protocol/samples';

export function buildSampleRows(model: SourceTreeModel, fileLabel: (file: string) => string): SampleRow[] {
  return model.allConversations().map((c) => {
    const rescore = model.rescoreOf(c.conv_id);
    return {
      convId: c.conv_id,
      taskId: c.task_id,
      domain: c.task,
      model: c.model,
      instance: instanceColumnLabel(c),
      mode: c.mode,
      condition: c.condition,
      ...(c.path !== undefined ? { path: c.path } : {}),
      ...(c.k !== undefined ? { k: c.k } : {}),
      verdict: c.verdict,
      ...(rescore ? { rescored: rescore.changed ? ('changed' as const) : ('same' as const), inactive: rescore.inactive.length } : {}),
      turns: c.turns,
      ...(c.responseTypes !== undefined ? { responseTypes: c.responseTypes } : {}),
      ...(c.costUsd !== undefined ? { costUsd: c.costUsd } : {}),
      file: fileLabel(c.file),
      line: c.line,
    };
  });
}

/** Indexes into `rows` of the conversations the model's filters let through. */
export function visibleRows(model: SourceTreeModel, rows: readonly SampleRow[]): number[] {
  const at = new Map<string, number>();
  rows.forEach((r, i) => at.set(r.convId, i));
  const out: number[] = [];
  for (const c of model.visibleConversations()) {
    const i = at.get(c.conv_id);
    if (i !== undefined) out.push(i);
  }
  return out;
}

export function buildSamplesState(model: SourceTreeModel, fileLabel: (file: string) => string): SamplesState {
  const rows = buildSampleRows(model, fileLabel);
  const instances = [...new Set(rows.map((r) => r.instance))].sort();
  return {
    view: 'samples',
    rows,
    visible: visibleRows(model, rows),
    filters: model.filters,
    description: describeFilters(model.filters),
    options: { domains: model.domains(), models: model.models(), instances },
  };
}

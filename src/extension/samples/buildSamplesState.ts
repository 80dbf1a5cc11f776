// The Samples table's columns and visible set, from the Sources tree's model: rows are the index's
// conversation summaries (re-scored verdicts applied) in the order the unfiltered tree shows them,
// packed column by column; the visible set is exactly what the tree's filters let through. No
// `vscode` import: unit-tested in Node.
import type { ConversationRef } from '../../core/load/runLogIndex';
import type { SourceTreeModel } from '../tree/sourceTreeModel';
import { describeFilters, hasActiveFilters } from '../tree/sourceTreeModel';
import { instanceColumnLabel } from '../filters/columnFilters';
import { annotationChoices, annotationColumnText } from '../filters/annotationFilter';
import { RESCORED_CODES, VERDICT_CODES, type SampleColumns, type SamplesState, type SamplesVisible } from '../../shared/protocol/samples';
import { packBits, packDict, packUints } from '../../shared/protocol/packedColumns';

export interface SamplesTable {
  state: SamplesState;
  /** The conversation of each row. */
  order: readonly ConversationRef[];
  /** The row of each conversation (the tree's filtered models share these objects): maps a filtered model onto the bitmap. */
  rowOf: ReadonlyMap<ConversationRef, number>;
}

/** The unfiltered tree's order, then what no source shows (forks): every filtered view is a subsequence. */
function tableOrder(all: SourceTreeModel): readonly ConversationRef[] {
  const shown = all.visibleConversations();
  if (shown.length === all.allConversations().length) return shown;
  const seen = new Set(shown.map((c) => c.conv_id));
  return [...shown, ...all.allConversations().filter((c) => !seen.has(c.conv_id))];
}

/** Row numbers of `convs`: by object (the models share one data), else by conv_id (a model of other data). */
function rowsIn(table: Pick<SamplesTable, 'order' | 'rowOf'>, convs: readonly ConversationRef[]): number[] {
  const rows: number[] = [];
  for (const c of convs) {
    const r = table.rowOf.get(c);
    if (r === undefined) {
      const at = new Map(table.order.map((o, i) => [o.conv_id, i]));
      return convs.map((x) => at.get(x.conv_id)).filter((n): n is number => n !== undefined);
    }
    rows.push(r);
  }
  return rows;
}

function packColumns(all: SourceTreeModel, rows: readonly ConversationRef[]): SampleColumns {
  const n = rows.length;
  const verdict = new Uint32Array(n);
  const turns = new Uint32Array(n);
  const line = new Uint32Array(n);
  const inactive = new Uint32Array(n);
  const cost = new Uint32Array(n);
  const tokens = new Uint32Array(n);
  let anyInactive = false;
  let anyCost = false;
  let anyTokens = false;
  for (let i = 0; i < n; i++) {
    const c = rows[i]!;
    const rescore = all.rescoreOf(c.conv_id);
    verdict[i] = VERDICT_CODES.indexOf(c.verdict) * 3 + RESCORED_CODES.indexOf(rescore ? (rescore.changed ? 'changed' : 'same') : undefined);
    turns[i] = c.turns;
    line[i] = c.line;
    if (rescore) {
      inactive[i] = rescore.inactive.length + 1;
      anyInactive = true;
    }
    if (c.costUsd !== undefined) {
      // Micro-dollars: the grid shows four decimals.
      cost[i] = Math.min(0xfffffffe, Math.max(0, Math.round(c.costUsd * 1e6))) + 1;
      anyCost = true;
    }
    if (c.tokens !== undefined) {
      tokens[i] = Math.min(0xfffffffe, Math.max(0, Math.round(c.tokens))) + 1;
      anyTokens = true;
    }
  }
  // One label per instance shape, not per row.
  const instances = new Map<string, string>();
  const instanceOf = (c: ConversationRef) => {
    const key = `${c.mode}\u0000${c.condition}\u0000${c.path ?? ''}\u0000${c.k ?? ''}\u0000${c.recap ?? ''}`;
    let v = instances.get(key);
    if (v === undefined) instances.set(key, (v = instanceColumnLabel(c)));
    return v;
  };
  return {
    taskId: packDict(n, (i) => rows[i]!.task_id),
    domain: packDict(n, (i) => rows[i]!.task),
    model: packDict(n, (i) => rows[i]!.model),
    instance: packDict(n, (i) => instanceOf(rows[i]!)),
    responseTypes: packDict(n, (i) => rows[i]!.responseTypes),
    // The label the file filter reads too (the tree's data keeps one per file).
    file: packDict(n, (i) => all.data.fileLabel(rows[i]!.file)),
    verdict: packUints(verdict),
    turns: packUints(turns),
    line: packUints(line),
    ...(anyInactive ? { inactive: packUints(inactive) } : {}),
    ...(anyCost ? { costMicroUsd: packUints(cost) } : {}),
    ...(anyTokens ? { tokens: packUints(tokens) } : {}),
    ...annotationColumn(all, rows),
  };
}

/** The Annotations column, absent when no row is annotated. */
function annotationColumn(all: SourceTreeModel, rows: readonly ConversationRef[]): Pick<SampleColumns, 'annotations'> {
  const texts = rows.map((c) => annotationColumnText(all.data.annotationsOf(c.conv_id)));
  return texts.some((t) => t !== undefined) ? { annotations: packDict(rows.length, (i) => texts[i]) } : {};
}

/** Labels on any row (the annotation filter offers them besides the default ones). */
function labelsInUse(all: SourceTreeModel, rows: readonly ConversationRef[]): Set<string> {
  const labels = new Set<string>();
  for (const c of rows) for (const l of all.data.annotationsOf(c.conv_id)?.labels ?? []) labels.add(l);
  return labels;
}

/** The rows `model`'s filters let through, as a bitmap over the table's rows. */
export function visibleOf(model: SourceTreeModel, table: Pick<SamplesTable, 'order' | 'rowOf'>): SamplesVisible {
  const n = table.order.length;
  const described = { filters: model.filters, description: describeFilters(model.filters) };
  // No filter: every row (forks included), without looking any up.
  if (!hasActiveFilters(model.filters)) return { count: n, visible: packBits(n, table.order.keys()), visibleCount: n, ...described };
  const rows = rowsIn(table, model.visibleConversations());
  return { count: n, visible: packBits(n, rows), visibleCount: rows.length, ...described };
}

/** The conversation ids of `rows` (a page the webview asks for, or the rows a command names); throws on a stale version or an unknown row. */
export function convIdsOf(table: SamplesTable, version: number, rows: readonly number[]): string[] {
  if (version !== table.state.version) throw new Error(`the table changed (rows of version ${version}, now ${table.state.version})`);
  return rows.map((r) => {
    const c = table.order[r];
    if (!c) throw new Error(`no row ${r} (${table.order.length} rows)`);
    return c.conv_id;
  });
}

/** `all`: the tree model without filters (rows and their order); `filtered`: with the current filters (may be `all`); `version`: new for each rebuild. */
export function buildSamplesTable(all: SourceTreeModel, filtered: SourceTreeModel, version = 0): SamplesTable {
  const order = tableOrder(all);
  const rowOf = new Map(order.map((c, i) => [c, i]));
  const columns = packColumns(all, order);
  const visible = visibleOf(filtered, { order, rowOf });
  const state: SamplesState = {
    view: 'samples',
    version,
    columns,
    ...visible,
    options: {
      domains: all.domains(),
      models: all.models(),
      instances: [...columns.instance.values].sort(),
      annotations: annotationChoices(labelsInUse(all, order)),
    },
  };
  return { state, order, rowOf };
}

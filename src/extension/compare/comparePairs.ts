// Which two conversations a compare command means. "Retained ↔ Revised" pairs a model's Retained
// run of a source with its Revised run (persistence paths pair at the same depth k, single-turn
// S_Ret with S_Rev); "Compare With…" offers every other run of the source, closest first.
// No `vscode` import: the pairing rules are unit-tested.
import type { ConversationRef } from '../../core/load/runLogIndex';
import { instanceLabel } from '../../core/render/instances';

export type PairRef = Pick<
  ConversationRef,
  'conv_id' | 'task_id' | 'model' | 'mode' | 'condition' | 'path' | 'k' | 'file' | 'line' | 'verdict'
>;

type Slot = {
  mode: 'multi' | 'single';
  condition: 'retained' | 'revised';
  path?: 'persistence-retained' | 'persistence-revised';
  k?: number;
};

function matchesSlot(r: PairRef, s: Slot): boolean {
  if (r.mode !== s.mode || r.condition !== s.condition) return false;
  if (s.path) return r.path === s.path && (r.k ?? 0) === (s.k ?? 0);
  return r.path === undefined;
}

/** The Retained and Revised slots that correspond to a run (or the plain multi-turn pair). */
function slotsFor(basis: PairRef | undefined): [Slot, Slot] {
  if (basis?.path === 'persistence-retained' || basis?.path === 'persistence-revised') {
    const k = basis.k ?? 0;
    return [
      { mode: 'multi', condition: 'retained', path: 'persistence-retained', k },
      { mode: 'multi', condition: 'revised', path: 'persistence-revised', k },
    ];
  }
  if (basis?.mode === 'single' && (basis.condition === 'retained' || basis.condition === 'revised')) {
    return [
      { mode: 'single', condition: 'retained' },
      { mode: 'single', condition: 'revised' },
    ];
  }
  return [
    { mode: 'multi', condition: 'retained' },
    { mode: 'multi', condition: 'revised' },
  ];
}

export interface RetainedRevisedPair<R extends PairRef = PairRef> {
  model: string;
  retained: R;
  revised: R;
}

/**
 * Every (model → Retained, Revised) pair of a source. With a basis run, only that run's model and
 * slot, and the basis itself on its side. Several runs in one slot: the first indexed wins.
 */
export function retainedRevisedPairs<R extends PairRef>(
  refs: readonly R[],
  taskId: string,
  opts: { model?: string; basis?: R } = {},
): Array<RetainedRevisedPair<R>> {
  const [retSlot, revSlot] = slotsFor(opts.basis);
  const model = opts.basis?.model ?? opts.model;
  const byModel = new Map<string, { retained?: R; revised?: R }>();
  for (const r of refs) {
    if (r.task_id !== taskId || (model !== undefined && r.model !== model)) continue;
    const slot = byModel.get(r.model) ?? {};
    if (matchesSlot(r, retSlot)) slot.retained ??= r;
    else if (matchesSlot(r, revSlot)) slot.revised ??= r;
    byModel.set(r.model, slot);
  }
  if (opts.basis) {
    const slot = byModel.get(opts.basis.model);
    if (slot && matchesSlot(opts.basis, retSlot)) slot.retained = opts.basis;
    if (slot && matchesSlot(opts.basis, revSlot)) slot.revised = opts.basis;
  }
  const out: Array<RetainedRevisedPair<R>> = [];
  for (const [m, s] of [...byModel].sort(([a], [b]) => a.localeCompare(b)))
    if (s.retained && s.revised) out.push({ model: m, retained: s.retained, revised: s.revised });
  return out;
}

export function refLabel(r: PairRef): string {
  return instanceLabel({
    mode: r.mode,
    condition: r.condition,
    ...(r.path ? { path: r.path } : {}),
    ...(r.k !== undefined ? { k: r.k } : {}),
  });
}

/** Same instance (mode, condition, path, k)? */
export function sameInstance(a: PairRef, b: PairRef): boolean {
  return a.mode === b.mode && a.condition === b.condition && a.path === b.path && (a.k ?? 0) === (b.k ?? 0);
}

/**
 * The Retained ↔ Revised sibling of a run: same source and model, the other side of its pair
 * (persistence paths at the same k, single-turn S_Ret ↔ S_Rev). Undefined for a run on neither side.
 */
export function counterpartOf<R extends PairRef>(refs: readonly R[], basis: R): R | undefined {
  const [retSlot, revSlot] = slotsFor(basis);
  const other = matchesSlot(basis, retSlot) ? revSlot : matchesSlot(basis, revSlot) ? retSlot : undefined;
  if (!other) return undefined;
  return refs.find(
    (r) =>
      r.task_id === basis.task_id && r.model === basis.model && r.conv_id !== basis.conv_id && matchesSlot(r, other),
  );
}

/**
 * Candidates to compare a run with: the other runs of its source, ordered: its Retained ↔ Revised
 * sibling first, then the same model's other instances, then the same instance by other models,
 * then the rest.
 */
export function compareCandidates<R extends PairRef>(refs: readonly R[], basis: R): R[] {
  const counterpart = counterpartOf(refs, basis);
  const rank = (r: R) => (r === counterpart ? 0 : r.model === basis.model ? 1 : sameInstance(r, basis) ? 2 : 3);
  return refs
    .filter((r) => r.task_id === basis.task_id && r.conv_id !== basis.conv_id)
    .sort((a, b) => rank(a) - rank(b) || a.model.localeCompare(b.model) || refLabel(a).localeCompare(refLabel(b)));
}

/** What the palette's Compare Retained ↔ Revised starts from: the open conversation, or a tree item. */
export interface PairContext {
  convId?: string;
  taskId?: string;
  model?: string;
}

export interface PairSourceChoice {
  taskId: string;
  /** Models with both a Retained and a Revised run (of the basis's slots for the default source). */
  models: string[];
  /** The source of the open conversation or selected item: listed first, picked by Enter. */
  isDefault: boolean;
}

/**
 * The sources the palette offers: only those with a pair, the context's source first. With a
 * conversation in context, its own slot decides the pair (a persistence run pairs at its k).
 */
export function pairSourceChoices<R extends PairRef>(
  refs: readonly R[],
  context: PairContext,
  basis?: R,
): PairSourceChoice[] {
  const byTask = new Map<string, R[]>();
  for (const r of refs) {
    const list = byTask.get(r.task_id);
    if (list) list.push(r);
    else byTask.set(r.task_id, [r]);
  }
  const defaultTask = basis?.task_id ?? context.taskId;
  const out: PairSourceChoice[] = [];
  for (const [taskId, runs] of byTask) {
    const isDefault = taskId === defaultTask;
    const opts = isDefault && basis ? { basis } : isDefault && context.model ? { model: context.model } : {};
    let models = retainedRevisedPairs(runs, taskId, opts).map((p) => p.model);
    // The context's model has no pair here: the source is still offered with the pairs it has.
    if (isDefault && !models.length && (basis || context.model))
      models = retainedRevisedPairs(runs, taskId).map((p) => p.model);
    if (models.length) out.push({ taskId, models, isDefault });
  }
  return out.sort((a, b) => Number(b.isDefault) - Number(a.isDefault) || a.taskId.localeCompare(b.taskId));
}

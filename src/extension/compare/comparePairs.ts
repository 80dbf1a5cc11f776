// Which two conversations a compare command means. "Retained ↔ Revised" pairs a model's Retained
// run of a source with its Revised run (persistence paths pair at the same depth k, single-turn
// S_Ret with S_Rev); "Compare With…" offers every other run of the source, closest first.
// No `vscode` import: the pairing rules are unit-tested.
import type { ConversationRef } from '../../core/load/runLogIndex';
import { instanceLabel } from '../../core/render/instances';

export type PairRef = Pick<ConversationRef, 'conv_id' | 'task_id' | 'model' | 'mode' | 'condition' | 'path' | 'k' | 'file' | 'line' | 'verdict'>;

type Slot = { mode: 'multi' | 'single'; condition: 'retained' | 'revised'; path?: 'persistence-retained' | 'persistence-revised'; k?: number };

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
export function retainedRevisedPairs<R extends PairRef>(refs: readonly R[], taskId: string, opts: { model?: string; basis?: R } = {}): Array<RetainedRevisedPair<R>> {
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
  for (const [m, s] of [...byModel].sort(([a], [b]) => a.localeCompare(b))) if (s.retained && s.revised) out.push({ model: m, retained: s.retained, revised: s.revised });
  return out;
}

export function refLabel(r: PairRef): string {
  return instanceLabel({ mode: r.mode, condition: r.condition, ...(r.path ? { path: r.path } : {}), ...(r.k !== undefined ? { k: r.k } : {}) });
}

/** Same instance (mode, condition, path, k)? */
export function sameInstance(a: PairRef, b: PairRef): boolean {
  return a.mode === b.mode && a.condition === b.condition && a.path === b.path && (a.k ?? 0) === (b.k ?? 0);
}

/**
 * Candidates to compare a run with: the other runs of its source, ordered: the same instance by
 * other models first, then the same model's other instances, then the rest.
 */
export function compareCandidates<R extends PairRef>(refs: readonly R[], basis: R): R[] {
  const rank = (r: R) => (sameInstance(r, basis) ? 0 : r.model === basis.model ? 1 : 2);
  return refs.filter((r) => r.task_id === basis.task_id && r.conv_id !== basis.conv_id).sort((a, b) => rank(a) - rank(b) || a.model.localeCompare(b.model) || refLabel(a).localeCompare(refLabel(b)));
}

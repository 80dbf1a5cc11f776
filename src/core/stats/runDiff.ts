// Run diff: two sets of outcomes of the same sources (two models, two log folders, logged vs
// re-scored verdicts, a parent batch and its fork) side by side, per instance (mode × condition ×
// path × k): the paired 2x2 table with its exact McNemar test (Holm over the instances) and the
// sources that flipped ✓→✗ (lost) and ✗→✓ (gained), each with one conversation per side to open.
import { instanceRecapLabel } from '../render/instances';
import type { Verdict } from '../load/runLogIndex';
import { holmSignificant, mcnemarExact, pairedDeltaPp, addPair, emptyPairedTable } from './pairedTests';
import type { PairedTest } from './statsTypes';
import type { SourceCount } from './intervals';
import { sourceCorrect } from './inference';

/** What a diff needs of a conversation: the ConversationRef fields, so a re-scored verdict can be swapped in. */
export interface DiffOutcome {
  conv_id: string;
  task_id: string;
  model: string;
  mode: string;
  condition: string;
  path?: string;
  k?: number;
  recap?: string;
  verdict: Verdict;
  /**
   * The conversation on the other side this outcome stands against (a fork's parent, or for a
   * re-score the same conversation): a flip then opens that very pair, not two unrelated runs.
   */
  counterpart?: string;
}

export interface Flip {
  task_id: string;
  /** The model of side A's run ('' when both sides name one model each and the pairing ignores it). */
  model: string;
  /**
   * One conversation of the source on each side whose verdict is the source's (a linked pair when
   * there is one: a fork and its parent, or one conversation logged and re-scored), for the compare view.
   */
  conv_a: string;
  conv_b: string;
}

export interface InstanceDiff extends PairedTest {
  mode: string;
  condition: string;
  path?: string;
  k?: number;
  recap?: string;
  label: string;
  /** ✓ in A, ✗ in B. */
  lost: Flip[];
  /** ✗ in A, ✓ in B. */
  gained: Flip[];
}

export interface RunDiff {
  /** Scored sources on both sides, over all instances. */
  paired: number;
  /** Scored sources on only one side (not compared). */
  unpaired: { a: number; b: number };
  instances: InstanceDiff[];
}

interface Run {
  conv_id: string;
  correct: boolean;
  counterpart?: string;
}

interface Side {
  count: SourceCount;
  runs: Run[];
  o: DiffOutcome;
}

const instanceKey = (o: DiffOutcome) => [o.mode, o.condition, o.path ?? '', o.k ?? '', o.recap ?? ''].join('\u0000');

function group(outcomes: readonly DiffOutcome[], withModel: boolean): Map<string, Map<string, Side>> {
  const out = new Map<string, Map<string, Side>>();
  for (const o of outcomes) {
    if (o.verdict === 'unscored') continue;
    const inst = instanceKey(o);
    let m = out.get(inst);
    if (!m) out.set(inst, (m = new Map()));
    const src = withModel ? `${o.model}\u0000${o.task_id}` : o.task_id;
    let s = m.get(src);
    if (!s) m.set(src, (s = { count: { correct: 0, n: 0 }, runs: [], o }));
    s.count.n++;
    if (o.verdict === 'correct') s.count.correct++;
    s.runs.push({
      conv_id: o.conv_id,
      correct: o.verdict === 'correct',
      ...(o.counterpart !== undefined ? { counterpart: o.counterpart } : {}),
    });
  }
  return out;
}

/**
 * The pair to open for a flipped source: runs whose verdict is their side's source verdict (a
 * source's majority need not be its first run's), a B run linked to such an A run first.
 */
function flipPair(x: Side, ca: boolean, y: Side, cb: boolean): [string, string] {
  const as = x.runs.filter((r) => r.correct === ca);
  const bs = y.runs.filter((r) => r.correct === cb);
  const aIds = new Set(as.map((r) => r.conv_id));
  const linked = bs.find((r) => r.counterpart !== undefined && aIds.has(r.counterpart));
  if (linked) return [linked.counterpart!, linked.conv_id];
  return [(as[0] ?? x.runs[0]!).conv_id, (bs[0] ?? y.runs[0]!).conv_id];
}

/**
 * Pairs A's and B's sources per instance. `pairByModel`: a source of one model pairs only with the
 * same model's (two folders or two scorings of several models); false when each side is one model.
 */
export function diffRuns(a: readonly DiffOutcome[], b: readonly DiffOutcome[], pairByModel: boolean): RunDiff {
  const ga = group(a, pairByModel);
  const gb = group(b, pairByModel);
  const instances: Array<Omit<InstanceDiff, 'holm_significant'>> = [];
  let paired = 0;
  let onlyA = 0;
  let onlyB = 0;
  for (const [inst, sa] of ga) {
    const sb = gb.get(inst);
    const table = emptyPairedTable();
    const lost: Flip[] = [];
    const gained: Flip[] = [];
    for (const [src, x] of sa) {
      const y = sb?.get(src);
      if (!y) {
        onlyA++;
        continue;
      }
      const ca = sourceCorrect(x.count);
      const cb = sourceCorrect(y.count);
      addPair(table, ca, cb);
      if (ca === cb) continue;
      const [conv_a, conv_b] = flipPair(x, ca, y, cb);
      (ca ? lost : gained).push({ task_id: x.o.task_id, model: pairByModel ? x.o.model : '', conv_a, conv_b });
    }
    if (sb) for (const src of sb.keys()) if (!sa.has(src)) onlyB++;
    paired += table.n;
    if (table.n === 0) continue;
    const o = [...sa.values()][0]!.o;
    const byId = (x: Flip, y: Flip) =>
      x.model.localeCompare(y.model) || x.task_id.localeCompare(y.task_id, undefined, { numeric: true });
    instances.push({
      mode: o.mode,
      condition: o.condition,
      ...(o.path !== undefined ? { path: o.path } : {}),
      ...(o.k !== undefined ? { k: o.k } : {}),
      ...(o.recap !== undefined ? { recap: o.recap } : {}),
      label: instanceRecapLabel(o),
      ...table,
      delta_pp: pairedDeltaPp(table),
      p_mcnemar: mcnemarExact(table.only_from, table.only_to),
      lost: lost.sort(byId),
      gained: gained.sort(byId),
    });
  }
  for (const [inst, sb] of gb) if (!ga.has(inst)) onlyB += sb.size;
  instances.sort((x, y) => x.label.localeCompare(y.label));
  const sig = holmSignificant(instances.map((i) => i.p_mcnemar));
  return {
    paired,
    unpaired: { a: onlyA, b: onlyB },
    instances: instances.map((i, j) => ({ ...i, holm_significant: sig[j]! })),
  };
}

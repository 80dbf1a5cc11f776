// What human overrides did to the statistics (issue #39): the conversations whose adjudicated
// verdict differs from the machine one, and the Table 1 cells whose tallies changed because of them.
// Both views of the same refs are compared, so the numbers are exactly what `--verdicts machine`
// would have counted instead.
import type { ConversationRef, Verdict } from '../load/runLogIndex';
import { columnIndex } from './statsColumns';
import { isFork } from './forkStats';
import { GRID_COLUMNS } from './statsTypes';

export interface ChangedCell {
  model: string;
  domain: string;
  mode: string;
  condition: string;
  /** correct / scored (n) / unscored, with machine verdicts and with adjudicated ones. */
  machine: { n: number; correct: number; unscored: number };
  adjudicated: { n: number; correct: number; unscored: number };
  conv_ids: string[];
}

export interface OverrideEffect {
  /** Conversations whose adjudicated verdict differs from the machine one. */
  changedConversations: number;
  changedCells: ChangedCell[];
}

type Tally = ChangedCell['machine'];

function count(t: Tally, v: Verdict): void {
  if (v === 'unscored') t.unscored++;
  else {
    t.n++;
    if (v === 'correct') t.correct++;
  }
}

const cellKey = (r: ConversationRef, col: number): string => `${r.model}\u0000${r.task}\u0000${col}`;

/** Compares `machine` and `adjudicated`, the same conversations (by conv_id) under the two verdict modes. */
export function overrideEffect(
  machine: readonly ConversationRef[],
  adjudicated: readonly ConversationRef[],
  models?: readonly string[],
): OverrideEffect {
  const only = models ? new Set(models) : undefined;
  const human = new Map(adjudicated.map((r) => [r.conv_id, r.verdict]));
  const changed = machine.filter(
    (r) => (human.get(r.conv_id) ?? r.verdict) !== r.verdict && (!only || only.has(r.model)),
  );
  const touched = new Map<string, string[]>();
  for (const r of changed) {
    const col = columnIndex(r.mode, r.condition);
    if (isFork(r) || r.path !== undefined || col < 0) continue;
    const k = cellKey(r, col);
    touched.set(k, [...(touched.get(k) ?? []), r.conv_id]);
  }
  const cells = new Map<string, ChangedCell>();
  for (const r of machine) {
    const col = columnIndex(r.mode, r.condition);
    if (col < 0 || isFork(r) || r.path !== undefined) continue;
    const k = cellKey(r, col);
    const ids = touched.get(k);
    if (!ids) continue;
    let cell = cells.get(k);
    if (!cell) {
      const c = GRID_COLUMNS[col]!;
      cell = {
        model: r.model,
        domain: r.task,
        mode: c.mode,
        condition: c.condition,
        machine: { n: 0, correct: 0, unscored: 0 },
        adjudicated: { n: 0, correct: 0, unscored: 0 },
        conv_ids: ids,
      };
      cells.set(k, cell);
    }
    count(cell.machine, r.verdict);
    count(cell.adjudicated, human.get(r.conv_id) ?? r.verdict);
  }
  const same = (a: Tally, b: Tally) => a.n === b.n && a.correct === b.correct && a.unscored === b.unscored;
  return {
    changedConversations: changed.length,
    changedCells: [...cells.values()].filter((c) => !same(c.machine, c.adjudicated)),
  };
}

/** `2 human override(s) changed 3 conversation verdict(s) in 2 cell(s)`. */
export function describeOverrideEffect(overrides: number, e: OverrideEffect): string {
  return `${overrides} human verdict override(s); ${e.changedConversations} conversation verdict(s) changed; ${e.changedCells.length} grid cell(s) changed`;
}

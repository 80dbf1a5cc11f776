// Where a conversation lands in Table 1 and which column pairs the paper derives gaps from; shared by
// the grid's counting (computeStats) and the paired tests (inference).
import { GRID_COLUMNS, type GapId, type GridColumn } from './statsTypes';

/** Column index of a base-condition conversation in Table 1, or -1 (e.g. evolving, single neutral). */
export function columnIndex(mode: string, condition: string): number {
  if (mode === 'single') {
    switch (condition) {
      case 'original':
        return 0;
      case 'direct':
        return 1;
      case 'revised':
        return 2;
      case 'retained':
        return 3;
    }
  } else if (mode === 'multi') {
    switch (condition) {
      case 'original':
        return 4;
      case 'neutral':
        return 5;
      case 'revised':
        return 6;
      case 'retained':
        return 7;
    }
  }
  return -1;
}

type GapDef = { id: GapId; label: string; from: GridColumn; to: GridColumn };

/** A gap between two Table 1 columns, named by their indexes in GRID_COLUMNS. */
function gap(id: GapId, label: string, from: number, to: number): GapDef {
  return { id, label, from: GRID_COLUMNS[from]!, to: GRID_COLUMNS[to]! };
}

export const GAP_DEFS: ReadonlyArray<GapDef> = [
  gap('dispersed-disclosure', 'Dispersed disclosure (Single Original → Multi Original)', 0, 4),
  gap('conversational-overhead', 'Conversational overhead (Multi Original → Multi Neutral)', 4, 5),
  gap('multi-revised-vs-original', 'Decision: Multi Revised vs Original', 4, 6),
  gap('multi-retained-vs-original', 'Decision: Multi Retained vs Original', 4, 7),
  gap('multi-revised-vs-neutral', 'Decision: Multi Revised vs Neutral', 5, 6),
  gap('multi-retained-vs-neutral', 'Decision: Multi Retained vs Neutral', 5, 7),
  gap('single-revised-vs-direct', 'Decision (single): Revised vs Direct Rev.', 1, 2),
  gap('single-retained-vs-original', 'Decision (single): Retained vs Original', 0, 3),
  gap('task-difficulty', 'Task difficulty (Single Original → Direct Rev.)', 0, 1),
];

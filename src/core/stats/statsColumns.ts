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

export const GAP_DEFS: ReadonlyArray<{ id: GapId; label: string; from: GridColumn; to: GridColumn }> = [
  {
    id: 'dispersed-disclosure',
    label: 'Dispersed disclosure (Single Original → Multi Original)',
    from: GRID_COLUMNS[0]!,
    to: GRID_COLUMNS[4]!,
  },
  {
    id: 'conversational-overhead',
    label: 'Conversational overhead (Multi Original → Multi Neutral)',
    from: GRID_COLUMNS[4]!,
    to: GRID_COLUMNS[5]!,
  },
  {
    id: 'multi-revised-vs-original',
    label: 'Decision: Multi Revised vs Original',
    from: GRID_COLUMNS[4]!,
    to: GRID_COLUMNS[6]!,
  },
  {
    id: 'multi-retained-vs-original',
    label: 'Decision: Multi Retained vs Original',
    from: GRID_COLUMNS[4]!,
    to: GRID_COLUMNS[7]!,
  },
  {
    id: 'multi-revised-vs-neutral',
    label: 'Decision: Multi Revised vs Neutral',
    from: GRID_COLUMNS[5]!,
    to: GRID_COLUMNS[6]!,
  },
  {
    id: 'multi-retained-vs-neutral',
    label: 'Decision: Multi Retained vs Neutral',
    from: GRID_COLUMNS[5]!,
    to: GRID_COLUMNS[7]!,
  },
  {
    id: 'single-revised-vs-direct',
    label: 'Decision (single): Revised vs Direct Rev.',
    from: GRID_COLUMNS[1]!,
    to: GRID_COLUMNS[2]!,
  },
  {
    id: 'single-retained-vs-original',
    label: 'Decision (single): Retained vs Original',
    from: GRID_COLUMNS[0]!,
    to: GRID_COLUMNS[3]!,
  },
  {
    id: 'task-difficulty',
    label: 'Task difficulty (Single Original → Direct Rev.)',
    from: GRID_COLUMNS[0]!,
    to: GRID_COLUMNS[1]!,
  },
];

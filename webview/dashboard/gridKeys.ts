// Keyboard movement between the grid's cells (a roving tabindex: one cell is in the tab order, the
// arrow keys move it). Rows may differ in length; a move down or up keeps the column where it can.

export interface CellPosition {
  row: number;
  col: number;
}

/** Where `key` moves from `from` in rows of `rowLengths` cells; undefined when the key is not a move. */
export function moveInGrid(
  rowLengths: readonly number[],
  from: CellPosition,
  key: string,
  ctrl = false,
): CellPosition | undefined {
  const rows = rowLengths.length;
  if (rows === 0) return undefined;
  const clampCol = (row: number, col: number) => Math.max(0, Math.min(col, (rowLengths[row] ?? 1) - 1));
  // Rows without cells are skipped in the direction of travel.
  const nextRow = (start: number, step: number) => {
    for (let r = start + step; r >= 0 && r < rows; r += step) if ((rowLengths[r] ?? 0) > 0) return r;
    return start;
  };
  switch (key) {
    case 'ArrowLeft':
      return { row: from.row, col: Math.max(0, from.col - 1) };
    case 'ArrowRight':
      return { row: from.row, col: clampCol(from.row, from.col + 1) };
    case 'ArrowUp': {
      const row = nextRow(from.row, -1);
      return { row, col: clampCol(row, from.col) };
    }
    case 'ArrowDown': {
      const row = nextRow(from.row, 1);
      return { row, col: clampCol(row, from.col) };
    }
    case 'Home':
      return ctrl ? { row: nextRow(-1, 1), col: 0 } : { row: from.row, col: 0 };
    case 'End': {
      const row = ctrl ? nextRow(rows, -1) : from.row;
      return { row, col: clampCol(row, Number.MAX_SAFE_INTEGER) };
    }
    default:
      return undefined;
  }
}

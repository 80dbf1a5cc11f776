// The dashboard grid's arrow-key movement (roving tabindex): moves within rows, keeps the column
// across rows, stops at the edges, skips rows without cells, Home/End and Ctrl+Home/End.
import { describe, expect, it } from 'vitest';
import { moveInGrid } from '../../../webview/dashboard/gridKeys';

describe('moveInGrid', () => {
  const rows = [8, 8, 0, 8, 3];
  it('moves left and right within a row and stops at its ends', () => {
    expect(moveInGrid(rows, { row: 0, col: 3 }, 'ArrowRight')).toEqual({ row: 0, col: 4 });
    expect(moveInGrid(rows, { row: 0, col: 7 }, 'ArrowRight')).toEqual({ row: 0, col: 7 });
    expect(moveInGrid(rows, { row: 0, col: 0 }, 'ArrowLeft')).toEqual({ row: 0, col: 0 });
  });
  it('moves up and down keeping the column, skipping empty rows, clamping to shorter rows', () => {
    expect(moveInGrid(rows, { row: 1, col: 5 }, 'ArrowDown')).toEqual({ row: 3, col: 5 });
    expect(moveInGrid(rows, { row: 3, col: 5 }, 'ArrowUp')).toEqual({ row: 1, col: 5 });
    expect(moveInGrid(rows, { row: 3, col: 6 }, 'ArrowDown')).toEqual({ row: 4, col: 2 });
    expect(moveInGrid(rows, { row: 4, col: 1 }, 'ArrowDown')).toEqual({ row: 4, col: 1 });
    expect(moveInGrid(rows, { row: 0, col: 1 }, 'ArrowUp')).toEqual({ row: 0, col: 1 });
  });
  it('Home and End go to the row ends; with Ctrl to the first and last cell', () => {
    expect(moveInGrid(rows, { row: 3, col: 4 }, 'Home')).toEqual({ row: 3, col: 0 });
    expect(moveInGrid(rows, { row: 3, col: 4 }, 'End')).toEqual({ row: 3, col: 7 });
    expect(moveInGrid(rows, { row: 3, col: 4 }, 'Home', true)).toEqual({ row: 0, col: 0 });
    expect(moveInGrid(rows, { row: 0, col: 4 }, 'End', true)).toEqual({ row: 4, col: 2 });
  });
  it('ignores other keys', () => {
    expect(moveInGrid(rows, { row: 0, col: 0 }, 'Enter')).toBeUndefined();
    expect(moveInGrid([], { row: 0, col: 0 }, 'ArrowDown')).toBeUndefined();
  });
});

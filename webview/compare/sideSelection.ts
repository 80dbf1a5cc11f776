// The text selected in one side of the compare view and the user turn it is in, for "Annotate…"
// on that side: a selection in the other side's cells is not this side's (it is left out); a row
// shown once (identical on both sides) belongs to either.
import type { CompareState } from '../../src/shared/protocol/compare';

export function sideSelection(state: CompareState, which: 'left' | 'right'): { selection?: string; turn?: number } {
  const selection = window.getSelection();
  const text = selection?.toString().trim();
  const anchor = selection?.anchorNode;
  if (!text || !anchor) return {};
  const element = anchor instanceof Element ? anchor : anchor.parentElement;
  const cell = element?.closest<HTMLElement>('.il-cell[data-side]');
  if (cell && cell.dataset.side !== which) return {};
  const row = element?.closest<HTMLElement>('.il-row[data-row]');
  if (!row) return {};
  const at = state.rows[Number(row.dataset.row)]?.[which];
  const turn = at === undefined ? undefined : state[which].turns[at];
  if (!turn) return {};
  return { selection: text.slice(0, 4000), turn: turn.index + 1 };
}

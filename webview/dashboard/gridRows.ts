// Which models the grid shows and how an empty cell reads. Intent-Eval's conditions are the ones
// beyond Original (Direct Rev., Revised, Retained, Neutral): a model with runs in none of them (e.g.
// plain LiC logs) can be hidden from the grid.

interface CellRuns {
  model: string;
  condition: string;
  n: number;
  unscored: number;
}

/** The models with at least one run (scored or not) in an Intent-Eval condition. */
export function modelsWithIntentEvalRuns(cells: readonly CellRuns[]): Set<string> {
  return new Set(cells.filter((c) => c.condition !== 'original' && c.n + c.unscored > 0).map((c) => c.model));
}

/** A cell without a number in one word: its runs are all unscored, or it has no runs at all. */
export function emptyCellText(reason: string, unscored = 0): 'unscored' | 'no runs' {
  return unscored > 0 || /unscored/.test(reason) ? 'unscored' : 'no runs';
}

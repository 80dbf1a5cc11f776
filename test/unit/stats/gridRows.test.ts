import { describe, expect, it } from 'vitest';
import { emptyCellText, modelsWithIntentEvalRuns } from '../../../webview/dashboard/gridRows';

describe('grid rows', () => {
  it('a model counts as Intent-Eval when any non-Original condition has a run, scored or not', () => {
    const cells = [
      { model: 'lic-only', condition: 'original', n: 12, unscored: 0 },
      { model: 'full', condition: 'original', n: 3, unscored: 0 },
      { model: 'full', condition: 'retained', n: 2, unscored: 0 },
      { model: 'unscored', condition: 'neutral', n: 0, unscored: 4 },
      { model: 'empty', condition: 'revised', n: 0, unscored: 0 },
    ];
    expect([...modelsWithIntentEvalRuns(cells)].sort()).toEqual(['full', 'unscored']);
  });
  it('one wording for a cell without runs; unscored runs say so', () => {
    expect(emptyCellText('No Retained runs of m in math; its math logs have Original only.')).toBe('no runs');
    expect(emptyCellText('m has no scored Retained runs in any domain.')).toBe('no runs');
    expect(emptyCellText('No model has scored Neutral runs.')).toBe('no runs');
    expect(emptyCellText('m has no scored Retained runs in any domain.', 2)).toBe('unscored');
    expect(emptyCellText('All 3 Retained run(s) of m in math are unscored (null verdict).')).toBe('unscored');
  });
});

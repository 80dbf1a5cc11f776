import { describe, expect, it } from 'vitest';
import { sameContent } from '../../../src/extension/webviews/sameContent';

describe('sameContent', () => {
  const state = {
    title: 'a ↔ b',
    rows: [{ kind: 'identical', left: 0 }],
    verdict: 'incorrect',
    timing: { commandAt: 1, panelCreatedAt: 2 },
  };

  it('ignores when the state was asked for', () => {
    expect(sameContent(state, { ...state, timing: { commandAt: 5, panelCreatedAt: 6 } })).toBe(true);
    const { timing: _, ...untimed } = state;
    expect(sameContent(state, untimed)).toBe(true);
  });

  it('sees any change in what the view shows', () => {
    expect(sameContent(state, { ...state, verdict: 'correct' })).toBe(false);
    expect(sameContent(state, { ...state, rows: [{ kind: 'identical', left: 1 }] })).toBe(false);
  });
});

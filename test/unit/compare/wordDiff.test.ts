import { describe, expect, it } from 'vitest';
import { tokenize, wordDiff, type DiffSegment } from '../../../src/core/compare/wordDiff';

const text = (segs: DiffSegment[]) => segs.map((s) => s.text).join('');
const changed = (segs: DiffSegment[]) => segs.filter((s) => s.kind === 'changed').map((s) => s.text);

describe('wordDiff', () => {
  it('keeps every character of both sides, in order', () => {
    const l = 'Each bag weighs 50 pounds, so 2 bags weigh 100 pounds.\nThe chef spent $150.';
    const r = 'Each bag weighs 50 pounds, so 4 bags weigh 200 pounds.\nThe chef spent $300.';
    const d = wordDiff(l, r);
    expect(text(d.left)).toBe(l);
    expect(text(d.right)).toBe(r);
  });

  it('marks only the words that differ', () => {
    const d = wordDiff('so 2 bags weigh 100 pounds', 'so 4 bags weigh 200 pounds');
    expect(changed(d.left)).toEqual(['2', '100']);
    expect(changed(d.right)).toEqual(['4', '200']);
  });

  it('finds insertions and deletions in the middle (not only head and tail)', () => {
    const d = wordDiff('a b c d e', 'a c d x e');
    // Which side of a word its space goes with is the aligner's choice.
    expect(changed(d.left).map((t) => t.trim())).toEqual(['b']);
    expect(changed(d.right).map((t) => t.trim())).toEqual(['x']);
    expect(text(d.left)).toBe('a b c d e');
    expect(text(d.right)).toBe('a c d x e');
  });

  it('handles identical, empty and one-sided texts', () => {
    expect(wordDiff('same text', 'same text')).toEqual({
      left: [{ kind: 'same', text: 'same text' }],
      right: [{ kind: 'same', text: 'same text' }],
    });
    expect(wordDiff('', 'new')).toEqual({ left: [], right: [{ kind: 'changed', text: 'new' }] });
    expect(wordDiff('old', '')).toEqual({ left: [{ kind: 'changed', text: 'old' }], right: [] });
  });

  it('gives up aligning past the edit limit: one changed block per side', () => {
    const d = wordDiff('x a b c y', 'x d e f y', 2);
    expect(d.left).toEqual([
      { kind: 'same', text: 'x ' },
      { kind: 'changed', text: 'a b c' },
      { kind: 'same', text: ' y' },
    ]);
    expect(d.right).toEqual([
      { kind: 'same', text: 'x ' },
      { kind: 'changed', text: 'd e f' },
      { kind: 'same', text: ' y' },
    ]);
  });

  it('aligns two long replies quickly', () => {
    const words = (seed: number, n: number) =>
      Array.from({ length: n }, (_, i) => `w${(i * 7 + seed * (i % 13 === 0 ? 1 : 0)) % 97}`).join(' ');
    const l = words(1, 1500);
    const r = words(2, 1500);
    const t0 = performance.now();
    const d = wordDiff(l, r);
    expect(performance.now() - t0).toBeLessThan(500);
    expect(text(d.left)).toBe(l);
    expect(text(d.right)).toBe(r);
    expect(tokenize(l).length).toBe(2999);
  });
});

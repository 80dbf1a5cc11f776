import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { splitSegments } from '../../../src/core/compare/textSegments';
import { detectInactive } from '../../../src/core/inactive/detectInactive';
import { onionRecord } from './compareFixtures';

const span = (start: number, end: number, value = 'v') => ({ start, end, value });

describe('splitSegments', () => {
  it('splits around spans and keeps every character', () => {
    const text = 'the chef bought 2 bags for $150';
    const segs = splitSegments(text, [span(16, 22, '2 bags'), span(27, 31, '150')]);
    expect(segs.map((s) => [s.text, s.span?.value])).toEqual([
      ['the chef bought ', undefined],
      ['2 bags', '2 bags'],
      [' for ', undefined],
      ['$150', '150'],
    ]);
  });

  it('sorts unsorted spans, clips out-of-range ones and drops empty ones', () => {
    const segs = splitSegments('abcdef', [
      span(4, 99, 'tail'),
      span(0, 2, 'head'),
      span(3, 3, 'empty'),
      span(-5, -1, 'before'),
    ]);
    expect(segs.map((s) => [s.text, s.span?.value])).toEqual([
      ['ab', 'head'],
      ['cd', undefined],
      ['ef', 'tail'],
    ]);
  });

  it('cuts an overlapping span to start where the previous one ended', () => {
    const segs = splitSegments('0123456789', [span(2, 6, 'a'), span(4, 8, 'b'), span(3, 5, 'inside')]);
    expect(segs.map((s) => [s.text, s.span?.value])).toEqual([
      ['01', undefined],
      ['2345', 'a'],
      ['67', 'b'],
      ['89', undefined],
    ]);
  });

  it('returns one plain segment without spans, also for an empty text', () => {
    expect(splitSegments('plain', [])).toEqual([{ text: 'plain', start: 0 }]);
    expect(splitSegments('', [span(0, 3)])).toEqual([{ text: '', start: 0 }]);
  });

  it('always reassembles the text, with segments in order (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 60 }),
        fc.array(fc.tuple(fc.integer({ min: -5, max: 70 }), fc.integer({ min: -5, max: 70 })), { maxLength: 8 }),
        (text, pairs) => {
          const segs = splitSegments(
            text,
            pairs.map(([a, b]) => span(a, b)),
          );
          expect(segs.map((s) => s.text).join('')).toBe(text);
          for (let i = 1; i < segs.length; i++)
            expect(segs[i]!.start).toBe(segs[i - 1]!.start + segs[i - 1]!.text.length);
        },
      ),
    );
  });
});

describe('the inactive detector the views use (detectInactive)', () => {
  it('marks the rejected value and the rejected reference under Retained, the superseded ones under Revised', () => {
    const record = onionRecord();
    const text = 'With 2 bags the chef spent $150; with 4 bags it would be 300.';
    const retained = detectInactive(record, { mode: 'multi', condition: 'retained' }, text);
    expect(retained.map((s) => [s.value, s.kind])).toEqual([
      ['2 bags', 'rejected'],
      ['150', 'rejected'],
    ]);
    const revised = detectInactive(record, { mode: 'multi', condition: 'revised' }, text);
    expect(revised.map((s) => [s.value, s.kind])).toEqual([
      ['4 bags', 'superseded'],
      ['300', 'superseded'],
    ]);
    expect(detectInactive(record, { mode: 'multi', condition: 'original' }, text)).toEqual([]);
  });
});

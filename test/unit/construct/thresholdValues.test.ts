import { describe, it, expect } from 'vitest';
import { roundingUnit, thresholdsFromData } from '../../../src/core/construct/database/thresholdValues';

describe('threshold values from the compared data', () => {
  it('rounds to one digit finer than the original', () => {
    expect([
      roundingUnit(30),
      roundingUnit(1950),
      roundingUnit(1_000_000),
      roundingUnit(2.5),
      roundingUnit(0.25),
    ]).toEqual([1, 1, 100_000, 0.1, 0.01]);
  });
  it('rounds data values outward so the new threshold still crosses them', () => {
    // `population > 1000000` loosened: 987654 → 900000 (still below it), then tightened: 1234567 → 1300000.
    expect(thresholdsFromData(1_000_000, [987_654, 1_234_567], false)).toEqual([900_000, 1_300_000]);
    expect(thresholdsFromData(100, [99.95, 104.5], true)).toEqual([110, 90]);
  });
  it('offers only values inside the data, loosening ones first, nearest first', () => {
    const years = [1931, 1948, 1950, 1952, 1961, 1987];
    expect(thresholdsFromData(1950, years, true)).toEqual([1952, 1961, 1987, 1948, 1931]);
    expect(thresholdsFromData(1950, years, false)).toEqual([1948, 1931, 1952, 1961, 1987]);
    expect(thresholdsFromData(5, [], true)).toEqual([]);
  });
});

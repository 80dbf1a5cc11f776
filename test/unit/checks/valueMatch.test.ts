import { describe, it, expect } from 'vitest';
import { findValue, mentionsValue, numbersIn, revealsValue } from '../../../src/core/checks/valueMatch';

describe('value matching at token boundaries', () => {
  it('finds a value case- and spacing-insensitively', () => {
    expect(mentionsValue('The chef bought 4  Bags of onions', '4 bags')).toBe(true);
  });
  it('never hits inside longer tokens', () => {
    expect(mentionsValue('the chef bought 24 bags', '4 bags')).toBe(false);
    expect(mentionsValue('the chef bought 4 bagsful', '4 bags')).toBe(false);
    expect(mentionsValue('employees under age 300', 'under age 30')).toBe(false);
    expect(mentionsValue('call intersperse_all', 'intersperse')).toBe(false);
    expect(mentionsValue('costs 1.5 dollars', '5 dollars')).toBe(false);
    expect(mentionsValue('costs 4.5 bags', '4')).toBe(false);
  });
  it('reports every hit with its offset', () => {
    expect(findValue('4 bags, not 24 bags, but 4 bags', '4 bags').map((h) => h.index)).toEqual([0, 25]);
  });
  it('normalises numbers', () => {
    expect(numbersIn('paid $1,000.0 for 3 items, x2 ignored')).toEqual([1000, 3]);
  });
  it('reads a comma as a thousands separator only before a group of three digits', () => {
    // Seen in construct's output: the points A(3,4) and the data points 3,4,5,2,8,5 hold the value 3.
    expect(mentionsValue('the points A(3,4) and B(1,2)', '3')).toBe(true);
    expect(mentionsValue('data points 3,4,5,2,8,5', '4')).toBe(true);
    expect(mentionsValue('coordinates 46.603354,1.8883340', '46.603354')).toBe(true);
    expect(mentionsValue('paid 1,400 dollars', '400')).toBe(false);
    expect(mentionsValue('paid 1,400 dollars', '1')).toBe(false);
    expect(numbersIn('A(3,4) and 3,4,5 cost 1,400')).toEqual([3, 4, 3, 4, 5, 1400]);
  });
  it('a value with one number is revealed by that number alone', () => {
    expect(revealsValue('should we use 4 here?', '4 bags')).toBe(true);
    expect(revealsValue('should we use 24 here?', '4 bags')).toBe(false);
    expect(revealsValue('does the bag count matter?', '4 bags')).toBe(false);
  });
});

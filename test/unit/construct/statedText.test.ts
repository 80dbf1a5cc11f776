import { describe, it, expect } from 'vitest';
import {
  findMisspelled,
  findTextOrPlural,
  pluralLike,
  writtenLike,
} from '../../../src/core/construct/database/statedText';
import { editDistance } from '../../../src/core/text/editDistance';

describe('stated column names and their plurals', () => {
  it('finds a column stated in the plural', () => {
    expect(findTextOrPlural('List the names of all singers.', 'name')?.plural).toBe(true);
    expect(findTextOrPlural('What is the name of the singer?', 'name')?.plural).toBe(false);
  });
  it('makes the replacement plural like the original was', () => {
    expect(pluralLike('last name', true)).toBe('last names');
    expect(pluralLike('country', true)).toBe('countries');
    expect(pluralLike('address', true)).toBe('addresses');
    expect(pluralLike('status', true)).toBe('statuses');
    expect(pluralLike('name', false)).toBe('name');
  });
  it('leaves a replacement that is already plural, or ends in a preposition, as it is', () => {
    // Seen in the database reach run: "copieses" and "date effective froms".
    expect(pluralLike('copies', true)).toBe('copies');
    expect(pluralLike('points', true)).toBe('points');
    expect(pluralLike('date effective from', true)).toBe('date effective from');
  });
});

describe('values the question writes otherwise', () => {
  it('measures typos with adjacent swaps as one edit', () => {
    expect(editDistance('Carribean', 'Caribbean')).toBe(2);
    expect(editDistance('recieve', 'receive')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('kitten', 'sitting', 1)).toBe(2);
  });
  it('finds a misspelled value (Spider dev 707), never a derived word or a short one', () => {
    const q = 'How much surface area do the countires in the Carribean cover together?';
    expect(findMisspelled(q, 'Caribbean')).toEqual({ text: 'Carribean', index: q.indexOf('Carribean') });
    expect(findMisspelled('the African countries', 'Africa')).toBeUndefined();
    expect(findMisspelled('owned by Smyth', 'Smith')).toBeUndefined();
    expect(findMisspelled('in the Carribean or the Caribean', 'Caribbean')?.text).toBe('Caribean');
  });
  it('finds a value without its punctuation, and joined words apart', () => {
    const q = 'the cartoon "The Rise of the Blue Beetle"?';
    expect(findMisspelled(q, 'The Rise of the Blue Beetle!')?.text).toBe('The Rise of the Blue Beetle');
    expect(findMisspelled('who live in North Carolina', 'NorthCarolina')?.text).toBe('North Carolina');
  });
  it('writes a replacement like the question wrote the original', () => {
    expect(writtenLike('SouthDakota', 'NorthCarolina', 'North Carolina')).toBe('South Dakota');
    expect(writtenLike('SouthDakota', 'NorthCarolina', 'NorthCarolina')).toBe('SouthDakota');
    expect(writtenLike('Texas', 'NorthCarolina', 'North Carolina')).toBe('Texas');
  });
});

import { describe, expect, it } from 'vitest';
import { searchScopeText } from '../../../src/extension/search/searchScope';

describe('searchScopeText', () => {
  it('labels both scopes and says the true one in the placeholder while the tree is filtered', () => {
    const t = searchScopeText({
      filter: { count: 6, description: 'condition: Retained' },
      total: 882,
      ignoreFilter: false,
    });
    expect(t.rowLabel).toBe('Scope: Filtered (6) · All (882)');
    expect(t.rowDescription).toBe('searching Filtered (6): select to search All (882)');
    expect(t.placeholder).toBe(
      'Search what was said in the 6 filtered conversations (condition: Retained), not all 882',
    );
    expect(t.searched).toBe('Filtered (6)');
  });

  it('switched to All, says so; unfiltered, has no scope row and says all', () => {
    const all = searchScopeText({ filter: { count: 6, description: 'x' }, total: 882, ignoreFilter: true });
    expect(all.searched).toBe('All (882)');
    expect(all.placeholder).toMatch(/in all 882 conversations/);
    const plain = searchScopeText({ total: 882, ignoreFilter: false });
    expect(plain.rowLabel).toBeUndefined();
    expect(plain.placeholder).toBe('Search what users, assistants and system prompts said in all 882 conversations');
  });
});

import { describe, it, expect } from 'vitest';
import { includeFiles } from '../../../src/extension/discovery/includeGlobs';
import { expandBraces } from '../../../src/core/load/globPatterns';

// A tiny matcher for the flat patterns includeFiles writes (`dir/*.ext` and the expanded default).
function matches(glob: string, path: string): boolean {
  return expandBraces(glob).some((p) => {
    const re = p
      .replace(/[.+^$()|\\[\]]/g, '\\$&')
      .replace(/\?/g, '[^/]')
      .replace(/\*\*\//g, '\u0000')
      .replace(/\*/g, '[^/]*')
      // eslint-disable-next-line no-control-regex -- NUL is the placeholder for `**/` above
      .replace(/\u0000/g, '(?:.*/)?');
    return new RegExp(`^${re}$`).test(path);
  });
}

describe('widening a data glob', () => {
  it('expands the default glob and adds each folder once, flat (no nested braces)', () => {
    expect(expandBraces('**/logs/**/*.{jsonl,json}')).toEqual(['**/logs/**/*.jsonl', '**/logs/**/*.json']);
    const g = includeFiles('**/logs/**/*.{jsonl,json}', ['runs/a.jsonl', 'runs/b.jsonl', 'top.jsonl']);
    expect(g).toBe('{**/logs/**/*.jsonl,**/logs/**/*.json,**/runs/*.jsonl,**/top.jsonl}');
    expect(g.slice(1, -1)).not.toMatch(/[{}]/);
    for (const p of ['runs/a.jsonl', 'runs/new.jsonl', 'top.jsonl', 'x/logs/y/z.json', '/abs/ws/runs/a.jsonl'])
      expect(matches(g, p)).toBe(true);
    expect(matches(g, 'runs/deeper/a.jsonl')).toBe(false);
    expect(matches(g, 'other.jsonl')).toBe(false);
  });
  it('neutralises glob characters in folder names', () => {
    const g = includeFiles('**/*.records.jsonl', ['data [v2],x/a.records.jsonl']);
    expect(g).toBe('{**/*.records.jsonl,**/data ?v2??x/*.jsonl}');
    expect(matches(g, 'data [v2]/a.records.jsonl')).toBe(true);
  });
});

// Glob settings come from a workspace a user may have just cloned: a pathological pattern is matched
// in linear time or refused at once with a message, never left to freeze the extension host.
import { describe, expect, it } from 'vitest';
import {
  classifyByGlobs,
  compileGlob,
  expandBraces,
  globRefusal,
  GlobError,
  MAX_GLOB_LENGTH,
  unionGlob,
} from '../../../src/core/load/globPatterns';
import { walkMatching } from '../../../src/core/load/walkDataFiles';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function timed<T>(f: () => T): { value: T | GlobError; ms: number } {
  const t0 = performance.now();
  let value: T | GlobError;
  try {
    value = f();
  } catch (e) {
    if (!(e instanceof GlobError)) throw e;
    value = e;
  }
  return { value, ms: performance.now() - t0 };
}

const STARS = '**/logs/*a*a*a*a*a*a*a*a*b.jsonl';
// The bounds are generous on purpose: the test machine is shared (load 10+ is common), and they only
// have to tell linear matching (well under a millisecond here) from backtracking (seconds to hours).
const MATCH_MS = 2000;
const REFUSE_MS = 1000;
// Compiled once on a short path first: the time measured is the matching, not V8 compiling it.
compileGlob('**/a/*a*b').test('a/ab');
const BRACES = '{a,b}'.repeat(18);

describe('pathological globs', () => {
  it('matches many stars against a 200-character name without backtracking', () => {
    const name = `logs/${'a'.repeat(200)}.jsonl`;
    const miss = timed(() => compileGlob(STARS).test(name));
    expect(miss.value).toBe(false);
    expect(miss.ms).toBeLessThan(MATCH_MS);
    const hit = timed(() => compileGlob(STARS).test(`x/logs/${'a'.repeat(200)}b.jsonl`));
    expect(hit.value).toBe(true);
    expect(hit.ms).toBeLessThan(MATCH_MS);
  });

  it('refuses `{a,b}` eighteen times (262,144 expansions) before building them, with a message', () => {
    const attempts: Array<() => unknown> = [
      () => compileGlob(BRACES),
      () => expandBraces(BRACES),
      () => unionGlob([BRACES, '**/*.jsonl']),
    ];
    for (const f of attempts) {
      const r = timed(f);
      expect(r.value).toBeInstanceOf(GlobError);
      expect((r.value as GlobError).message).toMatch(/expand to more than \d+ alternatives/);
      expect(r.ms).toBeLessThan(REFUSE_MS);
    }
    expect(globRefusal(BRACES)).toMatch(/alternatives/);
    expect(globRefusal('**/logs/**/*.{jsonl,json}')).toBeUndefined();
  });

  it('refuses a glob longer than the limit', () => {
    const long = `**/${'x'.repeat(MAX_GLOB_LENGTH)}.jsonl`;
    expect(() => compileGlob(long)).toThrow(GlobError);
    expect(globRefusal(long)).toMatch(/characters long/);
  });

  it('matches several `**` against a deep crafted path quickly', () => {
    const deep = `${'a/'.repeat(1000)}x.jsonl`;
    const r = timed(() => compileGlob('**/a/**/a/**/a/**/b.jsonl').test(deep));
    expect(r.value).toBe(false);
    expect(r.ms).toBeLessThan(MATCH_MS);
    expect(compileGlob('**/a/**/a/**/a/**/x.jsonl').test(deep)).toBe(true);
  });

  it('the folder walk and the split by glob refuse a hostile glob instead of hanging', async () => {
    const root = mkdtempSync(join(tmpdir(), 'intent-lens-globlimits-'));
    mkdirSync(join(root, 'logs'));
    writeFileSync(join(root, 'logs', `${'a'.repeat(200)}.jsonl`), '');
    const t0 = performance.now();
    expect(await walkMatching([root], [STARS], { skipDirs: new Set(), maxEntries: 100 })).toEqual([[]]);
    expect(performance.now() - t0).toBeLessThan(MATCH_MS);
    expect(() => classifyByGlobs([{ path: '/ws/a', relative: 'a' }], [BRACES])).toThrow(GlobError);
  });
});

describe('glob semantics kept', () => {
  it('`**/` matches zero or more whole folders, never part of a name', () => {
    const g = compileGlob('**/x.jsonl');
    expect(['x.jsonl', 'a/x.jsonl', 'a/b/x.jsonl'].every((p) => g.test(p))).toBe(true);
    expect(['ax.jsonl', 'a/bx.jsonl', 'x.jsonl/y'].some((p) => g.test(p))).toBe(false);
    const mid = compileGlob('a/**/b');
    expect(['a/b', 'a/x/b', 'a/x/y/b'].every((p) => mid.test(p))).toBe(true);
    expect(['a/xb', 'ab', 'a/b/c'].some((p) => mid.test(p))).toBe(false);
  });

  it('nested braces expand as before; unbalanced ones are kept', () => {
    expect(expandBraces('**/*.{a,b{c,d}}')).toEqual(['**/*.a', '**/*.bc', '**/*.bd']);
    expect(expandBraces('**/{a.jsonl')).toEqual(['**/{a.jsonl']);
    expect(compileGlob('**/{a.jsonl').test('x/{a.jsonl')).toBe(true);
  });
});

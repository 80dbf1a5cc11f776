// The folder walk that races VS Code's first file search: VS Code's glob syntax as the default data
// globs use it, a walk that skips node_modules, follows links once, and gives up on a big tree.
import { describe, it, expect } from 'vitest';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { walkMatching } from '../../../src/core/load/walkDataFiles';
import { compileGlob } from '../../../src/core/load/globPatterns';

const RECORDS = '**/*.records.{jsonl,json}';
const LOGS = '**/logs/**/*.{jsonl,json}';
const EVOLVING = '**/*.evolving.jsonl';

describe('compileGlob', () => {
  it('reads the default data globs as VS Code does', () => {
    const records = compileGlob(RECORDS);
    expect(['a.records.jsonl', 'x/y/a.records.json'].every((p) => records.test(p))).toBe(true);
    expect(['a.records.jsonlx', 'a.recordsXjsonl', 'a.jsonl', 'records.jsonl/x'].some((p) => records.test(p))).toBe(
      false,
    );
    const logs = compileGlob(LOGS);
    expect(['logs/a.jsonl', 'logs/math/x/a.json', 'p/logs/a.jsonl'].every((p) => logs.test(p))).toBe(true);
    expect(['mylogs/a.jsonl', 'logs.jsonl', 'logs/a.txt', 'a/logsx/b.jsonl'].some((p) => logs.test(p))).toBe(false);
  });

  it('reads `**/` at the start of a brace alternative as at a segment start (several globs in one)', () => {
    const several = compileGlob('{**/logs/**/*.jsonl,**/logs/**/*.json,**/runs/*.jsonl}');
    expect(
      ['logs/math/a.jsonl', 'p/logs/a.json', 'runs/outside.jsonl', 'x/runs/b.jsonl'].every((p) => several.test(p)),
    ).toBe(true);
    expect(
      ['runs/x/b.jsonl', 'mylogs/a.jsonl', 'runs/a.json', 'experiments/u.jsonl'].some((p) => several.test(p)),
    ).toBe(false);
  });

  it('keeps `*` and `?` within a segment, reads classes and escapes the rest', () => {
    expect(compileGlob('data/*.jsonl').test('data/a.jsonl')).toBe(true);
    expect(compileGlob('data/*.jsonl').test('data/x/a.jsonl')).toBe(false);
    expect(compileGlob('run-?.jsonl').test('run-1.jsonl')).toBe(true);
    expect(compileGlob('run-[0-4].jsonl').test('run-5.jsonl')).toBe(false);
    expect(compileGlob('run-[!0-4].jsonl').test('run-5.jsonl')).toBe(true);
    expect(compileGlob('a+b(1).jsonl').test('a+b(1).jsonl')).toBe(true);
    expect(compileGlob('out/**').test('out/a/b.jsonl')).toBe(true);
  });
});

describe('walkMatching', () => {
  function tree(): string {
    const root = mkdtempSync(join(tmpdir(), 'intent-lens-walk-'));
    for (const d of ['logs/math', 'node_modules/pkg/logs', 'plans', 'other'])
      mkdirSync(join(root, d), { recursive: true });
    for (const f of [
      'bench.records.jsonl',
      'logs/math/m1.jsonl',
      'logs/math/m2.json',
      'node_modules/pkg/logs/x.jsonl',
      'plans/p.evolving.jsonl',
      'other/notes.txt',
    ])
      writeFileSync(join(root, f), '');
    // A link back to the root: followed once, not forever.
    symlinkSync(root, join(root, 'other', 'loop'));
    return root;
  }

  it('lists each glob’s files, sorted, outside node_modules', async () => {
    const root = tree();
    const found = await walkMatching([root], [RECORDS, LOGS, EVOLVING], {
      skipDirs: new Set(['node_modules']),
      maxEntries: 1000,
    });
    expect(found).toEqual([
      [join(root, 'bench.records.jsonl')],
      [join(root, 'logs/math/m1.jsonl'), join(root, 'logs/math/m2.json')],
      [join(root, 'plans/p.evolving.jsonl')],
    ]);
  });

  it('gives up on a tree bigger than maxEntries, and on a root it cannot read', async () => {
    const root = tree();
    expect(await walkMatching([root], [RECORDS], { skipDirs: new Set(), maxEntries: 5 })).toBeUndefined();
    expect(
      await walkMatching([join(root, 'missing')], [RECORDS], { skipDirs: new Set(), maxEntries: 1000 }),
    ).toBeUndefined();
  });
});

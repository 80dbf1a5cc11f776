// The data globs as one file search (one ripgrep spawned from the extension host instead of three):
// the joined glob matches exactly what the three match, and the answer is split back by glob.
import { describe, it, expect } from 'vitest';
import { classifyByGlobs, compileGlob, unionGlob } from '../../../src/core/load/globPatterns';

const RECORDS = '**/*.records.{jsonl,json}';
const LOGS = '**/logs/**/*.{jsonl,json}';
const EVOLVING = '**/*.evolving.jsonl';

const PATHS = [
  'a.records.jsonl',
  'x/b.records.json',
  'x/b.records.jsonlx',
  'logs/m/a.jsonl',
  'p/logs/a.json',
  'logs/a.txt',
  'mylogs/a.jsonl',
  'plan.evolving.jsonl',
  'logs/plan.evolving.jsonl',
  'logs/r.records.jsonl',
  'evolving.jsonl',
  'x/y/z.json',
];

describe('unionGlob', () => {
  it('joins the default data globs into one brace group without nested braces', () => {
    expect(unionGlob([RECORDS, LOGS, EVOLVING])).toBe(
      '{**/*.records.jsonl,**/*.records.json,**/logs/**/*.jsonl,**/logs/**/*.json,**/*.evolving.jsonl}',
    );
  });

  it('matches exactly the paths some glob matches', () => {
    for (const globs of [
      [RECORDS, LOGS, EVOLVING],
      ['runs/*.{jsonl,json}', '**/*.{a,b{c,d}}'],
      ['**/*.jsonl', '**/*.jsonl'],
    ]) {
      const union = compileGlob(unionGlob(globs)!);
      const each = globs.map(compileGlob);
      for (const p of [...PATHS, 'runs/x.json', 'q/r.bc', 'q/r.bd', 'q/r.b'])
        expect(union.test(p), `${globs.join(' ')} on ${p}`).toBe(each.some((r) => r.test(p)));
    }
  });

  it('keeps one glob as it is and drops repeated alternatives', () => {
    expect(unionGlob(['**/*.jsonl'])).toBe('**/*.jsonl');
    expect(unionGlob(['**/*.jsonl', '**/*.{jsonl,json}'])).toBe('{**/*.jsonl,**/*.json}');
  });

  it('gives up where a joined group would misread an alternative (a comma in a class, an unbalanced brace)', () => {
    expect(unionGlob(['**/*[,_]x.jsonl', EVOLVING])).toBeUndefined();
    expect(unionGlob(['**/{a.jsonl', EVOLVING])).toBeUndefined();
    expect(unionGlob(['**/a}.jsonl', EVOLVING])).toBeUndefined();
  });
});

describe('classifyByGlobs', () => {
  it('splits one answer back by glob, a file in every list whose glob it matches, sorted', () => {
    const files = PATHS.map((relative) => ({ path: `/ws/${relative}`, relative }));
    const [records, logs, evolving] = classifyByGlobs([...files].reverse(), [RECORDS, LOGS, EVOLVING]);
    expect(records).toEqual(['/ws/a.records.jsonl', '/ws/logs/r.records.jsonl', '/ws/x/b.records.json']);
    expect(logs).toEqual([
      '/ws/logs/m/a.jsonl',
      '/ws/logs/plan.evolving.jsonl',
      '/ws/logs/r.records.jsonl',
      '/ws/p/logs/a.json',
    ]);
    expect(evolving).toEqual(['/ws/logs/plan.evolving.jsonl', '/ws/plan.evolving.jsonl']);
  });

  it('reads a Windows relative path with its separators as `/`', () => {
    expect(classifyByGlobs([{ path: 'C:\\ws\\logs\\a.jsonl', relative: 'logs\\a.jsonl' }], [LOGS])).toEqual([
      ['C:\\ws\\logs\\a.jsonl'],
    ]);
  });
});

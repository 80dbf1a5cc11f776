import { describe, it, expect } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RunLogIndex } from '../../../src/core/load/runLogIndex';

const entry = (id: string, extra: Record<string, unknown> = {}) => ({
  conv_id: id,
  task: 'math',
  task_id: 't1',
  assistant_model: 'm1',
  condition: 'retained',
  trace: [
    { role: 'user', content: `héllo ✓ ${id}` },
    { role: 'assistant', content: 'the answer is 3' },
  ],
  is_correct: true,
  ...extra,
});

function tmpFile(name: string, text: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'il-json-'));
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
}

describe('RunLogIndex on .json arrays', () => {
  it('indexes elements by byte offset (BOM, multi-byte text, pretty-printed) and reads each one back', async () => {
    const text =
      '\uFEFF' + JSON.stringify([entry('a'), entry('b', { condition: 'revised', is_correct: false })], null, 2) + '\n';
    const p = tmpFile('runs.json', text);
    const idx = new RunLogIndex();
    const r = await idx.indexFile(p);
    expect(r.diagnostics).toEqual([]);
    expect(r.added.map((c) => [c.conv_id, c.condition, c.verdict, c.line])).toEqual([
      ['a', 'retained', 'correct', 2],
      ['b', 'revised', 'incorrect', text.split('\n').lastIndexOf('  {') + 1],
    ]);
    for (const ref of r.added) {
      const back = await idx.readConversation(ref);
      expect(back.conv_id).toBe(ref.conv_id);
      expect(back.trace[0]!.content).toBe(`héllo ✓ ${ref.conv_id}`);
    }
    // Unchanged file: nothing re-indexed; rewritten file: indexed anew.
    expect((await idx.indexFile(p)).added).toEqual([]);
    writeFileSync(p, JSON.stringify([entry('c')]));
    const again = await idx.indexFile(p);
    expect(again.reset).toBe(true);
    expect(idx.conversations().map((c) => c.conv_id)).toEqual(['c']);
  });

  it('locates bad elements at their line and column and keeps the good ones', async () => {
    const lines = [
      '[',
      `  ${JSON.stringify(entry('ok1'))},`,
      '  {"conv_id": "bad", "task": "math", "task_id": "t1", "trace": [}],',
      `  ${JSON.stringify({ ...entry('x'), task_id: undefined })},`,
      `  ${JSON.stringify(entry('ok1'))},`,
      `  ${JSON.stringify(entry('ok2'))}`,
      ']',
    ];
    const p = tmpFile('bad.json', lines.join('\n'));
    const idx = new RunLogIndex();
    const r = await idx.indexFile(p);
    expect(r.added.map((c) => c.conv_id)).toEqual(['ok1', 'ok2']);
    const byCode = r.diagnostics.map((d) => [d.code, d.line, d.column, d.path]);
    expect(byCode).toEqual([
      ['json-syntax', 3, lines[2]!.indexOf('}]') + 1, ''],
      ['schema', 4, 3, 'task_id'],
      ['duplicate-conv-id', 5, 3, 'conv_id'],
    ]);
  });

  it('reports a still-open array with a cut-off last element as incomplete, not as a syntax error', async () => {
    const p = tmpFile('open.json', `[\n${JSON.stringify(entry('a'))},\n{"conv_id": "b", "tra`);
    const r = await new RunLogIndex().indexFile(p);
    expect(r.added.map((c) => c.conv_id)).toEqual(['a']);
    expect(r.diagnostics.map((d) => [d.code, d.severity, d.line])).toEqual([['incomplete-line', 'warning', 3]]);
  });

  it('reports a .json file that is not an array', async () => {
    const p = tmpFile('obj.json', '"just a string"');
    const r = await new RunLogIndex().indexFile(p);
    expect(r.diagnostics.map((d) => d.code)).toEqual(['json-not-array']);
  });
});

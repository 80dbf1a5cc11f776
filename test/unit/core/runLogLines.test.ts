// The run-log reader's whole-file read (runLogReader.ts `readRunLogLines`), which `score` streams its
// logs through: every line with its place, the entry as the index's full parse reads it (unknown
// fields kept, float literals remembered), and what `score --out` needs to copy a line it does not
// rescore byte for byte.
import { afterAll, describe, expect, it, vi } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { readRunLogLines, type RunLogLine } from '../../../src/core/load/runLogReader';
import { parseRunLogLine } from '../../../src/core/load/runLogScan';
import { isFloatLiteral } from '../../../src/core/jsonl/floatLiterals';
import type { Diagnostic } from '../../../src/core/jsonl/diagnostics';
import scoreCommand from '../../../src/cli/scoreCommand';

const repoRoot = resolve(__dirname, '../../..');
const dir = mkdtempSync(join(tmpdir(), 'il-runlog-lines-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const conv = (id: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    conv_id: id,
    task: 'math',
    task_id: 'sample-math/muffin-trays',
    trace: [
      { role: 'user', content: 'q' },
      { role: 'assistant', content: 'the answer is 7' },
    ],
    is_correct: true,
    ...extra,
  });

async function readAll(file: string, maxLineBytes?: number) {
  const lines: RunLogLine[] = [];
  const fileProblems: Diagnostic[] = [];
  const opts = {
    ...(maxLineBytes ? { maxLineBytes } : {}),
    onFileProblems: (p: readonly Diagnostic[]) => fileProblems.push(...p),
  };
  for await (const l of readRunLogLines(file, opts)) lines.push(l);
  return { lines, fileProblems };
}

describe('readRunLogLines', () => {
  it('reads each JSONL line with its place, its entry (unknown fields, float literals) and located problems', async () => {
    const f = join(dir, 'mixed.jsonl');
    const withFloat = conv('c1', { custom: { kept: [1.0, 2] } }).replace('"kept":[1,2]', '"kept":[1.0,2]');
    const text = [withFloat, '', '{"conv_id": "c2", oops}', conv('c3', { task_id: '' }), conv('c4')].join('\r\n');
    writeFileSync(f, text);
    const { lines } = await readAll(f);
    expect(lines.map((l) => [l.line, l.entry?.conv_id, l.problems.map((p) => p.code)])).toEqual([
      [1, 'c1', []],
      [2, undefined, []],
      [3, undefined, ['json-syntax']],
      [4, undefined, ['schema']],
      [5, 'c4', []],
    ]);
    const c1 = lines[0]!.entry as unknown as { custom: { kept: number[] } };
    expect(c1.custom).toEqual({ kept: [1, 2] });
    expect(isFloatLiteral(c1.custom.kept, 0)).toBe(true);
    // The line's bytes without its CRLF, and the syntax error at its column, as the index locates it.
    expect(lines[0]!.bytes).toEqual({ offset: 0, length: Buffer.byteLength(withFloat) });
    expect(lines[2]!.problems[0]).toMatchObject({ line: 3, column: 19 });
    const indexDiags: Diagnostic[] = [];
    parseRunLogLine({ file: f, line: 3, offset: 0, length: 0 }, '{"conv_id": "c2", oops}', indexDiags);
    expect(lines[2]!.problems).toEqual(indexDiags);
  });

  it('flags a line over the limit (no text) and one with invalid UTF-8 (its original bytes placed)', async () => {
    const f = join(dir, 'bytes.jsonl');
    const huge = conv('big', { pad: 'x'.repeat(5000) });
    const [before, after] = conv('l1').split('"q"');
    const latin1 = Buffer.concat([Buffer.from(`${before}"caf`), Buffer.from([0xe9]), Buffer.from(`"${after}`)]);
    writeFileSync(f, Buffer.concat([Buffer.from(`${huge}\n`), latin1, Buffer.from(`\n${conv('ok')}\n`)]));
    const { lines } = await readAll(f, 1024);
    expect(lines[0]).toMatchObject({ line: 1, tooLong: true, bytes: { offset: 0, length: huge.length } });
    expect(lines[0]!.text).toBeUndefined();
    expect(lines[1]).toMatchObject({ line: 2, invalidUtf8: true, bytes: { offset: huge.length + 1 } });
    expect(lines[2]!.entry?.conv_id).toBe('ok');
  });

  it('reads a .json array element by element, with the file problems first', async () => {
    const f = join(dir, 'runs.json');
    writeFileSync(f, `[\n  ${conv('a')},\n  {"conv_id": 1},\n  ${conv('b')}\n]\n`);
    const { lines, fileProblems } = await readAll(f);
    expect(fileProblems).toEqual([]);
    expect(lines.map((l) => [l.line, l.column, l.entry?.conv_id, l.problems.length > 0])).toEqual([
      [2, 3, 'a', false],
      [3, 3, undefined, true],
      [4, 3, 'b', false],
    ]);
    const notArray = join(dir, 'object.json');
    writeFileSync(notArray, conv('x'));
    const r = await readAll(notArray);
    expect(r.lines).toEqual([]);
    expect(r.fileProblems.map((d) => d.code)).toEqual(['json-not-array']);
  });
});

describe('score --out through the reader', () => {
  it('copies every line it does not rescore byte for byte and keeps unknown fields of those it does', async () => {
    const f = join(dir, 'score-in.jsonl');
    const latin1 = Buffer.concat([Buffer.from('{"conv_id": "bad", "caf'), Buffer.from([0xe9]), Buffer.from('"}')]);
    const rescored = conv('s1', { custom_field: { kept: true } });
    const untouched = [
      Buffer.from('   '),
      latin1,
      Buffer.from('{"conv_id": "broken"'),
      Buffer.from(conv('s1', { custom_field: 'a repeat is copied' })),
    ];
    writeFileSync(
      f,
      Buffer.concat([Buffer.from(`${rescored}\r\n`), ...untouched.flatMap((b) => [b, Buffer.from('\n')])]),
    );
    const out = join(dir, 'score-out.jsonl');
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      const code = await scoreCommand.run([
        '--records',
        join(repoRoot, 'samples/intent.records.jsonl'),
        '--logs',
        f,
        '--out',
        out,
        '--json',
      ]);
      expect(code).toBe(0);
    } finally {
      vi.restoreAllMocks();
    }
    const outLines = readFileSync(out).toString('latin1').split('\n');
    expect(outLines.slice(1, 5)).toEqual(untouched.map((b) => b.toString('latin1')));
    const first = JSON.parse(outLines[0]!) as { conv_id: string; custom_field: unknown; trace: unknown[] };
    expect(first.conv_id).toBe('s1');
    expect(first.custom_field).toEqual({ kept: true });
    expect(first.trace.length).toBe(3);
  });
});

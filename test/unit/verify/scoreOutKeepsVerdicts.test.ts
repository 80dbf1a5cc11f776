// Issue 40.1: `score --out` keeps the logged verdict of every line it cannot re-score, byte for byte,
// with an entry saying why; `stats --rescored COPY` and `stats` over the copy print the same cells.
import { describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import scoreCommand from '../../../src/cli/scoreCommand';
import statsCommand from '../../../src/cli/statsCommand';
import { rescoredLineText } from '../../../src/core/verify/rescoredLine';
import { chefSource } from '../fixtures/chefSource';
import { runCli } from '../fixtures/cliOutput';

/** `stats --json` cells, and its stderr. */
async function statsCells(args: string[]): Promise<{ cells: unknown; err: string }> {
  const run = await runCli(() => statsCommand.run([...args, '--json']));
  expect(run.code).toBe(0);
  return { cells: (JSON.parse(run.out) as { cells: unknown }).cells, err: run.err };
}

/** The copy's line with the one inserted trace entry cut out (the input's bytes, if nothing else changed). */
function withoutInsertedEntry(copyLine: string, inputLine: string): string {
  let i = 0;
  while (i < inputLine.length && copyLine[i] === inputLine[i]) i++;
  return copyLine.slice(0, i) + copyLine.slice(i + copyLine.length - inputLine.length);
}

describe('score --out keeps the verdicts it cannot re-score', () => {
  const dir = mkdtempSync(join(tmpdir(), 'il-score-keep-'));
  const records = join(dir, 'bench.records.jsonl');
  const record = chefSource;
  writeFileSync(records, JSON.stringify(record) + '\n');
  const trace = (answer?: string) => [
    { role: 'user', content: record.question },
    ...(answer ? [{ role: 'assistant', content: answer }] : []),
  ];
  const conv = (id: string, taskId: string, answer: string | undefined, verdict: string) =>
    `{"conv_id": "${id}", "task": "math", "task_id": "${taskId}", "assistant_model": "alpha", "mode": "single", ` +
    `"trace": ${JSON.stringify(trace(answer))}, ${verdict}, "extra": {"kept": 1.50}}`;
  // Written as Python writes JSON (spaces, `0.0`), so a re-serialisation would show.
  const lines = [
    conv('c1', 'm/1', 'The total is 8', '"is_correct": false, "score": 0.0'),
    conv('c2', 'absent/1', 'The total is 8', '"is_correct": false, "score": 0.0'),
    conv('c3', 'absent/2', 'The total is 6', '"is_correct": null, "score": 1.0'),
    conv('c4', 'm/1', undefined, '"is_correct": true, "score": 1.0'),
  ];
  const logFile = join(dir, 'run.jsonl');
  writeFileSync(logFile, lines.join('\n') + '\n');
  const out = join(dir, 'copy.jsonl');

  it('writes the logged is_correct and score of a line it cannot re-score byte for byte, saying why', async () => {
    const run = await runCli(() => scoreCommand.run(['--records', records, '--logs', logFile, '--out', out]));
    expect(run.code).toBe(0);
    const copy = readFileSync(out, 'utf8').trimEnd().split('\n');
    expect(copy).toHaveLength(4);
    // c1 is re-scored: the new verdict is written, the rest of the line is kept.
    expect(copy[0]).toContain('"is_correct": true, "score": 1,');
    expect(copy[0]).toContain('"extra": {"kept": 1.50}');
    for (const [i, why] of [
      [1, 'no record with task_id absent/1'],
      [2, 'no record with task_id absent/2'],
      [3, 'no assistant message'],
    ] as const) {
      expect(withoutInsertedEntry(copy[i]!, lines[i]!)).toBe(lines[i]);
      const parsed = JSON.parse(copy[i]!) as {
        trace: Array<{ role: string; content: { type: string; message: string } }>;
      };
      const last = parsed.trace[parsed.trace.length - 1]!;
      expect(last.content.type).toBe('rescore-skipped');
      expect(last.content.message).toContain(why);
    }
  });

  it('gives stats over the copy the cells of stats --rescored COPY, and counts only the re-scored lines', async () => {
    if (!existsSync(out)) await runCli(() => scoreCommand.run(['--records', records, '--logs', logFile, '--out', out]));
    const overlay = await statsCells(['--records', records, '--logs', logFile, '--rescored', out]);
    const copy = await statsCells(['--records', records, '--logs', out]);
    expect(copy.cells).toEqual(overlay.cells);
    expect(overlay.err).toContain('1 re-scored, 1 changed, 0 without a verdict');
  });
});

const SHARED = resolve(__dirname, '../../../../shared/data');
const sharedRecords = join(SHARED, 'intent-sample.records.jsonl');

describe.skipIf(!existsSync(join(SHARED, 'logs')) || !existsSync(sharedRecords))(
  'score --out over the real logs',
  () => {
    it('keeps every verdict it does not re-score, so the copy and the overlay agree on every cell', async () => {
      const out = join(mkdtempSync(join(tmpdir(), 'il-score-real-')), 'copy.jsonl');
      const logs = join(SHARED, 'logs');
      expect(
        (await runCli(() => scoreCommand.run(['--records', sharedRecords, '--logs', logs, '--out', out]))).code,
      ).toBe(0);
      const overlay = await statsCells(['--records', sharedRecords, '--logs', logs, '--rescored', out]);
      const copy = await statsCells(['--records', sharedRecords, '--logs', out]);
      expect(copy.cells).toEqual(overlay.cells);
      // The sample's 8 records re-score 14 lines: every cell still counts all its conversations.
      const plain = await statsCells(['--records', sharedRecords, '--logs', logs]);
      const sizes = (cells: unknown) => (cells as Array<{ n: number }>).map((c) => c.n);
      expect(sizes(copy.cells)).toEqual(sizes(plain.cells));
      const skipped = readFileSync(out, 'utf8')
        .split('\n')
        .filter((l) => l.includes('"rescore-skipped"'));
      expect(skipped.length).toBeGreaterThan(700);
    });
  },
);

describe('rescoredLineText', () => {
  it('writes a pretty-printed conversation (a .json array element) as one line, its values kept', () => {
    const raw =
      '{\n  "conv_id": "p1",\n  "trace": [\n    {"role": "user", "content": "a\\nb"}\n  ],\n  "is_correct": false,\n  "score": 0.0\n}';
    const object = JSON.parse(raw) as Record<string, unknown>;
    const r = {
      conv_id: 'p1',
      task_id: 't',
      mode: 'multi',
      condition: 'original',
      active: null,
      extracted: null,
      is_correct: null,
      previous_is_correct: false,
      inactive: [],
      details: { domain: 'math' as const, message: 'no record with task_id t' },
    };
    const text = rescoredLineText(raw, object, r, '2026-01-01T00:00:00.000Z');
    expect(text).not.toMatch(/[\r\n]/);
    expect(text).toContain('"is_correct": false,"score": 0.0');
    const parsed = JSON.parse(text) as { trace: Array<{ content: unknown }> };
    expect(parsed.trace[0]!.content).toBe('a\nb');
    expect(parsed.trace[1]!.content).toMatchObject({ type: 'rescore-skipped' });
  });
});

// The `score` CLI command in-process: --json output, --out writes a new log atomically and the
// input log is left byte-identical.
import { afterEach, describe, expect, test, vi } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync, existsSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import command from '../../../src/cli/scoreCommand';
import { mathRecord, actionsRecord } from '../inactive/fixtures';

function log(
  conv: string,
  record: { task_id: string; task: string },
  condition: string,
  answer: string,
  isCorrect: boolean | null,
  extra: Record<string, unknown> = {},
) {
  return {
    conv_id: conv,
    task: record.task,
    task_id: record.task_id,
    assistant_model: 'test-model',
    mode: 'multi',
    condition,
    trace: [
      { role: 'user', content: 'question' },
      { role: 'assistant', content: answer },
    ],
    is_correct: isCorrect,
    score: null,
    custom_field: { kept: true },
    ...extra,
  };
}

async function runCli(args: string[]): Promise<{ code: number; out: string }> {
  let out = '';
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    out += String(chunk);
    return true;
  });
  try {
    const code = await command.run(args);
    return { code, out };
  } finally {
    spy.mockRestore();
  }
}

afterEach(() => vi.restoreAllMocks());

describe('intent-lens score', () => {
  const dir = mkdtempSync(join(tmpdir(), 'intent-lens-score-'));
  const records = join(dir, 'test.records.jsonl');
  writeFileSync(records, [mathRecord, actionsRecord].map((r) => JSON.stringify(r)).join('\n') + '\n');
  const logs = join(dir, 'logs');
  const logFile = join(dir, 'run.jsonl');
  const lines = [
    log('c1', mathRecord, 'retained', 'With 24 bags the chef would pay $1,800, but we keep 4 bags: $300.', false),
    log('c2', mathRecord, 'revised', 'So the chef spent $300.', true),
    log(
      'c3',
      actionsRecord,
      'original',
      '[calc_area_triangle(height=7, base=15), calc_area_triangle(base=10, height=5), calc_area_triangle(base=20, height=10)]',
      true,
    ),
    log('c4', { task_id: 'unknown/1', task: 'math' }, 'original', '42', null),
  ];
  writeFileSync(logFile, lines.map((l) => JSON.stringify(l)).join('\n') + '\n{not json\n');
  void logs;

  test('--json reports verdicts against the active reference, previous verdicts and inactive spans', async () => {
    const { code, out } = await runCli(['--records', records, '--logs', logFile, '--json']);
    expect(code).toBe(0);
    const report = JSON.parse(out) as {
      conversations: Array<{
        conv_id: string;
        is_correct: boolean | null;
        previous_is_correct: boolean | null;
        active: string;
        inactive: Array<{ value: string; start: number; end: number; kind: string }>;
      }>;
      summary: { conversations: number; changed: number; with_inactive: number };
    };
    const byId = Object.fromEntries(report.conversations.map((c) => [c.conv_id, c]));
    expect(byId.c1!.is_correct).toBe(true);
    expect(byId.c1!.previous_is_correct).toBe(false);
    expect(byId.c1!.inactive.map((s) => s.value)).toEqual(['24 bags', expect.stringContaining('1800')]);
    expect(byId.c2!.active).toBe('revised');
    expect(byId.c2!.is_correct).toBe(false);
    expect(byId.c2!.inactive[0]!.kind).toBe('superseded');
    expect(byId.c3!.is_correct).toBe(true);
    expect(byId.c4!.is_correct).toBeNull();
    expect(report.summary.conversations).toBe(4);
    expect(report.summary.changed).toBe(2);
    expect(report.summary.with_inactive).toBe(2);
  });

  test('--out writes a re-scored copy atomically; the input is untouched and other fields survive', async () => {
    const before = readFileSync(logFile);
    const out = join(dir, 'rescored.jsonl');
    const { code } = await runCli(['--records', records, '--logs', logFile, '--out', out]);
    expect(code).toBe(0);
    expect(readFileSync(logFile).equals(before)).toBe(true);
    expect(readdirSync(dir).some((f) => f.includes('.tmp-'))).toBe(false);
    const written = readFileSync(out, 'utf8').trimEnd().split('\n');
    expect(written).toHaveLength(5);
    expect(written[4]).toBe('{not json');
    const c1 = JSON.parse(written[0]!) as {
      is_correct: boolean;
      score: number;
      custom_field: unknown;
      trace: Array<{ role: string; content: { type?: string; is_correct?: boolean } }>;
    };
    expect(c1.is_correct).toBe(true);
    expect(c1.score).toBe(1);
    expect(c1.custom_field).toEqual({ kept: true });
    const last = c1.trace[c1.trace.length - 1]!;
    expect(last.role).toBe('log');
    expect(last.content.type).toBe('answer-evaluation');
    expect(last.content.is_correct).toBe(true);
  });

  test('refuses to overwrite an input log', async () => {
    await expect(command.run(['--records', records, '--logs', logFile, '--out', logFile])).rejects.toThrow(
      /never modified/,
    );
    expect(existsSync(logFile)).toBe(true);
  });
});

import { describe, it, expect, beforeAll, afterEach, vi } from 'vitest';
import { mkdtempSync, mkdirSync, writeFileSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import statsCommand from '../../../src/cli/statsCommand';
import exportOpsdCommand from '../../../src/cli/exportOpsdCommand';
import { chefRecord as record } from '../fixtures/chefRecord';

/** A line of the OPSD export, as the tests read it. */
type OpsdRow = {
  model: string;
  condition: string;
  teacher: { prompt: string };
  teacher_target?: string;
  student: { messages: unknown[] };
  student_final_answer: string;
};

let n = 0;
const conv = (model: string, mode: string, condition: string, correct: boolean | null, answer = 'The answer is 8') =>
  JSON.stringify({
    conv_id: `conv-${++n}`,
    task: 'math',
    task_id: 'm/1',
    assistant_model: model,
    mode,
    condition,
    trace: [
      { role: 'system', content: 'Solve step by step.' },
      { role: 'user', content: 'how much did the chef spend' },
      { role: 'assistant', content: 'I need more information.' },
      { role: 'log', content: { type: 'shard_revealed', shard_id: 2 } },
      { role: 'user', content: 'the chef bought 4 bags' },
      { role: 'assistant', content: answer },
      {
        role: 'log',
        content: { type: 'answer-evaluation', exact_answer: '8', is_correct: correct, score: correct ? 1 : 0 },
      },
    ],
    is_correct: correct,
    score: null,
  });

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'il-stats-'));
  writeFileSync(join(dir, 'bench.records.jsonl'), JSON.stringify(record) + '\n');
  const lines = [
    conv('alpha', 'single', 'original', true),
    conv('alpha', 'single', 'direct', true, '4'),
    conv('alpha', 'multi', 'original', true),
    conv('alpha', 'multi', 'neutral', false),
    conv('alpha', 'multi', 'retained', false, 'With 2 bags: 4'),
    conv('alpha', 'multi', 'revised', true, '4'),
    conv('beta', 'single', 'original', false),
    conv('beta', 'single', 'direct', true),
    conv('beta', 'multi', 'original', null),
  ];
  writeFileSync(join(dir, 'run.jsonl'), lines.join('\n') + '\n');
});

function capture(): { out: () => string; restore: () => void } {
  let buf = '';
  const o = vi
    .spyOn(process.stdout, 'write')
    .mockImplementation((s: string | Uint8Array) => ((buf += String(s)), true));
  const e = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  return { out: () => buf, restore: () => (o.mockRestore(), e.mockRestore()) };
}
afterEach(() => vi.restoreAllMocks());

describe('intent-lens stats', () => {
  it('--json prints the contract shape with the same numbers as the core', async () => {
    const c = capture();
    const code = await statsCommand.run([
      '--records',
      join(dir, 'bench.records.jsonl'),
      '--logs',
      join(dir, 'run.jsonl'),
      '--json',
    ]);
    c.restore();
    expect(code).toBe(0);
    const json = JSON.parse(c.out()) as {
      cells: Array<Record<string, unknown>>;
      overall: Array<Record<string, unknown>>;
      inactive_in_new_errors: Array<Record<string, unknown>>;
      unscored: unknown[];
    };
    expect(Object.keys(json)).toEqual(
      expect.arrayContaining(['cells', 'overall', 'inactive_in_new_errors', 'gaps', 'depth']),
    );
    for (const c of json.cells)
      expect(Object.keys(c).sort()).toEqual(['accuracy', 'ci', 'condition', 'correct', 'domain', 'mode', 'model', 'n']);
    for (const o of json.overall) expect(Object.keys(o).sort()).toEqual(['accuracy', 'ci', 'condition', 'mode']);
    for (const r of json.inactive_in_new_errors)
      expect(Object.keys(r).sort()).toEqual(['condition', 'domain', 'model', 'new_errors', 'with_inactive']);
    // Wilson 0/1 = [0, z²/(1 + z²)] = [0, 0.793451]
    expect(json.cells.find((x) => x.model === 'beta' && x.mode === 'single' && x.condition === 'original')).toEqual({
      model: 'beta',
      domain: 'math',
      mode: 'single',
      condition: 'original',
      n: 1,
      correct: 0,
      accuracy: 0,
      ci: [0, 79.3451],
    });
    // beta's only multi Original run is unscored: n 0, accuracy null, and the overall is alpha's alone
    expect(json.cells.find((x) => x.model === 'beta' && x.mode === 'multi')).toMatchObject({ n: 0, accuracy: null });
    expect(json.overall.find((o) => o.mode === 'single' && o.condition === 'original')!.accuracy).toBe(50);
    expect(json.overall.find((o) => o.mode === 'multi' && o.condition === 'original')!.accuracy).toBe(100);
    expect(json.unscored).toEqual([
      { model: 'beta', domain: 'math', mode: 'multi', condition: 'original', unscored: 1 },
    ]);
    // alpha's Retained answer uses the rejected 2 bags (and the revised reference 4): detectInactive flags it
    expect(json.inactive_in_new_errors.find((r) => r.model === 'alpha' && r.condition === 'retained')).toEqual({
      model: 'alpha',
      domain: 'math',
      condition: 'retained',
      new_errors: 1,
      with_inactive: 1,
    });
    expect(json.inactive_in_new_errors.find((r) => r.model === 'alpha' && r.condition === 'revised')).toMatchObject({
      new_errors: 0,
      with_inactive: 0,
    });
  });

  it('prints the grid as CSV and Markdown', async () => {
    let c = capture();
    await statsCommand.run(['--records', join(dir, 'bench.records.jsonl'), '--logs', dir, '--format', 'csv']);
    c.restore();
    const csv = c.out().trim().split('\n');
    expect(csv[0]).toMatch(
      /^model,domain,single_original,single_original_n,single_original_ci_lo,single_original_ci_hi,single_direct/,
    );
    // 1/1: Wilson [20.65, 100]; 0/1: [0, 79.35]
    expect(csv.find((l) => l.startsWith('alpha,math,'))).toBe(
      'alpha,math,100.00,1,20.65,100.00,100.00,1,20.65,100.00,,,,,,,,,100.00,1,20.65,100.00,0.00,1,0.00,79.35,100.00,1,20.65,100.00,0.00,1,0.00,79.35',
    );
    c = capture();
    await statsCommand.run(['--records', join(dir, 'bench.records.jsonl'), '--logs', dir]);
    c.restore();
    expect(c.out()).toContain('| alpha | math | 100.00 (1†) [20.7, 100.0] |');
    expect(c.out()).toContain('Dispersed disclosure');
  });

  it('rejects a bad --format', async () => {
    await expect(statsCommand.run(['--logs', dir, '--format', 'xls'])).rejects.toThrow(/md, csv, html or latex/);
  });

  it('--json gaps carry the paired table, the exact McNemar p and Holm', async () => {
    const c = capture();
    await statsCommand.run(['--logs', join(dir, 'run.jsonl'), '--json']);
    c.restore();
    const json = JSON.parse(c.out()) as { gaps: Array<Record<string, unknown>> };
    const g = json.gaps.find((x) => x.model === 'alpha' && x.id === 'conversational-overhead')!;
    // alpha: Multi Original ✓, Multi Neutral ✗ on its one source
    expect(g).toMatchObject({
      from: { mode: 'multi', condition: 'original' },
      to: { mode: 'multi', condition: 'neutral' },
      n: 1,
      both: 0,
      only_from: 1,
      only_to: 0,
      neither: 0,
      delta_pp: -100,
      p_mcnemar: 1,
      holm_significant: false,
    });
    for (const x of json.gaps)
      expect(Object.keys(x)).toEqual(
        expect.arrayContaining([
          'model',
          'from',
          'to',
          'n',
          'both',
          'only_from',
          'only_to',
          'neither',
          'delta_pp',
          'p_mcnemar',
          'holm_significant',
        ]),
      );
  });

  it('--format html is one self-contained page with every text escaped; --format latex escapes specials', async () => {
    const hostile = join(dir, 'hostile.jsonl');
    writeFileSync(
      hostile,
      [
        conv('<img src=x onerror=alert(1)>_&%', 'single', 'original', true),
        conv('<img src=x onerror=alert(1)>_&%', 'multi', 'original', false),
      ].join('\n') + '\n',
    );
    let c = capture();
    await statsCommand.run(['--logs', hostile, '--format', 'html']);
    c.restore();
    const html = c.out();
    expect(html).toMatch(/^<!DOCTYPE html>/);
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;_&amp;%');
    expect(html).not.toMatch(/<script|src="http|href="http|<link/i);
    expect(html).toContain('<svg');
    c = capture();
    await statsCommand.run(['--logs', hostile, '--format', 'latex']);
    c.restore();
    expect(c.out()).toContain('<img src=x onerror=alert(1)>\\_\\&\\%');
    expect(c.out()).toContain('\\begin{tabular}');
  });

  it('--diff prints the sources that flipped between two log folders', async () => {
    const a = join(dir, 'diff-a.jsonl');
    const b = join(dir, 'diff-b.jsonl');
    const one = (cond: string, ok: boolean, id: string) =>
      JSON.stringify({ ...JSON.parse(conv('alpha', 'multi', cond, ok)), conv_id: id });
    writeFileSync(a, [one('original', true, 'A-orig'), one('retained', false, 'A-ret')].join('\n') + '\n');
    writeFileSync(b, [one('original', false, 'B-orig'), one('retained', false, 'B-ret')].join('\n') + '\n');
    const c = capture();
    const code = await statsCommand.run(['--diff', a, b]);
    c.restore();
    expect(code).toBe(0);
    expect(c.out()).toContain('## Original: 1 paired, ✓→✗ 1, ✗→✓ 0');
    expect(c.out()).toContain('✓→✗ alpha · m/1  (A A-orig ↔ B B-orig)');
    expect(c.out()).toContain('## Retained: 1 paired, ✓→✗ 0, ✗→✓ 0');
    await expect(statsCommand.run(['--diff', a])).rejects.toThrow(/two log files or folders/);
  });

  it('--diff-rescored prints what a re-score flipped, from the sidecar or a score --out copy', async () => {
    const logs = join(dir, 'rescored-case');
    mkdirSync(logs, { recursive: true });
    const one = (cond: string, ok: boolean, id: string) => ({
      ...(JSON.parse(conv('alpha', 'multi', cond, ok)) as Record<string, unknown>),
      conv_id: id,
    });
    writeFileSync(
      join(logs, 'run.jsonl'),
      [one('original', true, 'R-orig'), one('retained', false, 'R-ret'), one('neutral', true, 'R-neu')]
        .map((x) => JSON.stringify(x))
        .join('\n') + '\n',
    );
    const verdict = (conv_id: string, is_correct: boolean | null, previous: boolean) => ({
      conv_id,
      task_id: 'm/1',
      file: 'run.jsonl',
      is_correct,
      previous,
      extracted: null,
      inactive: [],
      message: 't',
      verifier: 'v',
      scoredAt: 1,
    });
    const sidecar = join(dir, 'sidecar.json');
    writeFileSync(
      sidecar,
      JSON.stringify({
        version: 1,
        verdicts: [verdict('R-orig', false, true), verdict('R-ret', true, false), verdict('R-neu', null, true)],
      }),
    );
    let c = capture();
    expect(await statsCommand.run(['--diff-rescored', '--logs', logs, '--verdicts', sidecar, '--json'])).toBe(0);
    c.restore();
    const json = JSON.parse(c.out()) as {
      a: string;
      b: string;
      paired: number;
      instances: Array<{ condition: string; lost: unknown[]; gained: unknown[] }>;
    };
    // R-neu could not be decided: not compared
    expect(json.paired).toBe(2);
    expect(json.instances.find((i) => i.condition === 'original')!.lost).toEqual([
      { task_id: 'm/1', model: 'alpha', conv_a: 'R-orig', conv_b: 'R-orig' },
    ]);
    expect(json.instances.find((i) => i.condition === 'retained')!.gained).toEqual([
      { task_id: 'm/1', model: 'alpha', conv_a: 'R-ret', conv_b: 'R-ret' },
    ]);
    // The same from a re-scored copy of the log (what score --out writes).
    const copy = join(dir, 'rescored-copy.jsonl');
    writeFileSync(
      copy,
      [one('original', false, 'R-orig'), one('retained', false, 'R-ret')].map((x) => JSON.stringify(x)).join('\n') +
        '\n',
    );
    c = capture();
    await statsCommand.run(['--diff-rescored', '--logs', logs, '--rescored', copy]);
    c.restore();
    expect(c.out()).toContain('## Original: 1 paired, ✓→✗ 1, ✗→✓ 0');
    expect(c.out()).toContain('## Retained: 1 paired, ✓→✗ 0, ✗→✓ 0');
    await expect(
      statsCommand.run(['--diff-rescored', '--logs', logs, '--verdicts', join(dir, 'missing.json')]),
    ).rejects.toThrow(/not found/);
  });

  it('--diff-forks sets each fork batch against its parents', async () => {
    const logs = join(dir, 'forks-case');
    mkdirSync(logs, { recursive: true });
    const one = (cond: string, ok: boolean, id: string, extra: Record<string, unknown> = {}) =>
      JSON.stringify({
        ...(JSON.parse(conv('alpha', 'multi', cond, ok)) as Record<string, unknown>),
        conv_id: id,
        ...extra,
      });
    writeFileSync(
      join(logs, 'parents.jsonl'),
      [one('retained', false, 'P-ret'), one('revised', true, 'P-rev')].join('\n') + '\n',
    );
    const forkOf = (parent: string, turn: number) => ({
      forked_from: { conv_id: parent, turn, edit: 'flip-decision' },
    });
    writeFileSync(
      join(logs, 'forks.jsonl'),
      [
        one('revised', true, 'F-ret', forkOf('P-ret', 2)),
        one('retained', true, 'F-rev', forkOf('P-rev', 2)),
        one('original', false, 'D-1', { forked_from: { conv_id: 'P-rev', turn: 1, edit: 'drop-user' } }),
      ].join('\n') + '\n',
    );
    let c = capture();
    expect(await statsCommand.run(['--diff-forks', '--logs', logs, '--batch', 'flip-decision', '--json'])).toBe(0);
    c.restore();
    const json = JSON.parse(c.out()) as {
      batches: Array<{
        batch: { edit: string; forks: number; label: string };
        paired: number;
        instances: Array<{ condition: string; gained: unknown[]; lost: unknown[] }>;
      }>;
    };
    expect(json.batches).toHaveLength(1);
    expect(json.batches[0]!.batch).toMatchObject({ edit: 'flip-decision', forks: 2 });
    // the fork of a Retained parent runs Revised, yet it is counted under Retained
    expect(json.batches[0]!.instances.find((i) => i.condition === 'retained')!.gained).toEqual([
      { task_id: 'm/1', model: 'alpha', conv_a: 'P-ret', conv_b: 'F-ret' },
    ]);
    expect(json.batches[0]!.instances.find((i) => i.condition === 'revised')!.lost).toEqual([]);
    c = capture();
    await statsCommand.run(['--diff-forks', '--logs', logs]);
    c.restore();
    expect(c.out()).toContain('# Fork batch: U1 dropped · 1 fork(s) of 1 parent(s)');
    expect(c.out()).toContain('# Fork batch: decision at U2 flipped · 2 fork(s) of 2 parent(s)');
    await expect(statsCommand.run(['--diff-forks', '--logs', logs, '--batch', 'shard-first'])).rejects.toThrow(
      /no fork batch matches --batch shard-first; there are: drop-user, flip-decision/,
    );
  });
});

describe('intent-lens export-opsd', () => {
  it('writes H_v and c_v per admitted source and condition', async () => {
    const out = join(dir, 'opsd.jsonl');
    const c = capture();
    const code = await exportOpsdCommand.run([
      '--records',
      join(dir, 'bench.records.jsonl'),
      '--logs',
      join(dir, 'run.jsonl'),
      '--out',
      out,
      '--admit-single-correct',
    ]);
    c.restore();
    expect(code).toBe(0);
    const rows = readFileSync(out, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as OpsdRow);
    // alpha is admitted (S_Orig and S_Dir correct), beta is not (S_Orig wrong)
    expect(rows.map((r) => [r.model, r.condition])).toEqual([
      ['alpha', 'original'],
      ['alpha', 'neutral'],
      ['alpha', 'retained'],
      ['alpha', 'revised'],
    ]);
    const rev = rows.find((r) => r.condition === 'revised')!;
    expect(rev.teacher).toEqual({
      prompt: 'S_Dir',
      messages: [
        { role: 'system', content: 'Solve step by step.' },
        { role: 'user', content: record.intent.single_turn.direct_revised },
      ],
    });
    expect(rev.teacher_target).toBe('4');
    expect(rows.find((r) => r.condition === 'retained')!.teacher.prompt).toBe('S_Orig');
    // H_v: the dialogue before the final answer, without log entries
    expect(rev.student.messages).toEqual([
      { role: 'system', content: 'Solve step by step.' },
      { role: 'user', content: 'how much did the chef spend' },
      { role: 'assistant', content: 'I need more information.' },
      { role: 'user', content: 'the chef bought 4 bags' },
    ]);
    expect(rev.student_final_answer).toBe('4');
  });

  it('without admission exports every source with a record', async () => {
    const out = join(dir, 'opsd-all.jsonl');
    const c = capture();
    await exportOpsdCommand.run([
      '--records',
      join(dir, 'bench.records.jsonl'),
      '--logs',
      join(dir, 'run.jsonl'),
      '--out',
      out,
    ]);
    c.restore();
    const rows = readFileSync(out, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as OpsdRow);
    expect(rows.filter((r) => r.model === 'beta')).toHaveLength(1);
    expect(rows.find((r) => r.model === 'beta')!.teacher_target).toBeUndefined();
  });
});

const SHARED = resolve(__dirname, '../../../../shared/data');
describe.skipIf(!existsSync(SHARED))('real LiC logs', () => {
  it('give one math cell of 103 conversations per model and plausible accuracies', async () => {
    const c = capture();
    await statsCommand.run([
      '--records',
      join(SHARED, 'intent-sample.records.jsonl'),
      '--logs',
      join(SHARED, 'logs'),
      '--json',
    ]);
    c.restore();
    const json = JSON.parse(c.out()) as {
      cells: Array<{
        model: string;
        domain: string;
        mode: string;
        condition: string;
        n: number;
        accuracy: number | null;
      }>;
    };
    const math = json.cells.filter((x) => x.domain === 'math');
    expect(math).toHaveLength(3);
    for (const m of math) {
      expect(m).toMatchObject({ mode: 'multi', condition: 'original', n: 103 });
      expect(m.accuracy).toBeGreaterThan(5);
      expect(m.accuracy).toBeLessThan(100);
    }
    const actions = json.cells.filter((x) => x.domain === 'actions');
    expect(actions).toHaveLength(4);
    for (const a of actions) expect(a.n).toBeLessThanOrEqual(105);
  });

  it('flag the 5-model overall as averaging unequal domains, with intervals and model-pair tests', async () => {
    const c = capture();
    await statsCommand.run(['--logs', join(SHARED, 'logs'), '--json']);
    c.restore();
    const json = JSON.parse(c.out()) as {
      cells: Array<{ n: number; correct: number; ci: [number, number] }>;
      overall: Array<{ mode: string; condition: string; accuracy: number | null; ci: [number, number] | null }>;
      coverage: { overall: Array<{ mode: string; condition: string; unequal: boolean; note: string | null }> };
      model_pairs: Array<{ model_a: string; model_b: string; n: number; p_mcnemar: number }>;
    };
    const note = json.coverage.overall.find((o) => o.mode === 'multi' && o.condition === 'original')!;
    expect(note.unequal).toBe(true);
    expect(note.note).toContain('gpt-4o-mini: actions only');
    expect(note.note).toContain('meta-llama/llama-4-scout: math only');
    const overall = json.overall.find((o) => o.mode === 'multi' && o.condition === 'original')!;
    expect(overall.ci![0]).toBeLessThan(overall.accuracy!);
    expect(overall.ci![1]).toBeGreaterThan(overall.accuracy!);
    for (const cell of json.cells) expect(cell.ci[0]).toBeLessThanOrEqual((100 * cell.correct) / cell.n);
    // claude-3-haiku and gemini-2.5-flash both ran math and actions: 103 + 105 shared sources
    expect(
      json.model_pairs.find((p) => p.model_a === 'anthropic/claude-3-haiku' && p.model_b === 'google/gemini-2.5-flash')!
        .n,
    ).toBe(208);
  });
});

// The annotation CLI end to end: annotate → stats moves exactly the overridden conversations'
// cells, --verdicts machine keeps the old bytes, bad sidecar lines are reported and kept, and 16
// concurrent `annotate` processes all land.
import { beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import statsCommand from '../../../src/cli/statsCommand';
import annotateCommand from '../../../src/cli/annotateCommand';
import annotationsCommand from '../../../src/cli/annotationsCommand';
import { runCli } from '../fixtures/cliOutput';
import { bundleCli } from '../adversarial/cliBundle';

const conv = (id: string, model: string, mode: string, condition: string, correct: boolean) =>
  JSON.stringify({
    conv_id: id,
    task: 'math',
    task_id: 'm/1',
    assistant_model: model,
    mode,
    condition,
    trace: [
      { role: 'user', content: 'how much did the chef spend' },
      { role: 'assistant', content: 'Which chef?' },
      { role: 'user', content: 'the chef bought 4 bags' },
      { role: 'assistant', content: 'At what price?' },
      { role: 'user', content: 'at $2 each' },
      { role: 'assistant', content: correct ? 'The answer is 8' : 'The answer is 120' },
    ],
    is_correct: correct,
  });

let dir = '';
let logs = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'il-annotate-'));
  logs = join(dir, 'run.jsonl');
  const lines = [
    conv('c1', 'alpha', 'multi', 'original', true),
    conv('c2', 'alpha', 'multi', 'original', false),
    conv('c3', 'alpha', 'single', 'original', false),
    conv('c4', 'beta', 'multi', 'retained', false),
    conv('c5', 'beta', 'multi', 'original', true),
  ];
  writeFileSync(logs, lines.join('\n') + '\n');
});

type Cell = { model: string; mode: string; condition: string; n: number; correct: number };
const stats = (sidecar: string, ...extra: string[]) =>
  runCli(() => statsCommand.run(['--logs', logs, '--json', '--annotations', sidecar, ...extra]));
const annotate = (sidecar: string, ...args: string[]) =>
  runCli(() => annotateCommand.run(['--logs', logs, '--annotations', sidecar, '--by', 'ann', ...args]));

describe('annotate then stats', () => {
  it('moves exactly the overridden conversations’ cells; --verdicts machine prints the old bytes', async () => {
    const sidecar = join(dir, 'moves', 'annotations.jsonl');
    const before = await stats(sidecar);
    const beforeMachine = await stats(sidecar, '--verdicts', 'machine');
    expect(beforeMachine.out).toBe(before.out);

    expect(
      (await annotate(sidecar, '--conv-id', 'c2', '--verdict', 'correct', '--reason', 'comma grouped answer')).code,
    ).toBe(0);
    expect((await annotate(sidecar, '--conv-id', 'c3', '--turn', '3', '--label', 'leaked-inactive')).code).toBe(0);
    expect((await annotate(sidecar, '--conv-id', 'c4', '--note', 'look at the $120')).code).toBe(0);

    const machine = await stats(sidecar, '--verdicts', 'machine');
    expect(machine.out).toBe(before.out);
    expect(machine.err).toMatch(
      /verdicts: machine; 1 human verdict override\(s\); 1 conversation verdict\(s\) changed; 1 grid cell\(s\) changed \(not applied\)/,
    );
    const after = await stats(sidecar);
    const cellsBefore = (JSON.parse(before.out) as { cells: Cell[] }).cells;
    const json = JSON.parse(after.out) as {
      cells: Cell[];
      adjudication: { changed_conversations: number; changed_cells: Array<Record<string, unknown>> };
    };
    const changed = json.cells.filter((c, i) => JSON.stringify(c) !== JSON.stringify(cellsBefore[i]));
    expect(changed.map((c) => [c.model, c.mode, c.condition, c.n, c.correct])).toEqual([
      ['alpha', 'multi', 'original', 2, 2],
    ]);
    expect(
      cellsBefore.find((c) => c.model === 'alpha' && c.mode === 'multi' && c.condition === 'original'),
    ).toMatchObject({ n: 2, correct: 1 });
    expect(json.adjudication.changed_conversations).toBe(1);
    expect(json.adjudication.changed_cells).toEqual([
      {
        model: 'alpha',
        domain: 'math',
        mode: 'multi',
        condition: 'original',
        machine: { n: 2, correct: 1, unscored: 0 },
        adjudicated: { n: 2, correct: 2, unscored: 0 },
        conv_ids: ['c2'],
      },
    ]);

    const listed = await runCli(() => annotationsCommand.run(['--logs', logs, '--json', '--annotations', sidecar]));
    const rows = JSON.parse(listed.out) as Array<Record<string, unknown>>;
    expect(rows.map((r) => [r.conv_id, r.turn, r.kind, r.value, r.reason, r.by])).toEqual([
      ['c2', null, 'verdict', 'correct', 'comma grouped answer', 'ann'],
      ['c3', 3, 'label', 'leaked-inactive', null, 'ann'],
      ['c4', null, 'note', 'look at the $120', null, 'ann'],
    ]);
    const labelled = await runCli(() =>
      annotationsCommand.run(['--logs', logs, '--json', '--label', 'leaked-inactive', '--annotations', sidecar]),
    );
    expect((JSON.parse(labelled.out) as unknown[]).length).toBe(1);
    const csv = await runCli(() =>
      annotationsCommand.run(['--logs', logs, '--format', 'csv', '--annotations', sidecar]),
    );
    expect(csv.out.split('\n')[0]).toBe('id,conv_id,turn,kind,value,reason,by,at');
    expect(csv.out).toContain(',c2,,verdict,correct,comma grouped answer,ann,');
  });

  it('refuses a verdict without a reason, an unknown conversation, label or turn', async () => {
    const sidecar = join(dir, 'refuse.jsonl');
    await expect(annotate(sidecar, '--conv-id', 'c2', '--verdict', 'correct')).rejects.toThrow(/--reason/);
    await expect(annotate(sidecar, '--conv-id', 'nope', '--note', 'x')).rejects.toThrow(/no conversation "nope"/);
    await expect(annotate(sidecar, '--conv-id', 'c2', '--label', 'made-up')).rejects.toThrow(/unknown label/);
    await expect(annotate(sidecar, '--conv-id', 'c2', '--turn', '4', '--note', 'x')).rejects.toThrow(/3 user turn/);
    await expect(stats(sidecar, '--verdicts', 'human')).rejects.toThrow(/adjudicated or machine/);
  });

  it('reports a truncated sidecar line at its line, skips it and never rewrites it', async () => {
    const sidecar = join(dir, 'truncated.jsonl');
    await annotate(sidecar, '--conv-id', 'c1', '--note', 'first');
    appendFileSync(sidecar, '{"event":"add","annotation":{"id":"cut');
    const kept = readFileSync(sidecar, 'utf8');
    const listed = await runCli(() => annotationsCommand.run(['--logs', logs, '--json', '--annotations', sidecar]));
    expect(listed.err).toMatch(/truncated\.jsonl:2:1: error annotation-json truncated line/);
    expect((JSON.parse(listed.out) as unknown[]).length).toBe(1);
    await annotate(sidecar, '--conv-id', 'c2', '--note', 'second');
    const now = readFileSync(sidecar, 'utf8');
    expect(now.startsWith(kept + '\n')).toBe(true);
    const again = await runCli(() => annotationsCommand.run(['--logs', logs, '--json', '--annotations', sidecar]));
    expect((JSON.parse(again.out) as Array<{ value: string }>).map((r) => r.value)).toEqual(['first', 'second']);
    expect(again.err).toMatch(/truncated\.jsonl:2:1: error annotation-json/);
  });

  it('--agreement gives kappa with n per label for two annotators', async () => {
    const sidecar = join(dir, 'agreement.jsonl');
    for (const [by, conv, label] of [
      ['ann', 'c1', 'refusal'],
      ['bob', 'c1', 'refusal'],
      ['ann', 'c2', 'refusal'],
      ['bob', 'c2', 'formatting'],
    ]) {
      await runCli(() =>
        annotateCommand.run([
          '--logs',
          logs,
          '--annotations',
          sidecar,
          '--by',
          by!,
          '--conv-id',
          conv!,
          '--label',
          label!,
        ]),
      );
    }
    const out = await runCli(() =>
      annotationsCommand.run(['--logs', logs, '--json', '--agreement', '--annotations', sidecar]),
    );
    const rows = JSON.parse(out.out) as Array<{
      label: string;
      n: number;
      kappa: number | null;
      disagreements: Array<{ conv_id: string }>;
    }>;
    expect(rows.map((r) => [r.label, r.n, r.kappa, r.disagreements.map((d) => d.conv_id)])).toEqual([
      ['formatting', 2, 0, ['c2']],
      ['refusal', 2, 0, ['c2']],
    ]);
  });

  it('lists orphans: annotations of conversations not in the logs', async () => {
    const sidecar = join(dir, 'orphans.jsonl');
    await annotate(sidecar, '--conv-id', 'c5', '--note', 'kept');
    const other = join(dir, 'other.jsonl');
    writeFileSync(other, conv('c5', 'beta', 'multi', 'original', true) + '\n');
    writeFileSync(sidecar, readFileSync(sidecar, 'utf8').replace('"c5"', '"c-gone"'));
    const listed = await runCli(() => annotationsCommand.run(['--logs', other, '--json', '--annotations', sidecar]));
    expect(listed.err).toMatch(/orphan annotation .*: no conversation c-gone in the logs/);
  });
});

describe('concurrent annotators', () => {
  it('16 concurrent annotate processes all land', async () => {
    const cli = await bundleCli();
    const sidecar = join(dir, 'concurrent', 'annotations.jsonl');
    const run = (i: number) =>
      new Promise<number | null>((resolve) => {
        const p = spawn(
          process.execPath,
          [
            cli,
            'annotate',
            '--logs',
            logs,
            '--conv-id',
            `c${(i % 5) + 1}`,
            '--note',
            `note ${i}`,
            '--by',
            `a${i}`,
            '--annotations',
            sidecar,
          ],
          { stdio: 'ignore' },
        );
        p.on('close', resolve);
      });
    const codes = await Promise.all(Array.from({ length: 16 }, (_, i) => run(i)));
    expect(codes).toEqual(Array(16).fill(0));
    const lines = readFileSync(sidecar, 'utf8').trim().split('\n');
    expect(lines.length).toBe(16);
    const notes = lines.map((l) => (JSON.parse(l) as { annotation: { value: string } }).annotation.value).sort();
    expect(notes).toEqual(Array.from({ length: 16 }, (_, i) => `note ${i}`).sort());
  }, 120_000);
});

// `stats --diff`, `--diff-rescored` and `--diff-forks` read the adjudicated verdicts (issue #39): a
// human override made with `annotate` moves exactly the overridden pair of the diff, and
// `--verdicts machine` prints the bytes the diff printed before the annotation.
import { beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import statsCommand from '../../../src/cli/statsCommand';
import { annotateAs } from '../fixtures/chefRecord';
import { runCli } from '../fixtures/cliOutput';

const line = (id: string, condition: string, correct: boolean, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    conv_id: id,
    task: 'math',
    task_id: 'm/1',
    assistant_model: 'alpha',
    mode: 'multi',
    condition,
    trace: [
      { role: 'user', content: 'how much did the chef spend' },
      { role: 'assistant', content: correct ? 'The answer is 8' : 'The answer is 120' },
    ],
    is_correct: correct,
    ...extra,
  });

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'il-diff-verdicts-'));
});

function writeLog(folder: string, lines: string[]): string {
  mkdirSync(join(dir, folder), { recursive: true });
  writeFileSync(join(dir, folder, 'run.jsonl'), lines.join('\n') + '\n');
  return join(dir, folder);
}

const override = (logs: string, sidecar: string, convId: string, verdict: 'correct' | 'incorrect') =>
  annotateAs(logs, sidecar, convId, '--verdict', verdict, '--reason', 'checked by hand');

type Flip = { conv_a: string; conv_b: string };
type Diff = { paired: number; instances: Array<{ condition: string; lost: Flip[]; gained: Flip[]; only_to: number }> };
const flips = (d: Diff) =>
  d.instances.flatMap((i) => [
    ...i.lost.map((f) => `${i.condition} lost ${f.conv_a}→${f.conv_b}`),
    ...i.gained.map((f) => `${i.condition} gained ${f.conv_a}→${f.conv_b}`),
  ]);

/** The diff's output before any annotation, after one override (adjudicated, then machine), text and JSON. */
async function beforeAndAfter(args: string[], annotate: (sidecar: string) => Promise<unknown>) {
  const sidecar = join(dir, `${args.join('-').replace(/[^a-z]/g, '')}-annotations.jsonl`);
  const run = (...extra: string[]) => runCli(() => statsCommand.run([...args, '--annotations', sidecar, ...extra]));
  const before = { text: (await run()).out, json: (await run('--json')).out };
  await annotate(sidecar);
  const adjudicated = await run('--json');
  const machine = {
    text: (await run('--verdicts', 'machine')).out,
    json: (await run('--verdicts', 'machine', '--json')).out,
  };
  return { before, adjudicated, machine, defaultText: (await run()).out };
}

describe('stats run diffs read the adjudicated verdicts', () => {
  it('--diff: an override in B moves exactly that pair; machine is the old output', async () => {
    const a = writeLog('a', [
      line('A-orig', 'original', true),
      line('A-ret', 'retained', false),
      line('A-rev', 'revised', true),
    ]);
    const b = writeLog('b', [
      line('B-orig', 'original', false),
      line('B-ret', 'retained', false),
      line('B-rev', 'revised', true),
    ]);
    const r = await beforeAndAfter(['--diff', a, b], (sidecar) => override(b, sidecar, 'B-ret', 'correct'));
    expect(flips(JSON.parse(r.before.json) as Diff)).toEqual(['original lost A-orig→B-orig']);
    expect(flips(JSON.parse(r.adjudicated.out) as Diff)).toEqual([
      'original lost A-orig→B-orig',
      'retained gained A-ret→B-ret',
    ]);
    expect(r.adjudicated.err).toMatch(/verdicts: adjudicated; 1 human verdict override\(s\)/);
    // Nothing else moved: every other instance is as it was, and Retained pairs the same sources.
    const after = JSON.parse(r.adjudicated.out) as Diff;
    const old = JSON.parse(r.before.json) as Diff;
    expect(after.paired).toBe(old.paired);
    expect(after.instances.filter((i) => i.condition !== 'retained')).toEqual(
      old.instances.filter((i) => i.condition !== 'retained'),
    );
    expect(r.machine).toEqual(r.before);
    expect(r.defaultText).not.toBe(r.before.text);
  });

  it('--diff-rescored: an override wins over the re-score on the re-scored side; machine is the old output', async () => {
    const logs = writeLog('rescored', [line('R-orig', 'original', true), line('R-ret', 'retained', false)]);
    // The re-scores as `score --out` writes them: a copy of the log with the new verdicts.
    const copy = join(dir, 'rescored-copy.jsonl');
    writeFileSync(copy, [line('R-orig', 'original', false), line('R-ret', 'retained', true)].join('\n') + '\n');
    const r = await beforeAndAfter(['--diff-rescored', '--logs', logs, '--rescored', copy], (sidecar) =>
      override(logs, sidecar, 'R-orig', 'correct'),
    );
    expect(flips(JSON.parse(r.before.json) as Diff)).toEqual([
      'original lost R-orig→R-orig',
      'retained gained R-ret→R-ret',
    ]);
    expect(flips(JSON.parse(r.adjudicated.out) as Diff)).toEqual(['retained gained R-ret→R-ret']);
    expect(r.machine).toEqual(r.before);
  });

  it('--diff-forks: an override of a fork moves exactly its pair; machine is the old output', async () => {
    const logs = writeLog('forks', [
      line('P-ret', 'retained', false),
      line('P-rev', 'revised', true),
      line('F-ret', 'revised', true, { forked_from: { conv_id: 'P-ret', turn: 1, edit: 'flip-decision' } }),
      line('F-rev', 'retained', true, { forked_from: { conv_id: 'P-rev', turn: 1, edit: 'flip-decision' } }),
    ]);
    const r = await beforeAndAfter(['--diff-forks', '--logs', logs], (sidecar) =>
      override(logs, sidecar, 'F-rev', 'incorrect'),
    );
    const batchFlips = (out: string) => (JSON.parse(out) as { batches: Diff[] }).batches.flatMap((d) => flips(d));
    expect(batchFlips(r.before.json)).toEqual(['retained gained P-ret→F-ret']);
    expect(batchFlips(r.adjudicated.out)).toEqual(['retained gained P-ret→F-ret', 'revised lost P-rev→F-rev']);
    expect(r.machine).toEqual(r.before);
  });
});

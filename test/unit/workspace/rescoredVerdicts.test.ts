// Verdicts with provenance: the overlay says which verdict a view shows and where it came from; the
// sidecar survives a reload; `stats --rescored` reads what `score --out` wrote, by conv_id.
import { describe, it, expect } from 'vitest';
import { mkdtempSync, writeFileSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  VerdictOverlay,
  describeVerdict,
  describeRescoreCounts,
  readVerdictSidecar,
  writeVerdictSidecar,
  VERDICT_SIDECAR,
  VERIFIER_VERSION,
  type RescoredVerdict,
} from '../../../src/core/workspace/verdicts';
import scoreCommand from '../../../src/cli/scoreCommand';
import statsCommand from '../../../src/cli/statsCommand';
import { chefSource } from '../fixtures/chefSource';
import { runCli } from '../fixtures/cliOutput';

const rescored = (conv_id: string, is_correct: boolean | null, previous: boolean | null): RescoredVerdict => ({
  conv_id,
  task_id: 'm/1',
  file: 'run.jsonl',
  is_correct,
  previous,
  extracted: is_correct === null ? null : '8',
  inactive: [],
  message: '',
  verifier: VERIFIER_VERSION,
  scoredAt: 1_700_000_000_000,
});

describe('VerdictOverlay', () => {
  it('shows the logged verdict until a re-score, then the re-score marked against the logged one', () => {
    const o = new VerdictOverlay();
    const seen: string[][] = [];
    o.onChange((ids) => seen.push(ids));
    expect(describeVerdict(o.current({ conv_id: 'a', verdict: 'incorrect' }))).toBe('✗');
    o.set([rescored('a', true, false), rescored('b', false, false), rescored('c', null, true)]);
    const a = o.current({ conv_id: 'a', verdict: 'incorrect' });
    expect(a).toEqual({
      verdict: 'correct',
      provenance: { source: 'rescored', verifier: VERIFIER_VERSION, scoredAt: 1_700_000_000_000 },
      logged: 'incorrect',
    });
    expect(describeVerdict(a)).toBe('✓ re-scored, logged ✗');
    expect(describeVerdict(o.current({ conv_id: 'b', verdict: 'incorrect' }))).toBe('✗ re-scored');
    // A re-score that could not decide keeps the logged verdict.
    expect(describeVerdict(o.current({ conv_id: 'c', verdict: 'correct' }))).toBe('✓');
    expect(describeRescoreCounts(o.all())).toBe('3 re-scored, 1 changed, 1 without a verdict');
    o.clear(['a', 'zzz']);
    expect(seen).toEqual([['a', 'b', 'c'], ['a']]);
    expect(o.current({ conv_id: 'a', verdict: 'incorrect' }).provenance).toEqual({ source: 'logged' });
  });

  it('persists to a sidecar under .intent-lens/ and reads it back whole', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'il-verdicts-'));
    const o = new VerdictOverlay();
    expect(await readVerdictSidecar(dir, o)).toBe(false);
    o.set([rescored('b', false, true), rescored('a', true, false)]);
    await writeVerdictSidecar(dir, o);
    expect(existsSync(join(dir, VERDICT_SIDECAR))).toBe(true);
    const back = new VerdictOverlay();
    expect(await readVerdictSidecar(dir, back)).toBe(true);
    expect(back.all().map((r) => r.conv_id)).toEqual(['a', 'b']);
    expect(back.get('a')).toEqual(o.get('a'));
    writeFileSync(join(dir, VERDICT_SIDECAR), '{"version": 2}');
    await expect(readVerdictSidecar(dir, back)).rejects.toThrow();
  });
});

describe('stats --rescored reads what score --out wrote', () => {
  it('counts the re-scored verdicts, not the logged ones', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'il-rescored-'));
    const record = chefSource;
    const conv = (id: string, answer: string, logged: boolean) =>
      JSON.stringify({
        conv_id: id,
        task: 'math',
        task_id: 'm/1',
        assistant_model: 'alpha',
        mode: 'single',
        trace: [
          { role: 'user', content: record.question },
          { role: 'assistant', content: answer },
        ],
        is_correct: logged,
      });
    writeFileSync(join(dir, 'bench.records.jsonl'), JSON.stringify(record) + '\n');
    // c1 is right but logged wrong (the re-score changes it); c2 is wrong and logged wrong.
    writeFileSync(
      join(dir, 'run.jsonl'),
      [conv('c1', 'The total is 8', false), conv('c2', 'The total is 6', false)].join('\n') + '\n',
    );
    const out = join(dir, 'run.rescored.out');
    expect(
      (
        await runCli(() =>
          scoreCommand.run([
            '--records',
            join(dir, 'bench.records.jsonl'),
            '--logs',
            join(dir, 'run.jsonl'),
            '--out',
            out,
          ]),
        )
      ).code,
    ).toBe(0);
    expect(readFileSync(out, 'utf8')).toContain('"is_correct":true');
    const statsJson = async (extra: string[]) => {
      const run = await runCli(() =>
        statsCommand.run([
          '--records',
          join(dir, 'bench.records.jsonl'),
          '--logs',
          join(dir, 'run.jsonl'),
          '--json',
          ...extra,
        ]),
      );
      expect(run.code).toBe(0);
      const cells = (
        JSON.parse(run.out) as {
          cells: Array<{ model: string; mode: string; condition: string; correct: number; n: number }>;
        }
      ).cells;
      return {
        cell: cells.find((c) => c.model === 'alpha' && c.mode === 'single' && c.condition === 'original')!,
        err: run.err,
      };
    };
    expect((await statsJson([])).cell).toMatchObject({ n: 2, correct: 0 });
    const withRescored = await statsJson(['--rescored', out]);
    expect(withRescored.cell).toMatchObject({ n: 2, correct: 1 });
    expect(withRescored.err).toContain('2 re-scored, 1 changed, 0 without a verdict');
  });
});

// Forks (runs with `forked_from`) in the statistics: never in a Table 1 cell, a paired test or a
// cell's click-through, counted apart, and summarised as a recovery rate against their parents.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import statsCommand from '../../../src/cli/statsCommand';
import { computeStats } from '../../../src/core/stats/computeStats';
import { selectConversations } from '../../../src/core/stats/selectConversations';
import { ref } from './fixtures';
import { runCli } from '../fixtures/cliOutput';

const line = (conv_id: string, condition: string, correct: boolean, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    conv_id,
    task: 'math',
    task_id: 'm/1',
    assistant_model: 'alpha',
    mode: 'multi',
    condition,
    trace: [
      { role: 'user', content: 'how much did the chef spend' },
      { role: 'assistant', content: correct ? 'The answer is 8' : 'The answer is 4' },
    ],
    is_correct: correct,
    ...extra,
  });

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'il-stats-forks-'));
  writeFileSync(
    join(dir, 'run.jsonl'),
    [
      line('orig', 'original', true),
      line('ret', 'retained', false),
      // Two forks of the Retained failure: one recovers, one does not; neither is a Retained run.
      line('fork-a', 'retained', true, { forked_from: { conv_id: 'ret', turn: 3, edit: 'drop-proposal' } }),
      line('fork-b', 'retained', false, {
        forked_from: { conv_id: 'ret', turn: 3, edit: 'replace-user', text: 'keep it' },
      }),
    ].join('\n') + '\n',
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function stats(args: string[]): Promise<{ out: string; err: string }> {
  const run = await runCli(() => statsCommand.run(['--logs', join(dir, 'run.jsonl'), ...args]));
  expect(run.code).toBe(0);
  return run;
}

describe('forks in intent-lens stats', () => {
  it('--json: the Retained cell counts the parent only; the forks are counted apart with their recovery per edit', async () => {
    const json = JSON.parse((await stats(['--json'])).out) as {
      cells: Array<{ mode: string; condition: string; n: number; correct: number }>;
      totals: { conversations: number; forks: number; gridConversations: number };
      forks: Array<Record<string, unknown>>;
    };
    expect(json.cells.find((c) => c.mode === 'multi' && c.condition === 'retained')).toMatchObject({
      n: 1,
      correct: 0,
    });
    expect(json.totals).toMatchObject({ conversations: 2, gridConversations: 2, forks: 2 });
    expect(json.forks).toEqual([
      {
        edit: 'drop-proposal',
        model: 'alpha',
        domain: 'math',
        forks: 1,
        errors: 1,
        recovered: 1,
        rate: 1,
        broken: 0,
        orphans: 0,
      },
      {
        edit: 'replace-user',
        model: 'alpha',
        domain: 'math',
        forks: 1,
        errors: 1,
        recovered: 0,
        rate: 0,
        broken: 0,
        orphans: 0,
      },
    ]);
  });

  it('Markdown: a forks table after the grid, and the count on stderr', async () => {
    const { out, err } = await stats([]);
    expect(out).toContain('| Forks (not in the grid) | model | domain |');
    expect(out).toContain('| drop-proposal | alpha | math | 1 | 1 | 1 | 100.0% | 0 |');
    expect(err).toMatch(/2 conversation\(s\) and 2 fork\(s\) \(not counted in the grid\)/);
  });
});

describe('forks in the core', () => {
  const parent = ref({ conv_id: 'p', model: 'm', task_id: 't/1', condition: 'retained', verdict: 'incorrect' });
  const fork = ref({
    conv_id: 'f',
    model: 'm',
    task_id: 't/1',
    condition: 'retained',
    verdict: 'correct',
    forkedFrom: { conv_id: 'p', turn: 2, edit: 'flip-decision' },
  });
  const orphan = ref({
    conv_id: 'o',
    model: 'm',
    task_id: 't/2',
    condition: 'retained',
    verdict: 'correct',
    forkedFrom: { conv_id: 'gone', turn: 2, edit: 'flip-decision' },
  });

  it('a cell click-through lists the conversations the cell counts, never a fork', () => {
    expect(
      selectConversations([parent, fork], { model: 'm', mode: 'multi', condition: 'retained' }).map((r) => r.conv_id),
    ).toEqual(['p']);
    // An explicit id list is what it names.
    expect(selectConversations([parent, fork], { convIds: ['f'] }).map((r) => r.conv_id)).toEqual(['f']);
  });

  it('computeStats leaves the forks out of the cells and the model filter applies to them too; a fork without its parent is an orphan', async () => {
    const report = await computeStats([parent, fork, orphan]);
    expect(report.cells.find((c) => c.condition === 'retained')).toMatchObject({ n: 1, correct: 0 });
    expect(report.totals.forks).toBe(2);
    expect(report.forks).toEqual([
      {
        edit: 'flip-decision',
        model: 'm',
        domain: 'math',
        forks: 2,
        errors: 1,
        recovered: 1,
        rate: 1,
        broken: 0,
        orphans: 1,
      },
    ]);
    const none = await computeStats([parent, fork, orphan], { models: ['other'] });
    expect(none.totals.forks).toBe(0);
    expect(none.forks).toEqual([]);
  });
});

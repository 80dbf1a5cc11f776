// The dashboard's annotation parts on the host (src/extension/dashboard/dashboardAnnotations.ts):
// the agreement is the core's labelAgreement with each disagreement named (who gave the label, who
// did not, the conversation's task and model, nothing for an orphan), and the override summary is
// the same in either verdict mode (what the overrides change, whichever verdicts are shown).
import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Workspace } from '../../../src/core/workspace/workspace';
import { foldSidecars } from '../../../src/core/annotations/annotationLog';
import { adjudicationSummary, agreementSummary } from '../../../src/extension/dashboard/dashboardAnnotations';

const run = (id: string, condition: string, correct: boolean) =>
  JSON.stringify({
    conv_id: id,
    task: 'math',
    task_id: `m/${id}`,
    assistant_model: 'alpha',
    mode: 'multi',
    condition,
    trace: [
      { role: 'user', content: 'how much' },
      { role: 'assistant', content: 'The answer is 8' },
    ],
    is_correct: correct,
  });

const add = (id: string, conv: string, by: string, kind: string, value: string, reason?: string) =>
  JSON.stringify({
    event: 'add',
    annotation: {
      id,
      conv_id: conv,
      kind,
      value,
      ...(reason ? { reason } : {}),
      by,
      at: '2026-12-04T00:00:00Z',
      basis: { verdict_source: 'logged', log_file: 'run.jsonl', log_line: 1 },
    },
  });

async function workspace(sidecar: string[]): Promise<Workspace> {
  const dir = mkdtempSync(join(tmpdir(), 'il-dash-agreement-'));
  writeFileSync(join(dir, 'run.jsonl'), [run('c1', 'original', false), run('c2', 'retained', true)].join('\n') + '\n');
  const ws = await Workspace.open([join(dir, 'run.jsonl')]);
  ws.annotations.set(foldSidecars([{ file: 'a.jsonl', text: sidecar.join('\n') + '\n' }]));
  return ws;
}

describe('dashboard annotation parts', () => {
  it('names each disagreement: the label, who gave it, who did not, its task and model; an orphan has none', async () => {
    const ws = await workspace([
      add('1', 'c1', 'ann', 'label', 'refusal'),
      add('2', 'c1', 'bob', 'note', 'fine'),
      add('3', 'c2', 'ann', 'note', 'fine'),
      add('4', 'c2', 'bob', 'label', 'formatting'),
      add('5', 'gone', 'ann', 'label', 'refusal'),
      add('6', 'gone', 'bob', 'note', 'fine'),
    ]);
    const g = agreementSummary(ws);
    expect(g.annotators).toEqual(['ann', 'bob']);
    expect(g.labels.map((r) => [r.label, r.n, r.disagreements])).toEqual([
      ['formatting', 3, 1],
      ['refusal', 3, 2],
    ]);
    expect(g.disagreements).toEqual([
      { conv_id: 'c2', label: 'formatting', labelledBy: 'bob', notBy: 'ann', task_id: 'm/c2', model: 'alpha' },
      { conv_id: 'c1', label: 'refusal', labelledBy: 'ann', notBy: 'bob', task_id: 'm/c1', model: 'alpha' },
      { conv_id: 'gone', label: 'refusal', labelledBy: 'ann', notBy: 'bob' },
    ]);
    expect(g.disagreementsTotal).toBe(3);
  });

  it('counts what the overrides change, in either verdict mode', async () => {
    const ws = await workspace([
      add('1', 'c1', 'ann', 'verdict', 'correct', 'comma grouped answer'),
      // Agrees with the machine: an override that changes nothing.
      add('2', 'c2', 'ann', 'verdict', 'correct', 'checked'),
      add('3', 'gone', 'ann', 'verdict', 'correct', 'orphan'),
    ]);
    const summary = { overrides: 2, changedConversations: 1, changedCells: 1 };
    expect(adjudicationSummary(ws, 'adjudicated')).toEqual({ mode: 'adjudicated', ...summary });
    expect(adjudicationSummary(ws, 'machine')).toEqual({ mode: 'machine', ...summary });
    const none = await workspace([add('1', 'c1', 'ann', 'note', 'x')]);
    expect(adjudicationSummary(none, 'adjudicated')).toEqual({
      mode: 'adjudicated',
      overrides: 0,
      changedConversations: 0,
      changedCells: 0,
    });
  });
});

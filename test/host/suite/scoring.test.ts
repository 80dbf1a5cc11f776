// Re-score inside the extension host on the samples workspace: a log file Uri and a tree-style
// argument object both work, and verdicts agree with the samples' logged ones.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activatedApi as api } from './activatedApi';
import type { RescoreSummary } from '../../../src/extension/scoring/registerScoring';

describe('Re-score', () => {
  it('re-scores a log file given as a Uri', async () => {
    const { services } = await api();
    const file = services.data.logs.indexedFiles().find((f) => /[\\/]logs[\\/]math[\\/]model-a\.jsonl$/.test(f));
    assert.ok(file, 'samples/logs/math/model-a.jsonl not indexed');
    const summary = await vscode.commands.executeCommand<RescoreSummary>('intentLens.rescore', vscode.Uri.file(file));
    assert.ok(summary);
    assert.ok(summary.scored > 0);
    assert.equal(summary.scored + summary.unscored, summary.requested);
    assert.equal(summary.changed, 0, "sample verdicts are the verifier's own");
  });

  it('re-scores the runs of one source given as {taskId}', async () => {
    const { services } = await api();
    const taskId = services.data.conversations().find((c) => c.task === 'database' && c.mode !== 'evolving')?.task_id;
    assert.ok(taskId);
    // Runs the SQL in the worker (dist/sqlWorker.js) on samples/databases.
    const summary = await vscode.commands.executeCommand<RescoreSummary>('intentLens.rescore', { taskId });
    assert.ok(summary);
    assert.ok(summary.scored > 0, `no database verdicts: ${JSON.stringify(summary)}`);
    assert.equal(summary.unscored, 0);
    assert.equal(summary.changed, 0);
  });
});

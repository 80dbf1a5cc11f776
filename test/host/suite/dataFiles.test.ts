// The data files as VS Code's own file search finds them: the extension asks one search for its three
// globs (one ripgrep spawned from the extension host instead of three) and splits the answer by glob;
// here against three searches in the real VS Code, and against what the first load indexed.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { EXCLUDED_DIR, searchDataFiles } from '../../../src/extension/data/findDataFiles';
import { activatedApi } from './activatedApi';

const GLOBS = {
  records: '**/*.records.{jsonl,json}',
  logs: '**/logs/**/*.{jsonl,json}',
  evolving: '**/*.evolving.jsonl',
};

async function findEach(glob: string): Promise<string[]> {
  return (await vscode.workspace.findFiles(glob, `**/${EXCLUDED_DIR}/**`)).map((u) => u.fsPath).sort();
}

describe('The data files', () => {
  it('are what one search per glob finds, from one search of all three', async () => {
    const one = await searchDataFiles(GLOBS);
    const [records, logs, evolving] = await Promise.all([
      findEach(GLOBS.records),
      findEach(GLOBS.logs),
      findEach(GLOBS.evolving),
    ]);
    assert.ok(records!.length > 0 && logs!.length > 0, 'the workspace has records and run logs');
    assert.deepEqual(one.records, records);
    assert.deepEqual(one.logs, logs);
    assert.deepEqual(one.evolving, evolving);
  });

  it('are the run logs the first load indexed', async () => {
    const { services } = await activatedApi();
    const one = await searchDataFiles(GLOBS);
    const indexed = new Set(services.data.conversations().map((c) => c.file));
    for (const f of indexed) assert.ok(one.logs.includes(f), `${f} was indexed but the file search did not find it`);
  });
});

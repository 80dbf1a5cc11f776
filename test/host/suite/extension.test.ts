// Runs inside the real extension host (code-server, or VS Code via `npm run test:electron`) with the
// samples workspace open: the extension activates, loads the workspace data, registers its commands.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { IntentLensApi } from '../../../src/extension/extension';

const extensionId = 'intent-lens.intent-lens';

interface ContributedCommand {
  command: string;
}

async function activeApi(): Promise<IntentLensApi> {
  const ext = vscode.extensions.getExtension<IntentLensApi>(extensionId);
  assert.ok(ext, `${extensionId} is not installed in the extension host`);
  const api = await ext.activate();
  assert.ok(api?.services?.data, 'activate() did not return the IntentLensApi');
  return api;
}

describe('Intent Lens extension', () => {
  it('is present and activates on its own in a workspace with records', async () => {
    const ext = vscode.extensions.getExtension<IntentLensApi>(extensionId);
    assert.ok(ext, `${extensionId} is not installed`);
    // workspaceContains:**/*.records.jsonl activates it without any command; wait for that event.
    const deadline = Date.now() + 20000;
    while (!ext.isActive && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    assert.equal(ext.isActive, true, 'not activated by its workspaceContains activation event');
  });

  it('loads the records and run logs of the workspace', async () => {
    const { services } = await activeApi();
    await services.data.ensureLoaded();
    const records = services.data.records();
    assert.ok(records.size > 0, 'no records loaded');
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
    assert.ok(folder, 'no workspace folder open');
    for (const entry of records.values()) {
      assert.ok(entry.file.startsWith(folder), `record ${entry.record.task_id} comes from outside the workspace: ${entry.file}`);
      assert.ok(entry.line >= 1, `record ${entry.record.task_id} has no source line`);
    }
    assert.ok(services.data.conversations().length > 0, 'no conversations indexed from logs/');
  });

  it('registers every command it contributes', async function () {
    const ext = vscode.extensions.getExtension(extensionId);
    assert.ok(ext);
    await activeApi();
    const contributed = ((ext.packageJSON as { contributes?: { commands?: ContributedCommand[] } }).contributes?.commands ?? []).map((c) => c.command);
    if (contributed.length === 0) this.skip();
    for (const id of contributed) assert.ok(id.startsWith('intentLens.'), `contributed command outside the intentLens. namespace: ${id}`);
    const registered = new Set((await vscode.commands.getCommands(true)).filter((c) => c.startsWith('intentLens.')));
    const missing = contributed.filter((id) => !registered.has(id));
    assert.deepEqual(missing, [], `contributed but not registered: ${missing.join(', ')}`);
  });
});

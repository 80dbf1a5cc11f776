// Runs inside the real extension host (code-server, or VS Code via `npm run test:electron`) with the
// samples workspace open: the extension activates, loads the workspace data, registers its commands.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { IntentLensApi } from '../../../src/extension/extension';

const extensionId = 'intent-lens.intent-lens';

/** The parts of package.json `contributes` these tests read. */
interface Contributes {
  commands?: { command: string }[];
  viewsContainers?: { activitybar?: { id: string }[] };
  views?: Record<string, { id: string }[]>;
  menus?: Record<string, { command?: string }[]>;
  keybindings?: { command: string }[];
}

/**
 * What the extension must contribute, written out here rather than read from package.json: a view
 * or container dropped from the manifest then fails the suite instead of shrinking what it checks.
 */
const EXPECTED_VIEWS: Record<string, string[]> = { intentLens: ['intentLens.sources'] };

function contributesOf(ext: vscode.Extension<unknown>): Contributes {
  return (ext.packageJSON as { contributes?: Contributes }).contributes ?? {};
}

async function registeredCommands(): Promise<Set<string>> {
  return new Set(await vscode.commands.getCommands(true));
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
      assert.ok(
        entry.file.startsWith(folder),
        `record ${entry.record.task_id} comes from outside the workspace: ${entry.file}`,
      );
      assert.ok(entry.line >= 1, `record ${entry.record.task_id} has no source line`);
    }
    assert.ok(services.data.conversations().length > 0, 'no conversations indexed from logs/');
  });

  it('registers every command it contributes', async () => {
    const ext = vscode.extensions.getExtension(extensionId);
    assert.ok(ext);
    await activeApi();
    const contributed = (contributesOf(ext).commands ?? []).map((c) => c.command);
    // An empty list would pass the check below vacuously: a manifest without commands is a failure.
    assert.ok(contributed.length > 0, 'package.json contributes no commands');
    for (const id of contributed)
      assert.ok(id.startsWith('intentLens.'), `contributed command outside the intentLens. namespace: ${id}`);
    const registered = await registeredCommands();
    const missing = contributed.filter((id) => !registered.has(id));
    assert.deepEqual(missing, [], `contributed but not registered: ${missing.join(', ')}`);
  });

  it('contributes its view container and views, and VS Code created each view', async () => {
    const ext = vscode.extensions.getExtension(extensionId);
    assert.ok(ext);
    await activeApi();
    const contributes = contributesOf(ext);
    const containers = (contributes.viewsContainers?.activitybar ?? []).map((c) => c.id);
    const registered = await registeredCommands();
    for (const [container, views] of Object.entries(EXPECTED_VIEWS)) {
      assert.ok(containers.includes(container), `no activity-bar container ${container} in package.json`);
      // VS Code adds `workbench.view.extension.<container>` for a container it loaded.
      assert.ok(
        registered.has(`workbench.view.extension.${container}`),
        `VS Code did not create the view container ${container}`,
      );
      const contributed = (contributes.views?.[container] ?? []).map((v) => v.id);
      const absent = views.filter((id) => !contributed.includes(id));
      assert.deepEqual(absent, [], `views missing from container ${container} in package.json: ${absent.join(', ')}`);
    }
    // VS Code adds `<view>.focus` for every view it created from the manifest; focusing one opens it.
    const allViews = Object.values(contributes.views ?? {}).flatMap((vs) => vs.map((v) => v.id));
    const unknown = allViews.filter((id) => !registered.has(`${id}.focus`));
    assert.deepEqual(unknown, [], `views VS Code did not create: ${unknown.join(', ')}`);
    for (const id of allViews) await vscode.commands.executeCommand(`${id}.focus`);
  });

  it('registers every command its menus and keybindings name', async () => {
    const ext = vscode.extensions.getExtension(extensionId);
    assert.ok(ext);
    await activeApi();
    const contributes = contributesOf(ext);
    const named = [
      ...Object.values(contributes.menus ?? {}).flatMap((items) => items.map((i) => i.command)),
      ...(contributes.keybindings ?? []).map((k) => k.command),
    ].filter((id): id is string => !!id && id.startsWith('intentLens.'));
    assert.ok(named.length > 0, 'package.json menus and keybindings name no Intent Lens command');
    const registered = await registeredCommands();
    const missing = [...new Set(named.filter((id) => !registered.has(id)))];
    assert.deepEqual(missing, [], `named in menus or keybindings but not registered: ${missing.join(', ')}`);
  });
});

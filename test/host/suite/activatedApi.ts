// The extension's API in the host suite: activated, with the workspace's first load finished.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { IntentLensApi } from '../../../src/extension/extension';

export async function activatedApi(): Promise<IntentLensApi> {
  const ext = vscode.extensions.getExtension<IntentLensApi>('intent-lens.intent-lens');
  assert.ok(ext);
  const a = await ext.activate();
  await a.services.data.ensureLoaded();
  return a;
}

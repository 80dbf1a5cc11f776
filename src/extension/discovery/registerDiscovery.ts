// Finding the data: JSON Lines / JSON files that look like records, run logs or plans but match
// none of the globs are reported (a Sources view welcome when nothing loaded, a notification
// otherwise), with "Include These Files", which widens the workspace's glob settings.
import * as vscode from 'vscode';
import { stat } from 'node:fs/promises';
import type { ExtensionServices } from '../services';
import { detectFileKind, type DataFileKind } from '../../core/load/dataFiles';
import { includeFiles } from './includeGlobs';
import { COMMANDS } from '../commandIds';
import { updateSetting } from '../settings/settings';
import { globInUse } from '../data/globSettings';

const CONTEXT_KEY = 'intentLens.unmatchedData';
/** A `.json` file is parsed whole to tell its kind: skip very large ones. */
const MAX_JSON_BYTES = 20 * 1024 * 1024;
const MAX_CANDIDATES = 2000;

const SETTING: Record<DataFileKind, 'recordsGlob' | 'logsGlob' | 'evolvingGlob'> = {
  records: 'recordsGlob',
  logs: 'logsGlob',
  evolving: 'evolvingGlob',
};
const NOUN: Record<DataFileKind, string> = {
  records: 'records file',
  logs: 'run log',
  evolving: 'evolving-intent plan',
};

interface Unmatched {
  uri: vscode.Uri;
  kind: DataFileKind;
}

export function registerDiscovery(services: ExtensionServices): void {
  const { context, data, output } = services;
  let found: Unmatched[] = [];
  let announced = '';
  let timer: NodeJS.Timeout | undefined;

  const scan = async () => {
    await data.ensureLoaded();
    const known = new Set(data.dataFiles().map((f) => f.path));
    const candidates = await vscode.workspace.findFiles(
      '**/*.{jsonl,json}',
      '**/{node_modules,.git,.vscode,.intent-lens,dist,out}/**',
      MAX_CANDIDATES,
    );
    const next: Unmatched[] = [];
    for (const uri of candidates) {
      if (known.has(uri.fsPath) || /(^|\/)(package|package-lock|tsconfig|jsconfig)\.json$/.test(uri.path)) continue;
      try {
        if (uri.path.endsWith('.json') && (await stat(uri.fsPath)).size > MAX_JSON_BYTES) continue;
        const kind = await detectFileKind(uri.fsPath);
        if (kind) next.push({ uri, kind });
      } catch {
        /* unreadable: not ours to report */
      }
    }
    found = next;
    void vscode.commands.executeCommand('setContext', CONTEXT_KEY, found.length > 0);
    const key = found.map((f) => f.uri.fsPath).join('\n');
    if (!found.length || key === announced) return;
    announced = key;
    output.appendLine(
      `[discovery] ${found.length} data file(s) outside the globs: ${found.map((f) => vscode.workspace.asRelativePath(f.uri)).join(', ')}`,
    );
    const choice = await vscode.window.showInformationMessage(
      `Intent Lens: ${describe(found)} match none of the data globs, so they are not shown.`,
      'Include These Files',
      'Open Settings',
    );
    if (choice === 'Include These Files') await include();
    else if (choice === 'Open Settings')
      await vscode.commands.executeCommand('workbench.action.openWorkspaceSettings', 'intentLens glob');
  };

  const include = async () => {
    if (!found.length)
      return void vscode.window.showInformationMessage(
        'Intent Lens: every data file in this workspace already matches a glob.',
      );
    for (const kind of ['records', 'logs', 'evolving'] as const) {
      const files = found.filter((f) => f.kind === kind).map((f) => vscode.workspace.asRelativePath(f.uri, false));
      if (!files.length) continue;
      const key = SETTING[kind];
      // A refused glob is not in use (the default is): widen what is.
      await updateSetting(key, includeFiles(globInUse(kind), files), vscode.ConfigurationTarget.Workspace);
    }
    void vscode.window.showInformationMessage(`Intent Lens: included ${describe(found)} (workspace settings updated).`);
    // The data reloads on the settings change; the next scan clears the notice.
  };

  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(
      () =>
        void scan().catch((e: unknown) =>
          output.appendLine(`[discovery] ${e instanceof Error ? e.message : String(e)}`),
        ),
      500,
    );
  };
  const watcher = vscode.workspace.createFileSystemWatcher('**/*.{jsonl,json}', false, true, false);
  context.subscriptions.push(
    vscode.commands.registerCommand(COMMANDS.includeDiscoveredFiles, include),
    data.onDidChange(schedule),
    watcher,
    watcher.onDidCreate(schedule),
    watcher.onDidDelete(schedule),
    { dispose: () => clearTimeout(timer) },
  );
  schedule();
}

function describe(found: readonly Unmatched[]): string {
  const parts: string[] = [];
  for (const kind of ['logs', 'records', 'evolving'] as const) {
    const n = found.filter((f) => f.kind === kind).length;
    if (n) parts.push(`${n} ${NOUN[kind]}${n === 1 ? '' : 's'}`);
  }
  const examples = found.slice(0, 3).map((f) => vscode.workspace.asRelativePath(f.uri));
  return `${parts.join(', ')} (${examples.join(', ')}${found.length > 3 ? ', …' : ''})`;
}

// The runner feature: "Run Instance…" (quick picks, or arguments from the tree's context menu),
// "Set API Key" (SecretStorage), and the Test Explorer controller over sources × instances.
import * as vscode from 'vscode';
import type { ExtensionServices } from '../services';
import { baseInstances, extendedInstances, instanceLabel, type InstanceSpec } from '../../core/render/instances';
import type { RecordEntry } from '../data/workspaceData';
import { RunAbortedError } from '../../core/simulator/runInstance';
import { pickProviderConfig, setApiKeyCommand } from './providerSettings';
import { describeRunError, runOneInstance, runsOutputChannel, type RunOutcome } from './runSession';
import { registerInstanceTests } from './instanceTests';
import { COMMANDS } from '../commandIds';
import { readCommandTarget } from '../commandTarget';

/** Arguments of intentLens.runInstance: `{taskId, mode, condition, path?, k?, providerId?}`, or a tree node carrying them (or `args`). */
export interface RunInstanceArgs {
  taskId: string;
  mode?: InstanceSpec['mode'];
  condition?: InstanceSpec['condition'];
  path?: InstanceSpec['path'];
  k?: number;
  providerId?: string;
}

function parseArgs(raw: unknown): RunInstanceArgs | undefined {
  const t = readCommandTarget(raw, { stringIs: 'taskId' });
  if (!t.taskId) return undefined;
  return {
    taskId: t.taskId,
    // An InstanceSpec is multi or single; an evolving-intent item's mode leaves the pick to the user.
    ...(t.mode === 'multi' || t.mode === 'single' ? { mode: t.mode } : {}),
    ...(t.condition ? { condition: t.condition } : {}),
    ...(t.path ? { path: t.path, k: t.k ?? 0 } : {}),
    ...(t.providerId ? { providerId: t.providerId } : {}),
  };
}

async function pickRecord(services: ExtensionServices): Promise<RecordEntry | undefined> {
  await services.data.ensureLoaded();
  const records = [...services.data.records().values()].sort((a, b) => a.record.task_id.localeCompare(b.record.task_id));
  if (records.length === 0) {
    void vscode.window.showInformationMessage('Intent Lens: no records (*.records.jsonl) in this workspace.');
    return undefined;
  }
  const pick = await vscode.window.showQuickPick(
    records.map((r) => ({ label: r.record.task_id, description: r.record.task, detail: r.record.intent ? `${r.record.intent.requirement}: ${r.record.intent.original} → ${r.record.intent.revised}` : 'LiC record (original instances only)', entry: r })),
    { title: 'Intent Lens: Run Instance (1/3) — source', matchOnDescription: true, matchOnDetail: true },
  );
  return pick?.entry;
}

async function pickInstance(rec: RecordEntry): Promise<InstanceSpec | undefined> {
  const specs = [...baseInstances(rec.record), ...extendedInstances(rec.record)];
  const pick = await vscode.window.showQuickPick(
    specs.map((spec) => ({ label: instanceLabel(spec), description: spec.path ? 'extended path' : spec.mode === 'multi' ? 'multi-turn' : 'single-turn', spec })),
    { title: `Intent Lens: Run Instance (2/3) — instance of ${rec.record.task_id}` },
  );
  return pick?.spec;
}

export async function runInstanceCommand(services: ExtensionServices, rawArgs?: unknown): Promise<RunOutcome | undefined> {
  if (!vscode.workspace.isTrusted) {
    void vscode.window.showWarningMessage('Intent Lens does not call model providers in an untrusted workspace. Trust the workspace to run instances.', 'Manage Workspace Trust').then((c) => {
      if (c) void vscode.commands.executeCommand('workbench.trust.manage');
    });
    return undefined;
  }
  const args = parseArgs(rawArgs);
  await services.data.ensureLoaded();
  const record = args ? services.data.record(args.taskId) : await pickRecord(services);
  if (!record) {
    if (args) void vscode.window.showErrorMessage(`Intent Lens: no record with task_id ${args.taskId} is loaded.`);
    return undefined;
  }
  const spec: InstanceSpec | undefined = args?.mode && args.condition ? { mode: args.mode, condition: args.condition, ...(args.path ? { path: args.path, k: args.k ?? 0 } : {}) } : await pickInstance(record);
  if (!spec) return undefined;
  const preferred = args?.providerId ?? (args ? vscode.workspace.getConfiguration('intentLens').get<string>('runs.defaultProvider', '') || undefined : undefined);
  const cfg = await pickProviderConfig(preferred);
  if (!cfg) return undefined;
  const label = `${record.record.task_id} · ${spec.mode} ${instanceLabel(spec)}`;
  runsOutputChannel().show(true);
  try {
    const outcome = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: `Intent Lens: ${label}`, cancellable: true }, async (progress, token) => {
      const abort = new AbortController();
      const sub = token.onCancellationRequested(() => abort.abort());
      try {
        return await runOneInstance(services, { record, spec }, cfg, {
          signal: abort.signal,
          onProgress: (p) => {
            if (p.type === 'user') progress.report({ message: `turn ${p.turn}${p.plannedTurns > 1 ? ` of ~${p.plannedTurns}` : ''}: ${p.event ?? (p.shardId !== undefined ? `shard ${p.shardId}` : p.source)}` });
            else if (p.type === 'simulator-start') progress.report({ message: `turn ${p.turn}: user simulator…` });
            else if (p.type === 'assistant-start') progress.report({ message: `turn ${p.turn}: waiting for ${cfg.model}…` });
            else if (p.type === 'scored') progress.report({ message: 'scored' });
          },
        });
      } finally {
        sub.dispose();
      }
    });
    const v = outcome.report.verdict;
    void vscode.window.showInformationMessage(`Intent Lens: ${label} — ${v}${v === 'incorrect' ? ` (extracted ${outcome.report.extracted}, reference ${outcome.report.reference})` : ''}${outcome.report.inactive.length ? `; inactive content: ${outcome.report.inactive.length}` : ''}`);
    return outcome;
  } catch (e) {
    if (e instanceof RunAbortedError) {
      void vscode.window.showInformationMessage(`Intent Lens: ${label} cancelled; nothing was written.`);
      return undefined;
    }
    void vscode.window.showErrorMessage(`Intent Lens: ${label} failed: ${describeRunError(e)}`);
    return undefined;
  }
}

export function registerRunner(services: ExtensionServices): void {
  const { context } = services;
  context.subscriptions.push(
    vscode.commands.registerCommand(COMMANDS.runInstance, (args?: unknown) => runInstanceCommand(services, args)),
    vscode.commands.registerCommand(COMMANDS.setApiKey, () => setApiKeyCommand(context.secrets)),
    registerInstanceTests(services),
    runsOutputChannel(),
  );
}

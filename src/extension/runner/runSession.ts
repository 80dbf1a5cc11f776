// Runs one instance inside VS Code: trust check, providers (keys from SecretStorage), the
// conversation streamed into the "Intent Lens: Runs" output channel, and one line appended to a
// log under the workspace (`intentLens.runs.outputFolder`), which the tree's watcher picks up.
import * as vscode from 'vscode';
import { isAbsolute, join } from 'node:path';
import type { ExtensionServices } from '../services';
import type { RecordEntry } from '../data/workspaceData';
import { instanceLabel, type InstanceSpec } from '../../core/render/instances';
import type { ProviderConfig } from '../../core/providers/providerConfig';
import { ProviderError, redactUrl } from '../../core/providers/providerErrors';
import { runInstanceToLog } from '../../core/simulator/runToLog';
import { RunAbortedError } from '../../core/simulator/runInstance';
import { generationSettingsOf } from '../../core/simulator/runPlan';
import { verifierScorer } from '../../core/simulator/verifierScorer';
import { reportRun, type RunReport } from '../../core/simulator/runReport';
import type { RunInstanceResult, RunProgress } from '../../core/simulator/runTypes';
import { createProvider, readProviderConfigs } from './providerSettings';
import { CostMeter, meteredProvider } from '../../core/cost/meteredProvider';
import { priceTable, responseCache } from './costSettings';
import { setting, settingDefault } from '../settings/settings';
import { verifyOptionsFor } from '../settings/verifySettings';

export class UntrustedWorkspaceError extends Error {
  constructor() {
    super('Intent Lens does not call model providers in an untrusted workspace. Trust the workspace to run instances.');
    this.name = 'UntrustedWorkspaceError';
  }
}

export interface RunTarget {
  record: RecordEntry;
  spec: InstanceSpec;
}

export interface RunOutcome {
  result: RunInstanceResult;
  report: RunReport;
  outFile: string;
}

export interface RunHooks {
  signal: AbortSignal;
  onProgress?: (p: RunProgress) => void;
  /** Plain text of the conversation as it unfolds (also written to the output channel). */
  onText?: (text: string) => void;
}

/** A model id as a file name: `org/model:tag` → `org_model_tag`. */
export function fileNameForModel(model: string): string {
  return model.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^\.+/, '_') || 'model';
}

/** `<workspace folder of nearFile>/<intentLens.runs.outputFolder>` */
export function runsFolder(nearFile: string): string {
  const folderSetting = setting('runs.outputFolder') || 'logs/runs';
  const ws = vscode.workspace.getWorkspaceFolder(vscode.Uri.file(nearFile)) ?? vscode.workspace.workspaceFolders?.[0];
  if (!ws && !isAbsolute(folderSetting)) throw new Error('open a workspace folder to write run logs into');
  return isAbsolute(folderSetting) ? folderSetting : join(ws!.uri.fsPath, folderSetting);
}

/** `<workspace folder>/<intentLens.runs.outputFolder>/<task>/<model>.jsonl` */
export function outputFileFor(record: RecordEntry, model: string): string {
  return join(runsFolder(record.file), record.record.task, `${fileNameForModel(model)}.jsonl`);
}

let runsChannel: vscode.OutputChannel | undefined;
export function runsOutputChannel(): vscode.OutputChannel {
  return (runsChannel ??= vscode.window.createOutputChannel('Intent Lens: Runs'));
}

/** The simulator's provider: `intentLens.runs.simulatorProvider` (default: the assistant's). */
export function simulatorConfig(assistantCfg: ProviderConfig): { cfg: ProviderConfig; model: string } {
  const id = setting('runs.simulatorProvider');
  const cfg = (id && readProviderConfigs().providers.find((p) => p.id === id)) || assistantCfg;
  const model = setting('runs.simulatorModel') || cfg.model;
  return { cfg, model };
}

export async function runOneInstance(
  services: ExtensionServices,
  target: RunTarget,
  providerCfg: ProviderConfig,
  hooks: RunHooks,
): Promise<RunOutcome> {
  // Checked again here, not only in the commands: every path to a provider call goes through this.
  if (!vscode.workspace.isTrusted) throw new UntrustedWorkspaceError();
  const { record, spec } = target;
  const secrets = services.context.secrets;
  // Metered (cost_usd from intentLens.prices) and answered from the response cache when one is set.
  const meter = new CostMeter(priceTable());
  const cache = responseCache();
  const assistant = meteredProvider(await createProvider(providerCfg, secrets), meter, cache);
  const sim = simulatorConfig(providerCfg);
  const simulator =
    spec.mode === 'multi'
      ? meteredProvider(await createProvider(sim.cfg, secrets, { model: sim.model }), meter, cache)
      : undefined;
  const out = outputFileFor(record, assistant.model);
  const channel = runsOutputChannel();
  const write = (s: string) => {
    channel.append(s);
    hooks.onText?.(s);
  };
  const label = `${record.record.task_id} · ${spec.mode} ${instanceLabel(spec)}`;
  write(
    `\n━━ ${label} · ${assistant.model} (${providerCfg.id})${simulator ? ` · simulator ${simulator.model}` : ''} · ${new Date().toISOString()}\n`,
  );
  let streaming = false;
  const onProgress = (p: RunProgress) => {
    hooks.onProgress?.(p);
    switch (p.type) {
      case 'user': {
        const tag = p.event
          ? `${p.event}`
          : p.shardId !== undefined
            ? `shard ${p.shardId}`
            : p.source === 'prompt'
              ? 'prompt'
              : 'no shard';
        write(
          `\n[user ${p.turn} · ${tag}${p.source === 'fallback' ? ` · fallback (${p.fallbackReason ?? ''})` : p.source === 'simulator' ? ' · simulated' : ''}]\n${p.content}\n`,
        );
        break;
      }
      case 'assistant-start':
        write(`\n[assistant ${p.turn}]\n`);
        streaming = false;
        break;
      case 'assistant-token':
        streaming = true;
        write(p.delta);
        break;
      case 'assistant':
        if (!streaming) write(p.text);
        write('\n');
        break;
      case 'scored':
      case 'simulator-start':
        break;
    }
  };
  try {
    const result = await runInstanceToLog(
      {
        record: record.record,
        spec,
        assistant,
        ...(simulator ? { simulator } : {}),
        scoreFinal: verifierScorer(verifyOptionsFor(record)),
        assistantSettings: generationSettingsOf(providerCfg),
        costMeter: meter,
        signal: hooks.signal,
        onProgress,
        extraFields: {
          runner: 'intent-lens vscode',
          ...(providerCfg.baseUrl ? { assistant_base_url: redactUrl(providerCfg.baseUrl) } : {}),
        },
      },
      out,
    );
    const report = reportRun(record.record, spec, result);
    write(`\n${report.text}${meter.costUsd !== undefined ? `\ncost: $${meter.costUsd.toFixed(4)}` : ''}\n→ ${out}\n`);
    // The watcher would pick the line up too, but a new folder's first file can be missed or seen
    // late; the data service's queue makes both paths index the append once.
    services.data.notifyChanged(out);
    warnIfOutsideLogsGlob(out);
    return { result, report, outFile: out };
  } catch (e) {
    if (e instanceof RunAbortedError) write('\n✖ cancelled: nothing was written\n');
    else write(`\n✖ failed, nothing was written: ${e instanceof Error ? e.message : String(e)}\n`);
    throw e;
  }
}

let warnedGlob = false;
function warnIfOutsideLogsGlob(file: string): void {
  const glob = setting('logsGlob');
  if (warnedGlob || glob !== settingDefault('logsGlob') || /[\\/]logs[\\/]/.test(file)) return;
  warnedGlob = true;
  void vscode.window.showWarningMessage(
    `Intent Lens: runs are written to ${file}, which the logs glob (${glob}) does not cover, so the tree will not show them. Change "intentLens.runs.outputFolder" or "intentLens.logsGlob".`,
  );
}

export function describeRunError(e: unknown): string {
  if (e instanceof ProviderError || e instanceof UntrustedWorkspaceError) return e.message;
  return e instanceof Error ? e.message : String(e);
}

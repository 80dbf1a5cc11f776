// Runs forks inside VS Code: trust check, providers (keys from SecretStorage), metered and cached as
// the settings say, each fork appended to `<runs folder>/forks/<edit>.jsonl` and announced to the
// data service so the tree shows it under its parent. One path for one fork and for a batch.
import * as vscode from 'vscode';
import { join } from 'node:path';
import type { ExtensionServices } from '../services';
import type { ProviderConfig } from '../../core/providers/providerConfig';
import { ProviderError, redactUrl } from '../../core/providers/providerErrors';
import type { ChatProvider } from '../../core/providers/chatProvider';
import { generationSettingsOf } from '../../core/simulator/runPlan';
import { verifierScorer } from '../../core/simulator/verifierScorer';
import { RunAbortedError } from '../../core/simulator/runInstance';
import { describeEdit, type ForkEdit } from '../../core/fork/forkPlan';
import { runForkBatch, type ForkBatchItem, type ForkBatchResult, type ForkJob } from '../../core/fork/forkBatch';
import { CostMeter, meteredProvider } from '../../core/cost/meteredProvider';
import { addCost } from '../../core/cost/priceTable';
import { createProvider } from '../runner/providerSettings';
import {
  UntrustedWorkspaceError,
  describeRunError,
  runsFolder,
  runsOutputChannel,
  simulatorConfig,
} from '../runner/runSession';
import { priceTable, responseCache } from '../runner/costSettings';
import { setting } from '../settings/settings';
import { verifyOptionsFor } from '../settings/verifySettings';
import { verdictOfBoolean } from '../../shared/verdicts';

export interface ForkRunOptions {
  jobs: readonly ForkJob[];
  edit: ForkEdit;
  turn?: number;
  providerCfg: ProviderConfig;
  /** `logged`: each parent's assistant model; else this model. */
  model: 'logged' | string;
  concurrency?: number;
  signal: AbortSignal;
  onItem?(item: ForkBatchItem, done: number, total: number): void;
}

export interface ForkRunOutcome extends ForkBatchResult {
  outFile: string;
  costUsd: number | undefined;
}

export function forkOutputFile(nearFile: string, edit: ForkEdit): string {
  return join(runsFolder(nearFile), 'forks', `${edit.kind}.jsonl`);
}

export async function runForks(services: ExtensionServices, opts: ForkRunOptions): Promise<ForkRunOutcome> {
  // Checked here, not only in the commands: every path to a provider call goes through this.
  if (!vscode.workspace.isTrusted) throw new UntrustedWorkspaceError();
  const first = opts.jobs[0];
  if (!first) return { items: [], pairs: [], outFile: '', costUsd: undefined };
  const out = forkOutputFile(services.data.record(first.record.task_id)?.file ?? first.parent.file, opts.edit);
  const secrets = services.context.secrets;
  const prices = priceTable();
  const cache = responseCache();
  const sim = simulatorConfig(opts.providerCfg);
  const simModelSetting = setting('runs.simulatorModel');
  // Providers are created once per model (SecretStorage reads, VS Code LM selection), then metered per fork.
  const made = new Map<string, Promise<ChatProvider>>();
  const provider = (cfg: ProviderConfig, model: string) => {
    const key = `${cfg.id}\u0000${model}`;
    let p = made.get(key);
    if (!p) made.set(key, (p = createProvider(cfg, secrets, { model })));
    return p;
  };
  const channel = runsOutputChannel();
  channel.appendLine(
    `\n━━ fork ${opts.jobs.length} conversation(s): ${opts.edit.kind}${opts.turn ? ` at U${opts.turn}` : ''} · ${opts.providerCfg.id} · ${new Date().toISOString()}`,
  );
  let costUsd: number | undefined;
  const scoreCache = new Map<string, ReturnType<typeof verifierScorer>>();
  // One scorer per databases folder; the options are Run's and Re-score's (settings/verifySettings.ts).
  const scorerFor = (taskId: string) => {
    const options = verifyOptionsFor(services.data.record(taskId));
    const key = options.databasesDir ?? '';
    let s = scoreCache.get(key);
    if (!s) scoreCache.set(key, (s = verifierScorer(options)));
    return s;
  };
  // Providers are resolved before the batch starts so that a missing key fails once, up front.
  const resolved = new Map<string, { assistant: ChatProvider; simulator: ChatProvider }>();
  for (const job of opts.jobs) {
    const entry = await services.data.readConversation(job.parent.conv_id);
    if (!entry) continue;
    const model = opts.model === 'logged' ? (entry.entry.assistant_model ?? opts.providerCfg.model) : opts.model;
    const logged = entry.entry.user_model && entry.entry.user_model !== 'none' ? entry.entry.user_model : undefined;
    const simModel = simModelSetting || logged || sim.model;
    const key = `${model}\u0000${simModel}`;
    if (!resolved.has(key))
      resolved.set(key, {
        assistant: await provider(opts.providerCfg, model),
        simulator: await provider(sim.cfg, simModel),
      });
  }
  const result = await runForkBatch({
    index: services.data.logs,
    jobs: opts.jobs,
    edit: opts.edit,
    ...(opts.turn !== undefined ? { turn: opts.turn } : {}),
    providersFor: (parent) => {
      const model = opts.model === 'logged' ? (parent.assistant_model ?? opts.providerCfg.model) : opts.model;
      const logged = parent.user_model && parent.user_model !== 'none' ? parent.user_model : undefined;
      const pair = resolved.get(`${model}\u0000${simModelSetting || logged || sim.model}`)!;
      const meter = new CostMeter(prices);
      return {
        assistant: meteredProvider(pair.assistant, meter, cache),
        simulator: meteredProvider(pair.simulator, meter, cache),
        meter,
      };
    },
    assistantSettings: generationSettingsOf(opts.providerCfg),
    scoreFinal: (record, spec, text) => scorerFor(record.task_id)(record, spec, text),
    concurrency: opts.concurrency ?? 1,
    out,
    signal: opts.signal,
    extraFields: {
      runner: 'intent-lens vscode fork',
      ...(opts.providerCfg.baseUrl ? { assistant_base_url: redactUrl(opts.providerCfg.baseUrl) } : {}),
    },
    isFatal: (e) =>
      e instanceof ProviderError && (e.kind === 'auth' || e.kind === 'not-found' || e.kind === 'connection'),
    onItem: (item, done, total) => {
      const tag = `[${done}/${total}] ${item.parent.task_id} · ${item.parent.model} · ${item.parent.conv_id}`;
      if (item.status === 'forked') {
        costUsd = addCost(costUsd, item.costUsd);
        const v = verdictOfBoolean(item.result.score.is_correct);
        channel.appendLine(
          `${tag}: ${describeEdit(item.result.plan.forkedFrom)} → ${v} (parent ${item.parent.verdict}) → ${item.result.entry.conv_id}`,
        );
        // Announce each fork as it lands: the tree shows it under its parent right away.
        services.data.notifyChanged(out);
      } else if (item.status === 'already') channel.appendLine(`${tag}: already forked as ${item.fork.conv_id}`);
      else
        channel.appendLine(
          `${tag}: ${item.status === 'failed' ? 'FAILED, nothing written' : 'skipped'}: ${item.message}`,
        );
      opts.onItem?.(item, done, total);
    },
  });
  channel.appendLine(
    `→ ${out}${costUsd !== undefined ? ` · cost $${costUsd.toFixed(4)}` : ''}${cache ? ` · cache ${cache.hits} hit(s) / ${cache.misses} miss(es)` : ''}`,
  );
  return { ...result, outFile: out, costUsd };
}

/** Runs forks under a cancellable progress notification; a failure is shown, a cancellation is not. */
export async function runForksWithProgress(
  services: ExtensionServices,
  title: string,
  opts: Omit<ForkRunOptions, 'signal' | 'onItem'>,
): Promise<ForkRunOutcome | undefined> {
  try {
    return await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title, cancellable: true },
      async (progress, token) => {
        const abort = new AbortController();
        const sub = token.onCancellationRequested(() => abort.abort());
        try {
          return await runForks(services, {
            ...opts,
            signal: abort.signal,
            onItem: (_item, done, total) => progress.report({ message: `${done} of ${total}`, increment: 100 / total }),
          });
        } finally {
          sub.dispose();
        }
      },
    );
  } catch (e) {
    if (e instanceof RunAbortedError) return undefined;
    void vscode.window.showErrorMessage(`Intent Lens: ${title} failed: ${describeRunError(e)}`);
    return undefined;
  }
}

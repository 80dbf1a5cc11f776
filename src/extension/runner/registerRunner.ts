// The runner feature: "Run Instance…" (quick picks, or arguments from the tree's context menu),
// "Set API Key" (SecretStorage), and the Test Explorer controller over sources × instances.
import * as vscode from 'vscode';
import type { ExtensionServices } from '../services';
import {
  baseInstances,
  extendedInstances,
  instanceLabel,
  renderInstance,
  type InstanceSpec,
} from '../../core/render/instances';
import { addEstimates, emptyEstimate, estimateRun } from '../../core/cost/estimate';
import { confirmManyConversations } from './costSettings';
import type { RecordEntry } from '../data/workspaceData';
import { RunAbortedError } from '../../core/simulator/runInstance';
import { pickProviderConfig, setApiKeyCommand } from './providerSettings';
import { describeRunError, runOneInstance, runsOutputChannel, type RunOutcome } from './runSession';
import { registerInstanceTests } from './instanceTests';
import { COMMANDS } from '../commandIds';
import { readCommandTarget } from '../commandTarget';
import { defaultProviderId } from '../settings/settings';
import { VERDICT_MARKS } from '../../shared/verdicts';

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
  const records = [...services.data.records().values()].sort((a, b) =>
    a.record.task_id.localeCompare(b.record.task_id),
  );
  if (records.length === 0) {
    void vscode.window.showInformationMessage('Intent Lens: no records (*.records.jsonl) in this workspace.');
    return undefined;
  }
  const pick = await vscode.window.showQuickPick(
    records.map((r) => ({
      label: r.record.task_id,
      description: r.record.task,
      detail: r.record.intent
        ? `${r.record.intent.requirement}: ${r.record.intent.original} → ${r.record.intent.revised}`
        : 'LiC record (original instances only)',
      entry: r,
    })),
    { title: 'Intent Lens: Run Instance (1/3) — source', matchOnDescription: true, matchOnDetail: true },
  );
  return pick?.entry;
}

async function pickInstance(rec: RecordEntry): Promise<InstanceSpec | undefined> {
  const specs = [...baseInstances(rec.record), ...extendedInstances(rec.record)];
  const pick = await vscode.window.showQuickPick(
    specs.map((spec) => ({
      label: instanceLabel(spec),
      description: spec.path ? 'extended path' : spec.mode === 'multi' ? 'multi-turn' : 'single-turn',
      spec,
    })),
    { title: `Intent Lens: Run Instance (2/3) — instance of ${rec.record.task_id}` },
  );
  return pick?.spec;
}

/** True (and a message offering Workspace Trust) when the workspace may not call model providers. */
function refuseUntrusted(): boolean {
  if (vscode.workspace.isTrusted) return false;
  void vscode.window
    .showWarningMessage(
      'Intent Lens does not call model providers in an untrusted workspace. Trust the workspace to run instances.',
      'Manage Workspace Trust',
    )
    .then((c) => {
      if (c) void vscode.commands.executeCommand('workbench.trust.manage');
    });
  return true;
}

export async function runInstanceCommand(
  services: ExtensionServices,
  rawArgs?: unknown,
): Promise<RunOutcome | undefined> {
  if (refuseUntrusted()) return undefined;
  const args = parseArgs(rawArgs);
  await services.data.ensureLoaded();
  const record = args ? services.data.record(args.taskId) : await pickRecord(services);
  if (!record) {
    if (args) void vscode.window.showErrorMessage(`Intent Lens: no record with task_id ${args.taskId} is loaded.`);
    return undefined;
  }
  const spec: InstanceSpec | undefined =
    args?.mode && args.condition
      ? { mode: args.mode, condition: args.condition, ...(args.path ? { path: args.path, k: args.k ?? 0 } : {}) }
      : await pickInstance(record);
  if (!spec) return undefined;
  const preferred = args?.providerId ?? (args ? defaultProviderId() : undefined);
  const cfg = await pickProviderConfig(preferred);
  if (!cfg) return undefined;
  const label = `${record.record.task_id} · ${spec.mode} ${instanceLabel(spec)}`;
  runsOutputChannel().show(true);
  try {
    const outcome = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: `Intent Lens: ${label}`, cancellable: true },
      async (progress, token) => {
        const abort = new AbortController();
        const sub = token.onCancellationRequested(() => abort.abort());
        try {
          return await runOneInstance(services, { record, spec }, cfg, {
            signal: abort.signal,
            onProgress: (p) => {
              if (p.type === 'user')
                progress.report({
                  message: `turn ${p.turn}${p.plannedTurns > 1 ? ` of ~${p.plannedTurns}` : ''}: ${p.event ?? (p.shardId !== undefined ? `shard ${p.shardId}` : p.source)}`,
                });
              else if (p.type === 'simulator-start') progress.report({ message: `turn ${p.turn}: user simulator…` });
              else if (p.type === 'assistant-start')
                progress.report({ message: `turn ${p.turn}: waiting for ${cfg.model}…` });
              else if (p.type === 'scored') progress.report({ message: 'scored' });
            },
          });
        } finally {
          sub.dispose();
        }
      },
    );
    const v = outcome.report.verdict;
    void vscode.window.showInformationMessage(
      `Intent Lens: ${label} — ${v}${v === 'incorrect' ? ` (extracted ${outcome.report.extracted}, reference ${outcome.report.reference})` : ''}${outcome.report.inactive.length ? `; inactive content: ${outcome.report.inactive.length}` : ''}`,
    );
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

/**
 * "Run Again" on several conversations (the Samples table): each distinct instance once, with the
 * default provider, after the cost confirmation (`intentLens.runs.confirmAbove`); one progress
 * notification, cancellable between and within runs. Resolves to the outcomes of the runs that ended.
 */
export async function runInstancesAgain(
  services: ExtensionServices,
  targets: readonly RunInstanceArgs[],
): Promise<RunOutcome[]> {
  if (refuseUntrusted()) return [];
  await services.data.ensureLoaded();
  const jobs = new Map<string, { record: RecordEntry; spec: InstanceSpec }>();
  const skipped: string[] = [];
  for (const t of targets) {
    const record = services.data.record(t.taskId);
    // Evolving-intent runs have no instance spec to repeat; a run without a record has nothing to render.
    if (!record || !t.mode || !t.condition) {
      skipped.push(t.taskId);
      continue;
    }
    const spec: InstanceSpec = {
      mode: t.mode,
      condition: t.condition,
      ...(t.path ? { path: t.path, k: t.k ?? 0 } : {}),
    };
    jobs.set(`${t.taskId}|${spec.mode}|${spec.condition}|${spec.path ?? ''}|${spec.k ?? ''}`, { record, spec });
  }
  if (skipped.length)
    void vscode.window.showWarningMessage(
      `Intent Lens: ${skipped.length} selected conversation(s) cannot be run again (no record loaded, or an evolving-intent run), e.g. ${skipped[0]}.`,
    );
  if (!jobs.size) return [];
  const cfg = await pickProviderConfig(defaultProviderId());
  if (!cfg) return [];
  const estimate = [...jobs.values()].reduce(
    (e, j) => addEstimates(e, estimateRun(renderInstance(j.record.record, j.spec))),
    emptyEstimate(),
  );
  if (!(await confirmManyConversations(`Run ${jobs.size} instances again with ${cfg.model}`, estimate, cfg.model)))
    return [];
  runsOutputChannel().show(true);
  const outcomes: RunOutcome[] = [];
  const failures: string[] = [];
  await vscode.window.withProgress(
    {
      location: vscode.ProgressLocation.Notification,
      title: `Intent Lens: running ${jobs.size} instances again`,
      cancellable: true,
    },
    async (progress, token) => {
      let i = 0;
      for (const job of jobs.values()) {
        if (token.isCancellationRequested) break;
        const label = `${job.record.record.task_id} · ${instanceLabel(job.spec)}`;
        progress.report({ message: `${++i} of ${jobs.size}: ${label}`, increment: 100 / jobs.size });
        const abort = new AbortController();
        const sub = token.onCancellationRequested(() => abort.abort());
        try {
          outcomes.push(await runOneInstance(services, job, cfg, { signal: abort.signal }));
        } catch (e) {
          if (!(e instanceof RunAbortedError)) failures.push(`${label}: ${describeRunError(e)}`);
        } finally {
          sub.dispose();
        }
      }
    },
  );
  const count = (v: string) => outcomes.filter((o) => o.report.verdict === v).length;
  const summary =
    `Intent Lens: ran ${outcomes.length} of ${jobs.size} instances again with ${cfg.model}: ` +
    `${VERDICT_MARKS.correct} ${count('correct')} · ${VERDICT_MARKS.incorrect} ${count('incorrect')}` +
    `${count('unscored') ? ` · ${VERDICT_MARKS.unscored} ${count('unscored')}` : ''}`;
  if (failures.length) void vscode.window.showErrorMessage(`${summary}; ${failures.length} failed (${failures[0]}).`);
  else void vscode.window.showInformationMessage(`${summary}.`);
  return outcomes;
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

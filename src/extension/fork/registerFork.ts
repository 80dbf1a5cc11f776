// The fork feature: "Fork From Turn…" on a user turn of the Sources tree (edit, provider and model
// by quick picks, a confirmation, progress with cancellation), "Fork Conversations…" for a batch
// selected by a filter expression (with the recovery rate and click-through to each pair), and
// "Compare With Parent" on a fork. Nothing runs in an untrusted workspace.
import * as vscode from 'vscode';
import type { ExtensionServices } from '../services';
import type { ConversationRef } from '../../core/load/runLogIndex';
import type { RunLogEntry } from '../../core/schema/runlog';
import type { BenchmarkRecord } from '../../core/schema/records';
import { ForkError, describeEdit, planFork, type ForkEdit } from '../../core/fork/forkPlan';
import { parseConversationFilter, FilterError } from '../../core/fork/conversationFilter';
import { selectForkJobs } from '../../core/fork/forkBatch';
import { formatRecoveryTable, recoveryRates } from '../../core/fork/recovery';
import { addEstimates, emptyEstimate, estimateFork } from '../../core/cost/estimate';
import { RunAbortedError } from '../../core/simulator/runInstance';
import { pickProviderConfig, readProviderConfigs } from '../runner/providerSettings';
import { addProviderFlow } from '../runner/addProvider';
import { forkPreview } from '../../core/fork/forkPreview';
import { describeRunError, runsOutputChannel } from '../runner/runSession';
import { confirmManyConversations } from '../runner/costSettings';
import { runForks, type ForkRunOutcome, type ForkRunOptions } from './forkSession';
import { COMMANDS, INTERNAL_COMMANDS } from '../commandIds';
import { readCommandTarget } from '../commandTarget';
import { defaultProviderId } from '../settings/settings';
import { verdictOfBoolean } from '../../shared/verdicts';

const EDIT_CHOICES: Array<{ kind: ForkEdit['kind']; label: string; detail: string }> = [
  {
    kind: 'replace-user',
    label: 'Replace this message…',
    detail: 'Type a new wording; it carries the same shard or event',
  },
  {
    kind: 'drop-user',
    label: 'Drop this message',
    detail: 'A dropped shard is revealed later by the simulator; a dropped event is gone',
  },
  {
    kind: 'drop-proposal',
    label: 'Drop the proposal and its decision',
    detail: 'As if the change had never been proposed',
  },
  {
    kind: 'flip-decision',
    label: 'Flip the decision (reject ↔ accept)',
    detail: 'Retained becomes Revised and is scored against the other reference',
  },
  {
    kind: 'shard-first',
    label: 'Reveal the next shard before this event',
    detail: 'The next unrevealed shard goes in verbatim, then the event',
  },
];

function refuseUntrusted(): boolean {
  if (vscode.workspace.isTrusted) return false;
  void vscode.window
    .showWarningMessage(
      'Intent Lens does not call model providers in an untrusted workspace. Trust the workspace to fork conversations.',
      'Manage Workspace Trust',
    )
    .then((c) => {
      if (c) void vscode.commands.executeCommand('workbench.trust.manage');
    });
  return true;
}

/**
 * Drafts of replacement messages, per conversation and turn: kept as typed (even when the box is
 * closed or a later step fails) and offered again, until a fork with it is written.
 */
const forkDrafts = new Map<string, string>();
const draftKey = (convId: string, turn: number) => `${convId}\u0000${turn}`;

/** The new wording, remembered as it is typed. */
function askMessage(title: string, value: string, remember?: (text: string) => void): Promise<string | undefined> {
  return new Promise((resolve) => {
    const box = vscode.window.createInputBox();
    Object.assign(box, { title, value, prompt: 'The user message to send instead', ignoreFocusOut: true });
    let accepted: string | undefined;
    box.onDidChangeValue((v) => {
      box.validationMessage = v.trim() === '' ? 'the message is empty' : undefined;
      if (v.trim()) remember?.(v);
    });
    box.onDidAccept(() => {
      if (box.value.trim() === '') return;
      accepted = box.value;
      box.hide();
    });
    box.onDidHide(() => {
      box.dispose();
      resolve(accepted);
    });
    box.show();
  });
}

/** Asks for the edit; only edits that apply at this turn are offered (`turn` undefined: a batch). */
async function pickEdit(
  title: string,
  applies: (edit: ForkEdit) => string | undefined,
  currentText?: string,
  remember?: (text: string) => void,
): Promise<ForkEdit | undefined> {
  const items = EDIT_CHOICES.map((c) => {
    const probe: ForkEdit = c.kind === 'replace-user' ? { kind: c.kind, text: currentText ?? 'x' } : { kind: c.kind };
    const why = applies(probe);
    return { label: c.label, detail: why ? `Not here: ${why}` : c.detail, edit: c.kind, ok: !why };
  });
  const pick = await vscode.window.showQuickPick(
    items.filter((i) => i.ok),
    { title, placeHolder: 'What to change' },
  );
  if (!pick) return undefined;
  if (pick.edit !== 'replace-user') return { kind: pick.edit };
  const text = await askMessage(`${title}: new message`, currentText ?? '', remember);
  return text === undefined ? undefined : { kind: 'replace-user', text };
}

async function pickModel(
  title: string,
  loggedModel: string | undefined,
  providerModel: string,
): Promise<'logged' | string | undefined> {
  if (!loggedModel || loggedModel === providerModel) return loggedModel ? 'logged' : providerModel;
  const pick = await vscode.window.showQuickPick(
    [
      { label: loggedModel, description: 'the logged assistant model', value: 'logged' },
      { label: providerModel, description: "the provider's model", value: providerModel },
    ],
    { title, placeHolder: 'Assistant model' },
  );
  return pick?.value;
}

async function runWithProgress(
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

/** The 1-based user turn of a trace index (the tree's turn items carry trace indices). */
function userTurnAt(entry: RunLogEntry, traceIndex: number): number | undefined {
  if (entry.trace[traceIndex]?.role !== 'user') return undefined;
  return entry.trace.slice(0, traceIndex + 1).filter((m) => m.role === 'user').length;
}

export async function forkFromTurnCommand(
  services: ExtensionServices,
  arg: unknown,
): Promise<{ convId: string; outFile: string } | undefined> {
  if (refuseUntrusted()) return undefined;
  await services.data.ensureLoaded();
  const args = readCommandTarget(arg);
  if (!args.convId)
    return void vscode.window.showInformationMessage(
      'Intent Lens: right-click a user turn of a conversation in the Sources tree to fork from it.',
    );
  const conv = await services.data.readConversation(args.convId);
  if (!conv)
    return void vscode.window.showErrorMessage(`Intent Lens: conversation ${args.convId} is not in the workspace.`);
  const turn = args.turn ?? (args.turnIndex !== undefined ? userTurnAt(conv.entry, args.turnIndex) : undefined);
  if (turn === undefined)
    return void vscode.window.showErrorMessage('Intent Lens: forks start at a user message; pick a user turn.');
  const rec = services.data.record(conv.entry.task_id);
  if (!rec)
    return void vscode.window.showErrorMessage(
      `Intent Lens: no record with task_id ${conv.entry.task_id} is loaded; a fork needs its shards and events.`,
    );
  const record: BenchmarkRecord = rec.record;
  // A fork calls a provider: without one, offer to add it before any edit is typed.
  if (!(await ensureProvider(services))) return undefined;
  const title = `Fork ${conv.entry.task_id} at U${turn}`;
  const logged = conv.entry.trace.filter((m) => m.role === 'user')[turn - 1]?.content;
  const key = draftKey(conv.entry.conv_id, turn);
  const applies = (edit: ForkEdit) => {
    try {
      planFork(record, conv.entry, edit, turn);
      return undefined;
    } catch (e) {
      return e instanceof ForkError ? e.message : String(e);
    }
  };
  const current = forkDrafts.get(key) ?? (typeof logged === 'string' ? logged : undefined);
  const edit = await pickEdit(`${title} (1/3)`, applies, current, (text) => forkDrafts.set(key, text));
  if (!edit) return undefined;
  const preferred = defaultProviderId();
  const cfg = await pickProviderConfig(preferred);
  if (!cfg) return undefined;
  const model = await pickModel(`${title} (3/3)`, conv.entry.assistant_model, cfg.model);
  if (!model) return undefined;
  const modelName = model === 'logged' ? conv.entry.assistant_model! : model;
  if (!(await confirmFork(conv.entry, record, edit, turn, `${modelName} on ${cfg.id}`))) return undefined;
  runsOutputChannel().show(true);
  const outcome = await runWithProgress(services, title, {
    jobs: [{ parent: conv.ref, record }],
    edit,
    turn,
    providerCfg: cfg,
    model,
  });
  const item = outcome?.items[0];
  if (!outcome || !item) return undefined;
  if (item.status === 'failed' || item.status === 'not-applicable') {
    const kept = forkDrafts.has(key) ? ' Your message is kept: Fork from here… offers it again.' : '';
    return void vscode.window.showErrorMessage(`Intent Lens: ${title}: ${item.message}.${kept}`);
  }
  forkDrafts.delete(key);
  const forkId = item.status === 'forked' ? item.result.entry.conv_id : item.fork.conv_id;
  const verdict = item.status === 'forked' ? item.result.score.is_correct : null;
  const compare = 'Compare With Parent';
  void vscode.window
    .showInformationMessage(
      `Intent Lens: ${title}: ${item.status === 'already' ? 'this fork exists already' : verdictOfBoolean(verdict)} (parent ${conv.ref.verdict}).`,
      compare,
    )
    .then((c) => {
      if (c === compare)
        void vscode.commands.executeCommand(INTERNAL_COMMANDS.compareOpen, { left: conv.ref.conv_id, right: forkId });
    });
  return { convId: forkId, outFile: outcome.outFile };
}

/** True when a provider is configured, or the user added one now (Add Provider…). */
async function ensureProvider(services: ExtensionServices): Promise<boolean> {
  if (readProviderConfigs().providers.length) return true;
  const add = 'Add Provider…';
  const settings = 'Open Settings';
  const choice = await vscode.window.showInformationMessage(
    'Intent Lens: a fork continues the conversation with a model provider, and none is configured.',
    {
      modal: true,
      detail:
        'Add one now (kind, base URL, model, API key): the fork goes on after it. The key goes to VS Code SecretStorage, never into settings.',
    },
    add,
    settings,
  );
  if (choice === settings)
    await vscode.commands.executeCommand('workbench.action.openSettings', 'intentLens.providers');
  return (
    choice === add && (await addProviderFlow(services.context.secrets, 'A fork needs a model provider.')) !== undefined
  );
}

/** The preview before any call: the turns kept as logged, the edit, and who runs the rest. */
async function confirmFork(
  parent: RunLogEntry,
  record: BenchmarkRecord,
  edit: ForkEdit,
  turn: number,
  runner: string,
): Promise<boolean> {
  const plan = planFork(record, parent, edit, turn);
  const detail = forkPreview(parent, plan, edit, `${runner} answers and the simulator plays the user`).join('\n');
  const what = describeEdit({ turn, edit: edit.kind, ...(edit.kind === 'replace-user' ? { text: edit.text } : {}) });
  const go = await vscode.window.showInformationMessage(
    `Intent Lens: fork ${parent.task_id} (${what}) and continue with ${runner}?`,
    { modal: true, detail },
    'Fork',
  );
  return go === 'Fork';
}

/** A default filter from a tree item: its source, instance and model. */
function filterFromItem(arg: unknown): string {
  const a = readCommandTarget(arg);
  if (!a.taskId) return 'mode=multi condition=retained verdict=incorrect';
  return [
    `task_id=${a.taskId}`,
    a.mode ? `mode=${a.mode}` : '',
    a.condition ? `condition=${a.condition}` : '',
    a.model ? `model=${a.model}` : '',
    'verdict=incorrect',
  ]
    .filter(Boolean)
    .join(' ');
}

export async function forkBatchCommand(services: ExtensionServices, arg: unknown): Promise<ForkRunOutcome | undefined> {
  if (refuseUntrusted()) return undefined;
  await services.data.ensureLoaded();
  const refs = services.data.conversations();
  const expr = await vscode.window.showInputBox({
    title: 'Fork Conversations (1/4): which conversations',
    value: filterFromItem(arg),
    prompt:
      'field=value clauses (model, domain, task_id, mode, condition, path, k, verdict); field!=value negates; a,b means either',
    ignoreFocusOut: true,
    validateInput: (v) => {
      try {
        const f = parseConversationFilter(v);
        const n = refs.filter(f).length;
        return n
          ? { message: `${n} conversation(s) match`, severity: vscode.InputBoxValidationSeverity.Info }
          : 'no conversation matches';
      } catch (e) {
        return e instanceof FilterError ? e.message : String(e);
      }
    },
  });
  if (expr === undefined) return undefined;
  const matches: (r: ConversationRef) => boolean = parseConversationFilter(expr);
  const records = new Map([...services.data.records()].map(([id, r]) => [id, r.record] as const));
  const { jobs, missingRecords } = selectForkJobs(refs, records, matches);
  if (missingRecords.length)
    void vscode.window.showWarningMessage(
      `Intent Lens: no record for ${missingRecords.length} task(s) (e.g. ${missingRecords[0]}); their conversations are skipped.`,
    );
  if (!jobs.length)
    return void vscode.window.showInformationMessage(
      'Intent Lens: no conversation with a loaded record matches the filter.',
    );
  const edit = await pickEdit('Fork Conversations (2/4)', () => undefined);
  if (!edit) return undefined;
  let turn: number | undefined;
  if (edit.kind === 'replace-user' || edit.kind === 'drop-user') {
    const t = await vscode.window.showInputBox({
      title: 'Fork Conversations: at which user turn',
      prompt: 'U1, U2, … as the views label them',
      value: '2',
      validateInput: (v) =>
        /^\s*U?\d+\s*$/i.test(v) && Number(v.replace(/\D/g, '')) >= 1 ? undefined : 'a turn number, e.g. 3 or U3',
    });
    if (t === undefined) return undefined;
    turn = Number(t.replace(/\D/g, ''));
  }
  const preferred = defaultProviderId();
  const cfg = await pickProviderConfig(preferred);
  if (!cfg) return undefined;
  const models = [...new Set(jobs.map((j) => j.parent.model))];
  const model = await pickModel(
    'Fork Conversations (4/4)',
    models.length === 1 ? models[0] : `logged models (${models.length})`,
    cfg.model,
  );
  if (!model) return undefined;
  let estimate = emptyEstimate();
  for (const j of jobs)
    estimate = addEstimates(
      estimate,
      estimateFork((await services.data.readConversation(j.parent.conv_id))?.entry.trace ?? [], turn ?? 1),
    );
  if (
    !(await confirmManyConversations(
      `Fork ${jobs.length} conversations (${edit.kind})`,
      estimate,
      model === 'logged' ? models[0] : model,
    ))
  )
    return undefined;
  runsOutputChannel().show(true);
  // Two forks at once: faster than one, gentle on rate limits.
  const concurrency = 2;
  const outcome = await runWithProgress(services, `Fork ${jobs.length} conversations (${edit.kind})`, {
    jobs,
    edit,
    ...(turn !== undefined ? { turn } : {}),
    providerCfg: cfg,
    model,
    concurrency,
  });
  if (!outcome) return undefined;
  const rows = recoveryRates(outcome.pairs);
  runsOutputChannel().appendLine(`\nRecovery (parent incorrect → fork correct):\n${formatRecoveryTable(rows)}`);
  const summary = rows
    .map(
      (r) =>
        `${r.model} · ${r.domain}: ${r.recovered}/${r.errors}${r.rate !== null ? ` (${(r.rate * 100).toFixed(0)}%)` : ''}`,
    )
    .join('; ');
  const open = 'Open a Pair…';
  void vscode.window
    .showInformationMessage(`Intent Lens: recovery ${summary || '(no errors among the parents)'}`, open)
    .then(async (c) => {
      if (c !== open) return;
      const pick = await vscode.window.showQuickPick(
        outcome.pairs.map((p) => ({
          label: `${p.parent} → ${p.fork}`,
          description: `${p.model} · ${p.domain}`,
          detail: `${p.parentConvId} → ${p.forkConvId}`,
          pair: p,
        })),
        { title: 'Parent ↔ fork', matchOnDetail: true },
      );
      if (pick)
        await vscode.commands.executeCommand(INTERNAL_COMMANDS.compareOpen, {
          left: pick.pair.parentConvId,
          right: pick.pair.forkConvId,
        });
    });
  return outcome;
}

async function compareWithParent(services: ExtensionServices, arg: unknown): Promise<void> {
  await services.data.ensureLoaded();
  const convId = readCommandTarget(arg).convId;
  const ref = convId ? services.data.logs.get(convId) : undefined;
  if (!ref?.forkedFrom)
    return void vscode.window.showInformationMessage(
      'Intent Lens: pick a fork (a run shown under its parent) to compare with its parent.',
    );
  await vscode.commands.executeCommand(INTERNAL_COMMANDS.compareOpen, {
    left: ref.forkedFrom.conv_id,
    right: ref.conv_id,
  });
}

export function registerFork(services: ExtensionServices): void {
  services.context.subscriptions.push(
    vscode.commands.registerCommand(COMMANDS.forkFromTurn, (arg?: unknown) => forkFromTurnCommand(services, arg)),
    vscode.commands.registerCommand(COMMANDS.forkConversations, (arg?: unknown) => forkBatchCommand(services, arg)),
    vscode.commands.registerCommand(COMMANDS.forkCompareWithParent, (arg?: unknown) =>
      compareWithParent(services, arg),
    ),
  );
}

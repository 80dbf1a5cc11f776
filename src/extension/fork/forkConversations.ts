// "Fork Conversations…": a batch selected by a filter expression, one edit for all, a provider and
// model, a cost confirmation, progress with cancellation, then the recovery rate (parent incorrect →
// fork correct) per model and domain, with click-through to each parent ↔ fork pair.
import * as vscode from 'vscode';
import type { ExtensionServices } from '../services';
import type { ConversationRef } from '../../core/load/runLogIndex';
import { parseConversationFilter, FilterError } from '../../core/fork/conversationFilter';
import { selectForkJobs, type ForkJob } from '../../core/fork/forkBatch';
import type { ForkEdit } from '../../core/fork/forkPlan';
import { formatRecoveryTable, recoveryRates } from '../../core/fork/recovery';
import { addEstimates, emptyEstimate, estimateFork } from '../../core/cost/estimate';
import { pickProviderConfig } from '../runner/providerSettings';
import { runsOutputChannel } from '../runner/runSession';
import { confirmManyConversations } from '../runner/costSettings';
import { runForksWithProgress, type ForkRunOutcome } from './forkSession';
import { pickEdit, pickModel, refuseUntrusted } from './forkPrompts';
import { INTERNAL_COMMANDS } from '../commandIds';
import { readCommandTarget } from '../commandTarget';
import { defaultProviderId } from '../settings/settings';

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
  const jobs = await askForkJobs(services, arg);
  if (!jobs) return undefined;
  const edit = await pickEdit('Fork Conversations (2/4)', () => undefined);
  if (!edit) return undefined;
  const at = await askBatchTurn(edit);
  if (!at) return undefined;
  const { turn } = at;
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
  const outcome = await runForksWithProgress(services, `Fork ${jobs.length} conversations (${edit.kind})`, {
    jobs,
    edit,
    ...(turn !== undefined ? { turn } : {}),
    providerCfg: cfg,
    model,
    concurrency,
  });
  if (!outcome) return undefined;
  showRecovery(outcome);
  return outcome;
}

/** The conversations to fork, by a filter expression; undefined when cancelled or none has a record. */
async function askForkJobs(services: ExtensionServices, arg: unknown): Promise<ForkJob[] | undefined> {
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
  return jobs;
}

/** The user turn an edit of a user message applies at (none for the other edits); undefined when cancelled. */
async function askBatchTurn(edit: ForkEdit): Promise<{ turn?: number } | undefined> {
  if (edit.kind !== 'replace-user' && edit.kind !== 'drop-user') return {};
  const t = await vscode.window.showInputBox({
    title: 'Fork Conversations: at which user turn',
    prompt: 'U1, U2, … as the views label them',
    value: '2',
    validateInput: (v) =>
      /^\s*U?\d+\s*$/i.test(v) && Number(v.replace(/\D/g, '')) >= 1 ? undefined : 'a turn number, e.g. 3 or U3',
  });
  if (t === undefined) return undefined;
  return { turn: Number(t.replace(/\D/g, '')) };
}

/** The recovery rates in the output channel and a message, with click-through to each pair. */
function showRecovery(outcome: ForkRunOutcome): void {
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
}

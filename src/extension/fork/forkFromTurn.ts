// "Fork From Turn…" on a user turn of the Sources tree: the edit, provider and model by quick picks, a
// confirmation, progress with cancellation, then the fork's verdict with a way to compare it with
// its parent. A replacement message typed is kept until a fork with it is written.
import * as vscode from 'vscode';
import type { ExtensionServices } from '../services';
import type { RunLogEntry } from '../../core/schema/runlog';
import type { BenchmarkRecord } from '../../core/schema/records';
import { ForkError, planFork, type ForkEdit } from '../../core/fork/forkPlan';
import { pickProviderConfig } from '../runner/providerSettings';
import { runsOutputChannel } from '../runner/runSession';
import { runForksWithProgress } from './forkSession';
import { confirmFork, ensureProvider, pickEdit, pickModel, refuseUntrusted } from './forkPrompts';
import { INTERNAL_COMMANDS } from '../commandIds';
import { readCommandTarget } from '../commandTarget';
import { defaultProviderId } from '../settings/settings';
import { verdictOfBoolean } from '../../shared/verdicts';
import { userTurnsOf } from '../../core/load/runLogReader';

/**
 * Drafts of replacement messages, per conversation and turn: kept as typed (even when the box is
 * closed or a later step fails) and offered again, until a fork with it is written.
 */
const forkDrafts = new Map<string, string>();
const draftKey = (convId: string, turn: number) => `${convId}\u0000${turn}`;

/** The 1-based user turn of a trace index (the tree's turn items carry trace indices). */
function userTurnAt(entry: RunLogEntry, traceIndex: number): number | undefined {
  return userTurnsOf(entry.trace).find((t) => t.traceIndex === traceIndex)?.turn;
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
  const logged = userTurnsOf(conv.entry.trace)[turn - 1]?.content;
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
  const outcome = await runForksWithProgress(services, title, {
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

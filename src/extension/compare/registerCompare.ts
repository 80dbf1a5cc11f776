// The compare feature: "Compare Retained ↔ Revised" (on a source, `{taskId, model?}`, or on a run,
// `{convId}`), "Compare With…" (quick picks over a source's runs), "Open in Native Diff" (final
// responses in VS Code's diff editor), and the keyboard navigation commands bound while a compare
// panel is the active editor.
import * as vscode from 'vscode';
import { basename } from 'node:path';
import type { ExtensionServices } from '../services';
import type { ConversationRef } from '../../core/load/runLogIndex';
import { NAVIGATE_ACTIONS } from '../../shared/protocol/compare';
import { COMMANDS, COMPARE_NAVIGATE_COMMANDS, INTERNAL_COMMANDS } from '../commandIds';
import { readCompareTarget, readExplicitPair, type CompareTarget } from './compareArgs';
import { compareCandidates, counterpartOf, pairSourceChoices, refLabel, retainedRevisedPairs, type PairContext } from './comparePairs';
import { ConversationPanel } from '../conversation/conversationPanel';
import { readCommandTarget } from '../commandTarget';
import { ComparePanel } from './comparePanel';
import { COMPARE_SCHEME, FinalResponseDocuments, openNativeDiff } from './nativeDiff';
import { PickSession } from '../picks/pickSession';

interface RunPick extends vscode.QuickPickItem {
  ref: ConversationRef;
}

function runPick(r: ConversationRef, sibling?: ConversationRef): RunPick {
  const note = r === sibling ? ` · its ${refLabel(r)} sibling` : '';
  return { label: `${refLabel(r)} · ${r.model}`, description: `${r.verdict}${note}`, detail: `${basename(r.file)}:${r.line} · ${r.conv_id}`, ref: r };
}

/** The conversation view in front, if any: palette commands follow it. */
function frontConversation(): string | undefined {
  const front = ConversationPanel.active;
  return front?.panel.active ? front.convId : undefined;
}

/** What the palette's Compare Retained ↔ Revised starts from: the conversation view in front, else the Sources tree's selected item. */
async function paletteContext(): Promise<PairContext> {
  const convId = frontConversation();
  if (convId) return { convId };
  const selected = readCommandTarget(await vscode.commands.executeCommand<unknown>(INTERNAL_COMMANDS.treeSelection));
  return { ...(selected.convId ? { convId: selected.convId } : {}), ...(selected.taskId ? { taskId: selected.taskId } : {}), ...(selected.model ? { model: selected.model } : {}) };
}

export function registerCompare(services: ExtensionServices): void {
  const { context, data, output } = services;
  const docs = new FinalResponseDocuments(data);
  const knownConv = (id: string) => data.logs.get(id) !== undefined;

  // `commandAt` is taken once the user has answered the quick picks: the render time excludes think time.
  const open = async (left: string, right: string, commandAt = Date.now()) => {
    try {
      await ComparePanel.show(services, docs, { left, right }, commandAt);
    } catch (e) {
      const msg = e instanceof Error ? e.message : String(e);
      output.appendLine(`[compare] ${msg}`);
      void vscode.window.showErrorMessage(`Intent Lens: cannot compare: ${msg}`);
    }
  };

  const pickSource = async (picks: PickSession, title: string): Promise<string | undefined> => {
    const ids = [...new Set(data.conversations().map((r) => r.task_id))].sort();
    if (!ids.length) {
      void vscode.window.showInformationMessage('Intent Lens: no run logs in this workspace.');
      return undefined;
    }
    const pick = await picks.pick({ title, placeholder: 'Source task', items: ids.map((id) => ({ label: id })) });
    return pick?.label;
  };

  // From the palette (no argument) a source pick follows: it is on screen before the data is read
  // (see PickSession). A later step without one opens its own.
  const pickSession = (arg: unknown, title: string) => (arg === undefined ? PickSession.start(title) : Promise.resolve(undefined));

  /** From the palette: the sources with a pair, the open conversation's (or selected item's) first. */
  const pickPairSource = async (picks: PickSession, title: string): Promise<{ taskId: string; basis?: ConversationRef; model?: string } | undefined> => {
    const context = await paletteContext();
    const basis = context.convId ? data.logs.get(context.convId) : undefined;
    const choices = pairSourceChoices(data.conversations(), context, basis);
    if (!choices.length) {
      void vscode.window.showInformationMessage('Intent Lens: no source has both a Retained and a Revised run of one model.');
      return undefined;
    }
    const what = basis ? 'the open conversation' : 'the selected item';
    const items = choices.map((c) => ({
      label: c.taskId,
      description: c.isDefault ? `${what} · ${basis?.model ?? context.model ?? c.models.join(', ')}` : `${c.models.length} model${c.models.length === 1 ? '' : 's'} with a pair`,
      choice: c,
    }));
    const pick = await picks.pick({ title, placeholder: 'Source task (only sources with a Retained and a Revised run of one model)', items, keepOrder: true });
    if (!pick) return undefined;
    if (!pick.choice.isDefault) return { taskId: pick.choice.taskId };
    return { taskId: pick.choice.taskId, ...(basis ? { basis } : {}), ...(context.model ? { model: context.model } : {}) };
  };

  const retainedRevised = async (arg: unknown) => {
    let picks = await pickSession(arg, 'Compare Retained ↔ Revised');
    try {
      await data.ensureLoaded();
      const target: CompareTarget = readCompareTarget(arg, knownConv);
      const refs = data.conversations();
      let pairs;
      let what: string;
      let basis = target.convId ? data.logs.get(target.convId) : undefined;
      if (target.convId && !basis) return void vscode.window.showErrorMessage(`Intent Lens: conversation ${target.convId} is not in the workspace.`);
      let taskId = basis?.task_id ?? target.taskId;
      let model = target.model;
      if (!taskId) {
        const chosen = await pickPairSource((picks ??= await PickSession.start('Compare Retained ↔ Revised')), 'Compare Retained ↔ Revised');
        if (!chosen) return;
        ({ taskId, basis, model } = chosen);
      }
      if (basis) {
        pairs = retainedRevisedPairs(refs, taskId, { basis });
        // The open conversation is on neither side (Original, Neutral…): its model's plain pair.
        if (!pairs.length) pairs = retainedRevisedPairs(refs, taskId, { model: basis.model });
        what = `${taskId} (${basis.model})`;
      } else {
        pairs = retainedRevisedPairs(refs, taskId, model ? { model } : {});
        what = model ? `${taskId} (${model})` : taskId;
      }
      if (!pairs.length) return void vscode.window.showWarningMessage(`Intent Lens: no model has both a Retained and a Revised run of ${what}.`);
      let chosen = pairs[0]!;
      if (pairs.length > 1) {
        const title = `Compare Retained ↔ Revised: ${what}`;
        const pick = await (picks ??= await PickSession.start(title)).pick({
          title,
          placeholder: 'Model',
          items: pairs.map((p) => ({ label: p.model, description: `Retained ${p.retained.verdict} · Revised ${p.revised.verdict}`, pair: p })),
        });
        if (!pick) return;
        chosen = pick.pair;
      }
      picks?.dispose();
      await open(chosen.retained.conv_id, chosen.revised.conv_id);
    } finally {
      picks?.dispose();
    }
  };

  const compareWith = async (arg: unknown) => {
    let picks = await pickSession(arg, 'Compare With…');
    try {
      await data.ensureLoaded();
      const explicit = readExplicitPair(arg);
      if (explicit) return await open(explicit.left, explicit.right);
      // From the palette with a conversation view in front: compare that conversation.
      const target = readCompareTarget(arg ?? frontConversation(), knownConv);
      const refs = data.conversations();
      let first = target.convId ? data.logs.get(target.convId) : undefined;
      if (!first) {
        const taskId = target.taskId ?? (await pickSource((picks ??= await PickSession.start('Compare With…')), 'Compare With…'));
        if (!taskId) return;
        const inst = target.instance;
        const runs = refs.filter(
          (r) =>
            r.task_id === taskId &&
            (!inst || (r.mode === inst.mode && r.condition === inst.condition && (r.path ?? undefined) === (inst.path ?? undefined) && (r.k ?? 0) === (inst.k ?? 0))) &&
            (!target.model || r.model === target.model),
        );
        if (runs.length === 0) return void vscode.window.showWarningMessage(`Intent Lens: no runs of ${taskId} to compare.`);
        const title = `Compare With… (1/2): ${taskId}`;
        const pick = await (picks ??= await PickSession.start(title)).pick({ title, placeholder: 'First conversation', items: runs.map((r) => runPick(r)) });
        if (!pick) return;
        first = pick.ref;
      }
      const candidates = compareCandidates(refs, first);
      const sibling = counterpartOf(refs, first);
      if (!candidates.length) return void vscode.window.showWarningMessage(`Intent Lens: ${first.task_id} has no other run to compare with.`);
      const title = `Compare ${refLabel(first)} · ${first.model} with…`;
      const second = await (picks ??= await PickSession.start(title)).pick({ title, placeholder: sibling ? `Its ${refLabel(sibling)} sibling first, then its other instances and other models` : 'Other instance of this source, or another model on the same instance', items: candidates.map((r) => runPick(r, sibling)), keepOrder: true });
      if (!second) return;
      picks.dispose();
      await open(first.conv_id, second.ref.conv_id);
    } finally {
      picks?.dispose();
    }
  };

  const nativeDiff = async (arg: unknown) => {
    await data.ensureLoaded();
    const pair = readExplicitPair(arg) ?? ComparePanel.active?.pair;
    if (!pair) return void vscode.window.showInformationMessage('Intent Lens: open a compare view first (Compare Retained ↔ Revised or Compare With…).');
    await openNativeDiff(docs, data, pair.left, pair.right);
  };

  context.subscriptions.push(
    vscode.workspace.registerTextDocumentContentProvider(COMPARE_SCHEME, docs),
    vscode.commands.registerCommand(COMMANDS.compareRetainedRevised, retainedRevised),
    vscode.commands.registerCommand(COMMANDS.compareWith, compareWith),
    vscode.commands.registerCommand(INTERNAL_COMMANDS.compareOpen, async (arg: unknown) => {
      const pair = readExplicitPair(arg);
      if (!pair) throw new Error('intentLens.compare.open needs {left, right} conversation ids');
      await data.ensureLoaded();
      await open(pair.left, pair.right);
    }),
    vscode.commands.registerCommand(COMMANDS.compareOpenNativeDiff, nativeDiff),
    // For the host test suite and the bench: what the active compare view shows and how fast it rendered.
    vscode.commands.registerCommand(INTERNAL_COMMANDS.compareInspectActive, () => {
      const p = ComparePanel.active;
      return p ? { pair: p.pair, state: p.currentState, rendered: p.lastRendered } : undefined;
    }),
    ...NAVIGATE_ACTIONS.map((action) => vscode.commands.registerCommand(COMPARE_NAVIGATE_COMMANDS[action], () => ComparePanel.active?.navigate(action))),
  );
}

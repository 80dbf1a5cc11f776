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
import { compareCandidates, refLabel, retainedRevisedPairs } from './comparePairs';
import { ComparePanel } from './comparePanel';
import { COMPARE_SCHEME, FinalResponseDocuments, openNativeDiff } from './nativeDiff';
import { PickSession } from '../picks/pickSession';

interface RunPick extends vscode.QuickPickItem {
  ref: ConversationRef;
}

function runPick(r: ConversationRef): RunPick {
  return { label: `${refLabel(r)} · ${r.model}`, description: r.verdict, detail: `${basename(r.file)}:${r.line} · ${r.conv_id}`, ref: r };
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

  const retainedRevised = async (arg: unknown) => {
    let picks = await pickSession(arg, 'Compare Retained ↔ Revised');
    try {
      await data.ensureLoaded();
      const target: CompareTarget = readCompareTarget(arg, knownConv);
      const refs = data.conversations();
      let pairs;
      let what: string;
      if (target.convId) {
        const basis = data.logs.get(target.convId);
        if (!basis) return void vscode.window.showErrorMessage(`Intent Lens: conversation ${target.convId} is not in the workspace.`);
        pairs = retainedRevisedPairs(refs, basis.task_id, { basis });
        what = `${basis.task_id} (${basis.model})`;
      } else {
        const taskId = target.taskId ?? (await pickSource((picks ??= await PickSession.start('Compare Retained ↔ Revised')), 'Compare Retained ↔ Revised'));
        if (!taskId) return;
        pairs = retainedRevisedPairs(refs, taskId, target.model ? { model: target.model } : {});
        what = target.model ? `${taskId} (${target.model})` : taskId;
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
      const target = readCompareTarget(arg, knownConv);
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
        const pick = await (picks ??= await PickSession.start(title)).pick({ title, placeholder: 'First conversation', items: runs.map(runPick) });
        if (!pick) return;
        first = pick.ref;
      }
      const candidates = compareCandidates(refs, first);
      if (!candidates.length) return void vscode.window.showWarningMessage(`Intent Lens: ${first.task_id} has no other run to compare with.`);
      const title = `Compare ${refLabel(first)} · ${first.model} with…`;
      const second = await (picks ??= await PickSession.start(title)).pick({ title, placeholder: 'Other instance of this source, or another model on the same instance', items: candidates.map(runPick) });
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

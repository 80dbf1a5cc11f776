// Evolving intent and the In Effect view: `intentLens.inEffect` ("Show What Is in Effect") opens
// the timeline rail for a conversation (`{convId}`), a plan (`{taskId, recap?}`), the active
// `intent-lens:` turn document, or one picked from a list.
import * as vscode from 'vscode';
import type { ExtensionServices } from '../services';
import { RECAP_MODES } from '../../core/schema/runlog';
import { InEffectPanel, IN_EFFECT_TURN_SCHEME, TurnSummaryDocuments, type InEffectTarget } from './inEffectPanel';
import { parseTurnDocumentUri } from './turnDocumentRef';
import { COMMANDS } from '../commandIds';
import { readCommandTarget, type CommandTarget } from '../commandTarget';
import { VERDICT_CODICONS } from '../../shared/verdicts';
import { instanceRecapLabel } from '../../core/render/instances';

/** Reads the command's argument: `{convId}`, `{taskId, recap?}`, or a tree node carrying them. */
function targetFromArgs(t: CommandTarget): InEffectTarget | undefined {
  if (t.convId) return { kind: 'log', convId: t.convId };
  if (t.taskId) return { kind: 'plan', taskId: t.taskId, ...(t.recap ? { recap: t.recap } : {}) };
  return undefined;
}

async function pickTarget(services: ExtensionServices): Promise<InEffectTarget | undefined> {
  await services.data.ensureLoaded();
  type Item = vscode.QuickPickItem & { target: InEffectTarget };
  const items: Item[] = [];
  for (const { plan } of services.data.plans().values()) {
    for (const recap of RECAP_MODES)
      items.push({
        label: `$(git-branch) ${plan.task_id} · plan · recap ${recap}`,
        description: plan.anchor.function,
        target: { kind: 'plan', taskId: plan.task_id, recap },
      });
  }
  const refs = [...services.data.conversations()].sort(
    (a, b) => Number(b.mode === 'evolving') - Number(a.mode === 'evolving') || a.task_id.localeCompare(b.task_id),
  );
  for (const r of refs) {
    const label = instanceRecapLabel(
      r.mode === 'evolving' ? { ...r, recap: r.recap ?? 'none' } : { ...r, recap: undefined },
    );
    // The icon is the verdict the views show: a re-scored one replaces the logged one.
    const verdict = services.data.currentVerdict(r).verdict;
    items.push({
      label: `$(${VERDICT_CODICONS[verdict]}) ${r.task_id} · ${label}`,
      description: r.model,
      detail: r.conv_id,
      target: { kind: 'log', convId: r.conv_id },
    });
  }
  if (!items.length) {
    void vscode.window.showInformationMessage(
      'Intent Lens: no conversations or evolving-intent plans in this workspace.',
    );
    return undefined;
  }
  return (
    await vscode.window.showQuickPick(items, {
      title: 'Show What Is in Effect',
      placeHolder: 'A conversation or an evolving-intent plan',
      matchOnDescription: true,
      matchOnDetail: true,
    })
  )?.target;
}

export function registerEvolving(services: ExtensionServices): void {
  const { context, data } = services;
  const docs = new TurnSummaryDocuments();
  const isConversation = (id: string) => data.logs.get(id) !== undefined;
  context.subscriptions.push(
    docs,
    vscode.workspace.registerTextDocumentContentProvider(IN_EFFECT_TURN_SCHEME, docs),
    vscode.commands.registerCommand(COMMANDS.inEffect, async (arg?: unknown) => {
      try {
        const args = readCommandTarget(arg);
        let target = targetFromArgs(args);
        // A trace index (the Sources tree's turn nodes): the rail highlights that turn.
        let traceIndex = args.turnIndex;
        if (!target) {
          await data.ensureLoaded();
          const uri = vscode.window.activeTextEditor?.document.uri;
          const fromDoc = uri ? parseTurnDocumentUri(uri, isConversation) : undefined;
          if (fromDoc) {
            target = { kind: 'log', convId: fromDoc.convId };
            traceIndex = fromDoc.traceIndex;
          }
        }
        target ??= await pickTarget(services);
        if (!target) return;
        const panel = await InEffectPanel.show(services, docs, target);
        if (traceIndex !== undefined) panel.focusTraceIndex(traceIndex);
      } catch (e) {
        void vscode.window.showErrorMessage(`Intent Lens: ${e instanceof Error ? e.message : String(e)}`);
      }
    }),
    // Following the turn documents: the rail highlights the turn being read.
    vscode.window.onDidChangeActiveTextEditor((editor) => {
      if (!editor) return;
      const ref = parseTurnDocumentUri(editor.document.uri, isConversation);
      if (!ref || ref.traceIndex === undefined) return;
      for (const p of InEffectPanel.all())
        if (p.target.kind === 'log' && p.target.convId === ref.convId) p.focusTraceIndex(ref.traceIndex);
    }),
    { dispose: () => InEffectPanel.all().forEach((p) => p.dispose()) },
  );
}

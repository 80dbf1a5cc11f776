// Evolving intent and the In Effect view: `intentLens.inEffect` ("Show What Is in Effect") opens
// the timeline rail for a conversation (`{convId}`), a plan (`{taskId, recap?}`), the active
// `intent-lens:` turn document, or one picked from a list.
import * as vscode from 'vscode';
import type { ExtensionServices } from '../services';
import { RECAP_MODES, type RecapMode } from '../../core/schema/runlog';
import { InEffectPanel, IN_EFFECT_TURN_SCHEME, TurnSummaryDocuments, type InEffectTarget } from './inEffectPanel';
import { parseTurnDocumentUri } from './turnDocumentRef';
import { SHOW_IN_EFFECT_COMMAND } from '../commandIds';

interface InEffectArgs {
  convId?: unknown;
  taskId?: unknown;
  recap?: unknown;
  /** A trace index (the Sources tree's turn nodes): the rail highlights that turn. */
  turnIndex?: unknown;
}

/** The argument itself, or the `args` a Sources-tree node carries. */
function argsOf(arg: unknown): InEffectArgs | undefined {
  if (!arg || typeof arg !== 'object') return undefined;
  const wrapped = (arg as { args?: unknown }).args;
  return (wrapped && typeof wrapped === 'object' ? wrapped : arg) as InEffectArgs;
}

function isRecap(v: unknown): v is RecapMode {
  return typeof v === 'string' && (RECAP_MODES as readonly string[]).includes(v);
}

/** Reads the command's argument: `{convId}`, `{taskId, recap?}`, or a tree node carrying them. */
function targetFromArgs(arg: unknown): InEffectTarget | undefined {
  const a = argsOf(arg);
  if (!a) return undefined;
  if (typeof a.convId === 'string' && a.convId) return { kind: 'log', convId: a.convId };
  if (typeof a.taskId === 'string' && a.taskId) return { kind: 'plan', taskId: a.taskId, ...(isRecap(a.recap) ? { recap: a.recap } : {}) };
  return undefined;
}

async function pickTarget(services: ExtensionServices): Promise<InEffectTarget | undefined> {
  await services.data.ensureLoaded();
  type Item = vscode.QuickPickItem & { target: InEffectTarget };
  const items: Item[] = [];
  for (const { plan } of services.data.plans().values()) {
    for (const recap of RECAP_MODES) items.push({ label: `$(git-branch) ${plan.task_id} · plan · recap ${recap}`, description: plan.anchor.function, target: { kind: 'plan', taskId: plan.task_id, recap } });
  }
  const refs = [...services.data.conversations()].sort((a, b) => Number(b.mode === 'evolving') - Number(a.mode === 'evolving') || a.task_id.localeCompare(b.task_id));
  for (const r of refs) {
    const label = r.mode === 'evolving' ? `evolving · recap ${r.recap ?? 'none'}` : `${r.mode} ${r.condition}${r.path ? ` ${r.path} k=${r.k ?? 0}` : ''}`;
    // The icon is the verdict the views show: a re-scored one replaces the logged one.
    const verdict = services.data.currentVerdict(r).verdict;
    items.push({ label: `${verdict === 'correct' ? '$(pass)' : verdict === 'incorrect' ? '$(error)' : '$(circle-outline)'} ${r.task_id} · ${label}`, description: r.model, detail: r.conv_id, target: { kind: 'log', convId: r.conv_id } });
  }
  if (!items.length) {
    void vscode.window.showInformationMessage('Intent Lens: no conversations or evolving-intent plans in this workspace.');
    return undefined;
  }
  return (await vscode.window.showQuickPick(items, { title: 'Show What Is in Effect', placeHolder: 'A conversation or an evolving-intent plan', matchOnDescription: true, matchOnDetail: true }))?.target;
}

export function registerEvolving(services: ExtensionServices): void {
  const { context, data } = services;
  const docs = new TurnSummaryDocuments();
  const isConversation = (id: string) => data.logs.get(id) !== undefined;
  context.subscriptions.push(
    docs,
    vscode.workspace.registerTextDocumentContentProvider(IN_EFFECT_TURN_SCHEME, docs),
    vscode.commands.registerCommand(SHOW_IN_EFFECT_COMMAND, async (arg?: unknown) => {
      try {
        let target = targetFromArgs(arg);
        const turnIndex = argsOf(arg)?.turnIndex;
        let traceIndex = typeof turnIndex === 'number' ? turnIndex : undefined;
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
      for (const p of InEffectPanel.all()) if (p.target.kind === 'log' && p.target.convId === ref.convId) p.focusTraceIndex(ref.traceIndex);
    }),
    { dispose: () => InEffectPanel.all().forEach((p) => p.dispose()) },
  );
}

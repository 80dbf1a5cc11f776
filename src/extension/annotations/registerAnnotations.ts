// Annotations in VS Code (issue #39): the sidecar store, the commands, and the status bar item that
// shows the active conversation's adjudicated verdict with its provenance.
import * as vscode from 'vscode';
import { describeVerdict } from '../../core/workspace/verdicts';
import type { ExtensionServices } from '../services';
import { COMMANDS, INTERNAL_COMMANDS } from '../commandIds';
import { ConversationPanel } from '../conversation/conversationPanel';
import { AnnotationStore } from './annotationStore';
import { annotate, overrideVerdict, reviewNextUnannotated } from './annotationCommands';
import { editAnnotation, retractAnnotation } from './annotationEditCommands';

/** The status bar's text for the active conversation view, or undefined when none is active. */
function verdictStatus(services: ExtensionServices): { text: string; tooltip: string } | undefined {
  const panel = ConversationPanel.active;
  const ref = panel && services.data.logs.get(panel.convId);
  if (!ref) return undefined;
  const v = services.data.currentVerdict(ref);
  const n = services.data.annotations.count(ref.conv_id);
  const source =
    v.provenance.source === 'human' ? 'adjudicated' : v.provenance.source === 'rescored' ? 're-scored' : 'logged';
  return {
    text: `$(law) ${describeVerdict(v).split(' ')[0]} ${source}${n ? ` · ✎${n}` : ''}`,
    tooltip: `${ref.conv_id}: ${describeVerdict(v)}`,
  };
}

export function registerAnnotations(services: ExtensionServices): void {
  const store = new AnnotationStore(services);
  const status = vscode.window.createStatusBarItem('intentLens.adjudicatedVerdict', vscode.StatusBarAlignment.Left, 50);
  status.name = 'Intent Lens: adjudicated verdict';
  status.command = COMMANDS.annotationsOverrideVerdict;
  const updateStatus = () => {
    const s = verdictStatus(services);
    if (!s) return status.hide();
    status.text = s.text;
    status.tooltip = s.tooltip;
    status.show();
  };
  const run =
    <T>(fn: () => Promise<T>) =>
    async () => {
      try {
        return await fn();
      } catch (e) {
        void vscode.window.showErrorMessage(`Intent Lens: ${e instanceof Error ? e.message : String(e)}`);
        return undefined;
      }
    };
  services.context.subscriptions.push(
    store,
    status,
    vscode.commands.registerCommand(COMMANDS.annotationsAdd, (arg: unknown) =>
      run(() => annotate(services, store, arg))(),
    ),
    vscode.commands.registerCommand(COMMANDS.annotationsOverrideVerdict, (arg: unknown) =>
      run(() => overrideVerdict(services, store, arg))(),
    ),
    vscode.commands.registerCommand(COMMANDS.annotationsReviewNext, () => run(() => reviewNextUnannotated(services))()),
    vscode.commands.registerCommand(COMMANDS.annotationsEdit, (arg: unknown) =>
      run(() => editAnnotation(services, store, arg))(),
    ),
    vscode.commands.registerCommand(COMMANDS.annotationsRetract, (arg: unknown) =>
      run(() => retractAnnotation(services, store, arg))(),
    ),
    // Tests: what the store holds and what the status bar says.
    vscode.commands.registerCommand(INTERNAL_COMMANDS.annotationsInspect, async () => {
      await store.reload();
      updateStatus();
      return {
        annotations: services.data.annotations.all(),
        problems: services.data.annotations.problems(),
        status: status.text,
        statusTooltip: status.tooltip,
      };
    }),
    services.rescored.onDidChange(updateStatus),
    vscode.window.tabGroups.onDidChangeTabs(updateStatus),
    vscode.window.tabGroups.onDidChangeTabGroups(updateStatus),
  );
  void services.data
    .ensureLoaded()
    .then(() => store.reload())
    .then(updateStatus);
}

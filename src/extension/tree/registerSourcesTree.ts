// The "Sources" tree view: domain → source → instance → model run → turn. Its status-bar summary
// (treeStatus.ts), filter commands (../filters/filterCommands.ts), own commands (treeCommands.ts)
// and turn documents (turnDocumentProvider.ts) are modules of their own; this wires them up and
// holds the first load's indexing until the view has drawn its first rows.
import * as vscode from 'vscode';
import type { ExtensionServices } from '../services';
import { SourcesTreeProvider } from './sourcesTreeProvider';
import { SourcesTreeStatus } from './treeStatus';
import { TREE_COMMANDS, type TreeServices } from './treeCommands';
import { registerTurnDocuments } from './turnDocumentProvider';
import { FILTER_COMMANDS } from '../filters/filterCommands';
import { registerCommandTable } from '../commandTable';
import { affectsSettings, setting } from '../settings/settings';

export const SOURCES_VIEW_ID = 'intentLens.sources';
/** How long the first load waits to hear that the view is open before it indexes without holding. */
const VISIBILITY_WAIT_MS = 250;

/** True once the view is visible, false when it was not within `ms`. */
function visibleWithin(view: vscode.TreeView<unknown>, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => done(false), ms);
    const sub = view.onDidChangeVisibility((e) => e.visible && done(true));
    const done = (visible: boolean) => {
      clearTimeout(timer);
      sub.dispose();
      resolve(visible);
    };
  });
}

/** The first load shows the sources before it indexes: the view's first rows are drawn undisturbed (ARCHITECTURE.md). */
function holdIndexingForFirstRows(
  services: ExtensionServices,
  provider: SourcesTreeProvider,
  view: vscode.TreeView<unknown>,
): void {
  const { context, data, output } = services;
  /** What the first load's hold and deferral wait for, in the words of their log lines. */
  const firstRowsDrawn = async () => ((await provider.rowsDrawn()) ? 'the rows were drawn' : 'no sources to draw');
  let toldVisible = false;
  context.subscriptions.push(
    view.onDidChangeVisibility((e) => {
      if (!e.visible) return;
      // When the workbench first tells that the view is open (it may be open before activation): timed, for the first row.
      if (!toldVisible) output.appendLine(`[tree] ${new Date().toISOString()} the workbench says the view is visible`);
      toldVisible = true;
      // Opened while the first load indexes: its first rows are drawn before the next progress update refreshes them.
      if (data.loadProgress()) data.deferProgressUntil(firstRowsDrawn());
    }),
  );
  // An open view draws the sources before the first load indexes the logs (a closed one holds it
  // briefly: right after activation the workbench may not have told yet that the view is open).
  data.holdIndexingUntil(async () => {
    if (!view.visible && !(await visibleWithin(view, VISIBILITY_WAIT_MS))) return 'none: the view is closed';
    return firstRowsDrawn();
  });
}

export function registerSourcesTree(services: ExtensionServices): void {
  const { context, data, output } = services;
  // One model for the tree and the Samples table: rebuilt after a data change, filtered once per filter change.
  const provider = new SourcesTreeProvider(
    data,
    services.treeModels,
    services.treeFilters.filters,
    setting('tree.showBookkeeping'),
    output,
  );
  const view = vscode.window.createTreeView(SOURCES_VIEW_ID, { treeDataProvider: provider, showCollapseAll: true });
  const status = new SourcesTreeStatus(services, provider, view);
  context.subscriptions.push(provider, view, status);

  context.subscriptions.push(
    services.treeModels.onDidChange(() => {
      provider.refresh();
      status.update();
    }),
    // The Samples table sets the same filters: either way, the store tells the tree.
    services.treeFilters.onDidChange((f) => {
      provider.setFilters(f);
      status.update();
    }),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (!affectsSettings(e, 'tree.showBookkeeping')) return;
      provider.setShowBookkeeping(setting('tree.showBookkeeping'));
      status.update();
    }),
  );
  status.update();
  holdIndexingForFirstRows(services, provider, view);
  // A progress bar on the view while the first load runs (the rows fill in as logs are indexed).
  void vscode.window.withProgress({ location: { viewId: SOURCES_VIEW_ID } }, () => data.ensureLoaded());

  const tree: TreeServices = { services, provider, view, status };
  registerCommandTable(context, tree, TREE_COMMANDS);
  registerCommandTable(context, { services, provider }, FILTER_COMMANDS);
  registerTurnDocuments(services);
}

// The Samples table panel (one per window): every conversation of the workspace in one grid. The
// visible rows follow the Sources tree's filters (one TreeFilterStore); the table's column filters
// are written to that same store, so the tree follows the table and the table follows the tree.
import * as vscode from 'vscode';
import type { ExtensionServices } from '../services';
import { webviewOptions } from '../webviews/webviewPanelHost';
import { ViewPanel } from '../webviews/viewPanel';
import { SAMPLES_PANEL_ID, SamplesView, type SamplesState, type SamplesWebviewCommand } from '../../shared/protocol/samples';
import { SourceTreeModel, hasActiveFilters, type TreeFilters } from '../tree/sourceTreeModel';
import { treeFilterStore, type TreeFilterStore } from '../tree/treeFilterStore';

import { openConversationView } from '../conversation/registerConversation';
import { buildSamplesTable, visibleOf, type SamplesTable } from './buildSamplesState';
import { COMMANDS, INTERNAL_COMMANDS } from '../commandIds';

/** At most this many conversation views open from one "Open" of a multi-selection. */
const MAX_OPEN = 10;

function treeModel(services: ExtensionServices, filters: TreeFilters): SourceTreeModel {
  const { data } = services;
  const rescored = services.rescored;
  const plans = new Map([...data.plans()].map(([id, p]) => [id, { task: p.plan.task, file: p.file, line: p.line }]));
  return new SourceTreeModel({ records: data.records(), plans, conversations: data.conversations(), rescored: (id) => rescored.get(id), hasInactive: (id) => rescored.hasInactive(id) }, filters);
}

/**
 * Rows from the unfiltered model; with no filters set, that model is the filtered one too.
 * `commandAt`: when the user asked for it (the open command), else now (a rebuild after a data change).
 */
function buildTable(services: ExtensionServices, store: TreeFilterStore, commandAt?: number): SamplesTable {
  const t0 = performance.now();
  const all = treeModel(services, {});
  const filters = store.filters;
  const table = buildSamplesTable(all, hasActiveFilters(filters) ? treeModel(services, filters) : all, (f) => vscode.workspace.asRelativePath(f));
  const buildMs = performance.now() - t0;
  table.state.timing = { commandAt: commandAt ?? Date.now(), buildMs };
  services.output.appendLine(`[samples] ${table.state.count} rows: state built in ${buildMs.toFixed(0)} ms`);
  return table;
}

export class SamplesPanel extends ViewPanel<typeof SamplesView> {
  private static current: SamplesPanel | undefined;

  static get active(): SamplesPanel | undefined {
    return SamplesPanel.current;
  }

  static async show(services: ExtensionServices): Promise<SamplesPanel> {
    const commandAt = Date.now();
    if (SamplesPanel.current) {
      SamplesPanel.current.panel.reveal();
      return SamplesPanel.current;
    }
    await services.data.ensureLoaded();
    const panel = vscode.window.createWebviewPanel(SAMPLES_PANEL_ID, 'Samples', vscode.ViewColumn.Active, webviewOptions(services.context.extensionUri));
    return (SamplesPanel.current = new SamplesPanel(services, panel, treeFilterStore(services.context), commandAt));
  }

  private table: SamplesTable;

  private constructor(
    private readonly services: ExtensionServices,
    panel: vscode.WebviewPanel,
    private readonly store: TreeFilterStore,
    commandAt: number,
  ) {
    const table = buildTable(services, store, commandAt);
    super(services, panel, {
      definition: SamplesView,
      title: 'Samples',
      initialState: table.state,
      handlers: { onCommand: (m) => this.onCommand(m), describeRendered: () => `${this.table.state.count} rows` },
    });
    this.table = table;
    this.updateTitle();
    this.disposables.push(
      store.onDidChange(() => this.pushVisible()),
      services.data.onDidChange(() => this.pushState()),
      services.rescored.onDidChange(() => this.pushState()),
    );
  }

  get currentState(): SamplesState {
    return this.table.state;
  }

  private updateTitle(): void {
    const { count, visibleCount } = this.table.state;
    this.panel.title = visibleCount === count ? `Samples (${count})` : `Samples (${visibleCount} of ${count})`;
  }

  /** Filters changed (here or in the tree): only the visible set travels (a bitmap: 12.5 kB per 100,000 rows). */
  private pushVisible(): void {
    const visible = visibleOf(treeModel(this.services, this.store.filters), this.table.order);
    this.table = { ...this.table, state: { ...this.table.state, ...visible } };
    this.updateTitle();
    this.connection.notify('visible', visible);
  }

  /** Data or verdicts changed: rows are rebuilt from the index's summaries. */
  private pushState(): void {
    this.table = buildTable(this.services, this.store);
    this.updateTitle();
    this.connection.notify('state', { state: this.table.state });
  }

  private async onCommand(m: SamplesWebviewCommand): Promise<void> {
    switch (m.command) {
      case 'setFilters': {
        // Review status is set from the tree only; keep it as it is.
        const { reviews: _ignored, ...rest } = m.params.filters;
        await this.store.set({ ...rest, ...(this.store.filters.reviews ? { reviews: this.store.filters.reviews } : {}) });
        return;
      }
      case 'open': {
        const ids = m.params.convIds.slice(0, MAX_OPEN);
        if (m.params.convIds.length > MAX_OPEN) void vscode.window.showInformationMessage(`Intent Lens: opening the first ${MAX_OPEN} of ${m.params.convIds.length} selected conversations.`);
        for (const convId of ids) await openConversationView(this.services, { convId });
        return;
      }
      case 'compare':
        await vscode.commands.executeCommand(INTERNAL_COMMANDS.compareOpen, { left: m.params.left, right: m.params.right });
        return;
      case 'rescore':
        await vscode.commands.executeCommand(COMMANDS.rescore, { convIds: m.params.convIds });
        return;
      case 'runAgain': {
        const ref = this.services.data.logs.get(m.params.convId);
        if (!ref) return;
        await vscode.commands.executeCommand(COMMANDS.runInstance, { taskId: ref.task_id, mode: ref.mode, condition: ref.condition, ...(ref.path ? { path: ref.path, k: ref.k ?? 0 } : {}) });
        return;
      }
    }
  }

  override dispose(): void {
    if (SamplesPanel.current === this) SamplesPanel.current = undefined;
    super.dispose();
  }
}

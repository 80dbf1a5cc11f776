// The Samples table panel (one per window): every conversation of the workspace in one grid. The
// visible rows follow the Sources tree's filters (one TreeFilterStore); the table's column filters
// are written to that same store, so the tree follows the table and the table follows the tree.
import * as vscode from 'vscode';
import type { ExtensionServices } from '../services';
import { webviewOptions } from '../webviews/webviewPanelHost';
import { ViewPanel } from '../webviews/viewPanel';
import { SAMPLES_PANEL_ID, SamplesView, type SampleFilters, type SamplesState, type SamplesWebviewCommand } from '../../shared/protocol/samples';
import type { TreeFilterStore } from '../tree/treeFilterStore';
import type { TreeModels } from '../tree/treeModels';

import { openConversationView } from '../conversation/registerConversation';
import { buildSamplesTable, convIdsOf, visibleOf, type SamplesTable } from './buildSamplesState';
import { COMMANDS, INTERNAL_COMMANDS } from '../commandIds';
import { runInstancesAgain } from '../runner/registerRunner';

/** At most this many conversation views open from one "Open" of a multi-selection. */
const MAX_OPEN = 10;

/**
 * Rows from the unfiltered model; with no filters set, that model is the filtered one too.
 * `commandAt`: when the user asked for it (the open command), else now (a rebuild after a data change).
 */
function buildTable(services: ExtensionServices, models: TreeModels, store: TreeFilterStore, version: number, commandAt?: number): SamplesTable {
  const t0 = performance.now();
  const table = buildSamplesTable(models.unfiltered(), models.model(store.filters), version);
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
    return (SamplesPanel.current = new SamplesPanel(services, panel, services.treeFilters, services.treeModels, commandAt));
  }

  private table: SamplesTable;
  /** Bumped per rebuild: a row number from an older state never names a row of this one. */
  private version: number;

  private constructor(
    private readonly services: ExtensionServices,
    panel: vscode.WebviewPanel,
    private readonly store: TreeFilterStore,
    private readonly models: TreeModels,
    commandAt: number,
  ) {
    // The first state is inlined into the page, so it is built before the base class renders it.
    const table = buildTable(services, models, store, 0, commandAt);
    super(services, panel, {
      definition: SamplesView,
      title: 'Samples',
      initialState: table.state,
      handlers: {
        requests: { convIds: ({ version, rows }) => ({ ids: convIdsOf(this.table, version, rows) }) },
        onCommand: (m) => this.onCommand(m),
        describeRendered: () => `${this.table.state.count} rows`,
      },
    });
    this.table = table;
    this.version = 1;
    this.updateTitle();
    this.disposables.push(
      store.onDidChange(() => this.pushVisible()),
      // A partial first load is not a change of the table's rows (the table opens once loaded).
      models.onDidChange(({ progress }) => progress || this.pushState()),
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
    const t0 = performance.now();
    // The tree asked for the same filters first: usually its model, already filtered.
    const visible = visibleOf(this.models.model(this.store.filters), this.table);
    this.services.output.appendLine(`[samples] filters applied: ${visible.visibleCount} of ${visible.count} rows in ${(performance.now() - t0).toFixed(0)} ms`);
    this.table = { ...this.table, state: { ...this.table.state, ...visible } };
    this.updateTitle();
    this.connection.notify('visible', visible);
  }

  /** Data or verdicts changed: rows are rebuilt from the index's summaries. */
  private pushState(): void {
    this.table = buildTable(this.services, this.models, this.store, this.version++);
    this.updateTitle();
    this.connection.notify('state', { state: this.table.state });
  }

  private async onCommand(m: SamplesWebviewCommand): Promise<void> {
    switch (m.command) {
      case 'setFilters':
        return this.setFilters(m.params.filters);
      case 'changeFilters':
        // Merged with the store's filters as they are when the message arrives (the store takes them at once).
        return this.setFilters({ ...this.store.filters, ...m.params.changes });
      case 'open': {
        const ids = this.idsOf(m.params.version, m.params.rows.slice(0, MAX_OPEN));
        if (m.params.rows.length > MAX_OPEN) void vscode.window.showInformationMessage(`Intent Lens: opening the first ${MAX_OPEN} of ${m.params.rows.length} selected conversations.`);
        // The first may take the place of a preview view; the others must not replace it in turn.
        for (const [i, convId] of ids.entries()) await openConversationView(this.services, { convId }, { reuse: i === 0 });
        return;
      }
      case 'compare': {
        const [left, right] = this.idsOf(m.params.version, [m.params.left, m.params.right]);
        if (left && right) await vscode.commands.executeCommand(INTERNAL_COMMANDS.compareOpen, { left, right });
        return;
      }
      case 'rescore': {
        const convIds = this.idsOf(m.params.version, m.params.rows);
        if (convIds.length) await vscode.commands.executeCommand(COMMANDS.rescore, { convIds });
        return;
      }
      case 'copyFilterLink':
        await vscode.commands.executeCommand(COMMANDS.copyFilterLink);
        return;
      case 'runAgain': {
        const refs = this.idsOf(m.params.version, m.params.rows).flatMap((id) => this.services.data.logs.get(id) ?? []);
        const targets = refs.map((ref) => ({ taskId: ref.task_id, mode: ref.mode, condition: ref.condition, ...(ref.path ? { path: ref.path, k: ref.k ?? 0 } : {}) }));
        if (targets.length === 1) await vscode.commands.executeCommand(COMMANDS.runInstance, targets[0]);
        else if (targets.length) await runInstancesAgain(this.services, targets.map(({ mode, ...t }) => ({ ...t, ...(mode === 'multi' || mode === 'single' ? { mode } : {}) })));
        return;
      }
    }
  }

  private async setFilters(filters: SampleFilters): Promise<void> {
    // Review status is set from the tree only; keep it as it is.
    const { reviews: _ignored, ...rest } = filters;
    await this.store.set({ ...rest, ...(this.store.filters.reviews ? { reviews: this.store.filters.reviews } : {}) });
  }

  /** The conversations of rows a command names; none (and a message) when the table changed under the click. */
  private idsOf(version: number, rows: readonly number[]): string[] {
    try {
      return convIdsOf(this.table, version, rows);
    } catch (e) {
      void vscode.window.showWarningMessage(`Intent Lens: the Samples table changed before the command arrived; select again. (${e instanceof Error ? e.message : String(e)})`);
      return [];
    }
  }

  override dispose(): void {
    if (SamplesPanel.current === this) SamplesPanel.current = undefined;
    super.dispose();
  }
}

// The results dashboard panel: one per window. The report's first stage (grid and counts, from the
// summaries) is inlined into the page; the slow parts (intervals, Fig. 4's reads) are pushed as they
// finish, and the whole is recomputed (debounced) whenever the workspace data changes. Clicks arrive
// as selectors and open a quick pick of the conversations behind them.
import * as vscode from 'vscode';
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import type { ExtensionServices } from '../services';
import { webviewOptions } from '../webviews/webviewPanelHost';
import { ViewPanel } from '../webviews/viewPanel';
import {
  DASHBOARD_PANEL_ID,
  DASHBOARD_VIEW,
  DashboardView,
  type RunDiffResult,
  type DashboardState,
  type DashboardWebviewCommand,
  type ExportResult,
} from '../../shared/protocol/dashboard';
import { gridToCsv, gridToMarkdown } from '../../core/stats/gridExport';
import { exportOpsd } from '../../core/opsd/opsdExport';
import { effectiveRecap } from '../../core/stats/evolving';
import type { ConversationRef } from '../../core/load/runLogIndex';
import type { RecapMode } from '../../core/schema/runlog';
import { DashboardStats } from './dashboardReport';
import type { StatsStage } from '../../core/stats/computeStats';
import { resolveSelector, showConversationPick } from './conversationPicker';
import { computeRunDiff, diffChoices } from './runDiffSides';
import { openConversationView } from '../conversation/registerConversation';
import { exportReport } from './reportExport';
import { announceSaved } from './savedFile';
import { INTERNAL_COMMANDS } from '../commandIds';
import { sentToWindow } from '../windowMessages';
import type { ViewTiming } from '../../shared/protocol';

const RECOMPUTE_DEBOUNCE_MS = 300;

const visibleGroups = () => vscode.window.tabGroups.all.filter((g) => g.viewColumn !== undefined).length;

/**
 * A new dashboard beside other editor groups: its group is maximized, the full width of the editor
 * area (the others are hidden, not closed; View: Toggle Maximize Editor Group brings them back).
 */
async function maximizeDashboardGroup(): Promise<void> {
  if (visibleGroups() > 1) await vscode.commands.executeCommand('workbench.action.toggleMaximizeEditorGroup');
}

/**
 * The dashboard shown again: its group takes the width, the others shrink to their minimum. (Not a
 * toggle: the group may still be maximized from its opening, and a second toggle would restore.)
 */
async function widenDashboardGroup(): Promise<void> {
  if (visibleGroups() > 1) await vscode.commands.executeCommand('workbench.action.minimizeOtherEditors');
}
/** The longest a new panel holds the report's slow parts back for its first paint. */
const SLOW_PARTS_HOLD_MAX_MS = 10_000;

export class DashboardPanel extends ViewPanel<typeof DashboardView> {
  private static current: DashboardPanel | undefined;

  /** The open dashboard, if any (the host test suite reads it). */
  static get instance(): DashboardPanel | undefined {
    return DashboardPanel.current;
  }

  /** The panel being opened (a second command meanwhile shows the same one). */
  private static opening: Promise<DashboardPanel | undefined> | undefined;

  static async show(services: ExtensionServices, stats: DashboardStats): Promise<DashboardPanel | undefined> {
    if (DashboardPanel.current) {
      DashboardPanel.current.panel.reveal();
      void widenDashboardGroup();
      return DashboardPanel.current;
    }
    DashboardPanel.opening ??= DashboardPanel.open(services, stats).finally(() => (DashboardPanel.opening = undefined));
    return DashboardPanel.opening;
  }

  private static async open(services: ExtensionServices, stats: DashboardStats): Promise<DashboardPanel | undefined> {
    const commandAt = Date.now();
    // The panel first: VS Code builds its frame and service worker (hundreds of ms; seconds on a
    // browser's first webview) while the report's first stage is computed or taken from the cache;
    // its HTML, with the stage inlined, follows. The panel's creation leaves for the window before
    // the computation holds the host's thread (see `sentToWindow`; it would otherwise go with the HTML).
    const panel = vscode.window.createWebviewPanel(
      DASHBOARD_PANEL_ID,
      'Intent Lens Dashboard',
      vscode.ViewColumn.Active,
      webviewOptions(services.context.extensionUri),
    );
    // A wide grid: beside other editor groups, its group is maximized (full width).
    void maximizeDashboardGroup();
    const panelCreatedAt = Date.now();
    let closed = false;
    // A report computed for this open starts its slow parts once the page shows the grid (or it
    // closed, or after a bound: a page that never reports must not hold them forever).
    let release!: () => void;
    const shown = new Promise<void>((resolve) => (release = resolve));
    const bound = setTimeout(release, SLOW_PARTS_HOLD_MAX_MS);
    void shown.then(() => clearTimeout(bound));
    stats.holdSlowPartsUntil(shown);
    const closedMeanwhile = panel.onDidDispose(() => {
      closed = true;
      release();
    });
    await sentToWindow();
    const stage = await DashboardPanel.currentStage(stats, services);
    closedMeanwhile.dispose();
    if (closed) return undefined;
    const stageMs = Date.now() - commandAt;
    const opened = new DashboardPanel(services, panel, stats, stage, { commandAt, panelCreatedAt });
    DashboardPanel.current = opened;
    opened.disposables.push(opened.connection.onDidRender(release), { dispose: release });
    // Where an open's time goes (the UI bench reads the page's side from the page).
    const pending = 'pending' in stage ? `, pending: ${stage.pending.join(', ') || 'none'}` : '';
    const htmlKB = Math.round(panel.webview.html.length / 1024);
    services.output.appendLine(
      `[dashboard] opened: command→panel ${panelCreatedAt - commandAt} ms, command→report ${stageMs} ms, command→html ${Date.now() - commandAt} ms (${htmlKB} KB)${pending}`,
    );
    return DashboardPanel.current;
  }

  /** The latest stage for the current data (cached between opens), or the error that stopped it. */
  private static async currentStage(
    stats: DashboardStats,
    services: ExtensionServices,
  ): Promise<StatsStage | { error: string }> {
    try {
      return await stats.current();
    } catch (e) {
      const msg = e instanceof Error ? e.message : String(e);
      services.output.appendLine(`[dashboard] ${msg}`);
      return { error: msg };
    }
  }

  private static stateOf(
    stage: StatsStage | { error: string },
    stats: DashboardStats,
    services: ExtensionServices,
  ): DashboardState {
    if ('error' in stage) return { view: DASHBOARD_VIEW, report: null, computedAt: null, error: stage.error };
    return {
      view: DASHBOARD_VIEW,
      report: DashboardStats.forWebview(
        stage.report,
        stats.detectorName,
        stats.plans(),
        diffChoices(services.data),
        stats.verdictNote(),
        stage.pending,
        stats.annotationSummary(),
      ),
      computedAt: Date.now(),
    };
  }

  private toState(stage: StatsStage | { error: string }): DashboardState {
    return DashboardPanel.stateOf(stage, this.stats, this.services);
  }

  private timer: NodeJS.Timeout | undefined;
  private computing: Promise<void> = Promise.resolve();
  /** The stage the page shows (a later stage of the same run replaces it). */
  private shown: StatsStage | { error: string };
  /** The last run diff the page asked for (the exported report includes it). */
  private lastDiff: RunDiffResult | undefined;
  private state: DashboardState;

  private constructor(
    private readonly services: ExtensionServices,
    panel: vscode.WebviewPanel,
    private readonly stats: DashboardStats,
    stage: StatsStage | { error: string },
    private readonly timing: ViewTiming,
  ) {
    const state = DashboardPanel.stateOf(stage, stats, services);
    super(services, panel, {
      definition: DashboardView,
      title: 'Intent Lens Dashboard',
      // Only the first state carries the timing: the page's first render counts from the command.
      initialState: { ...state, timing },
      handlers: {
        requests: {
          refresh: async () => {
            await this.recompute();
            return this.state;
          },
          exportGrid: (p) => this.exportGrid(p.format),
          exportOpsd: (p) => this.exportOpsd(p.admitSingleCorrect),
          runDiff: (p) => {
            this.lastDiff = computeRunDiff(this.services.data, p, this.stats.verdictMode);
            return this.lastDiff;
          },
          // Exports wait for the complete report (intervals and Fig. 4 included).
          exportReport: async (p) =>
            exportReport(await this.stats.complete(), p.format, this.lastDiff, this.defaultUri.bind(this)),
          setVerdictMode: async (p) => {
            this.stats.setVerdictMode(p.mode);
            await this.recompute();
            return this.state;
          },
        },
        onCommand: (m) => this.onCommand(m),
      },
    });
    this.shown = stage;
    this.state = state;
    this.disposables.push(
      stats.onStage((next) => this.showStage(next)),
      services.data.onDidChange(() => this.scheduleRecompute()),
      services.rescored.onDidChange(() => this.scheduleRecompute()),
    );
    // A stage that arrived between the first one and the listener above.
    void stats.current().then(
      (latest) => this.showStage(latest),
      () => undefined,
    );
  }

  /** Pushes a stage the page does not show yet. */
  private showStage(stage: StatsStage): void {
    if (stage === this.shown) return;
    if (!stage.pending.length)
      this.services.output.appendLine(
        `[dashboard] complete: command→complete ${Date.now() - this.timing.commandAt} ms`,
      );
    this.shown = stage;
    this.state = this.toState(stage);
    this.connection.notify('state', { state: this.state });
  }

  get currentState(): DashboardState {
    return this.state;
  }

  private scheduleRecompute(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.recompute(), RECOMPUTE_DEBOUNCE_MS);
  }

  /** Recomputes and pushes the new state (serialised: one computation at a time); later stages follow as they finish. */
  recompute(): Promise<void> {
    this.computing = this.computing.then(async () => {
      this.connection.notify('busy', { busy: true });
      this.stats.invalidate();
      const stage = await DashboardPanel.currentStage(this.stats, this.services);
      if ('error' in stage) {
        this.shown = stage;
        this.state = this.toState(stage);
        this.connection.notify('state', { state: this.state });
      } else this.showStage(stage);
      this.connection.notify('busy', { busy: false });
    });
    return this.computing;
  }

  /** A conversation's recap mode as the evolving analysis counts it (the plan's when the log has none). */
  private recapOf(): (ref: ConversationRef) => RecapMode {
    const plans = this.services.data.plans();
    return (ref) => effectiveRecap(ref, plans.get(ref.task_id)?.plan);
  }

  private async onCommand(m: DashboardWebviewCommand): Promise<void> {
    switch (m.command) {
      case 'showConversations': {
        const refs = resolveSelector(
          this.services.data.conversationsWithCurrentVerdicts(this.stats.verdictMode),
          this.stats.report,
          m.params.selector,
          this.recapOf(),
        );
        await showConversationPick(refs, m.params.title);
        return;
      }
      case 'openPair':
        // Logged vs re-scored flips one conversation: its view shows both verdicts (`✓ re-scored, logged ✗`).
        if (m.params.left === m.params.right) await openConversationView(this.services, { convId: m.params.left });
        else
          await vscode.commands.executeCommand(INTERNAL_COMMANDS.compareOpen, {
            left: m.params.left,
            right: m.params.right,
          });
        return;
    }
  }

  private defaultUri(name: string): vscode.Uri | undefined {
    const folder = vscode.workspace.workspaceFolders?.[0];
    return folder ? vscode.Uri.joinPath(folder.uri, name) : undefined;
  }

  private async exportGrid(format: 'csv' | 'md'): Promise<ExportResult> {
    const report = await this.stats.complete();
    const defaultUri = this.defaultUri(format === 'csv' ? 'intent-eval-table1.csv' : 'intent-eval-table1.md');
    const uri = await vscode.window.showSaveDialog({
      title: 'Export the accuracy grid',
      ...(defaultUri ? { defaultUri } : {}),
      filters: format === 'csv' ? { CSV: ['csv'] } : { Markdown: ['md'] },
    });
    if (!uri) return { saved: null };
    const text = format === 'csv' ? gridToCsv(report) : gridToMarkdown(report);
    await vscode.workspace.fs.writeFile(uri, Buffer.from(text, 'utf8'));
    return { saved: announceSaved(format === 'csv' ? 'Grid CSV' : 'Grid Markdown', uri) };
  }

  private async exportOpsd(admitSingleCorrect: boolean): Promise<ExportResult> {
    const defaultUri = this.defaultUri('intent-opsd.jsonl');
    const uri = await vscode.window.showSaveDialog({
      title: 'Export Intent-OPSD training data',
      ...(defaultUri ? { defaultUri } : {}),
      filters: { 'JSON Lines': ['jsonl'] },
    });
    if (!uri) return { saved: null };
    const { data } = this.services;
    const records = data.records();
    const stream = createWriteStream(uri.fsPath, 'utf8');
    const summary = await exportOpsd(
      data.conversationsWithCurrentVerdicts(this.stats.verdictMode),
      (id) => records.get(id)?.record,
      (ref) => data.logs.readConversation(ref),
      async (example) => {
        if (!stream.write(JSON.stringify(example) + '\n')) await once(stream, 'drain');
      },
      { admitSingleCorrect },
    );
    stream.end();
    await once(stream, 'finish');
    const s = summary.skipped;
    const detail = `${summary.examples} example(s) from ${summary.admittedSources} admitted of ${summary.sources} model×source pair(s); skipped ${s.noRecord} without a record, ${s.notAdmitted} not admitted`;
    return { saved: announceSaved('Intent-OPSD export', uri, detail), detail };
  }

  override dispose(): void {
    clearTimeout(this.timer);
    if (DashboardPanel.current === this) DashboardPanel.current = undefined;
    super.dispose();
  }
}

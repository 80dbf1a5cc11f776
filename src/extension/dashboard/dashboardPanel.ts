// The results dashboard panel: one per window. The report is computed before the panel opens and
// inlined into the page; it is recomputed (debounced) whenever the workspace data changes and pushed
// to the page. Clicks arrive as selectors and open a quick pick of the conversations behind them.
import * as vscode from 'vscode';
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import type { ExtensionServices } from '../services';
import { renderWebviewHtml, webviewOptions, WebviewConnection } from '../webviews/webviewPanelHost';
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
import { resolveSelector, showConversationPick } from './conversationPicker';
import { computeRunDiff, diffChoices } from './runDiffSides';
import { openConversationView } from '../conversation/registerConversation';
import { exportReport } from './reportExport';
import { INTERNAL_COMMANDS } from '../commandIds';

const RECOMPUTE_DEBOUNCE_MS = 300;

export class DashboardPanel implements vscode.Disposable {
  private static current: DashboardPanel | undefined;

  /** The open dashboard, if any (the host test suite reads it). */
  static get instance(): DashboardPanel | undefined {
    return DashboardPanel.current;
  }

  static async show(services: ExtensionServices): Promise<DashboardPanel> {
    if (DashboardPanel.current) {
      DashboardPanel.current.panel.reveal();
      return DashboardPanel.current;
    }
    const stats = new DashboardStats(services.data);
    const state = await DashboardPanel.computeState(stats, services);
    const panel = vscode.window.createWebviewPanel(DASHBOARD_PANEL_ID, 'Intent Lens Dashboard', vscode.ViewColumn.Active, webviewOptions(services.context.extensionUri));
    DashboardPanel.current = new DashboardPanel(services, panel, stats, state);
    return DashboardPanel.current;
  }

  private static async computeState(stats: DashboardStats, services: ExtensionServices): Promise<DashboardState> {
    try {
      const report = await stats.compute();
      return { view: DASHBOARD_VIEW, report: DashboardStats.forWebview(report, stats.detectorName, stats.plans(), diffChoices(services.data), stats.verdictNote()), computedAt: Date.now() };
    } catch (e) {
      const msg = e instanceof Error ? e.message : String(e);
      services.output.appendLine(`[dashboard] ${msg}`);
      return { view: DASHBOARD_VIEW, report: null, computedAt: null, error: msg };
    }
  }

  private readonly connection: WebviewConnection<typeof DashboardView>;
  private readonly disposables: vscode.Disposable[] = [];
  private timer: NodeJS.Timeout | undefined;
  private computing: Promise<void> = Promise.resolve();
  /** The last run diff the page asked for (the exported report includes it). */
  private lastDiff: RunDiffResult | undefined;
  /** The last time the page said it rendered (ms from script start). */
  lastRenderedMs: number | undefined;

  private constructor(
    private readonly services: ExtensionServices,
    readonly panel: vscode.WebviewPanel,
    private readonly stats: DashboardStats,
    private state: DashboardState,
  ) {
    panel.webview.html = renderWebviewHtml(panel.webview, services.context.extensionUri, { view: DASHBOARD_VIEW, title: 'Intent Lens Dashboard', initialState: state });
    this.connection = new WebviewConnection(panel.webview, DashboardView, {
      requests: {
        refresh: async () => {
          await this.recompute();
          return this.state;
        },
        exportGrid: (p) => this.exportGrid(p.format),
        exportOpsd: (p) => this.exportOpsd(p.admitSingleCorrect),
        runDiff: (p) => {
          this.lastDiff = computeRunDiff(this.services.data, p);
          return this.lastDiff;
        },
        exportReport: async (p) => exportReport(this.stats.report ?? (await this.stats.compute()), p.format, this.lastDiff, this.defaultUri.bind(this)),
        countConversations: ({ selector }) => {
          return { count: resolveSelector(this.services.data.conversationsWithCurrentVerdicts(), this.stats.report, selector, this.recapOf()).length };
        },
      },
      onCommand: (m) => this.onCommand(m),
      log: (line) => services.output.appendLine(line),
    });
    this.disposables.push(
      this.connection,
      services.data.onDidChange(() => this.scheduleRecompute()),
      services.rescored.onDidChange(() => this.scheduleRecompute()),
      panel.onDidDispose(() => this.dispose()),
    );
  }

  get currentState(): DashboardState {
    return this.state;
  }

  private scheduleRecompute(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.recompute(), RECOMPUTE_DEBOUNCE_MS);
  }

  /** Recomputes and pushes the new state (serialised: one computation at a time). */
  recompute(): Promise<void> {
    this.computing = this.computing.then(async () => {
      this.connection.notify('busy', { busy: true });
      this.state = await DashboardPanel.computeState(this.stats, this.services);
      this.connection.notify('state', { state: this.state });
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
        const refs = resolveSelector(this.services.data.conversationsWithCurrentVerdicts(), this.stats.report, m.params.selector, this.recapOf());
        await showConversationPick(refs, m.params.title);
        return;
      }
      case 'rendered':
        this.lastRenderedMs = m.params.ms;
        return;
      case 'openPair':
        // Logged vs re-scored flips one conversation: its view shows both verdicts (`✓ re-scored, logged ✗`).
        if (m.params.left === m.params.right) await openConversationView(this.services, { convId: m.params.left });
        else await vscode.commands.executeCommand(INTERNAL_COMMANDS.compareOpen, { left: m.params.left, right: m.params.right });
        return;
    }
  }

  private defaultUri(name: string): vscode.Uri | undefined {
    const folder = vscode.workspace.workspaceFolders?.[0];
    return folder ? vscode.Uri.joinPath(folder.uri, name) : undefined;
  }

  private async exportGrid(format: 'csv' | 'md'): Promise<ExportResult> {
    const report = this.stats.report ?? (await this.stats.compute());
    const defaultUri = this.defaultUri(format === 'csv' ? 'intent-eval-table1.csv' : 'intent-eval-table1.md');
    const uri = await vscode.window.showSaveDialog({
      title: 'Export the accuracy grid',
      ...(defaultUri ? { defaultUri } : {}),
      filters: format === 'csv' ? { CSV: ['csv'] } : { Markdown: ['md'] },
    });
    if (!uri) return { saved: null };
    const text = format === 'csv' ? gridToCsv(report) : gridToMarkdown(report);
    await vscode.workspace.fs.writeFile(uri, Buffer.from(text, 'utf8'));
    return { saved: uri.fsPath };
  }

  private async exportOpsd(admitSingleCorrect: boolean): Promise<ExportResult> {
    const defaultUri = this.defaultUri('intent-opsd.jsonl');
    const uri = await vscode.window.showSaveDialog({ title: 'Export Intent-OPSD training data', ...(defaultUri ? { defaultUri } : {}), filters: { 'JSON Lines': ['jsonl'] } });
    if (!uri) return { saved: null };
    const { data } = this.services;
    const records = data.records();
    const stream = createWriteStream(uri.fsPath, 'utf8');
    const summary = await exportOpsd(
      data.conversationsWithCurrentVerdicts(),
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
    void vscode.window.showInformationMessage(`Intent Lens: Intent-OPSD export written: ${detail}.`);
    return { saved: uri.fsPath, detail };
  }

  dispose(): void {
    clearTimeout(this.timer);
    if (DashboardPanel.current === this) DashboardPanel.current = undefined;
    for (const d of this.disposables) d.dispose();
    this.stats.dispose();
    this.panel.dispose();
  }
}

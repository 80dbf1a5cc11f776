// One compare webview panel for a pair of conversations: builds the state on the host (turn
// alignment, rail, inactive spans), inlines it into the page, answers `reload`, pushes a new state
// when either log changes, forwards keyboard navigation, and logs the webview's render time.
import * as vscode from 'vscode';
import type { ExtensionServices } from '../services';
import { renderWebviewHtml, webviewOptions, WebviewConnection } from '../webviews/webviewPanelHost';
import { reusablePanel } from '../webviews/previewReuse';
import { sameContent } from '../webviews/sameContent';
import { COMPARE_PANEL_ID, COMPARE_VIEW, CompareView, type CompareRenderedParams, type CompareWebviewCommand, type CompareState, type NavigateAction } from '../../shared/protocol/compare';
import { buildCompareState } from './buildCompareState';
import { compareDetector } from './inactiveDetector';
import type { FinalResponseDocuments } from './nativeDiff';
import { openNativeDiff } from './nativeDiff';

export interface ComparePair {
  left: string;
  right: string;
}

export async function loadCompareState(services: ExtensionServices, pair: ComparePair, timing: CompareState['timing']): Promise<CompareState> {
  const { data } = services;
  await data.ensureLoaded();
  const lref = data.logs.get(pair.left);
  const rref = data.logs.get(pair.right);
  if (!lref || !rref) throw new Error(`conversation ${!lref ? pair.left : pair.right} is not in the workspace's run logs`);
  const [lentry, rentry] = await Promise.all([data.logs.readConversation(lref), data.logs.readConversation(rref)]);
  const detector = compareDetector();
  const record = data.record(lref.task_id)?.record;
  return buildCompareState({
    ...(record ? { record } : {}),
    left: { ref: lref, entry: lentry },
    right: { ref: rref, entry: rentry },
    detector: detector.detect,
    detectorName: detector.name,
    timing,
    currentVerdict: (ref) => data.currentVerdict(ref),
  });
}

const panelTitle = (state: CompareState) => `${state.left.instanceLabel} ↔ ${state.right.instanceLabel}: ${state.taskId}`;

export class ComparePanel implements vscode.Disposable {
  private static readonly open = new Set<ComparePanel>();
  private static lastActive: ComparePanel | undefined;

  /** The compare panel the user looked at last (keyboard commands go there). */
  static get active(): ComparePanel | undefined {
    for (const p of ComparePanel.open) if (p.panel.active) return p;
    return ComparePanel.lastActive;
  }

  static find(pair: ComparePair): ComparePanel | undefined {
    for (const p of ComparePanel.open) if (p.pair.left === pair.left && p.pair.right === pair.right) return p;
    return undefined;
  }

  /**
   * Opens (or reveals) the compare view of a pair: in the open, unpinned compare view when there is
   * one (it shows the new pair), else in a new panel. `commandAt` is when the user's command ran.
   */
  static async show(services: ExtensionServices, docs: FinalResponseDocuments, pair: ComparePair, commandAt = Date.now()): Promise<ComparePanel> {
    const existing = ComparePanel.find(pair);
    if (existing) {
      existing.panel.reveal();
      return existing;
    }
    // The state is built before the panel exists, so the page paints the comparison at once.
    const state = await loadCompareState(services, pair, { commandAt, panelCreatedAt: 0 });
    const reused = reusablePanel(ComparePanel.open, ComparePanel.lastActive);
    if (reused) {
      reused.replace(pair, state);
      return reused;
    }
    const panel = vscode.window.createWebviewPanel(COMPARE_PANEL_ID, 'Compare', vscode.ViewColumn.Active, webviewOptions(services.context.extensionUri));
    state.timing.panelCreatedAt = Date.now();
    return new ComparePanel(services, docs, pair, panel, state);
  }

  private readonly connection: WebviewConnection<typeof CompareView>;
  private readonly disposables: vscode.Disposable[] = [];
  private state: CompareState;
  /** The last render time the webview reported (read by the host test suite and the bench). */
  lastRendered: CompareRenderedParams | undefined;

  private constructor(
    private readonly services: ExtensionServices,
    private readonly docs: FinalResponseDocuments,
    public pair: ComparePair,
    readonly panel: vscode.WebviewPanel,
    state: CompareState,
  ) {
    this.state = state;
    ComparePanel.open.add(this);
    ComparePanel.lastActive = this;
    panel.title = panelTitle(state);
    const extensionUri = services.context.extensionUri;
    this.connection = new WebviewConnection(panel.webview, CompareView, {
      requests: { reload: () => this.reload() },
      onCommand: (m) => this.onCommand(m),
      log: (line) => services.output.appendLine(line),
    });
    panel.webview.html = renderWebviewHtml(panel.webview, extensionUri, { view: COMPARE_VIEW, title: state.title, initialState: state, workers: true });
    this.disposables.push(
      this.connection,
      panel.onDidChangeViewState((e) => {
        if (e.webviewPanel.active) ComparePanel.lastActive = this;
      }),
      services.data.onDidChange((e) => {
        if (e.files.some((f) => f === this.state.left.file || f === this.state.right.file)) void this.pushState();
      }),
      // A re-score changes a side's verdict without touching its log.
      services.rescored.onDidChange((e) => {
        if (e.convIds.includes(this.pair.left) || e.convIds.includes(this.pair.right)) void this.pushState();
      }),
      panel.onDidDispose(() => this.dispose()),
    );
  }

  /** Shows another pair in this open view (preview semantics): a new state posted to the page, no new frame. */
  private replace(pair: ComparePair, state: CompareState): void {
    // "Panel created" for a reused view: the moment its new state is sent.
    state.timing.panelCreatedAt = Date.now();
    this.pair = pair;
    this.state = state;
    this.lastRendered = undefined;
    // The title changes when the page reports the new pair rendered: a tab naming it means the page shows it.
    this.panel.reveal();
    this.connection.notify('state', { state });
  }

  private async onCommand(m: CompareWebviewCommand): Promise<void> {
    switch (m.command) {
      case 'rendered':
        this.lastRendered = m.params;
        // A reused view's tab names the new pair once the page shows it (see `replace`).
        this.panel.title = panelTitle(this.state);
        this.services.output.appendLine(
          `[compare] rendered ${this.state.taskId} (${this.state.left.turns.length}+${this.state.right.turns.length} turns): script→rendered ${m.params.ms.toFixed(0)} ms, panel created→rendered ${m.params.sincePanelCreatedMs.toFixed(0)} ms, command→rendered ${m.params.sinceCommandMs.toFixed(0)} ms${m.params.diffComputed ? '' : ' (final-response diff NOT computed)'}`,
        );
        return;
      case 'openNativeDiff':
        await openNativeDiff(this.docs, this.services.data, this.pair.left, this.pair.right);
        return;
      case 'revealInLog': {
        const side = m.params.side === 'left' ? this.state.left : this.state.right;
        const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(side.file));
        const line = Math.max(0, side.line - 1);
        await vscode.window.showTextDocument(doc, { selection: new vscode.Range(line, 0, line, 0), viewColumn: vscode.ViewColumn.Beside, preview: true });
        return;
      }
    }
  }

  private async reload(): Promise<CompareState> {
    const pair = this.pair;
    const state = await loadCompareState(this.services, pair, this.state.timing);
    // A pair shown meanwhile (the view was reused) wins over this refresh of the one before.
    if (pair === this.pair) this.state = state;
    return this.state;
  }

  private async pushState(): Promise<void> {
    try {
      const [pair, shown] = [this.pair, this.state];
      const state = await this.reload();
      if (pair === this.pair && !sameContent(shown, state)) this.connection.notify('state', { state });
    } catch (e) {
      this.services.output.appendLine(`[compare] could not refresh ${this.pair.left} ↔ ${this.pair.right}: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  navigate(action: NavigateAction): void {
    this.connection.notify('navigate', { action });
  }

  get currentState(): CompareState {
    return this.state;
  }

  dispose(): void {
    ComparePanel.open.delete(this);
    if (ComparePanel.lastActive === this) ComparePanel.lastActive = undefined;
    for (const d of this.disposables.splice(0)) d.dispose();
    this.panel.dispose();
  }
}

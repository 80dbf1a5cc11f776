// One compare webview panel for a pair of conversations: builds the state on the host (turn
// alignment, rail, inactive spans), inlines it into the page, answers `reload`, pushes a new state
// when either log changes and forwards keyboard navigation (the connection logs the render time).
import * as vscode from 'vscode';
import type { ExtensionServices } from '../services';
import { webviewOptions } from '../webviews/webviewPanelHost';
import { LastActivePanel, ViewPanel } from '../webviews/viewPanel';
import { reusablePanel } from '../webviews/previewReuse';
import { sameContent } from '../webviews/sameContent';
import {
  COMPARE_PANEL_ID,
  CompareView,
  type CompareWebviewCommand,
  type CompareState,
  type NavigateAction,
} from '../../shared/protocol/compare';
import { buildCompareState } from './buildCompareState';
import { compareDetector } from './inactiveDetector';
import type { FinalResponseDocuments } from './nativeDiff';
import { openNativeDiff } from './nativeDiff';
import { COMMANDS } from '../commandIds';

export interface ComparePair {
  left: string;
  right: string;
}

export async function loadCompareState(
  services: ExtensionServices,
  pair: ComparePair,
  timing: CompareState['timing'],
): Promise<CompareState> {
  const { data } = services;
  await data.ensureLoaded();
  const lref = data.logs.get(pair.left);
  const rref = data.logs.get(pair.right);
  if (!lref || !rref)
    throw new Error(`conversation ${!lref ? pair.left : pair.right} is not in the workspace's run logs`);
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

const panelTitle = (state: CompareState) =>
  `${state.left.instanceLabel} ↔ ${state.right.instanceLabel}: ${state.taskId}`;

export class ComparePanel extends ViewPanel<typeof CompareView> {
  private static readonly open = new Set<ComparePanel>();
  private static readonly recent = new LastActivePanel<ComparePanel>();

  /** The compare panel the user looked at last (keyboard commands go there). */
  static get active(): ComparePanel | undefined {
    return ComparePanel.recent.active(ComparePanel.open);
  }

  static find(pair: ComparePair): ComparePanel | undefined {
    for (const p of ComparePanel.open) if (p.pair.left === pair.left && p.pair.right === pair.right) return p;
    return undefined;
  }

  /**
   * Opens (or reveals) the compare view of a pair: in the open, unpinned compare view when there is
   * one (it shows the new pair), else in a new panel. `commandAt` is when the user's command ran.
   */
  static async show(
    services: ExtensionServices,
    docs: FinalResponseDocuments,
    pair: ComparePair,
    commandAt = Date.now(),
  ): Promise<ComparePanel> {
    const existing = ComparePanel.find(pair);
    if (existing) {
      existing.panel.reveal();
      return existing;
    }
    // The state is built before the panel exists, so the page paints the comparison at once.
    const state = await loadCompareState(services, pair, { commandAt, panelCreatedAt: 0 });
    const reused = reusablePanel(ComparePanel.open, ComparePanel.recent.last);
    if (reused) {
      reused.replace(pair, state);
      return reused;
    }
    const panel = vscode.window.createWebviewPanel(
      COMPARE_PANEL_ID,
      'Compare',
      vscode.ViewColumn.Active,
      webviewOptions(services.context.extensionUri),
    );
    state.timing.panelCreatedAt = Date.now();
    return new ComparePanel(services, docs, pair, panel, state);
  }

  private state: CompareState;

  private constructor(
    private readonly services: ExtensionServices,
    private readonly docs: FinalResponseDocuments,
    public pair: ComparePair,
    panel: vscode.WebviewPanel,
    state: CompareState,
  ) {
    super(services, panel, {
      definition: CompareView,
      title: state.title,
      initialState: state,
      workers: true,
      prerender: 'compare',
      handlers: {
        requests: { reload: () => this.reload() },
        onCommand: (m) => this.onCommand(m),
        describeRendered: () =>
          `${this.state.taskId} (${this.state.left.turns.length}+${this.state.right.turns.length} turns)`,
      },
    });
    this.state = state;
    ComparePanel.open.add(this);
    panel.title = panelTitle(state);
    this.disposables.push(
      ComparePanel.recent.track(this),
      // A reused view's tab names the new pair once the page shows it (see `replace`).
      this.connection.onDidRender(() => (this.panel.title = panelTitle(this.state))),
      services.data.onDidChange((e) => {
        if (e.files.some((f) => f === this.state.left.file || f === this.state.right.file)) void this.pushState();
      }),
      // A re-score changes a side's verdict without touching its log.
      services.rescored.onDidChange((e) => {
        if (e.convIds.includes(this.pair.left) || e.convIds.includes(this.pair.right)) void this.pushState();
      }),
    );
  }

  /** Shows another pair in this open view (preview semantics): a new state posted to the page, no new frame. */
  private replace(pair: ComparePair, state: CompareState): void {
    // "Panel created" for a reused view: the moment its new state is sent.
    state.timing.panelCreatedAt = Date.now();
    this.pair = pair;
    this.state = state;
    this.connection.forgetRendered();
    // The title changes when the page reports the new pair rendered: a tab naming it means the page shows it.
    // It is on screen already: made the active editor without taking the focus, which could close a
    // quick pick the user opened while the state was read (a focused webview closes it).
    this.panel.reveal(undefined, true);
    this.connection.notify('state', { state });
  }

  private async onCommand(m: CompareWebviewCommand): Promise<void> {
    switch (m.command) {
      case 'openNativeDiff':
        await openNativeDiff(this.docs, this.services.data, this.pair.left, this.pair.right);
        return;
      case 'revealInLog': {
        const side = m.params.side === 'left' ? this.state.left : this.state.right;
        const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(side.file));
        const line = Math.max(0, side.line - 1);
        await vscode.window.showTextDocument(doc, {
          selection: new vscode.Range(line, 0, line, 0),
          viewColumn: vscode.ViewColumn.Beside,
          preview: true,
        });
        return;
      }
      // The conversation view's annotation commands, on the side's conversation.
      case 'annotate': {
        const { side, ...rest } = m.params;
        await vscode.commands.executeCommand(COMMANDS.annotationsAdd, { convId: this.state[side].convId, ...rest });
        return;
      }
      case 'overrideVerdict':
        await vscode.commands.executeCommand(COMMANDS.annotationsOverrideVerdict, {
          convId: this.state[m.params.side].convId,
        });
        return;
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
      this.services.output.appendLine(
        `[compare] could not refresh ${this.pair.left} ↔ ${this.pair.right}: ${e instanceof Error ? e.message : String(e)}`,
      );
    }
  }

  navigate(action: NavigateAction): void {
    this.connection.notify('navigate', { action });
  }

  get currentState(): CompareState {
    return this.state;
  }

  override dispose(): void {
    ComparePanel.open.delete(this);
    super.dispose();
  }
}

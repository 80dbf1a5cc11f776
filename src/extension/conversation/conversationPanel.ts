// One conversation webview panel per conversation: builds the state on the host, inlines it into
// the page, pushes a new state when the log changes or the conversation is re-scored, and answers
// the view's actions (open the log line, compare with…, fork from a turn).
import * as vscode from 'vscode';
import type { ExtensionServices } from '../services';
import { webviewOptions } from '../webviews/webviewPanelHost';
import { LastActivePanel, ViewPanel } from '../webviews/viewPanel';
import { reusablePanel } from '../webviews/previewReuse';
import { sameContent } from '../webviews/sameContent';
import {
  CONVERSATION_PANEL_ID,
  ConversationView,
  type ConversationNavigate,
  type ConversationState,
  type ConversationWebviewCommand,
} from '../../shared/protocol/conversation';
import { compareDetector } from '../compare/inactiveDetector';
import { counterpartOf, refLabel } from '../compare/comparePairs';

import { buildConversationState } from './buildConversationState';
import { withAnnotations } from '../annotations/conversationHooks';
import { COMMANDS, INTERNAL_COMMANDS } from '../commandIds';

export interface ConversationFocus {
  turn?: number;
  traceIndex?: number;
}

export async function loadConversationState(
  services: ExtensionServices,
  convId: string,
  focus?: ConversationFocus,
): Promise<ConversationState> {
  const { data } = services;
  await data.ensureLoaded();
  const read = await data.readConversation(convId);
  if (!read) throw new Error(`conversation ${convId} is not in the workspace's run logs`);
  const record = data.record(read.ref.task_id)?.record;
  const source = record ?? data.plans().get(read.ref.task_id)?.plan;
  const detector = compareDetector();
  const rescore = services.rescored.get(convId);
  const counterpart = counterpartOf(data.conversations(), read.ref);
  const state = buildConversationState({
    ref: read.ref,
    fileLabel: vscode.workspace.asRelativePath(read.ref.file),
    entry: read.entry,
    ...(source ? { source } : {}),
    detector: detector.detect,
    detectorName: detector.name,
    ...(rescore ? { rescore } : {}),
    ...(focus ? { focus } : {}),
    // A fork replays the source's shards and events: offered where its record is loaded.
    canFork: record !== undefined,
    ...(counterpart ? { counterpart: { convId: counterpart.conv_id, label: refLabel(counterpart) } } : {}),
  });
  return withAnnotations(state, data);
}

export class ConversationPanel extends ViewPanel<typeof ConversationView> {
  private static readonly open = new Map<string, ConversationPanel>();
  private static readonly recent = new LastActivePanel<ConversationPanel>();

  static get active(): ConversationPanel | undefined {
    return ConversationPanel.recent.active(ConversationPanel.open.values());
  }

  /**
   * Opens (or reveals) the view of a conversation, scrolled to a turn when one is given: in the open,
   * unpinned conversation view when there is one (it shows the new conversation), else in a new
   * panel. `commandAt` is when the user's command ran.
   */
  /** `reuse: false`: never replace a preview view (several conversations opened at once each get their own). */
  static async show(
    services: ExtensionServices,
    convId: string,
    focus?: ConversationFocus,
    commandAt = Date.now(),
    reuse = true,
  ): Promise<ConversationPanel> {
    const existing = ConversationPanel.open.get(convId);
    if (existing) {
      existing.panel.reveal();
      if (focus) {
        const turn = focus.traceIndex !== undefined ? undefined : focus.turn;
        const state = turn === undefined ? await loadConversationState(services, convId, focus) : undefined;
        const target = turn ?? state?.focusTurn;
        if (target !== undefined) existing.connection.notify('scrollToTurn', { turn: target });
      }
      return existing;
    }
    // The state is built before the panel exists, so the page paints the transcript at once.
    const state = await loadConversationState(services, convId, focus);
    const reused = reuse ? reusablePanel(ConversationPanel.open.values(), ConversationPanel.recent.last) : undefined;
    if (reused) {
      reused.replace(convId, { ...state, timing: { commandAt, panelCreatedAt: Date.now() } });
      return reused;
    }
    const panel = vscode.window.createWebviewPanel(
      CONVERSATION_PANEL_ID,
      state.title,
      vscode.ViewColumn.Active,
      webviewOptions(services.context.extensionUri),
    );
    state.timing = { commandAt, panelCreatedAt: Date.now() };
    return new ConversationPanel(services, convId, panel, state);
  }

  private state: ConversationState;

  private constructor(
    private readonly services: ExtensionServices,
    public convId: string,
    panel: vscode.WebviewPanel,
    state: ConversationState,
  ) {
    super(services, panel, {
      definition: ConversationView,
      title: state.title,
      initialState: state,
      prerender: 'conversation',
      handlers: {
        onCommand: (m) => this.onCommand(m),
        describeRendered: () => `${this.state.title} (${this.state.turns.length} turns)`,
      },
    });
    this.state = state;
    ConversationPanel.open.set(convId, this);
    panel.title = state.title;
    this.disposables.push(
      ConversationPanel.recent.track(this),
      // A reused view's tab names the new conversation once the page shows it (see `replace`).
      this.connection.onDidRender(() => (this.panel.title = this.state.title)),
      services.data.onDidChange((e) => {
        if (e.files.includes(this.state.file)) void this.pushState();
      }),
      services.rescored.onDidChange((e) => {
        if (e.convIds.includes(this.convId)) void this.pushState();
      }),
    );
  }

  /** Shows another conversation in this open view (preview semantics): a new state posted to the page, no new frame. */
  private replace(convId: string, state: ConversationState): void {
    ConversationPanel.open.delete(this.convId);
    this.convId = convId;
    ConversationPanel.open.set(convId, this);
    this.state = state;
    this.connection.forgetRendered();
    // The title changes when the page reports the new conversation rendered: a tab naming it means the page shows it.
    // It is on screen already: made the active editor without taking the focus, which could close a
    // quick pick the user opened while the state was read (a focused webview closes it).
    this.panel.reveal(undefined, true);
    this.connection.notify('state', { state });
  }

  get currentState(): ConversationState {
    return this.state;
  }

  navigate(action: ConversationNavigate): void {
    this.connection.notify('navigate', { action });
  }

  private async onCommand(m: ConversationWebviewCommand): Promise<void> {
    switch (m.command) {
      case 'openLogLine': {
        // A run log holds one conversation per line: the line is the conversation's.
        const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(this.state.file));
        const line = Math.max(0, this.state.line - 1);
        await vscode.window.showTextDocument(doc, {
          selection: new vscode.Range(line, 0, line, 0),
          viewColumn: vscode.ViewColumn.Beside,
          preview: true,
        });
        return;
      }
      case 'compareWith':
        await vscode.commands.executeCommand(COMMANDS.compareWith, { convId: this.convId });
        return;
      case 'compareWithCounterpart': {
        const other = this.state.counterpart;
        if (!other) return;
        // Retained on the left, Revised on the right, whichever side is open.
        const pair =
          this.state.condition === 'retained'
            ? { left: this.convId, right: other.convId }
            : { left: other.convId, right: this.convId };
        await vscode.commands.executeCommand(INTERNAL_COMMANDS.compareOpen, pair);
        return;
      }
      case 'forkFromTurn':
        await vscode.commands.executeCommand(COMMANDS.forkFromTurn, {
          convId: this.convId,
          file: this.state.file,
          turn: m.params.turn,
        });
        return;
      case 'annotate':
        await vscode.commands.executeCommand(COMMANDS.annotationsAdd, { convId: this.convId, ...m.params });
        return;
      case 'overrideVerdict':
        await vscode.commands.executeCommand(COMMANDS.annotationsOverrideVerdict, { convId: this.convId });
        return;
      case 'openExternalDocument':
        await vscode.env.openExternal(vscode.Uri.parse(m.params.uri, true));
        return;
    }
  }

  private async pushState(): Promise<void> {
    const convId = this.convId;
    try {
      const state = await loadConversationState(this.services, convId);
      // Another conversation shown meanwhile (the view was reused) wins over this refresh.
      if (convId !== this.convId || sameContent(this.state, state)) return;
      this.state = state;
      this.panel.title = this.state.title;
      this.connection.notify('state', { state: this.state });
    } catch (e) {
      this.services.output.appendLine(
        `[conversation] could not refresh ${this.convId}: ${e instanceof Error ? e.message : String(e)}`,
      );
    }
  }

  override dispose(): void {
    ConversationPanel.open.delete(this.convId);
    super.dispose();
  }
}

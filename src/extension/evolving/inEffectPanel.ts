// The In Effect webview panel: the timeline rail of one conversation (a logged run of either
// benchmark) or of an evolving-intent plan as written. The state is built on the host from the one
// intent timeline, inlined into the page, and pushed again when the data files change.
import * as vscode from 'vscode';
import type { ExtensionServices } from '../services';
import { webviewOptions } from '../webviews/webviewPanelHost';
import { ViewPanel } from '../webviews/viewPanel';
import { IN_EFFECT_PANEL_ID, InEffectView, type InEffectState, type RailTurn } from '../../shared/protocol/inEffect';
import type { RecapMode } from '../../core/schema/runlog';
import { inEffectFromLog, inEffectFromPlan } from './inEffectState';
import { provenanceNote } from '../../core/workspace/verdicts';
import { userTurnOfTraceIndex } from './turnDocumentRef';
import { COMMANDS } from '../commandIds';

export type InEffectTarget = { kind: 'log'; convId: string } | { kind: 'plan'; taskId: string; recap?: RecapMode };

/** The Sources tree's command that opens a turn document (`{convId, turnIndex}`, turnIndex = trace index). */
/** Our own read-only turn summary, used when no turn document command is registered. */
export const IN_EFFECT_TURN_SCHEME = 'intent-lens-ineffect';

function targetKey(t: InEffectTarget): string {
  return t.kind === 'log' ? `log:${t.convId}` : `plan:${t.taskId}:${t.recap ?? ''}`;
}

export async function loadInEffectState(services: ExtensionServices, target: InEffectTarget): Promise<InEffectState> {
  const { data } = services;
  await data.ensureLoaded();
  if (target.kind === 'plan') {
    const plan = data.plans().get(target.taskId)?.plan;
    if (!plan) throw new Error(`no evolving-intent plan ${target.taskId} in the workspace`);
    return inEffectFromPlan(plan, target.recap);
  }
  const ref = data.logs.get(target.convId);
  if (!ref) throw new Error(`conversation ${target.convId} is not in the workspace's run logs`);
  const entry = await data.logs.readConversation(ref);
  const current = data.currentVerdict(ref);
  const note = provenanceNote(current);
  return inEffectFromLog(entry, data.sourceOf(entry), {
    model: ref.model,
    verdict: current.verdict,
    ...(note ? { verdictNote: note } : {}),
  });
}

/** Read-only turn summaries for the fallback reveal: user text, reply, and the state after it. */
export class TurnSummaryDocuments implements vscode.TextDocumentContentProvider {
  private readonly texts = new Map<string, string>();
  private readonly emitter = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.emitter.event;

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.toString()) ?? 'This turn is no longer available.';
  }

  put(state: InEffectState, turn: RailTurn): vscode.Uri {
    const id = state.convId ?? `${state.taskId}-${state.recap ?? 'none'}`;
    const uri = vscode.Uri.from({
      scheme: IN_EFFECT_TURN_SCHEME,
      path: `/${encodeURIComponent(id)}/turn-${turn.turn + 1}.md`,
    });
    const lines = [`# ${state.taskId} · turn ${turn.turn + 1} (${turn.label})`, '', '## User', '', turn.user, ''];
    if (turn.assistant !== undefined) lines.push('## Assistant', '', turn.assistant, '');
    lines.push(
      '## In effect after this turn',
      '',
      `- ${state.benchmark === 'evolving' ? 'function' : 'task'}: ${turn.activeTask}`,
    );
    for (const f of turn.functions) if (f.status === 'superseded') lines.push(`- superseded function: ~~${f.name}~~`);
    for (const r of turn.requirements) {
      const others = r.values
        .filter((v) => v.value !== r.inEffect || v.status !== 'in-effect')
        .map((v) => `${v.value} (${v.status})`);
      lines.push(`- ${r.name}: ${r.inEffect ?? '—'}${others.length ? ` · ${others.join(', ')}` : ''}`);
    }
    if (turn.changes.length) lines.push('', '## Changes', '', ...turn.changes.map((c) => `- ${c}`));
    this.texts.set(uri.toString(), lines.join('\n') + '\n');
    this.emitter.fire(uri);
    return uri;
  }

  dispose(): void {
    this.emitter.dispose();
  }
}

export class InEffectPanel extends ViewPanel<typeof InEffectView> {
  private static readonly open = new Map<string, InEffectPanel>();

  static all(): InEffectPanel[] {
    return [...InEffectPanel.open.values()];
  }

  static async show(
    services: ExtensionServices,
    docs: TurnSummaryDocuments,
    target: InEffectTarget,
  ): Promise<InEffectPanel> {
    const key = targetKey(target);
    const existing = InEffectPanel.open.get(key);
    if (existing) {
      existing.panel.reveal();
      return existing;
    }
    const state = await loadInEffectState(services, target);
    const panel = vscode.window.createWebviewPanel(
      IN_EFFECT_PANEL_ID,
      'In Effect',
      { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
      webviewOptions(services.context.extensionUri),
    );
    return new InEffectPanel(services, docs, target, key, panel, state);
  }

  private state: InEffectState;

  private constructor(
    private readonly services: ExtensionServices,
    private readonly docs: TurnSummaryDocuments,
    readonly target: InEffectTarget,
    private readonly key: string,
    panel: vscode.WebviewPanel,
    state: InEffectState,
  ) {
    super(services, panel, {
      definition: InEffectView,
      title: state.title,
      initialState: state,
      handlers: {
        onCommand: (m) => this.revealTurn(m.params.turn),
        describeRendered: () => `${this.state.taskId} (${this.state.turns.length} turns)`,
      },
    });
    this.state = state;
    InEffectPanel.open.set(key, this);
    panel.title = `In Effect: ${state.taskId}`;
    this.disposables.push(
      services.data.onDidChange(() => void this.refresh()),
      // A re-score changes the conversation's verdict without touching its log.
      services.rescored.onDidChange((e) => {
        if (target.kind === 'log' && e.convIds.includes(target.convId)) void this.refresh();
      }),
    );
  }

  get currentState(): InEffectState {
    return this.state;
  }

  /** Opens the turn in the conversation view where the turn comes from a run log, else our own summary of it. */
  async revealTurn(turnIndex: number): Promise<void> {
    const turn = this.state.turns.find((t) => t.turn === turnIndex);
    if (!turn) return;
    // The command is registered with the extension: no round trip to the workbench's command list first.
    if (this.state.convId && turn.traceIndex !== undefined) {
      await vscode.commands.executeCommand(COMMANDS.openTurn, {
        convId: this.state.convId,
        turnIndex: turn.traceIndex,
      });
      return;
    }
    const uri = this.docs.put(this.state, turn);
    const doc = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(doc, {
      viewColumn: vscode.ViewColumn.One,
      preview: true,
      preserveFocus: false,
    });
  }

  /** Highlights the turn a turn document shows (the active editor moved to it). */
  focusTraceIndex(traceIndex: number): void {
    const indices = this.state.turns.map((t) => t.traceIndex ?? Number.MAX_SAFE_INTEGER);
    const at = userTurnOfTraceIndex(indices, traceIndex);
    if (at !== undefined) this.connection.notify('focusTurn', { turn: this.state.turns[at]!.turn });
  }

  private async refresh(): Promise<void> {
    try {
      this.state = await loadInEffectState(this.services, this.target);
      this.connection.notify('state', { state: this.state });
    } catch (e) {
      this.services.output.appendLine(
        `[in effect] could not refresh ${this.key}: ${e instanceof Error ? e.message : String(e)}`,
      );
    }
  }

  override dispose(): void {
    if (InEffectPanel.open.get(this.key) === this) InEffectPanel.open.delete(this.key);
    super.dispose();
  }
}

// The candidates webview panel: every candidate revision of one source task with its checks and
// evidence. The page re-checks an edited value (the core's construction with `request`, run again
// on the record as the document holds it) and writes the chosen candidate: re-checked once more,
// written as the record's `intent` through the records document (./writeRevisions), then the
// revision editor opens on it, review pending.
import * as vscode from 'vscode';
import type { ExtensionServices } from '../services';
import { webviewOptions } from '../webviews/webviewPanelHost';
import { ViewPanel } from '../webviews/viewPanel';
import {
  CANDIDATES_PANEL_ID,
  CandidatesView,
  type CandidatesState,
  type Choice,
  type RecheckResult,
  type WriteResult,
} from '../../shared/protocol/candidates';
import { constructSource, intentBlockFor } from '../../core/construct/construct';
import type { SourceConstruction } from '../../core/construct/constructTypes';
import type { VerifyOptions } from '../../core/verify/verifyTypes';
import { findRecordInDocument, RecordConflictError } from '../review/recordDocuments';
import { candidatesState, recheckResult, requestedCandidate } from './candidatesState';
import { writeRevision } from './writeRevisions';
import { COMMANDS } from '../commandIds';

/** What the panel needs besides the services: the verifier options for a records file. */
export interface CandidatesDeps {
  verifyOptions: (file: string) => VerifyOptions;
}

/** Constructs the candidates of a record as the document holds it now. */
async function constructNow(
  services: ExtensionServices,
  deps: CandidatesDeps,
  taskId: string,
  request?: Choice,
  signal?: AbortSignal,
) {
  const found = await findRecordInDocument(services.data, taskId);
  if (!found) throw new Error(`no record ${taskId} in the workspace`);
  const file = found.document.uri.fsPath;
  const ctx = {
    verify: deps.verifyOptions(file),
    ...(request ? { request: { target: request.target, value: request.value } } : {}),
    ...(signal ? { signal } : {}),
  };
  const construction = await constructSource(found.item.value, ctx);
  return { found, file, construction };
}

export class CandidatesPanel extends ViewPanel<typeof CandidatesView> {
  private static readonly open = new Map<string, CandidatesPanel>();

  /** Open panels (tests and the inspect command read their state). */
  static all(): CandidatesPanel[] {
    return [...CandidatesPanel.open.values()];
  }

  static async show(
    services: ExtensionServices,
    deps: CandidatesDeps,
    taskId: string,
  ): Promise<CandidatesPanel | undefined> {
    const existing = CandidatesPanel.open.get(taskId);
    if (existing) {
      existing.panel.reveal();
      return existing;
    }
    const title = `Intent Lens: constructing candidates for ${taskId}`;
    const built = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title }, () =>
      constructNow(services, deps, taskId),
    );
    const state = candidatesState(built.construction, {
      file: vscode.workspace.asRelativePath(built.file),
      trusted: vscode.workspace.isTrusted,
      written: !!built.found.item.value.intent,
    });
    const panel = vscode.window.createWebviewPanel(
      CANDIDATES_PANEL_ID,
      `Candidates: ${taskId}`,
      vscode.ViewColumn.Active,
      webviewOptions(services.context.extensionUri),
    );
    return new CandidatesPanel(services, deps, panel, state);
  }

  private state: CandidatesState;
  /** The re-check in flight: a newer one aborts it. */
  private recheckAbort: AbortController | undefined;

  private constructor(
    private readonly services: ExtensionServices,
    private readonly deps: CandidatesDeps,
    panel: vscode.WebviewPanel,
    state: CandidatesState,
  ) {
    super(services, panel, {
      definition: CandidatesView,
      title: `Candidates: ${state.taskId}`,
      initialState: state,
      handlers: {
        requests: { recheck: (c) => this.recheck(c), write: (c) => this.write(c) },
        describeRendered: () => `${this.state.taskId} (${this.state.candidates.length} candidates)`,
      },
    });
    this.state = state;
    CandidatesPanel.open.set(state.taskId, this);
    // Written elsewhere (another panel, the CLI, by hand): say so instead of offering a second write.
    this.disposables.push(services.data.onDidChange(() => this.followRecord()));
  }

  get taskId(): string {
    return this.state.taskId;
  }

  get currentState(): CandidatesState {
    return this.state;
  }

  private followRecord(): void {
    const hasIntent = !!this.services.data.record(this.state.taskId)?.record.intent;
    if (hasIntent === this.state.written) return;
    this.state = { ...this.state, written: hasIntent };
    this.connection.notify('state', { state: this.state });
  }

  async recheck(choice: Choice): Promise<RecheckResult> {
    this.recheckAbort?.abort();
    const abort = (this.recheckAbort = new AbortController());
    const { construction } = await constructNow(this.services, this.deps, this.state.taskId, choice, abort.signal);
    return recheckResult(construction, choice);
  }

  async write(choice: Choice): Promise<WriteResult> {
    let construction: SourceConstruction;
    let found;
    let file: string;
    try {
      ({ construction, found, file } = await constructNow(this.services, this.deps, this.state.taskId, choice));
    } catch (e) {
      return { ok: false, message: e instanceof Error ? e.message : String(e) };
    }
    if (found.item.value.intent)
      return { ok: false, message: `${this.state.taskId} already has a revision; open it with Edit Revision.` };
    const picked = construction.selected !== null ? requestedCandidate(construction, choice) : undefined;
    if (!picked)
      return {
        ok: false,
        message: `Not written: ${construction.message ?? construction.reason ?? 'the candidate did not pass its checks'}`,
      };
    const block = intentBlockFor(found.item.value, picked.candidate);
    try {
      await writeRevision(this.services.data, file, { taskId: this.state.taskId, block, baseRaw: found.item.raw });
    } catch (e) {
      if (e instanceof RecordConflictError) return { ok: false, message: e.message };
      throw e;
    }
    this.services.output.appendLine(
      `[construct] ${this.state.taskId}: wrote ${picked.candidate.target} → ${picked.candidate.revised} (review pending)`,
    );
    this.state = { ...this.state, written: true };
    this.connection.notify('state', { state: this.state });
    await vscode.commands.executeCommand(COMMANDS.reviewEditRevision, this.state.taskId);
    return {
      ok: true,
      message: `Wrote ${picked.candidate.requirement}: ${picked.candidate.original} → ${picked.candidate.revised} (review pending).`,
    };
  }

  override dispose(): void {
    this.recheckAbort?.abort();
    if (CandidatesPanel.open.get(this.state.taskId) === this) CandidatesPanel.open.delete(this.state.taskId);
    super.dispose();
  }
}

// The revision editor panel: one webview for one record's `intent` block at a time. The host reads
// the record from its TextDocument, writes every change as a WorkspaceEdit of that record's text,
// and refuses when the record changed underneath the editor (document edit, undo, or disk change).
import * as vscode from 'vscode';
import { userInfo } from 'node:os';
import { renderWebviewHtml, webviewOptions, WebviewConnection } from '../webviews/webviewPanelHost';
import {
  EDITOR_PANEL_ID,
  EDITOR_VIEW,
  EditorView,
  type ApplyParams,
  type ApplyResult,
  type EditorState,
  type ReviewParams,
} from '../../shared/protocol/editor';
import { BenchmarkRecordSchema, type ReviewStatus } from '../../core/schema/records';
import { checkDatabaseReferences } from '../../core/checks/referenceResults';
import { reviewEdits } from '../../core/edit/reviewEdits';
import type { ExtensionServices } from '../services';
import {
  editRecord,
  findRecordInDocument,
  intentDiffEdits,
  locateInDocument,
  RecordConflictError,
  saveRecordsDocument,
  type DocumentRecord,
} from './recordDocuments';
import { PENDING_RULE } from '../../core/edit/reviewStatus';
import { nextPending, progressNow } from './reviewState';
import { askReason } from './reviewReason';

const STATUS_TEXT: Record<ReviewStatus, string> = {
  approved: 'Approved',
  rejected: 'Rejected',
  'needs-work': 'Marked needs work:',
  pending: 'Marked pending:',
};
import { databaseFolders } from './intentDiagnostics';
import { withRelativePaths } from '../../core/jsonl/relativePaths';
import { COMMANDS } from '../commandIds';

export function reviewerName(): string | undefined {
  try {
    return process.env.INTENT_LENS_REVIEWER ?? userInfo().username;
  } catch {
    return undefined;
  }
}

export class RevisionEditorPanel implements vscode.Disposable {
  private static current: RevisionEditorPanel | undefined;
  private readonly disposables: vscode.Disposable[] = [];
  private connection: WebviewConnection<typeof EditorView>;
  private state: EditorState;
  /** The webview's unapplied edits (its form's intent and the record text they were made on). */
  private pending: { intent: Record<string, unknown>; baseRaw: string; taskId: string } | undefined;

  static get active(): RevisionEditorPanel | undefined {
    return RevisionEditorPanel.current;
  }

  /** Opens (or retargets) the editor on a record. */
  static async show(services: ExtensionServices, taskId: string): Promise<RevisionEditorPanel | undefined> {
    const found = await findRecordInDocument(services.data, taskId);
    if (!found) {
      void vscode.window.showErrorMessage(`Intent Lens: no record ${taskId} in the workspace.`);
      return undefined;
    }
    if (!found.item.value.intent) {
      void vscode.window.showWarningMessage(`Intent Lens: ${taskId} has no intent block to edit (a plain LiC record).`);
      return undefined;
    }
    const state = stateOf(services, found);
    if (RevisionEditorPanel.current) {
      if (!(await RevisionEditorPanel.current.settlePending(taskId))) return RevisionEditorPanel.current;
      RevisionEditorPanel.current.setState(state);
      RevisionEditorPanel.current.panel.reveal(undefined, false);
      return RevisionEditorPanel.current;
    }
    const panel = vscode.window.createWebviewPanel(
      EDITOR_PANEL_ID,
      `Revision: ${taskId}`,
      vscode.ViewColumn.Beside,
      webviewOptions(services.context.extensionUri),
    );
    RevisionEditorPanel.current = new RevisionEditorPanel(services, panel, state);
    return RevisionEditorPanel.current;
  }

  private constructor(
    private readonly services: ExtensionServices,
    readonly panel: vscode.WebviewPanel,
    initial: EditorState,
  ) {
    this.state = initial;
    panel.webview.html = renderWebviewHtml(panel.webview, services.context.extensionUri, {
      view: EDITOR_VIEW,
      title: `Revision: ${initial.taskId}`,
      initialState: initial,
      workers: true,
    });
    this.connection = new WebviewConnection(panel.webview, EditorView, {
      log: (l) => services.output.appendLine(l),
      describeRendered: () => this.state.taskId,
      requests: {
        apply: (p) => this.apply(p),
        review: (p) => this.review(p),
        checkReferences: (p) => this.checkReferences(p.intent),
        reload: () => this.reload(),
      },
      onCommand: (m) => {
        if (m.command === 'reviewNext')
          void (m.params.reviewed
            ? this.showNextAfter(m.params.reviewed.taskId, m.params.reviewed.status)
            : vscode.commands.executeCommand(COMMANDS.reviewNext));
        if (m.command === 'pending')
          this.pending = m.params.intent
            ? { intent: m.params.intent, baseRaw: m.params.baseRaw, taskId: this.state.taskId }
            : undefined;
      },
    });
    this.disposables.push(
      this.connection,
      panel.onDidDispose(() => {
        const pending = this.pending;
        this.dispose();
        // A webview cannot veto its closing: the edits are kept until the user decides.
        if (pending) void this.askAfterClose(pending);
      }),
      // Undo, a text edit or a reload of the file: show the record as it is now.
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.document.uri.fsPath !== this.state.file) return;
        const found = locateInDocument(e.document, this.state.taskId);
        if (found && found.item.raw !== this.state.raw) this.setState(stateOf(this.services, found));
        else if (found && e.document.isDirty !== this.state.dirty) this.setState(stateOf(this.services, found));
      }),
      vscode.workspace.onDidSaveTextDocument((d) => {
        if (d.uri.fsPath !== this.state.file) return;
        const found = locateInDocument(d, this.state.taskId);
        if (found) this.setState(stateOf(this.services, found));
      }),
    );
  }

  get taskId(): string {
    return this.state.taskId;
  }

  private setState(state: EditorState): void {
    this.state = state;
    this.panel.title = `Revision: ${state.taskId}`;
    this.connection.notify('state', { state });
  }

  private async reload(): Promise<EditorState> {
    const found = await findRecordInDocument(this.services.data, this.state.taskId, this.state.file);
    if (!found) throw new Error(`record ${this.state.taskId} is not in ${this.state.file} any more`);
    this.state = stateOf(this.services, found);
    return this.state;
  }

  private async write(
    build: (found: DocumentRecord) => ReturnType<typeof intentDiffEdits>,
    baseRaw: string,
    save: boolean,
  ): Promise<ApplyResult> {
    try {
      const current = await findRecordInDocument(this.services.data, this.state.taskId, this.state.file);
      if (!current) return { ok: false, conflict: `record ${this.state.taskId} is not in its file any more` };
      const after = await editRecord(this.services.data, this.state.taskId, build(current), {
        file: this.state.file,
        baseRaw,
        save,
      });
      this.state = stateOf(this.services, after);
      return { ok: true, state: this.state };
    } catch (e) {
      if (e instanceof RecordConflictError) return { ok: false, conflict: e.message };
      throw e;
    }
  }

  private apply(p: ApplyParams): Promise<ApplyResult> {
    return this.write((found) => intentDiffEdits(found.item.value.intent ?? {}, p.intent), p.baseRaw, p.save);
  }

  /**
   * Unapplied edits before the editor shows another record: Apply them, Discard them, or (Cancel)
   * stay on this record. True when the switch may go ahead.
   */
  async settlePending(nextTaskId: string): Promise<boolean> {
    const pending = this.pending;
    if (!pending || pending.taskId === nextTaskId) return true;
    const choice = await vscode.window.showWarningMessage(
      `The revision editor has unapplied edits to ${pending.taskId}.`,
      { modal: true, detail: 'Apply them to the document before showing another record, or discard them.' },
      'Apply Edits',
      'Discard Edits',
    );
    if (choice === undefined) return false;
    this.pending = undefined;
    if (choice === 'Apply Edits') {
      const r = await this.write(
        (found) => intentDiffEdits(found.item.value.intent ?? {}, pending.intent),
        pending.baseRaw,
        false,
      );
      if (!r.ok) {
        void vscode.window.showErrorMessage(
          `Intent Lens: edits to ${pending.taskId} not applied: ${r.conflict ?? 'refused'}`,
        );
        return false;
      }
    }
    return true;
  }

  private async askAfterClose(pending: {
    intent: Record<string, unknown>;
    baseRaw: string;
    taskId: string;
  }): Promise<void> {
    const choice = await vscode.window.showWarningMessage(
      `The revision editor was closed with unapplied edits to ${pending.taskId}.`,
      { modal: true, detail: 'Apply them to the document (unsaved, undo reverts), or discard them.' },
      'Apply Edits',
      'Discard Edits',
    );
    if (choice !== 'Apply Edits') return;
    try {
      const found = await findRecordInDocument(this.services.data, pending.taskId, this.state.file);
      if (!found) throw new RecordConflictError(`record ${pending.taskId} is not in its file any more`);
      await editRecord(
        this.services.data,
        pending.taskId,
        intentDiffEdits(found.item.value.intent ?? {}, pending.intent),
        { file: this.state.file, baseRaw: pending.baseRaw, save: false },
      );
      void vscode.window.showInformationMessage(`Intent Lens: edits to ${pending.taskId} applied (unsaved).`);
    } catch (e) {
      void vscode.window.showErrorMessage(
        `Intent Lens: edits to ${pending.taskId} not applied: ${e instanceof Error ? e.message : String(e)}`,
      );
    }
  }

  /** After a decision in the editor: the next pending record, and a notice that names both. */
  private async showNextAfter(reviewedId: string, status: ReviewStatus): Promise<void> {
    const done = `${STATUS_TEXT[status]} ${reviewedId} (saved).`;
    const next = nextPending(this.services.data, reviewedId);
    const found = next ? await findRecordInDocument(this.services.data, next.record.task_id) : undefined;
    if (!found) {
      const current = await findRecordInDocument(this.services.data, reviewedId, this.state.file);
      const base = current ? stateOf(this.services, current) : this.state;
      this.setState({
        ...base,
        notice: `${done} No record left pending review (${PENDING_RULE}): still showing ${reviewedId}.`,
      });
      return;
    }
    this.pending = undefined;
    this.setState({
      ...stateOf(this.services, found),
      notice: `${done} Now showing ${found.item.value.task_id} (next pending).`,
    });
  }

  /** Records a review decision (with the editor's unapplied changes, when it sends them). */
  async review(p: ReviewParams): Promise<ApplyResult> {
    // Reject and Needs work ask for a reason when the editor sent none (Escape skips it).
    const note =
      p.note ??
      (p.status === 'rejected' || p.status === 'needs-work' ? await askReason(p.status, this.state.taskId) : undefined);
    const r = await this.reviewWithNote({ ...p, ...(note ? { note } : {}) });
    if (r.ok) this.pending = undefined;
    return r;
  }

  /**
   * A decision is saved at once: one WorkspaceEdit of the record (undo in the file reverts it),
   * then the document is saved under the file's lock. When the save fails the decision stays in
   * the document and the state says so (dirty, with the reason), so the editor shows "unsaved".
   */
  private async reviewWithNote(p: ReviewParams): Promise<ApplyResult> {
    const r = await this.write(
      (found) => {
        const edits = p.intent ? intentDiffEdits(found.item.value.intent ?? {}, p.intent) : [];
        const rec = BenchmarkRecordSchema.parse({ ...found.item.value, ...(p.intent ? { intent: p.intent } : {}) });
        const by = reviewerName();
        return [
          ...edits,
          ...reviewEdits(rec, { status: p.status, ...(p.note ? { note: p.note } : {}), ...(by ? { by } : {}) }),
        ];
      },
      p.baseRaw,
      false,
    );
    if (!r.ok || !r.state) return r;
    try {
      const found = await findRecordInDocument(this.services.data, this.state.taskId, this.state.file);
      if (found) await saveRecordsDocument(found.document);
      const after = await findRecordInDocument(this.services.data, this.state.taskId, this.state.file);
      if (after) this.state = stateOf(this.services, after);
      return { ok: true, state: this.state };
    } catch (e) {
      const why = e instanceof Error ? e.message : String(e);
      return { ok: true, state: { ...r.state, dirty: true, notice: `NOT SAVED: ${why}` } };
    }
  }

  /** Review from a host command (tree, palette) while this panel shows the record. */
  async reviewCurrent(status: ReviewStatus, note: string | undefined): Promise<ApplyResult> {
    const r = await this.reviewWithNote({ baseRaw: this.state.raw, status, ...(note ? { note } : {}) });
    if (r.state)
      this.setState({
        ...r.state,
        notice: `${STATUS_TEXT[status]} ${r.state.taskId}.${r.state.notice ? ` ${r.state.notice}` : ' Saved.'}`,
      });
    return r;
  }

  private async checkReferences(
    intent: Record<string, unknown>,
  ): Promise<{ issues: Awaited<ReturnType<typeof checkDatabaseReferences>>; notRun?: string }> {
    if (!vscode.workspace.isTrusted) return { issues: [], notRun: 'the workspace is not trusted (no SQL is executed)' };
    const found = await findRecordInDocument(this.services.data, this.state.taskId, this.state.file);
    if (!found) return { issues: [], notRun: 'the record is not in its file any more' };
    const rec = BenchmarkRecordSchema.safeParse({ ...found.item.value, intent });
    if (!rec.success) return { issues: [], notRun: 'the record does not match the schema' };
    const roots = (vscode.workspace.workspaceFolders ?? []).map((f) => f.uri.fsPath);
    const issues = await checkDatabaseReferences(rec.data, databaseFolders(this.state.file), {
      followLinks: vscode.workspace.isTrusted,
    });
    return { issues: issues.map((i) => ({ ...i, message: withRelativePaths(i.message, roots) })) };
  }

  async showRecord(taskId: string): Promise<void> {
    const found = await findRecordInDocument(this.services.data, taskId);
    if (found) this.setState(stateOf(this.services, found));
  }

  dispose(): void {
    if (RevisionEditorPanel.current === this) RevisionEditorPanel.current = undefined;
    for (const d of this.disposables.splice(0)) d.dispose();
    this.panel.dispose();
  }
}

function stateOf(services: ExtensionServices, found: DocumentRecord): EditorState {
  const p = progressNow(services.data);
  return {
    taskId: found.item.value.task_id,
    file: found.document.uri.fsPath,
    line: found.item.line,
    record: JSON.parse(found.item.raw) as Record<string, unknown>,
    raw: found.item.raw,
    progress: { reviewed: p.reviewed, total: p.total, pending: p.pending },
    dirty: found.document.isDirty,
  };
}

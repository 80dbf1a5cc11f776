// The one Sources tree model of the window, shared by the tree and the Samples table (their
// filters are one model, issue 12). The filter-independent part (`SourceTreeData`) is rebuilt on
// first use after the data or the verdicts change; a filter change only filters it, once, and both
// views read that same filtered model.
import * as vscode from 'vscode';
import type { WorkspaceData } from '../data/workspaceData';
import type { RescoreResults } from '../scoring/rescoreResults';
import { SourceTreeData, SourceTreeModel, type TreeFilters, type TreeInput } from './sourceTreeModel';

export interface TreeModelsChange {
  /** A partial update of the first load (more conversations indexed), not a finished change. */
  progress: boolean;
}

export class TreeModels implements vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<TreeModelsChange>();
  /** Fires after the data or the verdicts changed; models asked for from then on see the change. */
  readonly onDidChange = this.emitter.event;
  private readonly subscriptions: vscode.Disposable[];
  private built: SourceTreeData | undefined;
  private unfilteredModel: SourceTreeModel | undefined;
  private last: { key: string; model: SourceTreeModel } | undefined;

  constructor(
    private readonly workspace: WorkspaceData,
    private readonly rescored: RescoreResults,
    private readonly output: vscode.OutputChannel,
  ) {
    const changed = (progress: boolean) => () => {
      this.built = undefined;
      this.unfilteredModel = undefined;
      this.last = undefined;
      this.emitter.fire({ progress });
    };
    this.subscriptions = [workspace.onDidChange(changed(false)), workspace.onDidLoadProgress(changed(true)), rescored.onDidChange(changed(false))];
  }

  private input(): TreeInput {
    const { workspace: data, rescored } = this;
    const files = data.dataFiles().map((f) => ({ ...f, displayPath: vscode.workspace.asRelativePath(f.path) }));
    const plans = new Map([...data.plans()].map(([id, p]) => [id, { task: p.plan.task, file: p.file, line: p.line }]));
    return { records: data.records(), plans, conversations: data.conversations(), files, rescored: (id) => rescored.get(id), hasInactive: (id) => rescored.hasInactive(id) };
  }

  private treeData(): SourceTreeData {
    return (this.built ??= new SourceTreeData(this.input()));
  }

  /** Every conversation, no filter (the Samples table's rows and their order). */
  unfiltered(): SourceTreeModel {
    return (this.unfilteredModel ??= new SourceTreeModel(this.treeData(), {}));
  }

  /** The model under these filters: the same object for equal filters until the data changes. */
  model(filters: TreeFilters): SourceTreeModel {
    const key = JSON.stringify(filters);
    if (key === '{}') return this.unfiltered();
    if (this.last?.key !== key) {
      const data = this.treeData();
      const t0 = performance.now();
      const model = new SourceTreeModel(data, filters);
      // Filtered here, once, for the tree and the table (both read the visible runs next).
      const shown = model.visibleConversations().length;
      this.output.appendLine(`[tree] filters applied: ${shown} of ${data.conversations.length} conversations in ${(performance.now() - t0).toFixed(0)} ms`);
      this.last = { key, model };
    }
    return this.last.model;
  }

  dispose(): void {
    for (const s of this.subscriptions.splice(0)) s.dispose();
    this.emitter.dispose();
  }
}

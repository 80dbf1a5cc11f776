// The one Sources tree model of the window, shared by the tree and the Samples table (their
// filters are one model, issue 12). The filter-independent part (`SourceTreeData`) grows as the
// index adds conversations (the first load's progress updates, its end): only the new refs are
// added. A re-score, a records or plans change, or a file re-indexed (refs replaced or removed)
// builds it from scratch. Either is done in slices (`SlicedTreeBuild`), so no host task holds the
// workbench for long; until it is done the views show the previous state, and asking for a model
// finishes it at once. A filter change only filters the data, once, and both views read that same
// filtered model.
import * as vscode from 'vscode';
import type { WorkspaceData } from '../data/workspaceData';
import { adjudicatedRun } from '../annotations/treeHooks';
import { runAnnotations } from '../filters/annotationFilter';
import type { RescoreResults } from '../scoring/rescoreResults';
import type { ConversationRef } from '../../core/load/runLogIndex';
import { SourceTreeModel, type TreeFilters, type TreeInput } from './sourceTreeModel';
import type { SourceTreeData, TreeFile, TreePlan } from './sourceTreeData';
import { SlicedTreeBuild } from './sourceTreeBuild';

export interface TreeModelsChange {
  /** A partial update of the first load (more conversations indexed), not a finished change. */
  progress: boolean;
}

/** Work on the data per host task. */
const SLICE_MS = 12;

interface Job {
  build: SlicedTreeBuild;
  /** The index's conversation count when the job started: the data holds as many once it is done, or is rebuilt. */
  expected: number;
  what: 'added' | 'rebuilt';
  /** What the views are told when it is done: a partial update of the first load, or a finished change. */
  progress: boolean;
}

export class TreeModels implements vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<TreeModelsChange>();
  /** Fires after the data or the verdicts changed; models asked for from then on see the change. */
  readonly onDidChange = this.emitter.event;
  private readonly subscriptions: vscode.Disposable[];
  private built: SourceTreeData | undefined;
  private job: Job | undefined;
  private unfilteredModel: SourceTreeModel | undefined;
  private last: { key: string; model: SourceTreeModel } | undefined;
  /** How much of the running load's journal the data holds (or will, once the job is done). */
  private journalRead: { journal: readonly ConversationRef[]; count: number } | undefined;
  private disposed = false;

  constructor(
    private readonly workspace: WorkspaceData,
    private readonly rescored: RescoreResults,
    private readonly output: vscode.OutputChannel,
  ) {
    this.subscriptions = [
      workspace.onDidChange((e) => this.dataChanged(false, e.files)),
      workspace.onDidLoadProgress(() => this.dataChanged(true)),
      rescored.onDidChange(() => this.rebuild(false)),
    ];
  }

  /** More conversations (or file counts) from the index: appended when nothing else changed. */
  private dataChanged(progress: boolean, files?: readonly string[]): void {
    // At a change's end (the first load's end event) a running append to the same data takes the
    // last refs too, slice by slice: finishing it here held the host 30-80 ms there. Anything else
    // running is finished first; so is an append at a progress update (each job stays one
    // interval's refs: a view asking for a model mid-load finishes what is running, at once).
    const running = this.job;
    const extend = !progress && running?.what === 'added' && running.build.data === this.built;
    if (running && !extend) this.finishJob();
    const built = this.built;
    const { workspace: data } = this;
    if (!built || built.input.records !== data.records() || built.input.plans !== this.plans())
      return this.rebuild(progress);
    // During a load, what it added since the last look; else the changed files' refs (those already
    // in are skipped; refs replaced or removed make the build rebuild from scratch).
    const journal = data.loadJournal();
    const added =
      journal && this.journalRead?.journal === journal
        ? journal.slice(this.journalRead.count)
        : files
          ? data.logs.conversationsIn(files)
          : data.conversations();
    this.journalRead = journal && { journal, count: journal.length };
    built.files = this.files();
    if (extend && running) {
      running.build.extend(added);
      running.expected = data.logs.size;
      running.progress = progress;
      return;
    }
    this.start({ build: new SlicedTreeBuild(built, added), expected: data.logs.size, what: 'added', progress });
  }

  /** Builds the data from scratch (nothing to build when no view asked for it yet). */
  private rebuild(progress: boolean): void {
    if (this.job) this.finishJob();
    this.forgetModels();
    if (!this.built) return this.emitter.fire({ progress });
    const input = this.input();
    this.start({
      build: SlicedTreeBuild.fresh(input),
      expected: input.conversations.length,
      what: 'rebuilt',
      progress,
    });
  }

  /** Runs a job a slice per host task (the first now), then tells the views. */
  private start(job: Job): void {
    this.job = job;
    const started = performance.now();
    let longest = 0;
    let slices = 0;
    const slice = () => {
      if (this.disposed) return;
      if (this.job === job) {
        const t0 = performance.now();
        job.build.step(SLICE_MS);
        longest = Math.max(longest, performance.now() - t0);
        slices++;
        if (!job.build.done) return void setImmediate(slice);
        this.finishJob();
      }
      // Refs replaced, or another count than the index had (some removed): from scratch.
      if (!job.build.clean || job.build.data.size !== job.expected) return this.rebuild(job.progress);
      const ms = performance.now() - started;
      if (ms > SLICE_MS || job.what === 'rebuilt')
        this.output.appendLine(
          `[tree] data ${job.what} (${job.build.data.size} conversations) in ${ms.toFixed(0)} ms, ${slices} slice(s), longest ${longest.toFixed(0)} ms`,
        );
      this.emitter.fire({ progress: job.progress });
    };
    slice();
  }

  /** Does the rest of the running job now (its slice loop then tells the views). */
  private finishJob(): SourceTreeData {
    const job = this.job!;
    this.job = undefined;
    this.built = job.build.finish();
    this.forgetModels();
    return this.built;
  }

  private forgetModels(): void {
    this.unfilteredModel = undefined;
    this.last = undefined;
  }

  private files(): TreeFile[] {
    return this.workspace.dataFiles().map((f) => ({ ...f, displayPath: vscode.workspace.asRelativePath(f.path) }));
  }

  private planCache: { from: ReturnType<WorkspaceData['plans']>; plans: ReadonlyMap<string, TreePlan> } | undefined;

  /** The plans as the tree takes them: the same map until the workspace's plans change. */
  private plans(): ReadonlyMap<string, TreePlan> {
    const from = this.workspace.plans();
    if (this.planCache?.from !== from)
      this.planCache = {
        from,
        plans: new Map([...from].map(([id, p]) => [id, { task: p.plan.task, file: p.file, line: p.line }])),
      };
    return this.planCache.plans;
  }

  private input(): TreeInput {
    const { workspace: data, rescored } = this;
    const journal = data.loadJournal();
    this.journalRead = journal && { journal, count: journal.length };
    return {
      records: data.records(),
      plans: this.plans(),
      conversations: data.conversations(),
      files: this.files(),
      rescored: (id) => adjudicatedRun(rescored.get(id), data.verdicts.humanOverride(id)),
      annotationCount: (id) => data.annotations.count(id),
      annotationsOf: (id) =>
        runAnnotations(data.annotations.forConversation(id), data.verdicts.humanOverride(id)?.verdict),
      hasInactive: (id) => rescored.hasInactive(id),
      fileLabel: (f) => vscode.workspace.asRelativePath(f),
    };
  }

  private treeData(): SourceTreeData {
    if (this.job) return this.finishJob();
    return (this.built ??= SlicedTreeBuild.fresh(this.input()).finish());
  }

  /** Every conversation, no filter (the Samples table's rows and their order). */
  unfiltered(): SourceTreeModel {
    const data = this.treeData();
    return (this.unfilteredModel ??= new SourceTreeModel(data, {}));
  }

  /** The model under these filters: the same object for equal filters until the data changes. */
  model(filters: TreeFilters): SourceTreeModel {
    const key = JSON.stringify(filters);
    if (key === '{}') return this.unfiltered();
    const data = this.treeData();
    if (this.last?.key !== key) {
      const t0 = performance.now();
      const model = new SourceTreeModel(data, filters);
      // Filtered here, once, for the tree and the table (both read the visible runs next).
      const shown = model.visibleConversations().length;
      this.output.appendLine(
        `[tree] filters applied: ${shown} of ${data.conversations.length} conversations in ${(performance.now() - t0).toFixed(0)} ms`,
      );
      this.last = { key, model };
    }
    return this.last.model;
  }

  dispose(): void {
    this.disposed = true;
    this.job = undefined;
    for (const s of this.subscriptions.splice(0)) s.dispose();
    this.emitter.dispose();
  }
}

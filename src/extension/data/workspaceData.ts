// The workspace's data in the extension: the core Workspace (records, plans, run-log index, joined
// once per change) plus what only VS Code has: the configured globs, file watchers (appended log
// lines appear without a reload) and a change event. Every feature reads data through this service.
import * as vscode from 'vscode';
import { Workspace } from '../../core/workspace/workspace';
import { kindByName } from '../../core/load/dataFiles';
import { RunLogPool } from '../../core/load/runLogPool';

export type { RecordEntry, PlanEntry } from '../../core/workspace/workspace';

/** How far the first load is: records and plans are in; run logs are being indexed. */
export interface LoadProgress {
  logFilesDone: number;
  logFilesTotal: number;
}

/** The first load tells of progress at most this often (each tells the tree to rebuild). */
const PROGRESS_INTERVAL_MS = 1500;
/** A load still running this long after it started shows the sources (and what is indexed so far). */
const FIRST_PROGRESS_MS = 200;

export class WorkspaceData extends Workspace implements vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<{ files: string[] }>();
  /** Fires after data changed (debounced per burst of file events). */
  readonly onDidChange = this.emitter.event;
  private readonly progressEmitter = new vscode.EventEmitter<LoadProgress>();
  /**
   * Fires during the first load (records and plans first, then run logs as they are indexed), so
   * the Sources tree and the status bar show what is loaded so far instead of waiting for 1 GB of
   * logs. Only the tree listens: other views wait for `ensureLoaded`.
   */
  readonly onDidLoadProgress = this.progressEmitter.event;
  private progress: LoadProgress | undefined;
  /** Indexes run logs off the extension host's thread (workers start per load and end when idle). */
  private readonly pool = new RunLogPool();
  private readonly disposables: vscode.Disposable[] = [this.emitter, this.progressEmitter, { dispose: () => this.pool.dispose() }];
  private loaded: Promise<void> | undefined;
  private loadedOnce = false;
  private pending = new Set<string>();
  private flushTimer: NodeJS.Timeout | undefined;
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly output?: vscode.OutputChannel) {
    super({ maxLineBytes: maxLineBytesSetting() });
    this.disposables.push(
      vscode.workspace.onDidChangeConfiguration((e) => {
        // Only the globs decide what is loaded; view settings must not trigger a reload.
        if (['recordsGlob', 'logsGlob', 'evolvingGlob'].some((k) => e.affectsConfiguration(`intentLens.${k}`))) void this.reload();
      }),
    );
  }

  private config() {
    const c = vscode.workspace.getConfiguration('intentLens');
    return {
      records: c.get<string>('recordsGlob', '**/*.records.{jsonl,json}'),
      logs: c.get<string>('logsGlob', '**/logs/**/*.{jsonl,json}'),
      evolving: c.get<string>('evolvingGlob', '**/*.evolving.jsonl'),
    };
  }

  /** Loads everything once; later calls wait for the same load. */
  ensureLoaded(): Promise<void> {
    this.loaded ??= this.loadAll();
    return this.loaded;
  }

  /** Where the first load is; undefined once it finished (or before it started). */
  loadProgress(): LoadProgress | undefined {
    return this.loadedOnce ? undefined : this.progress;
  }

  /** True once the first full load finished (the tree tells "loading" from "no data" by it). */
  isLoaded(): boolean {
    return this.loadedOnce;
  }

  async reload(): Promise<void> {
    for (const w of this.watchers.values()) w.dispose();
    this.watchers.clear();
    this.clear();
    this.loaded = this.loadAll();
    await this.loaded;
  }

  private async loadAll(): Promise<void> {
    const cfg = this.config();
    const exclude = '**/node_modules/**';
    const loadStarted = Date.now();
    const [recs, logs, plans] = await Promise.all([
      vscode.workspace.findFiles(cfg.records, exclude),
      vscode.workspace.findFiles(cfg.logs, exclude),
      vscode.workspace.findFiles(cfg.evolving, exclude),
    ]);
    // The globs say each file's kind; a file two globs match keeps the first kind it was loaded as.
    await Promise.all(recs.map((u) => this.loadFile(u.fsPath, 'records')));
    await Promise.all(plans.map((u) => this.loadFile(u.fsPath, this.kindOfLoaded(u.fsPath) ?? 'evolving')));
    const logFiles = logs.filter((u) => !this.kindOfLoaded(u.fsPath) && !kindByName(u.fsPath));
    // Where a slow first load spends its time, for users and the UI bench.
    this.output?.appendLine(`[data] ${new Date().toISOString()} found ${recs.length + plans.length + logs.length} data file(s), records and plans loaded in ${Date.now() - loadStarted} ms`);
    const progress: LoadProgress = { logFilesDone: 0, logFilesTotal: logFiles.length };
    // A load that finishes within FIRST_PROGRESS_MS tells nothing (one change event at the end, as
    // before); a longer one shows the sources then, and what is indexed so far every interval.
    let lastTold = Date.now();
    const tell = (force: boolean) => {
      if (!force && Date.now() - lastTold < PROGRESS_INTERVAL_MS) return;
      lastTold = Date.now();
      this.progress = { ...progress };
      this.progressEmitter.fire(this.progress);
      if (force) this.output?.appendLine(`[data] ${new Date().toISOString()} first partial update: ${this.logs.conversations().length} conversation(s) so far`);
    };
    const first = this.loadedOnce ? undefined : setTimeout(() => tell(true), FIRST_PROGRESS_MS);
    const started = Date.now();
    try {
      // Parsed on worker threads (the host only merges batches of refs), files in the order found.
      await this.loadLogFiles(
        logFiles.map((u) => u.fsPath),
        {
          pool: this.pool,
          ...(this.loadedOnce ? {} : { onBatch: () => tell(false) }),
          onFileDone: () => {
            progress.logFilesDone++;
            if (!this.loadedOnce) tell(false);
          },
        },
      );
    } finally {
      clearTimeout(first);
    }
    this.output?.appendLine(`[data] indexed ${logFiles.length} run log(s) in ${Date.now() - started} ms ${this.pool.available() ? `on up to ${this.pool.size} worker threads` : 'in the extension host thread'}`);
    this.watch(cfg.records);
    this.watch(cfg.logs);
    this.watch(cfg.evolving);
    this.loadedOnce = true;
    const firing = Date.now();
    this.emitter.fire({ files: [...recs, ...logs, ...plans].map((u) => u.fsPath) });
    this.output?.appendLine(`[data] ${new Date().toISOString()} loaded; views updated in ${Date.now() - firing} ms`);
  }

  private watchers = new Map<string, vscode.FileSystemWatcher>();
  private watch(glob: string): void {
    if (this.watchers.has(glob)) return;
    const w = vscode.workspace.createFileSystemWatcher(glob);
    const onChange = (u: vscode.Uri) => this.schedule(u.fsPath);
    w.onDidCreate(onChange);
    w.onDidChange(onChange);
    w.onDidDelete((u) => this.schedule(u.fsPath, true));
    this.watchers.set(glob, w);
    this.disposables.push(w);
  }

  private deleted = new Set<string>();
  /**
   * Tells the service a file changed, through the same debounced, serialized queue as the watcher:
   * a writer that knows it appended need not wait for (or trust) the file watcher, and indexing is
   * incremental, so a watcher event for the same append indexes nothing twice.
   */
  notifyChanged(path: string): void {
    this.schedule(path);
  }

  private schedule(path: string, deleted = false): void {
    if (path.includes('/node_modules/')) return;
    this.pending.add(path);
    if (deleted) this.deleted.add(path);
    else this.deleted.delete(path);
    clearTimeout(this.flushTimer);
    this.flushTimer = setTimeout(() => void this.flush(), 150);
  }

  private flush(): Promise<void> {
    const files = [...this.pending];
    this.pending.clear();
    this.queue = this.queue.then(async () => {
      for (const f of files) {
        try {
          if (this.deleted.has(f)) {
            this.removeFile(f);
            this.deleted.delete(f);
          } else await this.refreshFile(f);
        } catch (e) {
          this.output?.appendLine(`[data] could not reload ${f}: ${e instanceof Error ? e.message : String(e)}`);
        }
      }
      this.emitter.fire({ files });
    });
    return this.queue;
  }

  /** Re-reads one file (after a save or an append); logs are indexed incrementally. */
  async refreshFile(path: string): Promise<void> {
    // What the watchers report is records or plans by name, else a run log (maybe still empty: a
    // runner creates it before its first line).
    await this.loadFile(path, this.kindOfLoaded(path) ?? kindByName(path) ?? 'logs');
  }

  /**
   * Takes a records file's content from its open document (saved or not), so views such as the
   * tree's review badges follow what the user sees; closing the document re-reads the disk.
   */
  updateRecordsFromDocument(path: string, text: string): void {
    if (this.loadRecordsText(path, text)) this.emitter.fire({ files: [path] });
  }

  dispose(): void {
    clearTimeout(this.flushTimer);
    for (const d of this.disposables) d.dispose();
  }
}

function maxLineBytesSetting(): number | undefined {
  const v = vscode.workspace.getConfiguration('intentLens').get<number>('load.maxLineBytes');
  return typeof v === 'number' && v >= 1024 ? v : undefined;
}

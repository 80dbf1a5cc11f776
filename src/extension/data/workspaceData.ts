// The workspace's data in the extension: the core Workspace (records, plans, run-log index, joined
// once per change) plus what only VS Code has: the configured globs, file watchers (appended log
// lines appear without a reload) and a change event. Every feature reads data through this service.
import * as vscode from 'vscode';
import { join } from 'node:path';
import { Workspace } from '../../core/workspace/workspace';
import { kindByName } from '../../core/load/dataFiles';
import type { ConversationRef } from '../../core/load/runLogIndex';
import { RunLogPool } from '../../core/load/runLogPool';
import { pruneCache } from '../../core/load/runLogCache';
import { CacheTally } from './cacheTally';
import { SlicedEmitter, type SliceTimings } from './slicedEmitter';
import { diffFoundFiles, findDataFiles, type FoundDataFiles } from './findDataFiles';
import { FileChangeQueue } from './fileChangeQueue';
import { readDataGlobs } from './globSettings';
import { LoadMonitor } from './loadMonitor';
import { FirstLoadProgress, INDEXING_HOLD_MAX_MS, untilOrLimit, type LoadProgress } from './firstLoadProgress';
import { affectsSettings, setting } from '../settings/settings';

export type { RecordEntry, PlanEntry } from '../../core/workspace/workspace';

export type { LoadProgress } from './firstLoadProgress';

/** A load still running this long after it started shows the sources (and what is indexed so far). */
const FIRST_PROGRESS_MS = 50;

export class WorkspaceData extends Workspace implements vscode.Disposable {
  private readonly emitter = new SlicedEmitter<{ files: string[] }>((e) =>
    this.output?.appendLine(
      `[data] a change listener failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`,
    ),
  );
  /**
   * Fires after data changed (debounced per burst of file events). After a load or a burst of file
   * events each listener runs in its own host task, and the load (or `refreshFile`'s flush) resolves
   * once all of them ran.
   */
  readonly onDidChange = this.emitter.event;
  private readonly firstLoad = new FirstLoadProgress((line) => this.output?.appendLine(line));
  /**
   * Fires during the first load (records and plans first, then run logs as they are indexed), so
   * the Sources tree and the status bar show what is loaded so far instead of waiting for 1 GB of
   * logs. Only the tree listens: other views wait for `ensureLoaded`.
   */
  readonly onDidLoadProgress = this.firstLoad.onDidChange;
  /** The conversations the running load added, in the order indexed; undefined outside a load. */
  private journal: ConversationRef[] | undefined;
  /** Indexes run logs off the extension host's thread (workers start per load and end when idle). */
  private readonly pool = new RunLogPool(undefined, undefined, (path, note) =>
    this.output?.appendLine(`[data] run-log index cache: ${path}: ${note}`),
  );
  private readonly disposables: vscode.Disposable[] = [
    this.emitter,
    this.firstLoad,
    { dispose: () => this.pool.dispose() },
  ];
  /** What the first load waits for before it indexes the run logs (see `holdIndexingUntil`). */
  private indexingHold: (() => Promise<string>) | undefined;
  private loaded: Promise<void> | undefined;
  private loadedOnce = false;
  /** File events, debounced per burst and applied in order (with the reconcile after the file search). */
  private readonly changes = new FileChangeQueue({
    remove: (f) => this.removeFile(f),
    refresh: (f) => this.refreshFile(f),
    failed: (f, e) =>
      this.output?.appendLine(`[data] could not reload ${f}: ${e instanceof Error ? e.message : String(e)}`),
    applied: async (files) => {
      const t = await this.emitter.fireSliced({ files });
      if (t.longestMs > SLOW_LISTENER_MS)
        this.output?.appendLine(`[data] ${files.length} changed file(s): views updated (${describeSlices(t)})`);
    },
  });

  /**
   * @param storage the extension's workspace storage (`context.storageUri`): the run-log index cache
   * lives there, never in the workspace; none (no folder open) means no cache.
   */
  constructor(
    private readonly output?: vscode.OutputChannel,
    private readonly storage?: vscode.Uri,
  ) {
    super({ maxLineBytes: maxLineBytesSetting() });
    this.disposables.push(
      vscode.workspace.onDidChangeConfiguration((e) => {
        // Only the globs decide what is loaded; view settings must not trigger a reload.
        if (affectsSettings(e, 'recordsGlob', 'logsGlob', 'evolvingGlob')) void this.reload();
      }),
    );
  }

  /** The index cache's folder, unless the setting turns it off or there is no workspace storage. */
  private indexCacheDir(): string | undefined {
    if (!this.storage || this.storage.scheme !== 'file') return undefined;
    if (!setting('load.indexCache')) return undefined;
    return join(this.storage.fsPath, 'run-log-index');
  }

  private config() {
    return readDataGlobs();
  }

  /**
   * Lets a view hold the first load's run-log indexing until it has drawn what the records give (the
   * Sources tree's rows): on 2 cores the indexing worker takes one of the two the workbench needs
   * to draw them. Sources are shown first either way; the hold ends after INDEXING_HOLD_MAX_MS at most.
   * `until` resolves with what it waited for (logged with the hold's length).
   */
  holdIndexingUntil(until: () => Promise<string>): void {
    this.indexingHold = until;
  }

  /**
   * Lets a view opened while the first load indexes draw its first rows before the next progress
   * update refreshes it (each update rebuilds the view's data and makes the workbench fetch its rows
   * again, on the thread that is drawing them). Waits INDEXING_HOLD_MAX_MS at most; indexing goes on
   * meanwhile. `until` resolves with what it waited for (logged with the deferral's length).
   */
  deferProgressUntil(until: Promise<string>): void {
    if (!this.loadedOnce) this.firstLoad.deferUntil(until);
  }

  /** Loads everything once; later calls wait for the same load. */
  ensureLoaded(): Promise<void> {
    this.loaded ??= this.loadAll();
    return this.loaded;
  }

  /** Where the first load is; undefined once it finished (or before it started). */
  loadProgress(): LoadProgress | undefined {
    return this.loadedOnce ? undefined : this.firstLoad.last();
  }

  /**
   * The conversations the running load added so far, in the order indexed (one array per load, it
   * only grows): the tree takes the new ones after each progress update instead of looking at all
   * 40k. Undefined once the load told its listeners it finished.
   */
  loadJournal(): readonly ConversationRef[] | undefined {
    return this.journal;
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
    const generation = ++this.loadGeneration;
    const monitor = new LoadMonitor(this.output);
    monitor.phase('finding files');
    const { first: firstFound, search } = findDataFiles(cfg);
    const found = await firstFound;
    monitor.phase('records and plans');
    const logFiles = await this.loadRecordsAndPlans(found, monitor.started);
    // After this load (and with file events, in the queue), the search's answer decides what stays.
    if (found.by === 'walk') this.reconcileWhenSearched(found, search, generation);
    const progress: LoadProgress = { logFilesDone: 0, logFilesTotal: logFiles.length };
    // With a view holding the indexing (the Sources tree), the sources are told at once; otherwise a
    // load that finishes within FIRST_PROGRESS_MS tells nothing (one change event at the end) and a
    // longer one shows the sources then. Either way what is indexed so far follows every interval.
    const tell = this.firstLoad.start(
      progress,
      () => !this.loadedOnce && generation === this.loadGeneration,
      () =>
        `[data] ${new Date().toISOString()} first partial update: ${this.logs.size} conversation(s) so far; longest host stall so far ${monitor.longestStallMs().toFixed(0)} ms`,
    );
    const journal = await this.indexRunLogs(logFiles, progress, tell, monitor);
    this.watch(cfg.records);
    this.watch(cfg.logs);
    this.watch(cfg.evolving);
    // A view drawing its first rows is not refreshed under it by the end either (and the end tells all: no catch-up update).
    await this.firstLoad.ended();
    this.loadedOnce = true;
    const firing = Date.now();
    monitor.phase('load-end event');
    const t = await this.emitter.fireSliced({ files: [...found.records, ...found.logs, ...found.evolving] }, (i) =>
      monitor.phase(`load-end listener ${i + 1}`),
    );
    if (this.journal === journal) this.journal = undefined;
    monitor.loadEnded(
      `[data] ${new Date().toISOString()} loaded; views updated in ${Date.now() - firing} ms (${describeSlices(t)})`,
    );
  }

  /** Loads the records and plans the load found; resolves with its run logs still to index. */
  private async loadRecordsAndPlans(found: FoundDataFiles, loadStarted: number): Promise<string[]> {
    const { records: recs, logs, evolving: plans } = found;
    // The globs say each file's kind; a file two globs match keeps the first kind it was loaded as.
    await Promise.all(recs.map((f) => this.loadFile(f, 'records')));
    await Promise.all(plans.map((f) => this.loadFile(f, this.kindOfLoaded(f) ?? 'evolving')));
    const logFiles = logs.filter((f) => !this.kindOfLoaded(f) && !kindByName(f));
    // Where a slow first load spends its time, for users and the UI bench.
    this.output?.appendLine(
      `[data] ${new Date().toISOString()} found ${recs.length + plans.length + logs.length} data file(s) in ${found.ms} ms (${found.by === 'walk' ? 'folder walk; the file search checks it after the load' : 'file search'}), records and plans loaded in ${Date.now() - loadStarted} ms`,
    );
    return logFiles;
  }

  /** Once this load ended, runs VS Code's file search and queues a reconcile with its answer. */
  private reconcileWhenSearched(
    found: FoundDataFiles,
    search: () => Promise<FoundDataFiles>,
    generation: number,
  ): void {
    const done = this.loaded?.catch(() => undefined);
    void Promise.resolve(done)
      .then(() => (generation === this.loadGeneration ? search() : undefined))
      .then(
        (s) => {
          if (s)
            this.changes.enqueue(() => (generation === this.loadGeneration ? this.reconcile(found, s) : undefined));
        },
        (e: unknown) =>
          this.output?.appendLine(
            `[data] the file search failed after the folder walk: ${e instanceof Error ? e.message : String(e)}`,
          ),
      );
  }

  /**
   * Indexes the load's run logs, after a view's hold on the first load (see `holdIndexingUntil`),
   * telling progress as it goes; resolves with the conversations added, in the order indexed.
   */
  private async indexRunLogs(
    logFiles: string[],
    progress: LoadProgress,
    tell: (force: boolean) => void,
    monitor: LoadMonitor,
  ): Promise<ConversationRef[]> {
    let first: NodeJS.Timeout | undefined;
    if (!this.loadedOnce && logFiles.length && this.indexingHold) {
      // The sources now, then the logs once they are on screen.
      tell(true);
      monitor.phase('indexing held');
      const held = Date.now();
      const why = await untilOrLimit(this.indexingHold(), INDEXING_HOLD_MAX_MS);
      this.output?.appendLine(`[data] run-log indexing held ${Date.now() - held} ms for the first rows (until ${why})`);
    } else if (!this.loadedOnce) first = setTimeout(() => tell(true), FIRST_PROGRESS_MS);
    const started = Date.now();
    const cacheDir = this.indexCacheDir();
    const cacheUse = new CacheTally();
    const journal: ConversationRef[] = [];
    this.journal = journal;
    monitor.phase('indexing');
    try {
      // Parsed on worker threads (the host only merges batches of refs), files in the order found;
      // unchanged files come from the index cache (read on the workers too).
      await this.loadLogFiles(logFiles, {
        pool: this.pool,
        ...(cacheDir ? { cacheDir, onCache: cacheUse.add } : {}),
        onBatch: (refs) => {
          for (const r of refs) journal.push(r);
          if (!this.loadedOnce) tell(false);
        },
        onFileDone: () => {
          progress.logFilesDone++;
          if (!this.loadedOnce) tell(false);
        },
      });
    } finally {
      clearTimeout(first);
    }
    this.output?.appendLine(
      `[data] indexed ${logFiles.length} run log(s) in ${Date.now() - started} ms ${this.pool.available() ? `on up to ${this.pool.size} worker threads` : 'in the extension host thread'}`,
    );
    if (cacheDir) {
      for (const line of cacheUse.describe(logFiles.length)) this.output?.appendLine(`[data] ${line}`);
      // Bounded: least recently used entries go (async file system calls, off the load's path).
      void pruneCache(cacheDir).catch((e: unknown) =>
        this.output?.appendLine(
          `[data] run-log index cache: pruning failed: ${e instanceof Error ? e.message : String(e)}`,
        ),
      );
    }
    return journal;
  }

  /** A reload starts a new generation: a reconcile of an older load does nothing. */
  private loadGeneration = 0;

  /** Makes the load's files what VS Code's file search found, where the folder walk differed. */
  private async reconcile(walked: FoundDataFiles, searched: FoundDataFiles): Promise<void> {
    const diff = diffFoundFiles(walked, searched);
    const { removed, added } = diff;
    if (!removed.length && !added.length) {
      this.output?.appendLine(
        `[data] the file search (${searched.ms} ms) found the same files as the folder walk (${walked.ms} ms)`,
      );
      return;
    }
    try {
      for (const f of removed) this.removeFile(f);
      for (const f of diff.records) await this.loadFile(f, 'records');
      for (const f of diff.evolving) await this.loadFile(f, this.kindOfLoaded(f) ?? 'evolving');
      const cacheDir = this.indexCacheDir();
      await this.loadLogFiles(
        diff.logs.filter((f) => !this.kindOfLoaded(f) && !kindByName(f)),
        { pool: this.pool, ...(cacheDir ? { cacheDir } : {}) },
      );
    } catch (e) {
      this.output?.appendLine(
        `[data] could not load what the file search found: ${e instanceof Error ? e.message : String(e)}`,
      );
    }
    this.output?.appendLine(
      `[data] the file search (${searched.ms} ms) differed from the folder walk: ${added.length} more, ${removed.length} fewer file(s); loaded as the search found them`,
    );
    await this.emitter.fireSliced({ files: [...new Set([...added, ...removed])] });
  }

  private watchers = new Map<string, vscode.FileSystemWatcher>();
  private watch(glob: string): void {
    if (this.watchers.has(glob)) return;
    const w = vscode.workspace.createFileSystemWatcher(glob);
    const onChange = (u: vscode.Uri) => this.changes.schedule(u.fsPath);
    w.onDidCreate(onChange);
    w.onDidChange(onChange);
    w.onDidDelete((u) => this.changes.schedule(u.fsPath, true));
    this.watchers.set(glob, w);
    this.disposables.push(w);
  }

  /**
   * Tells the service a file changed, through the same debounced, serialized queue as the watcher:
   * a writer that knows it appended need not wait for (or trust) the file watcher, and indexing is
   * incremental, so a watcher event for the same append indexes nothing twice.
   */
  notifyChanged(path: string): void {
    this.changes.schedule(path);
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
    this.changes.dispose();
    for (const d of this.disposables) d.dispose();
  }
}

/** A listener slower than this (one host task) is worth a line in the output channel. */
const SLOW_LISTENER_MS = 50;

function describeSlices(t: SliceTimings): string {
  return `${t.ms.length} listeners, one host task each: longest ${t.longestMs.toFixed(0)} ms, together ${t.totalMs.toFixed(0)} ms; in registration order ${t.ms.map((m) => m.toFixed(0)).join(' ')}`;
}

function maxLineBytesSetting(): number | undefined {
  const v = setting('load.maxLineBytes');
  return typeof v === 'number' && v >= 1024 ? v : undefined;
}

// The workspace's data in the extension: the core Workspace (records, plans, run-log index, joined
// once per change) plus what only VS Code has: the configured globs, file watchers (appended log
// lines appear without a reload) and a change event. Every feature reads data through this service.
import * as vscode from 'vscode';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { join } from 'node:path';
import { Workspace } from '../../core/workspace/workspace';
import { kindByName } from '../../core/load/dataFiles';
import type { ConversationRef } from '../../core/load/runLogIndex';
import { RunLogPool } from '../../core/load/runLogPool';
import { pruneCache } from '../../core/load/runLogCache';
import { CacheTally } from './cacheTally';
import { SlicedEmitter, type SliceTimings } from './slicedEmitter';
import { findDataFiles, type FoundDataFiles } from './findDataFiles';
import { readDataGlobs } from './globSettings';
import { HostStallWatcher, describeStalls } from './hostStalls';
import { startLoadProfile } from './loadProfile';
import { affectsSettings, setting } from '../settings/settings';

export type { RecordEntry, PlanEntry } from '../../core/workspace/workspace';

/** How far the first load is: records and plans are in; run logs are being indexed. */
export interface LoadProgress {
  logFilesDone: number;
  logFilesTotal: number;
}

/** The first load tells of progress at most this often (each tells the tree to rebuild). */
const PROGRESS_INTERVAL_MS = 1500;
/** A load still running this long after it started shows the sources (and what is indexed so far). */
const FIRST_PROGRESS_MS = 50;
/** The longest the first load waits for the views' first rows before it indexes the run logs. */
const INDEXING_HOLD_MAX_MS = 600;
/** The stall watcher and a CPU profile go on this long after the load, to show what its end set off. */
const AFTER_LOAD_WATCH_MS = 1000;

/** What `until` resolves with, or 'the limit' when it has not within `ms`. */
function untilOrLimit(until: Promise<string>, ms: number): Promise<string> {
  let cap: NodeJS.Timeout | undefined;
  return Promise.race([
    until,
    new Promise<string>((resolve) => (cap = setTimeout(() => resolve('the limit'), ms))),
  ]).finally(() => clearTimeout(cap));
}

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
  private readonly progressEmitter = new vscode.EventEmitter<LoadProgress>();
  /**
   * Fires during the first load (records and plans first, then run logs as they are indexed), so
   * the Sources tree and the status bar show what is loaded so far instead of waiting for 1 GB of
   * logs. Only the tree listens: other views wait for `ensureLoaded`.
   */
  readonly onDidLoadProgress = this.progressEmitter.event;
  private progress: LoadProgress | undefined;
  /** The conversations the running load added, in the order indexed; undefined outside a load. */
  private journal: ConversationRef[] | undefined;
  /** Indexes run logs off the extension host's thread (workers start per load and end when idle). */
  private readonly pool = new RunLogPool(undefined, undefined, (path, note) =>
    this.output?.appendLine(`[data] run-log index cache: ${path}: ${note}`),
  );
  private readonly disposables: vscode.Disposable[] = [
    this.emitter,
    this.progressEmitter,
    { dispose: () => this.pool.dispose() },
  ];
  /** What the first load waits for before it indexes the run logs (see `holdIndexingUntil`). */
  private indexingHold: (() => Promise<string>) | undefined;
  private loaded: Promise<void> | undefined;
  private loadedOnce = false;
  private pending = new Set<string>();
  private flushTimer: NodeJS.Timeout | undefined;
  private queue: Promise<void> = Promise.resolve();

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

  /** Set while a view draws its first rows during the first load: progress updates (and the load's end event) wait for it. */
  private progressDeferral: Promise<void> | undefined;
  /** Tells the running first load's progress at once (set by the load, for the end of a deferral). */
  private tellProgressNow: (() => void) | undefined;

  /**
   * Lets a view opened while the first load indexes draw its first rows before the next progress
   * update refreshes it (each update rebuilds the view's data and makes the workbench fetch its rows
   * again, on the thread that is drawing them). Waits INDEXING_HOLD_MAX_MS at most; indexing goes on
   * meanwhile. `until` resolves with what it waited for (logged with the deferral's length).
   */
  deferProgressUntil(until: Promise<string>): void {
    if (this.loadedOnce || this.progressDeferral) return;
    const started = Date.now();
    this.progressDeferral = untilOrLimit(until, INDEXING_HOLD_MAX_MS).then((why) => {
      this.progressDeferral = undefined;
      this.output?.appendLine(
        `[data] progress updates deferred ${Date.now() - started} ms for the first rows (until ${why})`,
      );
      this.tellProgressNow?.();
    });
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
    const loadStarted = Date.now();
    // How long the extension host's thread was held at a time during the load (every extension's work
    // and VS Code's own count: this is what the workbench waits on), reported with the load's end.
    const hostDelay = monitorEventLoopDelay({ resolution: 10 });
    hostDelay.enable();
    const stalls = new HostStallWatcher();
    const profile = startLoadProfile();
    stalls.phase('finding files');
    const { first: firstFound, search } = findDataFiles(cfg);
    const found = await firstFound;
    stalls.phase('records and plans');
    const { records: recs, logs, evolving: plans } = found;
    // The globs say each file's kind; a file two globs match keeps the first kind it was loaded as.
    await Promise.all(recs.map((f) => this.loadFile(f, 'records')));
    await Promise.all(plans.map((f) => this.loadFile(f, this.kindOfLoaded(f) ?? 'evolving')));
    const logFiles = logs.filter((f) => !this.kindOfLoaded(f) && !kindByName(f));
    // Where a slow first load spends its time, for users and the UI bench.
    this.output?.appendLine(
      `[data] ${new Date().toISOString()} found ${recs.length + plans.length + logs.length} data file(s) in ${found.ms} ms (${found.by === 'walk' ? 'folder walk; the file search checks it after the load' : 'file search'}), records and plans loaded in ${Date.now() - loadStarted} ms`,
    );
    // After this load (and with file events, in the queue), the search's answer decides what stays.
    if (found.by === 'walk') {
      const done = this.loaded?.catch(() => undefined);
      void Promise.resolve(done)
        .then(() => (generation === this.loadGeneration ? search() : undefined))
        .then(
          (s) => {
            if (s)
              this.queue = this.queue.then(() =>
                generation === this.loadGeneration ? this.reconcile(found, s) : undefined,
              );
          },
          (e: unknown) =>
            this.output?.appendLine(
              `[data] the file search failed after the folder walk: ${e instanceof Error ? e.message : String(e)}`,
            ),
        );
    }
    const progress: LoadProgress = { logFilesDone: 0, logFilesTotal: logFiles.length };
    // With a view holding the indexing (the Sources tree), the sources are told at once; otherwise a
    // load that finishes within FIRST_PROGRESS_MS tells nothing (one change event at the end) and a
    // longer one shows the sources then. Either way what is indexed so far follows every interval.
    let lastTold = Date.now();
    const tell = (force: boolean) => {
      if (!force && (this.progressDeferral || Date.now() - lastTold < PROGRESS_INTERVAL_MS)) return;
      lastTold = Date.now();
      this.progress = { ...progress };
      this.progressEmitter.fire(this.progress);
      if (force)
        this.output?.appendLine(
          `[data] ${new Date().toISOString()} first partial update: ${this.logs.size} conversation(s) so far; longest host stall so far ${(hostDelay.max / 1e6).toFixed(0)} ms`,
        );
    };
    this.tellProgressNow = () => {
      if (!this.loadedOnce && generation === this.loadGeneration) {
        lastTold = 0;
        tell(false);
      }
    };
    let first: NodeJS.Timeout | undefined;
    if (!this.loadedOnce && logFiles.length && this.indexingHold) {
      // The sources now, then the logs once they are on screen.
      tell(true);
      stalls.phase('indexing held');
      const held = Date.now();
      const why = await untilOrLimit(this.indexingHold(), INDEXING_HOLD_MAX_MS);
      this.output?.appendLine(`[data] run-log indexing held ${Date.now() - held} ms for the first rows (until ${why})`);
    } else if (!this.loadedOnce) first = setTimeout(() => tell(true), FIRST_PROGRESS_MS);
    const started = Date.now();
    const cacheDir = this.indexCacheDir();
    const cacheUse = new CacheTally();
    const journal: ConversationRef[] = [];
    this.journal = journal;
    stalls.phase('indexing');
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
    this.watch(cfg.records);
    this.watch(cfg.logs);
    this.watch(cfg.evolving);
    // A view drawing its first rows is not refreshed under it by the end either (and the end tells all: no catch-up update).
    this.tellProgressNow = undefined;
    await this.progressDeferral;
    this.loadedOnce = true;
    const firing = Date.now();
    stalls.phase('load-end event');
    const t = await this.emitter.fireSliced({ files: [...recs, ...logs, ...plans] }, (i) =>
      stalls.phase(`load-end listener ${i + 1}`),
    );
    if (this.journal === journal) this.journal = undefined;
    hostDelay.disable();
    stalls.phase('after the load');
    this.output?.appendLine(
      `[data] ${new Date().toISOString()} loaded; views updated in ${Date.now() - firing} ms (${describeSlices(t)})`,
    );
    this.output?.appendLine(
      `[data] the host thread during the load: longest stall ${(hostDelay.max / 1e6).toFixed(0)} ms, 99th percentile ${(hostDelay.percentile(99) / 1e6).toFixed(0)} ms`,
    );
    // What the load's end set off (views rebuilding, re-scores restored) counts in the stall list too.
    setTimeout(() => {
      stalls.stop();
      this.output?.appendLine(
        `[data] the host thread's longest stalls, load start to ${AFTER_LOAD_WATCH_MS} ms after its end: ${describeStalls(stalls.longest(), loadStarted)}`,
      );
      const running = stalls.longestRunning();
      if (running.length)
        this.output?.appendLine(
          `[data] the host thread's stalls in which it ran longest: ${describeStalls(running, loadStarted)}`,
        );
      void profile?.stop(stalls.all()).then((note) => this.output?.appendLine(`[data] ${note}`));
    }, AFTER_LOAD_WATCH_MS);
  }

  /** A reload starts a new generation: a reconcile of an older load does nothing. */
  private loadGeneration = 0;

  /** Makes the load's files what VS Code's file search found, where the folder walk differed. */
  private async reconcile(walked: FoundDataFiles, searched: FoundDataFiles): Promise<void> {
    const keys = (f: FoundDataFiles) =>
      new Set([
        ...f.records.map((p) => `records\0${p}`),
        ...f.evolving.map((p) => `evolving\0${p}`),
        ...f.logs.map((p) => `logs\0${p}`),
      ]);
    const had = keys(walked);
    const want = keys(searched);
    const removed = [...had].filter((k) => !want.has(k)).map((k) => k.slice(k.indexOf('\0') + 1));
    const isNew = (kind: string) => (p: string) => !had.has(`${kind}\0${p}`);
    const added = [
      ...searched.records.filter(isNew('records')),
      ...searched.evolving.filter(isNew('evolving')),
      ...searched.logs.filter(isNew('logs')),
    ];
    if (!removed.length && !added.length) {
      this.output?.appendLine(
        `[data] the file search (${searched.ms} ms) found the same files as the folder walk (${walked.ms} ms)`,
      );
      return;
    }
    try {
      for (const f of removed) this.removeFile(f);
      for (const f of searched.records.filter(isNew('records'))) await this.loadFile(f, 'records');
      for (const f of searched.evolving.filter(isNew('evolving')))
        await this.loadFile(f, this.kindOfLoaded(f) ?? 'evolving');
      const cacheDir = this.indexCacheDir();
      await this.loadLogFiles(
        searched.logs.filter((f) => isNew('logs')(f) && !this.kindOfLoaded(f) && !kindByName(f)),
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
      const t = await this.emitter.fireSliced({ files });
      if (t.longestMs > SLOW_LISTENER_MS)
        this.output?.appendLine(`[data] ${files.length} changed file(s): views updated (${describeSlices(t)})`);
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

/** A listener slower than this (one host task) is worth a line in the output channel. */
const SLOW_LISTENER_MS = 50;

function describeSlices(t: SliceTimings): string {
  return `${t.ms.length} listeners, one host task each: longest ${t.longestMs.toFixed(0)} ms, together ${t.totalMs.toFixed(0)} ms; in registration order ${t.ms.map((m) => m.toFixed(0)).join(' ')}`;
}

function maxLineBytesSetting(): number | undefined {
  const v = setting('load.maxLineBytes');
  return typeof v === 'number' && v >= 1024 ? v : undefined;
}

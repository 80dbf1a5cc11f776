// The workspace's Intent-Eval data, loaded once and kept current: records, evolving plans and the
// run-log index, with file watchers (appended log lines appear without a reload). Every feature
// reads data through this one service.
import * as vscode from 'vscode';
import { loadRecordsFile, parseRecordsText, type LoadedFile } from '../../core/load/recordsFile';
import { loadEvolvingFile } from '../../core/load/dataFiles';
import { RunLogIndex, type ConversationRef } from '../../core/load/runLogIndex';
import type { BenchmarkRecord } from '../../core/schema/records';
import type { EvolvingPlan } from '../../core/schema/evolving';
import type { Diagnostic } from '../../core/jsonl/diagnostics';

export interface RecordEntry {
  record: BenchmarkRecord;
  file: string;
  line: number;
  raw: string;
}

export interface PlanEntry {
  plan: EvolvingPlan;
  file: string;
  line: number;
}

export class WorkspaceData implements vscode.Disposable {
  readonly logs = new RunLogIndex({ maxLineBytes: maxLineBytesSetting() });
  private readonly recordFiles = new Map<string, LoadedFile<BenchmarkRecord>>();
  private readonly planFiles = new Map<string, LoadedFile<EvolvingPlan>>();
  private readonly emitter = new vscode.EventEmitter<{ files: string[] }>();
  /** Fires after data changed (debounced per burst of file events). */
  readonly onDidChange = this.emitter.event;
  private readonly disposables: vscode.Disposable[] = [this.emitter];
  private loaded: Promise<void> | undefined;
  private loadedOnce = false;
  private pending = new Set<string>();
  private flushTimer: NodeJS.Timeout | undefined;
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly output?: vscode.OutputChannel) {
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

  /** True once the first full load finished (the tree tells "loading" from "no data" by it). */
  isLoaded(): boolean {
    return this.loadedOnce;
  }

  async reload(): Promise<void> {
    for (const w of this.watchers.values()) w.dispose();
    this.watchers.clear();
    this.recordFiles.clear();
    this.planFiles.clear();
    for (const f of this.logs.indexedFiles()) this.logs.removeFile(f);
    this.loaded = this.loadAll();
    await this.loaded;
  }

  private async loadAll(): Promise<void> {
    const cfg = this.config();
    const exclude = '**/node_modules/**';
    const [recs, logs, plans] = await Promise.all([
      vscode.workspace.findFiles(cfg.records, exclude),
      vscode.workspace.findFiles(cfg.logs, exclude),
      vscode.workspace.findFiles(cfg.evolving, exclude),
    ]);
    await Promise.all(recs.map((u) => this.loadRecords(u.fsPath)));
    await Promise.all(plans.map((u) => this.loadPlans(u.fsPath)));
    for (const u of logs) {
      if (this.isRecordsOrPlan(u.fsPath)) continue;
      await this.indexLog(u.fsPath);
    }
    this.watch(cfg.records);
    this.watch(cfg.logs);
    this.watch(cfg.evolving);
    this.loadedOnce = true;
    this.emitter.fire({ files: [...recs, ...logs, ...plans].map((u) => u.fsPath) });
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
            this.recordFiles.delete(f);
            this.planFiles.delete(f);
            this.logs.removeFile(f);
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
    if (this.recordFiles.has(path) || /\.records\.jsonl?$/i.test(path)) await this.loadRecords(path);
    else if (this.planFiles.has(path) || /\.evolving\.jsonl?$/i.test(path)) await this.loadPlans(path);
    else await this.indexLog(path);
  }

  /**
   * Takes a records file's content from its open document (saved or not), so views such as the
   * tree's review badges follow what the user sees; closing the document re-reads the disk.
   */
  updateRecordsFromDocument(path: string, text: string): void {
    if (!this.recordFiles.has(path)) return;
    this.recordFiles.set(path, parseRecordsText(path, text));
    this.emitter.fire({ files: [path] });
  }

  private isRecordsOrPlan(path: string): boolean {
    return this.recordFiles.has(path) || this.planFiles.has(path) || /\.(records|evolving)\.jsonl?$/i.test(path);
  }

  private async loadRecords(path: string): Promise<void> {
    this.recordFiles.set(path, await loadRecordsFile(path, { maxLineBytes: maxLineBytesSetting() }).catch((e: unknown) => unreadableFile<BenchmarkRecord>(path, e)));
  }

  private async loadPlans(path: string): Promise<void> {
    this.planFiles.set(path, await loadEvolvingFile(path, { maxLineBytes: maxLineBytesSetting() }).catch((e: unknown) => unreadableFile<EvolvingPlan>(path, e)));
  }

  private async indexLog(path: string): Promise<void> {
    await this.logs.indexFile(path);
  }

  /** All records by task_id (the first file wins when two files define one). */
  records(): Map<string, RecordEntry> {
    const m = new Map<string, RecordEntry>();
    for (const f of this.recordFiles.values()) {
      for (const it of f.items) if (!m.has(it.value.task_id)) m.set(it.value.task_id, { record: it.value, file: f.path, line: it.line, raw: it.raw });
    }
    return m;
  }

  record(taskId: string): RecordEntry | undefined {
    return this.records().get(taskId);
  }

  plans(): Map<string, PlanEntry> {
    const m = new Map<string, PlanEntry>();
    for (const f of this.planFiles.values()) for (const it of f.items) if (!m.has(it.value.task_id)) m.set(it.value.task_id, { plan: it.value, file: f.path, line: it.line });
    return m;
  }

  recordFilePaths(): string[] {
    return [...this.recordFiles.keys()];
  }

  conversations(): ConversationRef[] {
    return this.logs.conversations();
  }

  /** Every loaded data file with its kind, valid item count and number of problems. */
  dataFiles(): Array<{ path: string; kind: 'records' | 'logs' | 'evolving'; items: number; problems: number }> {
    const out: Array<{ path: string; kind: 'records' | 'logs' | 'evolving'; items: number; problems: number }> = [];
    for (const f of this.recordFiles.values()) out.push({ path: f.path, kind: 'records', items: f.items.length, problems: f.diagnostics.length });
    for (const f of this.planFiles.values()) out.push({ path: f.path, kind: 'evolving', items: f.items.length, problems: f.diagnostics.length });
    const perLog = new Map<string, number>();
    for (const c of this.logs.conversations()) perLog.set(c.file, (perLog.get(c.file) ?? 0) + 1);
    for (const f of this.logs.indexedFiles()) out.push({ path: f, kind: 'logs', items: perLog.get(f) ?? 0, problems: this.logs.diagnostics(f).length });
    return out.sort((a, b) => a.path.localeCompare(b.path));
  }

  /** Reads one conversation back from its log by conv_id. */
  async readConversation(convId: string) {
    const ref = this.logs.get(convId);
    if (!ref) return undefined;
    return { ref, entry: await this.logs.readConversation(ref) };
  }

  /** Diagnostics of every data file, by path. */
  diagnostics(): Map<string, Diagnostic[]> {
    const m = new Map<string, Diagnostic[]>();
    for (const f of this.recordFiles.values()) m.set(f.path, f.diagnostics);
    for (const f of this.planFiles.values()) m.set(f.path, f.diagnostics);
    for (const f of this.logs.indexedFiles()) m.set(f, this.logs.diagnostics(f));
    return m;
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

/** A file that could not be read (a FIFO, a device, over the size limit): one problem, no items. */
function unreadableFile<T>(path: string, e: unknown): LoadedFile<T> {
  const message = e instanceof Error ? e.message : String(e);
  return { path, format: 'jsonl', items: [], seen: 0, diagnostics: [{ file: path, line: 1, column: 1, severity: 'error', code: 'unreadable', message, path: '' }] };
}

// The workspace's Intent-Eval data in core: records, evolving plans and the run-log index, loaded
// file by file and joined once per change (not on every lookup). Every CLI command uses it as it
// is; the extension's WorkspaceData only adds watchers and change events on top.
import { loadRecordsFile, parseRecordsText, type LoadedFile } from '../load/recordsFile';
import { detectFileKind, findDataFiles, loadEvolvingFile, type DataFileKind } from '../load/dataFiles';
import { RunLogIndex, type ConversationRef, type IndexFilesOptions } from '../load/runLogIndex';
import type { BenchmarkRecord } from '../schema/records';
import type { EvolvingPlan } from '../schema/evolving';
import type { RunLogEntry } from '../schema/runlog';
import type { Diagnostic } from '../jsonl/diagnostics';
import { parseConversation, type Conversation, type TimelineSource } from '../conversation';
import { stat } from 'node:fs/promises';
import { readRunLogRaw, traceOfLine } from '../load/runLogReader';
import type { VerdictMode } from '../annotations/adjudication';
import { AnnotationIndex } from '../annotations/annotationIndex';
import { VerdictOverlay, type CurrentVerdict, type RescoredVerdict } from './verdicts';
import { isRescoreSkippedEntry, RESCORE_SKIPPED } from '../verify/rescoredLine';

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

export interface DataFileSummary {
  path: string;
  kind: DataFileKind;
  items: number;
  problems: number;
}

/** Limits on what is read (a line longer than `maxLineBytes` is a diagnostic, not a load). */
export interface LoadLimits {
  maxLineBytes?: number;
}

/** A file that could not be read at all: no items, one located diagnostic. */
function unreadableFile<T>(path: string, e: unknown): LoadedFile<T> {
  const message = e instanceof Error ? e.message : String(e);
  return {
    path,
    format: 'jsonl',
    items: [],
    seen: 0,
    diagnostics: [{ file: path, line: 1, column: 1, severity: 'error', code: 'unreadable', message, path: '' }],
  };
}

export class Workspace {
  readonly logs: RunLogIndex;
  /** Paths that could not be walked when the workspace was opened (not a file, a link loop, …). */
  private discoveryDiagnostics: Diagnostic[] = [];
  /** Re-scored verdicts over the logged ones (never written into the input logs). */
  readonly verdicts = new VerdictOverlay();
  /** Reviewers' annotations (issue #39); their human verdicts sit on `verdicts`. */
  readonly annotations = new AnnotationIndex(this.verdicts);
  private readonly recordFiles = new Map<string, LoadedFile<BenchmarkRecord>>();
  private readonly planFiles = new Map<string, LoadedFile<EvolvingPlan>>();
  private recordsByTask: Map<string, RecordEntry> | undefined;
  private plansByTask: Map<string, PlanEntry> | undefined;

  constructor(private readonly limits: LoadLimits = {}) {
    this.logs = new RunLogIndex(limits);
  }

  /**
   * Loads what a CLI command reads: `recordsFiles` first (as records, or as plans when they are
   * plans), so their records win a duplicate task_id; then every data file under `paths` (files or
   * folders), each by its detected kind.
   */
  static async open(
    paths: readonly string[],
    recordsFiles: readonly string[] = [],
    limits: LoadLimits = {},
  ): Promise<Workspace> {
    const ws = new Workspace(limits);
    for (const f of recordsFiles)
      await ws.loadFile(f, (await detectFileKind(f).catch(() => undefined)) === 'evolving' ? 'evolving' : 'records');
    const found = await findDataFiles(paths);
    ws.discoveryDiagnostics = found.diagnostics;
    for (const f of found.files) if (!ws.kindOfLoaded(f)) await ws.loadFile(f);
    return ws;
  }

  /** Reads (or re-reads) one data file by its kind; logs are indexed incrementally. Unknown kinds are skipped. */
  /** Loads a file; `onBatch` hears of each batch of conversations a run log adds while it is indexed. */
  async loadFile(
    path: string,
    kind?: DataFileKind,
    opts: { onBatch?: () => void } = {},
  ): Promise<DataFileKind | undefined> {
    const k = kind ?? this.kindOfLoaded(path) ?? (await detectFileKind(path));
    if (k === 'records') {
      this.recordFiles.set(
        path,
        await loadRecordsFile(path, this.limits).catch((e: unknown) => unreadableFile<BenchmarkRecord>(path, e)),
      );
      this.recordsByTask = undefined;
    } else if (k === 'evolving') {
      this.planFiles.set(
        path,
        await loadEvolvingFile(path, this.limits).catch((e: unknown) => unreadableFile<EvolvingPlan>(path, e)),
      );
      this.plansByTask = undefined;
    } else if (k === 'logs') await this.logs.indexFile(path, opts.onBatch ? { onBatch: opts.onBatch } : {});
    return k;
  }

  /**
   * Indexes run logs, many at once: on the pool's worker threads when given one (the extension's
   * first load), else in this thread. Same result as `loadFile(path, 'logs')` on each in turn.
   */
  async loadLogFiles(paths: readonly string[], opts: IndexFilesOptions = {}): Promise<void> {
    await this.logs.indexFiles(paths, opts);
  }

  /**
   * Takes a loaded records file's content from text (an open editor's, saved or not), so views follow
   * what the user sees. Returns false when the file is not a loaded records file.
   */
  loadRecordsText(path: string, text: string): boolean {
    if (!this.recordFiles.has(path)) return false;
    this.recordFiles.set(path, parseRecordsText(path, text));
    this.recordsByTask = undefined;
    return true;
  }

  /** Forgets a file (deleted, or no longer matched). */
  removeFile(path: string): void {
    if (this.recordFiles.delete(path)) this.recordsByTask = undefined;
    if (this.planFiles.delete(path)) this.plansByTask = undefined;
    this.logs.removeFile(path);
  }

  /** Forgets everything. */
  clear(): void {
    for (const f of [...this.recordFiles.keys(), ...this.planFiles.keys(), ...this.logs.indexedFiles()])
      this.removeFile(f);
  }

  /** The kind of a file already loaded (a file keeps its kind across changes). */
  kindOfLoaded(path: string): DataFileKind | undefined {
    if (this.recordFiles.has(path)) return 'records';
    if (this.planFiles.has(path)) return 'evolving';
    if (this.logs.has(path)) return 'logs';
    return undefined;
  }

  /** All records by task_id (the first file loaded wins when two define one). */
  records(): ReadonlyMap<string, RecordEntry> {
    if (!this.recordsByTask) {
      const m = new Map<string, RecordEntry>();
      for (const f of this.recordFiles.values())
        for (const it of f.items)
          if (!m.has(it.value.task_id))
            m.set(it.value.task_id, { record: it.value, file: f.path, line: it.line, raw: it.raw });
      this.recordsByTask = m;
    }
    return this.recordsByTask;
  }

  record(taskId: string): RecordEntry | undefined {
    return this.records().get(taskId);
  }

  /** All evolving-intent plans by task_id (the first file loaded wins). */
  plans(): ReadonlyMap<string, PlanEntry> {
    if (!this.plansByTask) {
      const m = new Map<string, PlanEntry>();
      for (const f of this.planFiles.values())
        for (const it of f.items)
          if (!m.has(it.value.task_id)) m.set(it.value.task_id, { plan: it.value, file: f.path, line: it.line });
      this.plansByTask = m;
    }
    return this.plansByTask;
  }

  /** What a logged conversation is a run of: its plan (evolving intent) or its record. */
  sourceOf(entry: Pick<RunLogEntry, 'task_id' | 'mode'>): TimelineSource | undefined {
    const plan = this.plans().get(entry.task_id)?.plan;
    const record = this.records().get(entry.task_id)?.record;
    return entry.mode === 'evolving' ? (plan ?? record) : (record ?? plan);
  }

  recordFilePaths(): string[] {
    return [...this.recordFiles.keys()];
  }

  logFilePaths(): string[] {
    return this.logs.indexedFiles();
  }

  conversations(): ConversationRef[] {
    return this.logs.conversations();
  }

  /** The verdict a view shows for a conversation, with its provenance. */
  currentVerdict(ref: Pick<ConversationRef, 'conv_id' | 'verdict'>, mode: VerdictMode = 'adjudicated'): CurrentVerdict {
    return this.verdicts.current(ref, mode);
  }

  /**
   * The conversations with their current verdict (re-scored where re-scored; with `adjudicated`, the
   * default, a human override where there is one): what counts and statistics read.
   */
  conversationsWithCurrentVerdicts(mode: VerdictMode = 'adjudicated'): ConversationRef[] {
    return this.conversations().map((r) => {
      const v = this.verdicts.current(r, mode).verdict;
      return v === r.verdict ? r : { ...r, verdict: v };
    });
  }

  /**
   * Overlays the verdicts of a re-scored copy of the logs (what `score --out` writes) on the
   * conversations loaded here, by conv_id; returns the re-scores it set.
   */
  async overlayRescoredLog(path: string): Promise<RescoredVerdict[]> {
    const copy = new RunLogIndex();
    await copy.indexFile(path);
    const scoredAt = (await stat(path)).mtimeMs;
    const batch: RescoredVerdict[] = [];
    for (const r of copy.conversations()) {
      const logged = this.logs.get(r.conv_id);
      if (!logged) continue;
      // A line the copy did not re-score carries the logged verdict: it is no re-score.
      if (r.verdict === logged.verdict && (await wasNotRescored(r))) continue;
      const previous = logged.verdict === 'unscored' ? null : logged.verdict === 'correct';
      const is_correct = r.verdict === 'unscored' ? null : r.verdict === 'correct';
      batch.push({
        conv_id: r.conv_id,
        task_id: r.task_id,
        file: logged.file,
        is_correct,
        previous,
        extracted: null,
        inactive: [],
        message: `re-scored copy ${path}`,
        verifier: 'intent-lens score --out',
        scoredAt,
      });
    }
    this.verdicts.set(batch);
    return batch;
  }

  /** Reads one conversation back from its log by conv_id. */
  async readConversation(convId: string): Promise<{ ref: ConversationRef; entry: RunLogEntry } | undefined> {
    const ref = this.logs.get(convId);
    if (!ref) return undefined;
    return { ref, entry: await this.logs.readConversation(ref) };
  }

  /** Reads one conversation and parses it with its record or plan. */
  async conversation(convId: string): Promise<{ ref: ConversationRef; conversation: Conversation } | undefined> {
    const read = await this.readConversation(convId);
    return read && { ref: read.ref, conversation: parseConversation(read.entry, this.sourceOf(read.entry)) };
  }

  /** Every loaded data file with its kind, valid item count and number of problems. */
  dataFiles(): DataFileSummary[] {
    const out: DataFileSummary[] = [];
    for (const f of this.recordFiles.values())
      out.push({ path: f.path, kind: 'records', items: f.items.length, problems: f.diagnostics.length });
    for (const f of this.planFiles.values())
      out.push({ path: f.path, kind: 'evolving', items: f.items.length, problems: f.diagnostics.length });
    for (const f of this.logs.indexedFiles())
      out.push({
        path: f,
        kind: 'logs',
        items: this.logs.conversationCount(f),
        problems: this.logs.diagnostics(f).length,
      });
    return out.sort((a, b) => a.path.localeCompare(b.path));
  }

  /** Diagnostics of every data file, by path. */
  diagnostics(): Map<string, Diagnostic[]> {
    const m = new Map<string, Diagnostic[]>();
    for (const f of this.recordFiles.values()) m.set(f.path, f.diagnostics);
    for (const f of this.planFiles.values()) m.set(f.path, f.diagnostics);
    for (const f of this.logs.indexedFiles()) m.set(f, this.logs.diagnostics(f));
    return m;
  }

  /** Every diagnostic, flat (what a CLI command reports as skipped lines). */
  allDiagnostics(): Diagnostic[] {
    return [...this.discoveryDiagnostics, ...[...this.diagnostics().values()].flat()];
  }
}

/** True when `score --out` marked this line of its copy as not re-scored (its last trace entry says so). */
async function wasNotRescored(ref: ConversationRef): Promise<boolean> {
  const text = await readRunLogRaw(ref);
  if (!text.includes(RESCORE_SKIPPED)) return false;
  const last = traceOfLine(text)?.at(-1);
  return last !== undefined && isRescoreSkippedEntry(last);
}

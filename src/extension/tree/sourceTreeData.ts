// The Sources tree's filter-independent part: conversations with re-scores applied, grouped by
// source, forks by parent, sources per domain in tree order, each source's new errors and per-model
// counts, the models, domains and summary. Every filtered model (`SourceTreeModel`) reads it, so a
// filter change only walks the runs. Conversations the index adds are appended (`append`): the
// first load of 40k conversations grows it batch by batch instead of rebuilding it on every
// progress update; the result is the same as a build from all of them at once (unit-tested).
// vscode-free.
import type { ConversationRef } from '../../core/load/runLogIndex';
import { DOMAINS, type BenchmarkRecord } from '../../core/schema/records';
import { isFork } from '../../core/stats/forkStats';
import { collator } from './treeOrder';
import { applyRescore, newErrorsOf } from './runVerdicts';
import type { FileNode, RunRescore, VerdictCounts } from './treeItems';
import type { RunAnnotations } from '../filters/annotationFilter';

export interface TreeRecord {
  record: BenchmarkRecord;
  file: string;
  line: number;
}

export interface TreeFile {
  path: string;
  kind: FileNode['fileKind'];
  displayPath: string;
  items: number;
  problems: number;
}

/** An evolving-intent plan (FORMAT.md §3): its task_id joins `mode: evolving` runs. */
export interface TreePlan {
  task: string;
  file: string;
  line: number;
}

/** A re-score result as the tree needs it (the extension's RescoreEntry fits this shape). */
export interface RescoredRun {
  is_correct: boolean | null;
  extracted: string | null;
  inactive: ReadonlyArray<{ value: string }>;
  message: string;
  /** Set when a human verdict overrides the machine one: its provenance (`overridden by A on …`). */
  human?: string;
}

export interface TreeInput {
  records: ReadonlyMap<string, TreeRecord>;
  plans?: ReadonlyMap<string, TreePlan>;
  conversations: readonly ConversationRef[];
  files?: readonly TreeFile[];
  /** The re-score result of a conversation, if it was re-scored: its verdict replaces the logged one. */
  rescored?: (convId: string) => RescoredRun | undefined;
  /** True when the re-scored final answer of a conversation contains inactive content. */
  hasInactive?: (convId: string) => boolean;
  /** A log file as the views show it (relative to the workspace); the path itself when absent. */
  fileLabel?: (file: string) => string;
  /** Number of annotations on a conversation (the run row's badge). */
  annotationCount?: (convId: string) => number;
  /** A conversation's annotations summed up (the Samples table's column and filter); undefined: none. */
  annotationsOf?: (convId: string) => RunAnnotations | undefined;
}

export interface TreeSummary {
  records: number;
  sources: number;
  /** Benchmark conversations (what `correct`, `incorrect`, `unscored` count); forks (`forked_from`) apart. */
  conversations: number;
  forks: number;
  correct: number;
  incorrect: number;
  unscored: number;
  models: string[];
}

export interface SourceData {
  taskId: string;
  domain: string;
  record?: TreeRecord;
  plan?: TreePlan;
  convs: ConversationRef[];
  /** New errors (model → erring conv_ids), found on first use. */
  errors?: Map<string, Set<string>>;
  /** Modes with a new error, per model (a new-errors filter also shows those modes' Originals). */
  erringModes?: Map<string, Set<string>>;
  /** Models with a new error, sorted. */
  errorModels?: string[];
  /** Per-model counts of every run, sorted by model, for the unfiltered tree. */
  allCounts?: Array<{ model: string; counts: VerdictCounts }>;
}

export function emptyCounts(): VerdictCounts {
  return { correct: 0, incorrect: 0, unscored: 0 };
}

/** Per-model verdict counts of runs; sorted by model, or in `order`'s model order (a superset, already sorted). */
export function countsByModel(
  runs: readonly ConversationRef[],
  order?: ReadonlyArray<{ model: string }>,
): Array<{ model: string; counts: VerdictCounts }> {
  const perModel = new Map<string, VerdictCounts>();
  for (const c of runs) {
    let counts = perModel.get(c.model);
    if (!counts) perModel.set(c.model, (counts = emptyCounts()));
    counts[c.verdict]++;
  }
  if (order)
    return order.flatMap(({ model }) => (perModel.has(model) ? [{ model, counts: perModel.get(model)! }] : []));
  return [...perModel.entries()]
    .sort(([a], [b]) => collator.compare(a, b))
    .map(([model, counts]) => ({ model, counts }));
}

/** The order of a source's runs: by file, then line (the same however the batches arrived). */
function byFileLine(a: ConversationRef, b: ConversationRef): number {
  return a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line;
}

/** Inserts `c` into `list`, kept in `byFileLine` order (batches of one file come in line order: a push). */
function insertSorted(list: ConversationRef[], c: ConversationRef): void {
  const last = list[list.length - 1];
  if (!last || byFileLine(last, c) <= 0) {
    list.push(c);
    return;
  }
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (byFileLine(list[mid]!, c) <= 0) lo = mid + 1;
    else hi = mid;
  }
  list.splice(lo, 0, c);
}

export class SourceTreeData {
  readonly sources = new Map<string, SourceData>();
  private readonly list: ConversationRef[] = [];
  /** Re-score results by conv_id (what the tree's run rows and the table show). */
  readonly rescores = new Map<string, RunRescore>();
  /** Forks by parent conv_id: shown under their parent run, not among the instance's runs. */
  readonly forks = new Map<string, ConversationRef[]>();
  /** The data files (the "Data files" node); their counts change as logs are indexed. */
  files: readonly TreeFile[];
  /** The index's refs taken in, by conv_id: an append skips these and refuses another ref of the same conv_id. */
  private readonly taken = new Map<string, ConversationRef>();
  private readonly byId = new Map<string, ConversationRef>();
  /** Forks whose parent has not come (yet): shown among their source's runs until it does. */
  private readonly waiting = new Map<string, ConversationRef[]>();
  private readonly modelSet = new Set<string>();
  private bySource: Map<string, SourceData[]> | undefined;
  private domainList: string[] | undefined;
  private modelList: string[] | undefined;
  private readonly counts = { conversations: 0, forks: 0, correct: 0, incorrect: 0, unscored: 0 };

  constructor(readonly input: TreeInput) {
    this.files = input.files ?? [];
    for (const [taskId, rec] of input.records)
      this.sources.set(taskId, { taskId, domain: rec.record.task, record: rec, convs: [] });
    for (const [taskId, plan] of input.plans ?? []) {
      const s = this.sources.get(taskId);
      if (s) s.plan = plan;
      else this.sources.set(taskId, { taskId, domain: plan.task, plan, convs: [] });
    }
    for (const c of input.conversations) this.add(c);
  }

  private readonly fileLabels = new Map<string, string>();

  /** A log file as the Samples table shows it and the file filter reads it (asked once per file). */
  fileLabel(file: string): string {
    let label = this.fileLabels.get(file);
    if (label === undefined) this.fileLabels.set(file, (label = this.input.fileLabel?.(file) ?? file));
    return label;
  }

  /** The conversations with re-scored verdicts applied: every count and filter reads these. */
  get conversations(): readonly ConversationRef[] {
    return this.list;
  }

  /**
   * Adds conversations the index took in since this data was built (refs already in are skipped).
   * False when one would replace a ref of the same conv_id (a file was re-indexed; it is not added):
   * the data then needs a build from scratch. The caller makes new `SourceTreeModel`s afterwards
   * (they cache nodes).
   */
  append(refs: readonly ConversationRef[]): boolean {
    let clean = true;
    for (const c of refs) {
      const had = this.taken.get(c.conv_id);
      if (had === c) continue;
      if (had) clean = false;
      else this.add(c);
    }
    return clean;
  }

  /** How many of the index's conversations this data holds (a caller compares it with the index's count). */
  get size(): number {
    return this.list.length;
  }

  private add(ref: ConversationRef): void {
    this.taken.set(ref.conv_id, ref);
    const c = this.withRescore(ref);
    this.list.push(c);
    this.byId.set(c.conv_id, c);
    if (!this.modelSet.has(c.model)) {
      this.modelSet.add(c.model);
      this.modelList = undefined;
    }
    // Forks are counterfactual replays, not benchmark runs: counted apart, never in the accuracy.
    if (isFork(c)) this.counts.forks++;
    else {
      this.counts.conversations++;
      this.counts[c.verdict]++;
    }
    const parentId = c.forkedFrom?.conv_id;
    if (parentId !== undefined && this.byId.has(parentId)) this.addFork(parentId, c);
    else {
      const s = this.sourceFor(c);
      insertSorted(s.convs, c);
      clearDerived(s);
      if (parentId !== undefined) {
        const list = this.waiting.get(parentId);
        if (list) list.push(c);
        else this.waiting.set(parentId, [c]);
      }
    }
    // Its forks that came first move under it.
    const early = this.waiting.get(c.conv_id);
    if (early) {
      this.waiting.delete(c.conv_id);
      for (const f of early) this.moveUnder(c.conv_id, f);
    }
  }

  annotationCount(convId: string): number {
    return this.input.annotationCount?.(convId) ?? 0;
  }

  annotationsOf(convId: string): RunAnnotations | undefined {
    return this.input.annotationsOf?.(convId);
  }

  private withRescore(c: ConversationRef): ConversationRef {
    const r = this.input.rescored?.(c.conv_id);
    if (!r) return c;
    const { conv, rescore } = applyRescore(c, r);
    this.rescores.set(c.conv_id, rescore);
    return conv;
  }

  private sourceFor(c: ConversationRef): SourceData {
    let s = this.sources.get(c.task_id);
    if (!s) {
      this.sources.set(c.task_id, (s = { taskId: c.task_id, domain: c.task || 'unknown', convs: [] }));
      this.bySource = undefined;
      this.domainList = undefined;
    }
    return s;
  }

  private addFork(parentId: string, c: ConversationRef): void {
    const list = this.forks.get(parentId);
    if (list) insertSorted(list, c);
    else this.forks.set(parentId, [c]);
  }

  /** A fork shown among its source's runs until its parent came: now under the parent. */
  private moveUnder(parentId: string, f: ConversationRef): void {
    const s = this.sources.get(f.task_id);
    if (s) {
      const at = s.convs.indexOf(f);
      if (at >= 0) s.convs.splice(at, 1);
      clearDerived(s);
      // A source that only this fork made (no record, plan or other run) is not a source.
      if (!s.convs.length && !s.record && !s.plan) {
        this.sources.delete(s.taskId);
        this.bySource = undefined;
        this.domainList = undefined;
      }
    }
    this.addFork(parentId, f);
  }

  /** The sources of a domain in the tree's order (natural order of task ids). */
  sourcesIn(domain: string): readonly SourceData[] {
    if (!this.bySource) {
      this.bySource = new Map();
      for (const s of this.sources.values()) {
        const list = this.bySource.get(s.domain);
        if (list) list.push(s);
        else this.bySource.set(s.domain, [s]);
      }
      for (const list of this.bySource.values()) list.sort((a, b) => collator.compare(a.taskId, b.taskId));
    }
    return this.bySource.get(domain) ?? [];
  }

  errorsOf(s: SourceData): Map<string, Set<string>> {
    if (!s.errors) s.errors = newErrorsOf(s.convs);
    return s.errors;
  }

  erringModesOf(s: SourceData): Map<string, Set<string>> {
    if (!s.erringModes) {
      s.erringModes = new Map();
      for (const [model, errs] of this.errorsOf(s))
        s.erringModes.set(model, new Set(s.convs.filter((x) => errs.has(x.conv_id)).map((x) => x.mode)));
    }
    return s.erringModes;
  }

  errorModelsOf(s: SourceData): string[] {
    return (s.errorModels ??= [...this.errorsOf(s).keys()].sort(collator.compare));
  }

  allCountsOf(s: SourceData): Array<{ model: string; counts: VerdictCounts }> {
    if (!s.allCounts) s.allCounts = countsByModel(s.convs);
    return s.allCounts;
  }

  /** Derives a source's per-model counts and new errors now: a tree refresh reads them for every source at once. */
  summarise(s: SourceData): void {
    this.errorModelsOf(s);
    this.allCountsOf(s);
  }

  conversation(convId: string): ConversationRef | undefined {
    return this.byId.get(convId);
  }

  /** Every model that has a conversation, sorted. */
  models(): string[] {
    this.modelList ??= [...this.modelSet].sort(collator.compare);
    return [...this.modelList];
  }

  /** Every domain present, known ones first in FORMAT.md's order. */
  domains(): string[] {
    if (!this.domainList) {
      const present = new Set([...this.sources.values()].map((s) => s.domain));
      const known = DOMAINS.filter((d) => present.has(d));
      const other = [...present].filter((d) => !(DOMAINS as readonly string[]).includes(d)).sort();
      this.domainList = [...known, ...other];
    }
    return [...this.domainList];
  }

  summary(): TreeSummary {
    return { records: this.input.records.size, sources: this.sources.size, ...this.counts, models: this.models() };
  }
}

/** Drops what was derived from a source's runs (found again on first use). */
function clearDerived(s: SourceData): void {
  s.errors = undefined;
  s.erringModes = undefined;
  s.errorModels = undefined;
  s.allCounts = undefined;
}

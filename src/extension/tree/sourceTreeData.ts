// The Sources tree's filter-independent part: conversations with re-scores applied, grouped by
// source, forks by parent, sources per domain in tree order, each source's new errors and per-model
// counts, the models, domains and summary. Built once per data or verdict change; every filtered
// model (`SourceTreeModel`) reads it, so a filter change only walks the runs (no regrouping, no
// sorting of sources, no new-error search). vscode-free.
import type { ConversationRef } from '../../core/load/runLogIndex';
import { DOMAINS, type BenchmarkRecord } from '../../core/schema/records';
import { isFork } from '../../core/stats/forkStats';
import { collator } from './treeOrder';
import { applyRescores, newErrorsOf } from './runVerdicts';
import type { FileNode, RunRescore, VerdictCounts } from './treeItems';

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
export function countsByModel(runs: readonly ConversationRef[], order?: ReadonlyArray<{ model: string }>): Array<{ model: string; counts: VerdictCounts }> {
  const perModel = new Map<string, VerdictCounts>();
  for (const c of runs) {
    let counts = perModel.get(c.model);
    if (!counts) perModel.set(c.model, (counts = emptyCounts()));
    counts[c.verdict]++;
  }
  if (order) return order.flatMap(({ model }) => (perModel.has(model) ? [{ model, counts: perModel.get(model)! }] : []));
  return [...perModel.entries()].sort(([a], [b]) => collator.compare(a, b)).map(([model, counts]) => ({ model, counts }));
}

export class SourceTreeData {
  readonly sources = new Map<string, SourceData>();
  /** The conversations with re-scored verdicts applied: every count and filter reads these. */
  readonly conversations: readonly ConversationRef[];
  readonly rescores: ReadonlyMap<string, RunRescore>;
  /** Forks by parent conv_id: shown under their parent run, not among the instance's runs. */
  readonly forks = new Map<string, ConversationRef[]>();
  private bySource: Map<string, SourceData[]> | undefined;
  private domainList: string[] | undefined;
  private modelList: string[] | undefined;
  private summaryValue: TreeSummary | undefined;
  private byId: Map<string, ConversationRef> | undefined;

  constructor(readonly input: TreeInput) {
    ({ convs: this.conversations, rescores: this.rescores } = applyRescores(input.conversations, input.rescored));
    for (const [taskId, rec] of input.records) this.sources.set(taskId, { taskId, domain: rec.record.task, record: rec, convs: [] });
    for (const [taskId, plan] of input.plans ?? []) {
      const s = this.sources.get(taskId);
      if (s) s.plan = plan;
      else this.sources.set(taskId, { taskId, domain: plan.task, plan, convs: [] });
    }
    const convIds = new Set(this.conversations.map((c) => c.conv_id));
    for (const c of this.conversations) {
      const parentId = c.forkedFrom?.conv_id;
      if (parentId !== undefined && convIds.has(parentId)) {
        const list = this.forks.get(parentId);
        if (list) list.push(c);
        else this.forks.set(parentId, [c]);
        continue;
      }
      let s = this.sources.get(c.task_id);
      if (!s) this.sources.set(c.task_id, (s = { taskId: c.task_id, domain: c.task || 'unknown', convs: [] }));
      s.convs.push(c);
    }
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
      for (const [model, errs] of this.errorsOf(s)) s.erringModes.set(model, new Set(s.convs.filter((x) => errs.has(x.conv_id)).map((x) => x.mode)));
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

  conversation(convId: string): ConversationRef | undefined {
    if (!this.byId) this.byId = new Map(this.conversations.map((c) => [c.conv_id, c]));
    return this.byId.get(convId);
  }

  /** Every model that has a conversation, sorted. */
  models(): string[] {
    this.modelList ??= [...new Set(this.conversations.map((c) => c.model))].sort(collator.compare);
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
    if (!this.summaryValue) {
      // Forks are counterfactual replays, not benchmark runs: counted apart, never in the accuracy.
      const s: TreeSummary = { records: this.input.records.size, sources: this.sources.size, conversations: 0, forks: 0, correct: 0, incorrect: 0, unscored: 0, models: this.models() };
      for (const c of this.conversations) {
        if (isFork(c)) s.forks++;
        else {
          s.conversations++;
          s[c.verdict]++;
        }
      }
      this.summaryValue = s;
    }
    return { ...this.summaryValue, models: [...this.summaryValue.models] };
  }
}

// Builds the "Sources" tree from records and indexed conversations: domain → source → instance →
// run (turns are added per run when its conversation is read). Pure and vscode-free, so it is
// unit-tested in Node; the VS Code glue only maps nodes to TreeItems.
import { instanceKey, type ConversationRef } from '../../core/load/runLogIndex';
import { DOMAINS, shardText, type BenchmarkRecord, type ReviewStatus } from '../../core/schema/records';
import type { Condition, ExtendedPath, Mode, RecapMode } from '../../core/schema/runlog';
import { activeTaskOf, baseInstances, instanceLabel } from '../../core/render/instances';
import { matchesColumnFilters } from './columnFilters';
import { collator, compareInstances } from './treeOrder';
import { applyRescores, newErrorsOf } from './runVerdicts';
import { isFork } from '../../core/stats/forkStats';
import { hasActiveFilters, hasRunFilters, type TreeFilters } from './treeFilters';
import type { DomainNode, FileNode, FilesNode, InstanceNode, RunNode, RunRescore, SourceNode, SourceTreeNode, VerdictCounts } from './treeItems';

export { newErrorsOf } from './runVerdicts';
export { describeFilters, hasActiveFilters, shortModel, verdictSign, type ReviewFilter, type TreeFilters } from './treeFilters';
export { describeInstance, describeRescore, describeRun, describeSource, emptyFilterMessage, formatCounts, type RescoreKnowledge } from './treeDescriptions';

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

function emptyCounts(): VerdictCounts {
  return { correct: 0, incorrect: 0, unscored: 0 };
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

interface SourceData {
  taskId: string;
  domain: string;
  record?: TreeRecord;
  plan?: TreePlan;
  convs: ConversationRef[];
}

export class SourceTreeModel {
  private readonly parents = new Map<string, SourceTreeNode>();
  private readonly childCache = new Map<string, SourceTreeNode[]>();
  private readonly sources = new Map<string, SourceData>();
  private readonly sourceNodes = new Map<string, SourceNode>();
  private rootNodes: SourceTreeNode[] | undefined;
  /** The conversations with re-scored verdicts applied: every count and filter reads these. */
  private readonly conversations: readonly ConversationRef[];
  private readonly rescores: ReadonlyMap<string, RunRescore>;
  /** Forks by parent conv_id: shown under their parent run, not among the instance's runs. */
  private readonly forks = new Map<string, ConversationRef[]>();

  constructor(
    private readonly input: TreeInput,
    readonly filters: TreeFilters = {},
  ) {
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

  /** Every conversation, re-scored verdicts applied (the Samples table's rows). */
  allConversations(): readonly ConversationRef[] {
    return this.conversations;
  }

  /** What Re-score found for a conversation, if it was re-scored. */
  rescoreOf(convId: string): RunRescore | undefined {
    return this.rescores.get(convId);
  }

  /** Every model that has a conversation, sorted. */
  models(): string[] {
    return [...new Set(this.conversations.map((c) => c.model))].sort(collator.compare);
  }

  /** Every domain present, known ones first in FORMAT.md's order. */
  domains(): string[] {
    const present = new Set([...this.sources.values()].map((s) => s.domain));
    const known = DOMAINS.filter((d) => present.has(d));
    const other = [...present].filter((d) => !(DOMAINS as readonly string[]).includes(d)).sort();
    return [...known, ...other];
  }

  summary(): TreeSummary {
    // Forks are counterfactual replays, not benchmark runs: counted apart, never in the accuracy.
    const benchmark = this.conversations.filter((c) => !isFork(c));
    const s: TreeSummary = { records: this.input.records.size, sources: this.sources.size, conversations: benchmark.length, forks: this.conversations.length - benchmark.length, correct: 0, incorrect: 0, unscored: 0, models: this.models() };
    for (const c of benchmark) s[c.verdict]++;
    return s;
  }

  /** For a find command: every source with its shard texts (records) for matching. */
  searchableSources(): Array<{ taskId: string; domain: string; review?: ReviewStatus; hasRecord: boolean; hasPlan: boolean; shards: string[]; conversations: number }> {
    return [...this.sources.values()]
      .map((s) => ({
        taskId: s.taskId,
        domain: s.domain,
        ...(s.record?.record.intent?.review ? { review: s.record.record.intent.review.status } : {}),
        hasRecord: !!s.record,
        hasPlan: !!s.plan,
        shards: s.record?.record.shards.map(shardText) ?? [],
        conversations: s.convs.length,
      }))
      .sort((a, b) => collator.compare(a.taskId, b.taskId));
  }

  roots(): SourceTreeNode[] {
    if (this.rootNodes) return this.rootNodes;
    const out: SourceTreeNode[] = [];
    for (const domain of this.domains()) {
      if (this.filters.domains?.length && !this.filters.domains.includes(domain)) continue;
      const sources = this.sourcesOf(domain);
      if (!sources.length) continue;
      const node: DomainNode = { kind: 'domain', id: `domain:${domain}`, domain, sources: sources.length, args: {} };
      this.childCache.set(node.id, sources);
      for (const s of sources) this.parents.set(s.id, node);
      out.push(node);
    }
    const files = this.input.files ?? [];
    if (files.length && !hasActiveFilters(this.filters)) {
      const fileNodes: FileNode[] = files.map((f) => ({ kind: 'file', id: `file:${f.path}`, file: f.path, fileKind: f.kind, displayPath: f.displayPath, items: f.items, problems: f.problems, args: { file: f.path } }));
      const group: FilesNode = { kind: 'files', id: 'files', files: fileNodes, args: {} };
      this.childCache.set(group.id, fileNodes);
      for (const f of fileNodes) this.parents.set(f.id, group);
      out.push(group);
    }
    this.rootNodes = out;
    return out;
  }

  /** True when the tree has data but the filters hide all of it. */
  isFilteredEmpty(): boolean {
    return this.sources.size > 0 && hasActiveFilters(this.filters) && !this.roots().some((n) => n.kind === 'domain');
  }

  children(node?: SourceTreeNode): SourceTreeNode[] {
    if (!node) return this.roots();
    if (!this.rootNodes) this.roots();
    const cached = this.childCache.get(node.id);
    if (cached) return cached;
    let out: SourceTreeNode[] = [];
    if (node.kind === 'source') out = this.instancesOf(node);
    else if (node.kind === 'instance') out = this.runsOf(node);
    else if (node.kind === 'bookkeeping') out = node.entries;
    else return [];
    this.setChildren(node, out);
    return out;
  }

  /** Records children built elsewhere (turns of a run, read on demand) so `parent()` knows them. */
  setChildren(node: SourceTreeNode, children: SourceTreeNode[]): void {
    this.childCache.set(node.id, children);
    for (const c of children) {
      this.parents.set(c.id, node);
      if (c.kind === 'bookkeeping') for (const e of c.entries) this.parents.set(e.id, c);
    }
  }

  hasChildrenCached(node: SourceTreeNode): boolean {
    return this.childCache.has(node.id);
  }

  parent(node: SourceTreeNode): SourceTreeNode | undefined {
    if (!this.rootNodes) this.roots();
    const known = this.parents.get(node.id);
    if (known) return known;
    // Not built yet: walk down from the root to find it (sources, instances, runs).
    if (node.kind === 'instance' || node.kind === 'run') {
      const src = this.sourceNode(node.args.taskId ?? '');
      if (!src) return undefined;
      const instances = this.children(src);
      if (node.kind === 'instance') return src;
      for (const inst of instances) if (this.children(inst).some((r) => r.id === node.id)) return inst;
    }
    return this.parents.get(node.id);
  }

  /** The visible node of a source (undefined when filtered out or unknown). */
  sourceNode(taskId: string): SourceNode | undefined {
    this.roots();
    return this.sourceNodes.get(taskId);
  }

  /** The visible run node of a conversation, building the path down to it. */
  runNode(convId: string): RunNode | undefined {
    const conv = this.conversations.find((c) => c.conv_id === convId);
    if (!conv) return undefined;
    const src = this.sourceNode(conv.task_id);
    if (!src) return undefined;
    for (const inst of this.children(src)) {
      const run = this.children(inst).find((r): r is RunNode => r.kind === 'run' && r.convId === convId);
      if (run) return run;
    }
    return undefined;
  }

  private visibleRuns(s: SourceData, errors: Map<string, Set<string>>): ConversationRef[] {
    const f = this.filters;
    return s.convs.filter((c) => {
      if (f.models?.length && !f.models.includes(c.model)) return false;
      if (f.verdicts?.length && !f.verdicts.includes(c.verdict)) return false;
      if (!matchesColumnFilters(c, f)) return false;
      if (f.newErrors) {
        const errs = errors.get(c.model);
        if (!errs) return false;
        // The erring runs and the Original they diverge from.
        const erringModes = new Set(s.convs.filter((x) => errs.has(x.conv_id)).map((x) => x.mode));
        const isOriginal = !c.path && c.condition === 'original' && erringModes.has(c.mode);
        if (!errs.has(c.conv_id) && !isOriginal) return false;
      }
      if (f.newErrorsWithInactive && !(errors.get(c.model)?.has(c.conv_id) && this.input.hasInactive?.(c.conv_id))) return false;
      return true;
    });
  }

  /** Every conversation the filters let through, as the tree shows them (the Samples table's rows). */
  visibleConversations(): ConversationRef[] {
    const out: ConversationRef[] = [];
    for (const root of this.roots()) {
      if (root.kind !== 'domain') continue;
      for (const node of this.children(root)) if (node.kind === 'source') out.push(...(this.visibleBySource.get(node.taskId) ?? []));
    }
    return out;
  }

  /** The runs each visible source shows, computed once when the sources are built. */
  private readonly visibleBySource = new Map<string, ConversationRef[]>();

  private sourcesOf(domain: string): SourceNode[] {
    const f = this.filters;
    const out: SourceNode[] = [];
    for (const s of this.sources.values()) {
      if (s.domain !== domain) continue;
      const review = s.record?.record.intent?.review?.status;
      if (f.reviews?.length && !f.reviews.includes(review ?? 'none')) continue;
      const errors = newErrorsOf(s.convs);
      if (f.newErrors && errors.size === 0) continue;
      const runs = this.visibleRuns(s, errors);
      this.visibleBySource.set(s.taskId, runs);
      if (hasRunFilters(f) && runs.length === 0) continue;
      const perModel = new Map<string, VerdictCounts>();
      for (const c of runs) {
        let counts = perModel.get(c.model);
        if (!counts) perModel.set(c.model, (counts = emptyCounts()));
        counts[c.verdict]++;
      }
      const node: SourceNode = {
        kind: 'source',
        id: `source:${s.taskId}`,
        taskId: s.taskId,
        domain,
        hasRecord: !!s.record,
        ...(s.plan ? { hasPlan: true } : {}),
        ...(s.record ? { recordFile: s.record.file, recordLine: s.record.line } : s.plan ? { recordFile: s.plan.file, recordLine: s.plan.line } : {}),
        ...(review ? { review } : {}),
        perModel: [...perModel.entries()].sort(([a], [b]) => collator.compare(a, b)).map(([model, counts]) => ({ model, counts })),
        newErrorModels: [...errors.keys()].sort(collator.compare),
        args: { taskId: s.taskId, ...(s.record ? { file: s.record.file, line: s.record.line } : s.plan ? { file: s.plan.file, line: s.plan.line } : {}) },
      };
      this.sourceNodes.set(s.taskId, node);
      out.push(node);
    }
    return out.sort((a, b) => collator.compare(a.taskId, b.taskId));
  }

  private instancesOf(src: SourceNode): InstanceNode[] {
    const s = this.sources.get(src.taskId);
    if (!s) return [];
    const errors = newErrorsOf(s.convs);
    const runs = this.visibleRuns(s, errors);
    const specs = new Map<string, { mode: Mode; condition: Condition; path?: ExtendedPath; k?: number; recap?: RecapMode }>();
    if (s.record) for (const spec of baseInstances(s.record.record)) specs.set(instanceKey(spec), spec);
    // Extended paths (and anything else) present in the logs.
    for (const c of s.convs) {
      const key = instanceKey(c);
      if (!specs.has(key)) specs.set(key, { mode: c.mode, condition: c.condition, ...(c.path ? { path: c.path, k: c.k ?? 0 } : {}), ...(c.recap ? { recap: c.recap } : {}) });
    }
    const out: InstanceNode[] = [];
    for (const [key, spec] of [...specs.entries()].sort(([, a], [, b]) => compareInstances(a, b))) {
      const mine = runs.filter((c) => instanceKey(c) === key);
      if (hasRunFilters(this.filters) && mine.length === 0) continue;
      const counts = emptyCounts();
      for (const c of mine) counts[c.verdict]++;
      const active = s.record?.record.intent && spec.mode !== 'evolving' ? activeTaskOf({ ...spec, mode: spec.mode }) : undefined;
      const node: InstanceNode = {
        kind: 'instance',
        id: `instance:${s.taskId}|${key}`,
        taskId: s.taskId,
        mode: spec.mode,
        condition: spec.condition,
        ...(spec.path ? { path: spec.path, k: spec.k ?? 0 } : {}),
        ...(spec.recap ? { recap: spec.recap } : {}),
        label: instanceLabel(spec) + (spec.recap ? ` · recap ${spec.recap}` : ''),
        ...(active ? { active } : {}),
        counts,
        runs: mine.length,
        args: { taskId: s.taskId, mode: spec.mode, condition: spec.condition, ...(spec.path ? { path: spec.path, k: spec.k ?? 0 } : {}), ...(spec.recap ? { recap: spec.recap } : {}) },
      };
      this.runCache.set(node.id, { convs: mine, errors });
      out.push(node);
    }
    return out;
  }

  private readonly runCache = new Map<string, { convs: ConversationRef[]; errors: Map<string, Set<string>> }>();

  private runsOf(inst: InstanceNode): RunNode[] {
    const data = this.runCache.get(inst.id);
    if (!data) return [];
    const seen = new Map<string, number>();
    return [...data.convs]
      .sort((a, b) => collator.compare(a.model, b.model) || a.file.localeCompare(b.file) || a.line - b.line)
      .map((c) => {
        const repeat = (seen.get(c.model) ?? 0) + 1;
        seen.set(c.model, repeat);
        return this.runNodeOf(c, repeat, data.errors.get(c.model)?.has(c.conv_id) ?? false);
      });
  }

  /** The forks of a conversation, as run nodes (children of its run, before its turns). */
  forksOf(convId: string): RunNode[] {
    return (this.forks.get(convId) ?? []).map((c, i) => this.runNodeOf(c, i + 1, false));
  }

  private runNodeOf(c: ConversationRef, repeat: number, newError: boolean): RunNode {
    return {
      kind: 'run', id: `run:${c.conv_id}`, convId: c.conv_id, taskId: c.task_id, model: c.model,
      verdict: c.verdict, turns: c.turns, file: c.file, line: c.line, repeat, newError,
      ...(this.rescores.has(c.conv_id) ? { rescore: this.rescores.get(c.conv_id)! } : {}),
      ...(c.forkedFrom ? { forkedFrom: c.forkedFrom } : {}),
      args: { taskId: c.task_id, mode: c.mode, condition: c.condition, ...(c.path ? { path: c.path, k: c.k ?? 0 } : {}), ...(c.recap ? { recap: c.recap } : {}), convId: c.conv_id, model: c.model, file: c.file, line: c.line },
    };
  }
}

// Builds the "Sources" tree from records and indexed conversations: domain → source → instance →
// run (turns are added per run when its conversation is read). Pure and vscode-free, so it is
// unit-tested in Node; the VS Code glue only maps nodes to TreeItems. This module decides what the
// filters show and caches the nodes and their parents; the nodes are made in `sourceTreeNodes.ts`
// and the run filters compiled in `treeRunFilter.ts`.
import { instanceKey, type ConversationRef } from '../../core/load/runLogIndex';
import { shardText, type ReviewStatus } from '../../core/schema/records';
import { SourceTreeData, countsByModel, type SourceData, type TreeInput, type TreeSummary } from './sourceTreeData';
import { collator } from './treeOrder';
import { fileNodesOf, instanceNodeOf, instanceSpecsOf, runNodeOf, sourceNodeOf } from './sourceTreeNodes';
import { compileRunFilter, type RunFilter } from './treeRunFilter';
import { hasActiveFilters, hasRunFilters, type TreeFilters } from './treeFilters';
import type { DomainNode, FilesNode, InstanceNode, RunNode, RunRescore, SourceNode, SourceTreeNode } from './treeItems';

export { newErrorsOf } from './runVerdicts';
export {
  describeFilters,
  hasActiveFilters,
  shortModel,
  verdictSign,
  type ReviewFilter,
  type TreeFilters,
} from './treeFilters';
export {
  describeInstance,
  describeRescore,
  describeRun,
  describeSource,
  emptyFilterMessage,
  formatCounts,
  type RescoreKnowledge,
} from './treeDescriptions';

export {
  SourceTreeData,
  type RescoredRun,
  type TreeFile,
  type TreeInput,
  type TreePlan,
  type TreeRecord,
  type TreeSummary,
} from './sourceTreeData';

export class SourceTreeModel {
  private readonly parents = new Map<string, SourceTreeNode>();
  private readonly childCache = new Map<string, SourceTreeNode[]>();
  private readonly sourceNodes = new Map<string, SourceNode>();
  private rootNodes: SourceTreeNode[] | undefined;
  private visibleList: ConversationRef[] | undefined;
  /** The filter-independent part, shared by every model made from it with `withFilters`. */
  readonly data: SourceTreeData;

  constructor(
    input: TreeInput | SourceTreeData,
    readonly filters: TreeFilters = {},
  ) {
    this.data = input instanceof SourceTreeData ? input : new SourceTreeData(input);
  }

  /** The same data under other filters: only the runs are walked again (no regrouping, no re-sorting). */
  withFilters(filters: TreeFilters): SourceTreeModel {
    return new SourceTreeModel(this.data, filters);
  }

  /** Every conversation, re-scored verdicts applied (the Samples table's rows). */
  allConversations(): readonly ConversationRef[] {
    return this.data.conversations;
  }

  /** What Re-score found for a conversation, if it was re-scored. */
  rescoreOf(convId: string): RunRescore | undefined {
    return this.data.rescores.get(convId);
  }

  /** Every model that has a conversation, sorted. */
  models(): string[] {
    return this.data.models();
  }

  /** Every domain present, known ones first in FORMAT.md's order. */
  domains(): string[] {
    return this.data.domains();
  }

  /** Counts of everything loaded (not of what the filters show: see `visibleConversations`). */
  summary(): TreeSummary {
    return this.data.summary();
  }

  /** For a find command: every source with its shard texts (records) for matching. */
  searchableSources(): Array<{
    taskId: string;
    domain: string;
    review?: ReviewStatus;
    hasRecord: boolean;
    hasPlan: boolean;
    shards: string[];
    conversations: number;
  }> {
    return [...this.data.sources.values()]
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
    const files = this.data.files;
    if (files.length && !hasActiveFilters(this.filters)) {
      const fileNodes = fileNodesOf(files);
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
    return (
      this.data.sources.size > 0 && hasActiveFilters(this.filters) && !this.roots().some((n) => n.kind === 'domain')
    );
  }

  children(node?: SourceTreeNode): SourceTreeNode[] {
    if (!node) return this.roots();
    if (!this.rootNodes) this.roots();
    const cached = this.childCache.get(node.id);
    if (cached) return cached;
    let out: SourceTreeNode[];
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
    const conv = this.data.conversation(convId);
    if (!conv) return undefined;
    const src = this.sourceNode(conv.task_id);
    if (!src) return undefined;
    for (const inst of this.children(src)) {
      const run = this.children(inst).find((r): r is RunNode => r.kind === 'run' && r.convId === convId);
      if (run) return run;
    }
    return undefined;
  }

  /** The filters as one predicate on a source's runs, compiled once per model. */
  private runFilter: RunFilter | undefined;

  private visibleRuns(s: SourceData): ConversationRef[] {
    if (!hasRunFilters(this.filters)) return s.convs;
    const keep = (this.runFilter ??= compileRunFilter(this.filters, this.data));
    return s.convs.filter((c) => keep(s, c));
  }

  /** Every conversation the filters let through, as the tree shows them (the Samples table's rows). */
  visibleConversations(): readonly ConversationRef[] {
    if (this.visibleList) return this.visibleList;
    const out: ConversationRef[] = [];
    for (const root of this.roots()) {
      if (root.kind !== 'domain') continue;
      for (const node of this.children(root))
        if (node.kind === 'source') for (const c of this.visibleBySource.get(node.taskId) ?? []) out.push(c);
    }
    return (this.visibleList = out);
  }

  /** The runs each visible source shows, computed once when the sources are built. */
  private readonly visibleBySource = new Map<string, ConversationRef[]>();

  /** The domain's sources the filters let through, in the data's (sorted) order. */
  private sourcesOf(domain: string): SourceNode[] {
    const f = this.filters;
    const runFiltered = hasRunFilters(f);
    const out: SourceNode[] = [];
    for (const s of this.data.sourcesIn(domain)) {
      const review = s.record?.record.intent?.review?.status;
      if (f.reviews?.length && !f.reviews.includes(review ?? 'none')) continue;
      const errors = this.data.errorsOf(s);
      if (f.newErrors && errors.size === 0) continue;
      const runs = this.visibleRuns(s);
      this.visibleBySource.set(s.taskId, runs);
      if (runFiltered && runs.length === 0) continue;
      // Unfiltered counts are the data's, counted once; filtered ones only over the visible runs.
      const perModel = runFiltered ? countsByModel(runs, this.data.allCountsOf(s)) : this.data.allCountsOf(s);
      const node = sourceNodeOf(s, domain, perModel, this.data.errorModelsOf(s));
      this.sourceNodes.set(s.taskId, node);
      out.push(node);
    }
    return out;
  }

  private instancesOf(src: SourceNode): InstanceNode[] {
    const s = this.data.sources.get(src.taskId);
    if (!s) return [];
    const errors = this.data.errorsOf(s);
    const runs = this.visibleBySource.get(s.taskId) ?? this.visibleRuns(s);
    const out: InstanceNode[] = [];
    for (const [key, spec] of instanceSpecsOf(s)) {
      const mine = runs.filter((c) => instanceKey(c) === key);
      if (hasRunFilters(this.filters) && mine.length === 0) continue;
      const node = instanceNodeOf(s, key, spec, mine);
      this.runCache.set(node.id, { convs: mine, errors });
      out.push(node);
    }
    return out;
  }

  private readonly runCache = new Map<string, { convs: ConversationRef[]; errors: Map<string, Set<string>> }>();

  private runsOf(inst: InstanceNode): RunNode[] {
    // An instance node of an earlier model (VS Code asks for an expanded node's children while a
    // newer model is taking over): its source's instances of this model are built first.
    if (!this.runCache.has(inst.id)) {
      const src = this.sourceNode(inst.args.taskId ?? '');
      if (src) this.children(src);
    }
    const data = this.runCache.get(inst.id);
    if (!data) return [];
    const seen = new Map<string, number>();
    return [...data.convs]
      .sort((a, b) => collator.compare(a.model, b.model) || a.file.localeCompare(b.file) || a.line - b.line)
      .map((c) => {
        const repeat = (seen.get(c.model) ?? 0) + 1;
        seen.set(c.model, repeat);
        return runNodeOf(this.data, c, repeat, data.errors.get(c.model)?.has(c.conv_id) ?? false);
      });
  }

  /** The forks of a conversation, as run nodes (children of its run, before its turns). */
  forksOf(convId: string): RunNode[] {
    return (this.data.forks.get(convId) ?? []).map((c, i) => runNodeOf(this.data, c, i + 1, false));
  }
}

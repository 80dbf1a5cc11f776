// VS Code glue of the "Sources" tree: maps model nodes to TreeItems and reads a run's turns on
// demand. The tree's content comes from SourceTreeModel (vscode-free, unit-tested).
import * as vscode from 'vscode';
import type { WorkspaceData } from '../data/workspaceData';
import {
  describeInstance,
  describeRescore,
  describeRun,
  describeSource,
  shortModel,
  verdictSign,
  type SourceTreeModel,
  type TreeFilters,
} from './sourceTreeModel';
import type { TreeModels } from './treeModels';
import { buildTurnNodes, turnLabel } from './conversationTurns';
import { turnDocumentPath, CONVERSATION_SCHEME } from './conversationDocuments';
import { parseConversation } from '../../core/conversation';
import { contextValueOf, type RunNode, type SourceTreeNode, type TurnNode } from './treeItems';
import type { Verdict } from '../../core/load/runLogIndex';
import { COMMANDS } from '../commandIds';
import { FirstRowsWatch } from './firstRowsWatch';
import { VERDICT_CODICONS } from '../../shared/verdicts';
import { formatCounts } from './treeDescriptions';

const VERDICT_COLORS: Record<Verdict, string> = {
  correct: 'testing.iconPassed',
  incorrect: 'testing.iconFailed',
  unscored: 'testing.iconSkipped',
};

function verdictIcon(v: Verdict): vscode.ThemeIcon {
  return new vscode.ThemeIcon(VERDICT_CODICONS[v], new vscode.ThemeColor(VERDICT_COLORS[v]));
}

const DOMAIN_ICONS: Record<string, string> = {
  math: 'symbol-operator',
  code: 'code',
  database: 'database',
  actions: 'tools',
};

/** After the workbench last fetched sources' rows, the time it gets to draw them before `rowsDrawn` resolves. */
const DRAW_MS = 150;

export class SourcesTreeProvider implements vscode.TreeDataProvider<SourceTreeNode> {
  private readonly changed = new vscode.EventEmitter<SourceTreeNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  model: SourceTreeModel;
  /** What `rowsDrawn` waits for. */
  private readonly firstRows = new FirstRowsWatch(DRAW_MS, () =>
    this.logFirstFetch('every domain', "every domain's sources"),
  );

  constructor(
    private readonly data: WorkspaceData,
    /** The model shared with the Samples table: built once per data change, filtered once per filter change. */
    private readonly models: TreeModels,
    private filtersValue: TreeFilters,
    private showBookkeepingValue: boolean,
    private readonly output?: vscode.OutputChannel,
  ) {
    this.model = models.model(filtersValue);
  }

  get filters(): TreeFilters {
    return this.filtersValue;
  }

  get showBookkeeping(): boolean {
    return this.showBookkeepingValue;
  }

  setFilters(f: TreeFilters): void {
    this.filtersValue = f;
    this.refresh();
  }

  setShowBookkeeping(v: boolean): void {
    this.showBookkeepingValue = v;
    // Turns read so far were built for the other setting: a model of its own drops them (same data, same filters).
    this.model = this.model.withFilters(this.filtersValue);
    this.changed.fire(undefined);
  }

  /** Takes the current model (rebuilt only when the data or the filters changed) and redraws. */
  refresh(): void {
    this.model = this.models.model(this.filtersValue);
    this.changed.fire(undefined);
  }

  getChildren(node?: SourceTreeNode): SourceTreeNode[] | Promise<SourceTreeNode[]> {
    if (node?.kind === 'run' && !this.model.hasChildrenCached(node)) return this.turnsOf(node);
    const children = this.model.children(node);
    if (!node || node.kind === 'domain') this.fetched(node, children.length);
    return children;
  }

  /** The workbench's first fetches, timed in the output channel: how soon after the sources the view asked for its rows. */
  private readonly fetchesToLog = new Set<string>(['empty roots', 'roots', 'first sources', 'every domain']);

  private fetched(node: SourceTreeNode | undefined, rows: number): void {
    this.firstRows.fetched(node?.id);
    if (!this.fetchesToLog.size) return;
    const what = node ? 'first sources' : rows ? 'roots' : 'empty roots';
    this.logFirstFetch(what, `the ${what} (${rows} rows)`);
  }

  /** Logs the first fetch of a kind (`what`, one of fetchesToLog): `the workbench fetched <fetched>`. */
  private logFirstFetch(what: string, fetched: string): void {
    if (!this.fetchesToLog.delete(what)) return;
    // Roots with rows end the empty ones' story (a later empty fetch is a filter, not the start).
    if (what === 'roots') this.fetchesToLog.delete('empty roots');
    this.output?.appendLine(`[tree] ${new Date().toISOString()} the workbench fetched ${fetched}`);
  }

  /**
   * Resolves once the workbench has fetched the current rows (the roots, then every domain's
   * sources: domains are expanded) and had DRAW_MS to draw them (true); at once when there are no
   * sources to show (false). The first load holds its run-log indexing, and defers its progress
   * updates, on this (`WorkspaceData.holdIndexingUntil`, `deferProgressUntil`; each with a limit, which
   * a domain the user collapsed in an earlier session reaches), so that neither the indexing worker
   * nor a refresh takes the workbench's time while it draws the first rows.
   */
  rowsDrawn(): Promise<boolean> {
    this.model = this.models.model(this.filtersValue);
    const domains = this.model.roots().filter((n) => n.kind === 'domain');
    if (!domains.length) return Promise.resolve(false);
    return this.firstRows.wait(domains.map((d) => d.id)).then(() => true);
  }

  getParent(node: SourceTreeNode): SourceTreeNode | undefined {
    return this.model.parent(node);
  }

  private async turnsOf(run: RunNode): Promise<SourceTreeNode[]> {
    const model = this.model;
    try {
      const conv = await this.data.readConversation(run.convId);
      if (!conv) return [];
      // Forks of this conversation come first, then its turns.
      const children: SourceTreeNode[] = [
        ...model.forksOf(run.convId),
        ...buildTurnNodes(parseConversation(conv.entry), this.showBookkeepingValue),
      ];
      model.setChildren(run, children);
      return children;
    } catch (e) {
      this.output?.appendLine(
        `[tree] could not read conversation ${run.convId}: ${e instanceof Error ? e.message : String(e)}`,
      );
      return [];
    }
  }

  getTreeItem(node: SourceTreeNode): vscode.TreeItem {
    const C = vscode.TreeItemCollapsibleState;
    let item: vscode.TreeItem;
    switch (node.kind) {
      case 'domain':
        item = new vscode.TreeItem(node.domain, C.Expanded);
        item.description = `${node.sources} source${node.sources === 1 ? '' : 's'}`;
        item.iconPath = new vscode.ThemeIcon(DOMAIN_ICONS[node.domain] ?? 'folder');
        break;
      case 'source': {
        item = new vscode.TreeItem(node.taskId, C.Collapsed);
        item.description = describeSource(node);
        item.iconPath = new vscode.ThemeIcon(
          node.newErrorModels.length ? 'warning' : node.hasRecord ? 'file-text' : 'file',
          node.newErrorModels.length ? new vscode.ThemeColor('list.warningForeground') : undefined,
        );
        break;
      }
      case 'instance':
        item = new vscode.TreeItem(node.label, node.runs ? C.Collapsed : C.None);
        item.description = describeInstance(node);
        item.iconPath = new vscode.ThemeIcon(
          node.path ? 'layers' : node.mode === 'single' ? 'comment' : 'comment-discussion',
        );
        break;
      case 'run':
        item = new vscode.TreeItem(
          `${verdictSign(node.verdict)} ${node.forkedFrom ? 'fork · ' : ''}${shortModel(node.model)}${node.repeat > 1 ? ` #${node.repeat}` : ''}`,
          C.Collapsed,
        );
        item.description = describeRun(node);
        item.iconPath = verdictIcon(node.verdict);
        break;
      case 'turn':
        item = turnItem(node);
        break;
      case 'bookkeeping':
        item = new vscode.TreeItem(
          `${node.entries.length} bookkeeping entr${node.entries.length === 1 ? 'y' : 'ies'}`,
          C.Collapsed,
        );
        item.description = 'folded (Toggle Bookkeeping shows them inline)';
        item.iconPath = new vscode.ThemeIcon('fold');
        break;
      case 'files':
        item = new vscode.TreeItem('Data files', C.Collapsed);
        item.description = `${node.files.length}`;
        item.iconPath = new vscode.ThemeIcon('files');
        break;
      case 'file':
        item = new vscode.TreeItem(node.displayPath, C.None);
        item.description = `${node.fileKind} · ${node.items} item${node.items === 1 ? '' : 's'}${node.problems ? ` · ${node.problems} problem${node.problems === 1 ? '' : 's'}` : ''}`;
        item.iconPath = new vscode.ThemeIcon(
          node.problems ? 'warning' : 'file',
          node.problems ? new vscode.ThemeColor('list.warningForeground') : undefined,
        );
        item.resourceUri = vscode.Uri.file(node.file);
        item.command = { command: 'vscode.open', title: 'Open File', arguments: [vscode.Uri.file(node.file)] };
        break;
    }
    item.id = node.id;
    item.contextValue = contextValueOf(node);
    return item;
  }

  /**
   * Tooltips of sources, instances and runs, made on hover: every refresh while logs are indexed
   * sends all 414+ source rows to the workbench, and their tooltips were most of that.
   */
  resolveTreeItem(item: vscode.TreeItem, node: SourceTreeNode): vscode.TreeItem {
    const tooltip = tooltipOf(node);
    if (tooltip !== undefined) item.tooltip = tooltip;
    return item;
  }

  dispose(): void {
    this.firstRows.dispose();
    this.changed.dispose();
  }
}

/**
 * Plain text, not Markdown: the workbench turns a Markdown tooltip into plain text for the row's
 * aria label by parsing it as HTML, so an escaped `<img onerror>` in a task id or model name came
 * back as a live element there (a CSP violation in the workbench page).
 */
function tooltipOf(node: SourceTreeNode): string | undefined {
  switch (node.kind) {
    case 'source':
      return [
        `${node.taskId} (${node.domain})`,
        node.recordFile
          ? `${node.hasRecord ? 'record' : 'plan'}: ${vscode.workspace.asRelativePath(node.recordFile)}:${node.recordLine}`
          : 'no record for this task_id (logs only)',
        ...(node.review ? [`review: ${node.review}`] : []),
        ...node.perModel.map((m) => `• ${m.model}: ${formatCounts(m.counts, true)}`),
        ...(node.newErrorModels.length ? [`new errors: ${node.newErrorModels.join(', ')}`] : []),
      ].join('\n');
    case 'instance':
      return `${node.mode} · condition ${node.condition}${node.path ? ` · ${node.path} k=${node.k}` : ''}${node.active ? ` · active task: ${node.active}` : ''}`;
    case 'run':
      return [
        `${node.model}`,
        `conv_id ${node.convId}`,
        `${vscode.workspace.asRelativePath(node.file)}:${node.line}`,
        ...describeRescore(node),
      ].join('\n');
    default:
      return undefined;
  }
}

function turnItem(node: TurnNode): vscode.TreeItem {
  const item = new vscode.TreeItem(turnLabel(node), vscode.TreeItemCollapsibleState.None);
  item.description = node.firstLine;
  item.iconPath = node.evaluation
    ? verdictIcon(node.evaluation)
    : new vscode.ThemeIcon(
        node.role === 'user'
          ? 'account'
          : node.role === 'assistant'
            ? 'hubot'
            : node.role === 'system'
              ? 'gear'
              : node.bookkeeping
                ? 'debug-stackframe-dot'
                : 'output',
      );
  item.tooltip = `${turnLabel(node)}\n\n${node.firstLine}`;
  const uri = vscode.Uri.from({ scheme: CONVERSATION_SCHEME, path: turnDocumentPath(node.convId, node.index) });
  item.command = { command: COMMANDS.openTurn, title: 'Open Turn', arguments: [node.args, uri] };
  return item;
}

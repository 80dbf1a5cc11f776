// The Sources tree's own commands, as a command table: refresh, find and reveal a source, open a
// run's log line or its record, show bookkeeping rows, and the internal commands links, Search and
// Compare read the tree through (its filters, its filtered conversations, its selection).
import * as vscode from 'vscode';
import type { ExtensionServices } from '../services';
import type { SourcesTreeProvider } from './sourcesTreeProvider';
import type { SourcesTreeStatus } from './treeStatus';
import { describeFilters, hasActiveFilters, type TreeFilters } from './sourceTreeModel';
import { isEmptyTarget, readCommandTarget, type CommandTarget } from '../commandTarget';
import { COMMANDS, INTERNAL_COMMANDS } from '../commandIds';
import type { FeatureCommand } from '../commandTable';

/** What the tree's commands work on. */
export interface TreeServices {
  services: ExtensionServices;
  provider: SourcesTreeProvider;
  view: vscode.TreeView<unknown>;
  status: SourcesTreeStatus;
}

/** The item a command applies to: its argument (context menu, inline button) or the selection (keyboard, palette). */
export function treeTarget(t: TreeServices, arg: unknown): CommandTarget {
  const target = readCommandTarget(arg);
  return isEmptyTarget(target) ? readCommandTarget(t.view.selection[0]) : target;
}

async function openAt(file: string | undefined, line: number | undefined): Promise<void> {
  if (!file) return;
  const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(file));
  const pos = new vscode.Position(Math.max(0, (line ?? 1) - 1), 0);
  await vscode.window.showTextDocument(doc, { selection: new vscode.Range(pos, pos) });
}

async function revealSource(t: TreeServices, taskId: string): Promise<void> {
  const { provider } = t;
  let node = provider.model.sourceNode(taskId);
  if (!node && hasActiveFilters(provider.filters)) {
    const clear = await vscode.window.showInformationMessage(
      `"${taskId}" is hidden by the active filters (${describeFilters(provider.filters)}).`,
      'Clear Filters',
    );
    if (clear !== 'Clear Filters') return;
    await t.services.treeFilters.set({});
    node = provider.model.sourceNode(taskId);
  }
  if (node) await t.view.reveal(node, { select: true, focus: true, expand: true });
}

async function findSource(t: TreeServices): Promise<void> {
  const sources = t.provider.model.searchableSources();
  if (!sources.length) return void vscode.window.showInformationMessage('Intent Lens: no sources loaded.');
  const picked = await vscode.window.showQuickPick(
    sources.map((s) => ({
      label: s.taskId,
      description: [
        s.domain,
        s.review ? `[${s.review}]` : s.hasRecord ? undefined : s.hasPlan ? 'plan' : 'no record',
        `${s.conversations} conversation${s.conversations === 1 ? '' : 's'}`,
      ]
        .filter(Boolean)
        .join(' · '),
      detail: s.shards.join(' · ').slice(0, 300) || undefined,
      taskId: s.taskId,
    })),
    {
      title: 'Find Source',
      placeHolder: 'Search task_id or shard text',
      matchOnDescription: true,
      matchOnDetail: true,
    },
  );
  if (picked) await revealSource(t, picked.taskId);
}

async function openInLog(t: TreeServices, arg: unknown): Promise<void> {
  const a = treeTarget(t, arg);
  const ref = a.convId ? t.services.data.logs.get(a.convId) : undefined;
  return ref ? openAt(ref.file, ref.line) : openAt(a.file, a.line);
}

async function revealRecord(t: TreeServices, arg: unknown): Promise<void> {
  const { data } = t.services;
  const a = treeTarget(t, arg);
  const rec = a.taskId ? (data.record(a.taskId) ?? data.plans().get(a.taskId)) : undefined;
  if (!rec)
    return void vscode.window.showInformationMessage(`Intent Lens: no record or plan for ${a.taskId ?? 'this item'}.`);
  await openAt(rec.file, rec.line);
}

function filteredConversations({ provider }: TreeServices): { description: string; convIds: string[] } | undefined {
  if (!hasActiveFilters(provider.filters)) return undefined;
  return {
    description: describeFilters(provider.filters),
    convIds: provider.model.visibleConversations().map((c) => c.conv_id),
  };
}

export const TREE_COMMANDS: ReadonlyArray<FeatureCommand<TreeServices>> = [
  { id: COMMANDS.refresh, run: (t) => t.services.data.reload() },
  { id: COMMANDS.findSource, run: findSource },
  {
    id: COMMANDS.revealSource,
    run: (t, arg) => {
      const taskId = readCommandTarget(arg, { stringIs: 'taskId' }).taskId;
      return taskId ? revealSource(t, taskId) : findSource(t);
    },
  },
  {
    id: COMMANDS.toggleBookkeeping,
    run: (t) => {
      t.provider.setShowBookkeeping(!t.provider.showBookkeeping);
      t.status.update();
    },
  },
  { id: COMMANDS.openInLog, run: openInLog },
  { id: COMMANDS.revealRecord, run: revealRecord },
  // For links (src/extension/links): read the filters, and apply a validated filter from a link.
  { id: INTERNAL_COMMANDS.treeGetFilters, run: (t) => t.provider.filters },
  {
    id: INTERNAL_COMMANDS.treeSetFilters,
    run: (t, f) => (f && typeof f === 'object' ? t.services.treeFilters.set(f as TreeFilters) : undefined),
  },
  { id: INTERNAL_COMMANDS.treeFilteredConversations, run: filteredConversations },
  {
    id: INTERNAL_COMMANDS.treeSelection,
    run: (t) => (t.view.selection[0] ? readCommandTarget(t.view.selection[0]) : undefined),
  },
];

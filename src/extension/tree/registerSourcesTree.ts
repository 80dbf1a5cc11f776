// The "Sources" tree view: domain → source → instance → model run → turn, its filters, the find
// command, the status-bar summary and the read-only turn documents (`intent-lens:` scheme).
import * as vscode from 'vscode';
import type { ExtensionServices } from '../services';
import { describeRescoreCounts } from '../../core/workspace/verdicts';
import { SourcesTreeProvider } from './sourcesTreeProvider';
import { describeFilters, emptyFilterMessage, hasActiveFilters, shortModel, type ReviewFilter, type TreeFilters } from './sourceTreeModel';
import { CONVERSATION_SCHEME, parseDocumentPath, renderTurnDocument } from './conversationDocuments';
import { openConversationView } from '../conversation/registerConversation';
import { showConversationPick } from '../dashboard/conversationPicker';
import { isEmptyTarget, readCommandTarget, type CommandTarget } from '../commandTarget';
import type { Verdict } from '../../core/load/runLogIndex';
import { REVIEW_STATUSES } from '../../core/schema/records';
import { COMMANDS, INTERNAL_COMMANDS } from '../commandIds';
import { FILTER_CONDITIONS, conditionName, instanceColumnLabel } from './columnFilters';
import { groupInstanceLabels } from '../../shared/instanceGroups';
import { affectsSettings, setting } from '../settings/settings';

export const SOURCES_VIEW_ID = 'intentLens.sources';
/** How long the first load waits to hear that the view is open before it indexes without holding. */
const VISIBILITY_WAIT_MS = 250;

/** True once the view is visible, false when it was not within `ms`. */
function visibleWithin(view: vscode.TreeView<unknown>, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => done(false), ms);
    const sub = view.onDidChangeVisibility((e) => e.visible && done(true));
    const done = (visible: boolean) => {
      clearTimeout(timer);
      sub.dispose();
      resolve(visible);
    };
  });
}

export function registerSourcesTree(services: ExtensionServices): void {
  const { context, data, output } = services;
  const rescored = services.rescored;
  const filterStore = services.treeFilters;
  // One model for the tree and the Samples table: rebuilt after a data change, filtered once per filter change.
  const models = services.treeModels;
  const provider = new SourcesTreeProvider(data, models, filterStore.filters, setting('tree.showBookkeeping'), output);
  const view = vscode.window.createTreeView(SOURCES_VIEW_ID, { treeDataProvider: provider, showCollapseAll: true });
  const status = vscode.window.createStatusBarItem('intentLens.summary', vscode.StatusBarAlignment.Left, 50);
  status.name = 'Intent Lens summary';
  status.command = 'intentLens.sources.focus';
  context.subscriptions.push(provider, view, status);
  /** What the first load's hold and deferral wait for, in the words of their log lines. */
  const firstRowsDrawn = async () => ((await provider.rowsDrawn()) ? 'the rows were drawn' : 'no sources to draw');
  let toldVisible = false;
  context.subscriptions.push(
    view.onDidChangeVisibility((e) => {
      if (!e.visible) return;
      // When the workbench first tells that the view is open (it may be open before activation): timed, for the first row.
      if (!toldVisible) output.appendLine(`[tree] ${new Date().toISOString()} the workbench says the view is visible`);
      toldVisible = true;
      // Opened while the first load indexes: its first rows are drawn before the next progress update refreshes them.
      if (data.loadProgress()) data.deferProgressUntil(firstRowsDrawn());
    }),
  );

  let shownOnce = false;
  // Each is a message to the workbench: sent when the value changes, not on every progress update.
  const contexts = new Map<string, boolean>();
  const setContext = (key: string, value: boolean) => {
    if (contexts.get(key) === value) return;
    contexts.set(key, value);
    void vscode.commands.executeCommand('setContext', key, value);
  };
  // Set only when it changed: each new tooltip is a message to the workbench. Plain text, never a
  // MarkdownString: VS Code lexes one on the host thread at each change, and the first lex held the
  // thread ~50 ms at the load's end (a CPU profile of the host, bench/ui.md). The hover keeps line breaks.
  const setTooltip = (text: string) => {
    if (status.tooltip !== text) status.tooltip = text;
  };
  const update = () => {
    const s = provider.model.summary();
    const f = provider.filters;
    const filtered = hasActiveFilters(f);
    const hasData = s.sources > 0;
    setContext('intentLens.loaded', data.isLoaded());
    setContext('intentLens.hasData', hasData);
    setContext('intentLens.filtered', filtered);
    setContext('intentLens.showBookkeeping', provider.showBookkeeping);
    view.description = filtered ? `filtered: ${describeFilters(f)}` : undefined;
    view.message = filtered
      ? provider.model.isFilteredEmpty()
        ? emptyFilterMessage(f, { rescored: rescored.all().length, withInactive: rescored.withInactive().length })
        : `Filtered by ${describeFilters(f)}`
      : undefined;
    const scored = s.correct + s.incorrect;
    const acc = scored ? `${Math.round((100 * s.correct) / scored)}%` : '–';
    const rescoredCount = rescored.all().length;
    const shown = filtered ? `${provider.model.visibleConversations().length} of ${s.conversations} conversations (filtered)` : `${s.conversations} conversations`;
    // Say what the percentage counts: re-scored verdicts replace logged ones.
    status.text = `$(checklist) ${s.records} records · ${shown} · ${acc} correct${rescoredCount ? ` (${rescoredCount} re-scored)` : ''}${s.forks ? ` · ${s.forks} fork${s.forks === 1 ? '' : 's'}` : ''}`;
    const progress = data.loadProgress();
    // While the first load indexes run logs, say so: the counts are what is indexed so far.
    if (progress) {
      status.text = `$(sync~spin) ${s.records} records · ${s.conversations} conversations so far · indexing logs ${progress.logFilesDone}/${progress.logFilesTotal}`;
      setTooltip(`Intent Lens is indexing run logs: ${progress.logFilesDone} of ${progress.logFilesTotal} files (${s.records} records, ${s.conversations} conversations so far). Click to open the Sources view.`);
    } else {
      setTooltip(
        `Intent Lens\n\n${s.records} records, ${s.sources} sources, ${s.conversations} conversations from ${s.models.length} model(s)\n\n✓ ${s.correct} · ✗ ${s.incorrect} · – ${s.unscored} unscored\n\nAccuracy over scored conversations: ${acc}${rescoredCount ? ` (${describeRescoreCounts(rescored.all())}; re-scored verdicts replace logged ones)` : ''}${s.forks ? `\n\n${s.forks} fork(s) (runs with forked_from) are not counted above` : ''}\n\nClick to open the Sources view.`,
      );
    }
    if (hasData && !shownOnce) {
      shownOnce = true;
      output.appendLine(`[tree] ${new Date().toISOString()} first sources shown (${s.sources} sources, ${s.conversations} conversations)`);
    }
    if (hasData) status.show();
    else status.hide();
  };

  const refresh = () => {
    provider.refresh();
    update();
  };
  context.subscriptions.push(models.onDidChange(refresh));
  update();
  // An open view draws the sources before the first load indexes the logs (a closed one holds it
  // briefly: right after activation the workbench may not have told yet that the view is open).
  data.holdIndexingUntil(async () => {
    if (!view.visible && !(await visibleWithin(view, VISIBILITY_WAIT_MS))) return 'none: the view is closed';
    return firstRowsDrawn();
  });
  // A progress bar on the view while the first load runs (the rows fill in as logs are indexed).
  void vscode.window.withProgress({ location: { viewId: SOURCES_VIEW_ID } }, () => data.ensureLoaded());

  // The Samples table sets the same filters: either way, the store tells the tree.
  const setFilters = (f: TreeFilters) => filterStore.set(f);
  context.subscriptions.push(
    filterStore.onDidChange((f) => {
      provider.setFilters(f);
      update();
    }),
  );

  /** A multi-select quick pick with the current choice pre-selected; undefined when cancelled. */
  const pickMany = async <T extends string>(title: string, options: Array<{ value: T; label: string; description?: string }>, current: readonly T[] | undefined): Promise<T[] | undefined> => {
    const picks = await vscode.window.showQuickPick(
      options.map((o) => ({ label: o.label, description: o.description, value: o.value, picked: current?.includes(o.value) ?? false })),
      { title, canPickMany: true, placeHolder: 'Select none to clear this filter' },
    );
    return picks?.map((p) => p.value);
  };

  const filterDomain = async () => {
    const domains = provider.model.domains();
    const picked = await pickMany('Filter by domain', domains.map((d) => ({ value: d, label: d })), provider.filters.domains);
    if (picked) await setFilters({ ...provider.filters, domains: picked });
  };
  const filterModel = async () => {
    const models = provider.model.models();
    if (!models.length) return void vscode.window.showInformationMessage('Intent Lens: no run logs loaded, so there are no models to filter by.');
    const picked = await pickMany('Filter by model', models.map((m) => ({ value: m, label: shortModel(m), description: m })), provider.filters.models);
    if (picked) await setFilters({ ...provider.filters, models: picked });
  };
  const filterVerdict = async () => {
    const options: Array<{ value: Verdict; label: string }> = [
      { value: 'correct', label: '✓ correct' },
      { value: 'incorrect', label: '✗ incorrect' },
      { value: 'unscored', label: '– unscored' },
    ];
    const picked = await pickMany('Filter runs by verdict', options, provider.filters.verdicts);
    if (picked) await setFilters({ ...provider.filters, verdicts: picked });
  };
  const filterCondition = async () => {
    const present = new Set(data.conversations().map((c) => c.condition));
    const options = FILTER_CONDITIONS.filter((c) => present.has(c)).map((c) => ({ value: c as string, label: conditionName(c), description: c === 'direct' ? 'single-turn S_Dir' : undefined }));
    const picked = await pickMany('Filter runs by condition (any mode, path or depth)', options, provider.filters.conditions);
    if (picked) await setFilters({ ...provider.filters, conditions: picked });
  };
  // The Samples table's Instance column filter, grouped: multi-turn, single-turn, extended.
  const filterInstance = async () => {
    const labels = [...new Set(data.conversations().map(instanceColumnLabel))];
    const current = new Set(provider.filters.instances ?? []);
    type Item = vscode.QuickPickItem & { value?: string };
    const items: Item[] = groupInstanceLabels(labels).flatMap((g) => [
      { label: g.group, kind: vscode.QuickPickItemKind.Separator } as Item,
      ...g.labels.map((l) => ({ label: l, value: l, picked: current.has(l) })),
    ]);
    const picks = await vscode.window.showQuickPick(items, { title: 'Filter runs by instance', canPickMany: true, placeHolder: 'Select none to clear this filter' });
    if (picks) await setFilters({ ...provider.filters, instances: picks.flatMap((p) => (p.value ? [p.value] : [])) });
  };
  const filterReview = async () => {
    const options: Array<{ value: ReviewFilter; label: string; description?: string }> = [...REVIEW_STATUSES.map((s) => ({ value: s as ReviewFilter, label: s })), { value: 'none', label: 'none', description: 'no review block (or no record)' }];
    const picked = await pickMany('Filter sources by review status', options, provider.filters.reviews);
    if (picked) await setFilters({ ...provider.filters, reviews: picked });
  };
  // The Samples table's File column filter, from the tree: the same key of the same model.
  const filterFile = async () => {
    const text = await vscode.window.showInputBox({ title: 'Filter runs by log file', prompt: 'Runs whose log file (as the Samples table shows it, relative to the workspace) contains this; empty for all', value: provider.filters.fileText ?? '' });
    if (text !== undefined) await setFilters({ ...provider.filters, fileText: text });
  };
  const toggleNewErrors = async () => setFilters({ ...provider.filters, newErrors: !provider.filters.newErrors });
  const toggleNewErrorsWithInactive = async () => {
    const on = !provider.filters.newErrorsWithInactive;
    // Inactive content is known only for re-scored runs: say so rather than show an empty tree unexplained.
    if (on && rescored.withInactive().length === 0) {
      const none = rescored.all().length === 0;
      void vscode.window
        .showInformationMessage(none ? 'Intent Lens: inactive content is found by re-scoring, and no run is re-scored yet.' : `Intent Lens: none of the ${rescored.all().length} re-scored runs uses inactive content yet.`, 'Re-score…')
        .then((choice) => (choice === 'Re-score…' ? vscode.commands.executeCommand(COMMANDS.rescore) : undefined));
    }
    await setFilters({ ...provider.filters, newErrorsWithInactive: on });
  };

  const filterMenu = async () => {
    const f = provider.filters;
    const items: Array<vscode.QuickPickItem & { run: () => Promise<void> }> = [
      { label: '$(symbol-namespace) Domain…', description: f.domains?.join(', '), run: filterDomain },
      { label: '$(hubot) Model…', description: f.models?.map(shortModel).join(', '), run: filterModel },
      { label: '$(pass) Verdict…', description: f.verdicts?.join(', '), run: filterVerdict },
      { label: '$(git-compare) Condition…', description: f.conditions?.map(conditionName).join(', '), detail: 'Retained, Revised, Neutral, Original', run: filterCondition },
      { label: '$(list-tree) Instance…', description: f.instances?.join(', '), detail: 'Multi-turn, single-turn and extended instances', run: filterInstance },
      { label: '$(checklist) Review status…', description: f.reviews?.join(', '), run: filterReview },
      { label: '$(file) Log file…', description: f.fileText, run: filterFile },
      { label: `$(warning) ${f.newErrors ? 'Show all runs' : 'New errors only'}`, detail: 'Correct in Original but wrong in Retained or Revised, for the same model', run: toggleNewErrors },
      { label: `$(eye-closed) ${f.newErrorsWithInactive ? 'Stop filtering new errors with inactive content' : 'New errors with inactive content'}`, detail: 'New errors whose re-scored final answer uses a rejected or superseded value', run: toggleNewErrorsWithInactive },
    ];
    if (hasActiveFilters(f)) items.push({ label: '$(clear-all) Clear filters', description: describeFilters(f), run: () => setFilters({}) });
    const picked = await vscode.window.showQuickPick(items, { title: 'Filter Sources', placeHolder: hasActiveFilters(f) ? `Active: ${describeFilters(f)}` : 'No filter active' });
    await picked?.run();
  };

  const findSource = async () => {
    const sources = provider.model.searchableSources();
    if (!sources.length) return void vscode.window.showInformationMessage('Intent Lens: no sources loaded.');
    const picked = await vscode.window.showQuickPick(
      sources.map((s) => ({
        label: s.taskId,
        description: [s.domain, s.review ? `[${s.review}]` : s.hasRecord ? undefined : s.hasPlan ? 'plan' : 'no record', `${s.conversations} conversation${s.conversations === 1 ? '' : 's'}`].filter(Boolean).join(' · '),
        detail: s.shards.join(' · ').slice(0, 300) || undefined,
        taskId: s.taskId,
      })),
      { title: 'Find Source', placeHolder: 'Search task_id or shard text', matchOnDescription: true, matchOnDetail: true },
    );
    if (picked) await revealSource(picked.taskId);
  };

  const revealSource = async (taskId: string) => {
    let node = provider.model.sourceNode(taskId);
    if (!node && hasActiveFilters(provider.filters)) {
      const clear = await vscode.window.showInformationMessage(`"${taskId}" is hidden by the active filters (${describeFilters(provider.filters)}).`, 'Clear Filters');
      if (clear !== 'Clear Filters') return;
      await setFilters({});
      node = provider.model.sourceNode(taskId);
    }
    if (node) await view.reveal(node, { select: true, focus: true, expand: true });
  };

  // Read-only documents for turns.
  const documents = new (class implements vscode.TextDocumentContentProvider {
    readonly changedEmitter = new vscode.EventEmitter<vscode.Uri>();
    readonly onDidChange = this.changedEmitter.event;
    async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
      const target = parseDocumentPath(uri.path);
      if (!target) return `Unknown Intent Lens document: ${uri.toString()}\n`;
      const conv = await data.readConversation(target.convId);
      if (!conv) return `Conversation ${target.convId} is not loaded (its log may have been removed or not indexed yet).\n`;
      return renderTurnDocument(conv.entry, target.turnIndex);
    }
  })();
  context.subscriptions.push(
    vscode.workspace.registerTextDocumentContentProvider(CONVERSATION_SCHEME, documents),
    documents.changedEmitter,
    // A rewritten log may move or change a conversation: re-read open turn documents.
    data.onDidChange(() => {
      for (const doc of vscode.workspace.textDocuments) if (doc.uri.scheme === CONVERSATION_SCHEME) documents.changedEmitter.fire(doc.uri);
    }),
  );

  const openAt = async (file: string | undefined, line: number | undefined) => {
    if (!file) return;
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(file));
    const pos = new vscode.Position(Math.max(0, (line ?? 1) - 1), 0);
    await vscode.window.showTextDocument(doc, { selection: new vscode.Range(pos, pos) });
  };

  /** The item a command applies to: its argument (context menu, inline button) or the selection (keyboard, palette). */
  const argsFor = (arg: unknown): CommandTarget => {
    const t = readCommandTarget(arg);
    return isEmptyTarget(t) ? readCommandTarget(view.selection[0]) : t;
  };

  const register = (id: string, fn: (...args: unknown[]) => unknown) => context.subscriptions.push(vscode.commands.registerCommand(id, fn));
  register(COMMANDS.refresh, async () => {
    await data.reload();
  });
  register(COMMANDS.filter, filterMenu);
  register(COMMANDS.filterDomain, filterDomain);
  register(COMMANDS.filterModel, filterModel);
  register(COMMANDS.filterVerdict, filterVerdict);
  register(COMMANDS.filterReview, filterReview);
  register(COMMANDS.filterCondition, filterCondition);
  register(COMMANDS.filterInstance, filterInstance);
  register(COMMANDS.toggleNewErrors, toggleNewErrors);
  register(COMMANDS.toggleNewErrorsWithInactive, toggleNewErrorsWithInactive);
  register(COMMANDS.clearFilters, () => setFilters({}));
  // For links (src/extension/links): read the filters, and apply a validated filter from a link.
  register(INTERNAL_COMMANDS.treeGetFilters, () => provider.filters);
  register(INTERNAL_COMMANDS.treeSetFilters, (f: unknown) => (f && typeof f === 'object' ? setFilters(f as TreeFilters) : undefined));
  register(INTERNAL_COMMANDS.treeFilteredConversations, () =>
    hasActiveFilters(provider.filters) ? { description: describeFilters(provider.filters), convIds: provider.model.visibleConversations().map((c) => c.conv_id) } : undefined,
  );
  register(INTERNAL_COMMANDS.treeSelection, () => (view.selection[0] ? readCommandTarget(view.selection[0]) : undefined));
  register(COMMANDS.findSource, findSource);
  register(COMMANDS.revealSource, (arg: unknown) => {
    const taskId = readCommandTarget(arg, { stringIs: 'taskId' }).taskId;
    return taskId ? revealSource(taskId) : findSource();
  });
  register(COMMANDS.toggleBookkeeping, async () => {
    provider.setShowBookkeeping(!provider.showBookkeeping);
    update();
  });
  // Both open the conversation view (at the turn, for a turn). Only openTurn (tree-focused: click,
  // Ctrl+Enter) falls back to the tree selection; from the palette a stale selection would silently
  // reopen the last turn, so Open Conversation without an argument always offers the pick.
  const openConversationWith = (argsOf: (arg: unknown) => CommandTarget) => async (arg: unknown) => {
    const a = argsOf(arg);
    // While the logs index, the pick waits for all of them (a part would never fill in).
    if (isEmptyTarget(a)) return showConversationPick(data.ensureLoaded().then(() => data.conversations()), 'Open Conversation');
    await openConversationView(services, a);
  };
  register(COMMANDS.openTurn, openConversationWith(argsFor));
  register(COMMANDS.openConversation, openConversationWith((arg) => readCommandTarget(arg)));
  register(COMMANDS.openInLog, async (arg: unknown) => {
    const a = argsFor(arg);
    if (a.convId) {
      const ref = data.logs.get(a.convId);
      if (ref) return openAt(ref.file, ref.line);
    }
    return openAt(a.file, a.line);
  });
  register(COMMANDS.revealRecord, async (arg: unknown) => {
    const a = argsFor(arg);
    const rec = a.taskId ? (data.record(a.taskId) ?? data.plans().get(a.taskId)) : undefined;
    if (!rec) return void vscode.window.showInformationMessage(`Intent Lens: no record or plan for ${a.taskId ?? 'this item'}.`);
    await openAt(rec.file, rec.line);
  });

  context.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (affectsSettings(e, 'tree.showBookkeeping')) {
        provider.setShowBookkeeping(setting('tree.showBookkeeping'));
        update();
      }
    }),
  );
}

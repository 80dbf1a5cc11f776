// What the Sources tree says about itself outside its rows: the status-bar summary (records,
// conversations, accuracy, indexing progress), the view's description and message when filtered,
// and the context keys the menus read. Each goes to the workbench only when it changed.
import * as vscode from 'vscode';
import type { ExtensionServices } from '../services';
import { describeRescoreCounts } from '../../core/workspace/verdicts';
import type { SourcesTreeProvider } from './sourcesTreeProvider';
import { VERDICT_MARKS } from '../../shared/verdicts';
import { describeFilters, emptyFilterMessage, hasActiveFilters } from './sourceTreeModel';

export class SourcesTreeStatus implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('intentLens.summary', vscode.StatusBarAlignment.Left, 50);
  private readonly contexts = new Map<string, boolean>();
  private shownOnce = false;

  constructor(
    private readonly services: ExtensionServices,
    private readonly provider: SourcesTreeProvider,
    private readonly view: vscode.TreeView<unknown>,
  ) {
    this.item.name = 'Intent Lens summary';
    this.item.command = 'intentLens.sources.focus';
  }

  dispose(): void {
    this.item.dispose();
  }

  // Each is a message to the workbench: sent when the value changes, not on every progress update.
  private setContext(key: string, value: boolean): void {
    if (this.contexts.get(key) === value) return;
    this.contexts.set(key, value);
    void vscode.commands.executeCommand('setContext', key, value);
  }

  // Set only when it changed: each new tooltip is a message to the workbench. Plain text, never a
  // MarkdownString: VS Code lexes one on the host thread at each change, and the first lex held the
  // thread ~50 ms at the load's end (a CPU profile of the host, bench/ui.md). The hover keeps line breaks.
  private setTooltip(text: string): void {
    if (this.item.tooltip !== text) this.item.tooltip = text;
  }

  update(): void {
    const { provider, view, services } = this;
    const { data, rescored, output } = services;
    const s = provider.model.summary();
    const f = provider.filters;
    const filtered = hasActiveFilters(f);
    const hasData = s.sources > 0;
    this.setContext('intentLens.loaded', data.isLoaded());
    this.setContext('intentLens.hasData', hasData);
    this.setContext('intentLens.filtered', filtered);
    this.setContext('intentLens.showBookkeeping', provider.showBookkeeping);
    view.description = filtered ? `filtered: ${describeFilters(f)}` : undefined;
    const emptyMessage = () =>
      emptyFilterMessage(f, { rescored: rescored.all().length, withInactive: rescored.withInactive().length });
    view.message = filtered
      ? provider.model.isFilteredEmpty()
        ? emptyMessage()
        : `Filtered by ${describeFilters(f)}`
      : undefined;
    this.updateSummary();
    if (hasData && !this.shownOnce) {
      this.shownOnce = true;
      output.appendLine(
        `[tree] ${new Date().toISOString()} first sources shown (${s.sources} sources, ${s.conversations} conversations)`,
      );
    }
    if (hasData) this.item.show();
    else this.item.hide();
  }

  private updateSummary(): void {
    const { provider, services, item } = this;
    const { data, rescored } = services;
    const s = provider.model.summary();
    const scored = s.correct + s.incorrect;
    const acc = scored ? `${Math.round((100 * s.correct) / scored)}%` : '–';
    const rescoredCount = rescored.all().length;
    const filtered = hasActiveFilters(provider.filters);
    const shown = filtered
      ? `${provider.model.visibleConversations().length} of ${s.conversations} conversations (filtered)`
      : `${s.conversations} conversations`;
    const forks = s.forks ? ` · ${s.forks} fork${s.forks === 1 ? '' : 's'}` : '';
    // Say what the percentage counts: re-scored verdicts replace logged ones.
    item.text = `$(checklist) ${s.records} records · ${shown} · ${acc} correct${rescoredCount ? ` (${rescoredCount} re-scored)` : ''}${forks}`;
    const progress = data.loadProgress();
    // While the first load indexes run logs, say so: the counts are what is indexed so far.
    if (progress) {
      item.text = `$(sync~spin) ${s.records} records · ${s.conversations} conversations so far · indexing logs ${progress.logFilesDone}/${progress.logFilesTotal}`;
      this.setTooltip(
        `Intent Lens is indexing run logs: ${progress.logFilesDone} of ${progress.logFilesTotal} files (${s.records} records, ${s.conversations} conversations so far). Click to open the Sources view.`,
      );
      return;
    }
    const rescoredNote = rescoredCount
      ? ` (${describeRescoreCounts(rescored.all())}; re-scored verdicts replace logged ones)`
      : '';
    const forkNote = s.forks ? `\n\n${s.forks} fork(s) (runs with forked_from) are not counted above` : '';
    this.setTooltip(
      `Intent Lens\n\n${s.records} records, ${s.sources} sources, ${s.conversations} conversations from ${s.models.length} model(s)\n\n${VERDICT_MARKS.correct} ${s.correct} · ${VERDICT_MARKS.incorrect} ${s.incorrect} · ${VERDICT_MARKS.unscored} ${s.unscored} unscored\n\nAccuracy over scored conversations: ${acc}${rescoredNote}${forkNote}\n\nClick to open the Sources view.`,
    );
  }
}

// The Search Conversations quick pick: searches the messages of every run log as the user types
// (plain text or regex, case and whole-word toggles, a role filter), in the Sources tree's filtered
// conversations or all of them (the labelled scope row switches), lists each hit with its turn,
// condition, verdict and the match in context, and opens the turn.
import * as vscode from 'vscode';
import type { ExtensionServices } from '../services';
import type { WorkspaceSearch } from './workspaceSearch';
import { searchScopeText, type SearchScopeText } from './searchScope';
import { QueryError, SEARCH_ROLES, type SearchQuery, type SearchRole } from '../../core/search/searchQuery';
import { searchAnnotations } from '../../core/annotations/annotationSearch';
import type { SearchMatch } from '../../core/search/messageMatches';
import { shortModel, verdictSign } from '../tree/sourceTreeModel';
import { instanceColumnLabel } from '../filters/columnFilters';
import type { ConversationRef, Verdict } from '../../core/load/runLogIndex';
import { COMMANDS } from '../commandIds';

const RESULT_LIMIT = 500;
export const SEARCH_OPTIONS_KEY = 'intentLens.search.options';

export interface SearchOptionsState {
  regex: boolean;
  caseSensitive: boolean;
  wholeWord: boolean;
  /** Undefined: all roles. */
  role?: SearchRole;
  /** Search all conversations although the Sources tree is filtered (default: the filter's only). */
  ignoreFilter?: boolean;
}

/** What the Sources tree's filters let through, when anything is filtered. */
export interface TreeScope {
  description: string;
  convIds: string[];
}

type HitItem = vscode.QuickPickItem & {
  match?: SearchMatch;
  switchScope?: true;
  annotation?: { convId: string; turn?: number };
};

/** Annotations the query matches, as hits that open their conversation (at their turn). */
function annotationItems(services: ExtensionServices, query: SearchQuery, only?: ReadonlySet<string>): HitItem[] {
  return searchAnnotations(services.data.annotations.all(), query, only).map(({ annotation: a, text }) => ({
    label: `$(note) ${a.kind}: ${text}`,
    description: `${a.conv_id}${a.turn ? ` · U${a.turn}` : ''} · ${a.by}`,
    annotation: { convId: a.conv_id, ...(a.turn ? { turn: a.turn } : {}) },
  }));
}

function toggleButton(icon: string, name: string, on: boolean): vscode.QuickInputButton {
  // A filled icon and "(on)" in the tooltip: quick-pick buttons have no toggled state of their own.
  return { iconPath: new vscode.ThemeIcon(on ? 'pass-filled' : icon), tooltip: `${name} (${on ? 'on' : 'off'})` };
}

function rescoredVerdict(isCorrect: boolean | null | undefined): Verdict | undefined {
  return isCorrect === true ? 'correct' : isCorrect === false ? 'incorrect' : undefined;
}

/** A hit with its conversation's instance (condition) and current verdict (a re-score's, else the log's). */
function hitItem(m: SearchMatch, ref: ConversationRef | undefined, rescored: Verdict | undefined): HitItem {
  const verdict = rescored ?? ref?.verdict;
  const what = [
    ref && instanceColumnLabel(ref),
    verdict && `${verdictSign(verdict)} ${verdict}${rescored ? ' (re-scored)' : ''}`,
  ]
    .filter(Boolean)
    .join(' · ');
  return {
    label: `U${m.turn} ${m.role} · ${m.task_id}`,
    description: `${what ? `${what} · ` : ''}${shortModel(m.model)} · ${vscode.workspace.asRelativePath(m.file)}:${m.line}`,
    detail: m.snippet,
    alwaysShow: true,
    match: m,
  };
}

export class SearchPick {
  private readonly pick = vscode.window.createQuickPick<HitItem>();
  private running: AbortController | undefined;
  private debounce: NodeJS.Timeout | undefined;

  constructor(
    private readonly services: ExtensionServices,
    private readonly search: WorkspaceSearch,
    private readonly state: SearchOptionsState,
    private readonly scope: TreeScope | undefined,
    private readonly total: number,
  ) {
    const { pick } = this;
    pick.title = 'Search Conversations';
    pick.matchOnDescription = false;
    pick.matchOnDetail = false;
    pick.onDidChangeValue(() => this.schedule());
    pick.onDidTriggerButton((b) => this.toggle(b));
    pick.onDidAccept(() => this.accept());
    pick.onDidHide(() => {
      this.running?.abort();
      clearTimeout(this.debounce);
      pick.dispose();
    });
  }

  show(initial: string | undefined): void {
    if (initial !== undefined) this.pick.value = initial;
    this.renderButtons();
    this.pick.show();
    void this.run();
  }

  private scoped(): TreeScope | undefined {
    return this.scope && !this.state.ignoreFilter ? this.scope : undefined;
  }

  private scopeText(): SearchScopeText {
    const { scope, total, state } = this;
    return searchScopeText({
      ...(scope ? { filter: { count: scope.convIds.length, description: scope.description } } : {}),
      total,
      ignoreFilter: !!state.ignoreFilter,
    });
  }

  /** The scope, labelled: the first row of the list ("Filtered (6) · All (882)"), Enter on it switches. */
  private scopeItem(): HitItem[] {
    const t = this.scopeText();
    return t.rowLabel
      ? [
          {
            label: `$(filter) ${t.rowLabel}`,
            description: t.rowDescription,
            detail: `Filter: ${this.scope?.description ?? ''}`,
            alwaysShow: true,
            switchScope: true,
          },
        ]
      : [];
  }

  private renderButtons(): void {
    const { state, pick } = this;
    const button = (icon: string, name: string, on: boolean) => toggleButton(icon, name, on);
    const role: vscode.QuickInputButton = {
      iconPath: new vscode.ThemeIcon('person'),
      tooltip: `Roles: ${state.role ?? 'all'} (click to change)`,
    };
    pick.buttons = [
      button('case-sensitive', 'Match Case', state.caseSensitive),
      button('whole-word', 'Match Whole Word', state.wholeWord),
      button('regex', 'Use Regular Expression', state.regex),
      role,
    ];
    const t = this.scopeText();
    pick.placeholder = t.placeholder;
    const flags = [
      t.searched,
      state.caseSensitive && 'match case',
      state.wholeWord && 'whole word',
      state.regex && 'regex',
      state.role && `${state.role} only`,
    ].filter(Boolean);
    pick.title = `Search Conversations — ${flags.join(', ')}`;
  }

  /** Shows rows under the scope row, the first hit active (Enter opens it; the scope row is one up). */
  private showRows(rows: HitItem[]): void {
    this.pick.items = [...this.scopeItem(), ...rows];
    const firstHit = rows.find((r) => r.match);
    if (firstHit) this.pick.activeItems = [firstHit];
  }

  private showMessage(label: string, detail?: string): void {
    this.showRows([{ label, detail, alwaysShow: true }]);
  }

  private schedule(): void {
    clearTimeout(this.debounce);
    this.debounce = setTimeout(() => void this.run(), 200);
  }

  private toggle(b: vscode.QuickInputButton): void {
    const { state } = this;
    if (b.tooltip?.startsWith('Match Case')) state.caseSensitive = !state.caseSensitive;
    else if (b.tooltip?.startsWith('Match Whole Word')) state.wholeWord = !state.wholeWord;
    else if (b.tooltip?.startsWith('Use Regular Expression')) state.regex = !state.regex;
    else {
      const order: Array<SearchRole | undefined> = [undefined, ...SEARCH_ROLES];
      state.role = order[(order.indexOf(state.role) + 1) % order.length];
    }
    void this.services.context.workspaceState.update(SEARCH_OPTIONS_KEY, state);
    this.renderButtons();
    this.schedule();
  }

  private accept(): void {
    const selected = this.pick.selectedItems[0];
    if (selected?.switchScope) {
      this.state.ignoreFilter = !this.state.ignoreFilter;
      this.renderButtons();
      this.schedule();
      return;
    }
    if (selected?.annotation) {
      this.pick.hide();
      void vscode.commands.executeCommand(COMMANDS.openConversation, selected.annotation);
      return;
    }
    const m = selected?.match;
    if (!m) return;
    this.pick.hide();
    void vscode.commands.executeCommand(COMMANDS.openTurn, { convId: m.conv_id, turnIndex: m.trace_index });
  }

  private async run(): Promise<void> {
    this.running?.abort();
    const text = this.pick.value;
    if (!text)
      return this.showMessage(
        'Type to search messages',
        'Options: match case, whole word, regular expression and role are the buttons above.',
      );
    const ac = new AbortController();
    this.running = ac;
    this.pick.busy = true;
    try {
      await this.searchFor(text, ac);
    } catch (e) {
      if (e instanceof QueryError) this.showMessage('$(error) Invalid regular expression', e.message);
      else this.showMessage('$(error) Search failed', e instanceof Error ? e.message : String(e));
    } finally {
      if (this.running === ac) {
        this.running = undefined;
        this.pick.busy = false;
      }
    }
  }

  private async searchFor(text: string, ac: AbortController): Promise<void> {
    const { state, services } = this;
    const service = await this.search.ready();
    if (ac.signal.aborted) return;
    const within = this.scoped();
    const query = { text, regex: state.regex, caseSensitive: state.caseSensitive, wholeWord: state.wholeWord };
    // Annotations are no message of a role: they match only when no role is picked.
    const hits: HitItem[] = state.role
      ? []
      : annotationItems(services, query, within ? new Set(within.convIds) : undefined);
    const outcome = await service.search(
      {
        text,
        regex: state.regex,
        caseSensitive: state.caseSensitive,
        wholeWord: state.wholeWord,
        ...(state.role ? { roles: [state.role] } : {}),
      },
      {
        limit: RESULT_LIMIT,
        budgetMs: 10_000,
        signal: ac.signal,
        ...(within ? { only: new Set(within.convIds) } : {}),
        onMatches: (ms) => {
          // First results show while the rest are still being read.
          hits.push(
            ...ms.map((m) =>
              hitItem(
                m,
                services.data.logs.get(m.conv_id),
                rescoredVerdict(services.rescored.get(m.conv_id)?.is_correct),
              ),
            ),
          );
          if (!ac.signal.aborted) this.showRows([...hits]);
        },
      },
    );
    if (ac.signal.aborted) return;
    const notes: HitItem[] = [];
    if (outcome.timedOut)
      notes.push({
        label: '$(warning) Search stopped after 10 s',
        detail: 'The results are partial. Simplify the regular expression or search for a longer word.',
        alwaysShow: true,
      });
    if (outcome.truncated)
      notes.push({
        label: `$(info) First ${RESULT_LIMIT} matches`,
        detail: 'Refine the query to see the rest.',
        alwaysShow: true,
      });
    if (outcome.error) notes.push({ label: '$(error) Search failed', detail: outcome.error, alwaysShow: true });
    if (!hits.length && !notes.length) {
      const label = `No message matches "${text}"${within ? ' in the filtered conversations' : ''}`;
      return this.showMessage(
        label,
        within
          ? `Search All (${this.total}) with the scope row above, or try without whole word or match case.`
          : 'Try without whole word or match case, or another role.',
      );
    }
    this.showRows([...notes, ...hits]);
  }
}

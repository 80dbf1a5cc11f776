// "Intent Lens: Search Conversations…": a quick pick that searches the messages of every run log as
// you type (plain text or regex, case and whole-word toggles, a role filter), lists each hit as its
// conversation, user turn and the match in context, and opens the turn through the open-turn
// command (the conversation view takes that command over).
import * as vscode from 'vscode';
import type { ExtensionServices } from '../services';
import { WorkspaceSearch } from './workspaceSearch';
import { QueryError, SEARCH_ROLES, type SearchQuery, type SearchRole } from '../../core/search/searchQuery';
import { searchAnnotations } from '../../core/annotations/annotationSearch';
import type { SearchMatch } from '../../core/search/messageMatches';
import { shortModel } from '../tree/sourceTreeModel';
import { COMMANDS, INTERNAL_COMMANDS } from '../commandIds';

const RESULT_LIMIT = 500;
const OPTIONS_KEY = 'intentLens.search.options';

interface SearchOptionsState {
  regex: boolean;
  caseSensitive: boolean;
  wholeWord: boolean;
  /** Undefined: all roles. */
  role?: SearchRole;
  /** Search all conversations although the Sources tree is filtered (default: the filter's only). */
  ignoreFilter?: boolean;
}

/** What the Sources tree's filters let through, when anything is filtered. */
interface TreeScope {
  description: string;
  convIds: string[];
}

type HitItem = vscode.QuickPickItem & { match?: SearchMatch; annotation?: { convId: string; turn?: number } };

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

export function registerSearch(services: ExtensionServices): void {
  const { context, data, output } = services;
  const search = new WorkspaceSearch(data, (l) => output.appendLine(l));
  context.subscriptions.push(search);

  context.subscriptions.push(
    vscode.commands.registerCommand(COMMANDS.searchConversations, async (initial?: unknown) => {
      const state: SearchOptionsState = { regex: false, caseSensitive: false, wholeWord: false, ...context.workspaceState.get<SearchOptionsState>(OPTIONS_KEY), ignoreFilter: false };
      const pick = vscode.window.createQuickPick<HitItem>();
      pick.title = 'Search Conversations';
      pick.placeholder = 'Search what users, assistants and system prompts said in all run logs';
      pick.matchOnDescription = false;
      pick.matchOnDetail = false;
      if (typeof initial === 'string') pick.value = initial;

      const regexButton = () => toggleButton('regex', 'Use Regular Expression', state.regex);
      const caseButton = () => toggleButton('case-sensitive', 'Match Case', state.caseSensitive);
      const wordButton = () => toggleButton('whole-word', 'Match Whole Word', state.wholeWord);
      const roleButton = (): vscode.QuickInputButton => ({ iconPath: new vscode.ThemeIcon('person'), tooltip: `Roles: ${state.role ?? 'all'} (click to change)` });
      // Scoped to the Sources tree's filter (the same filter the Samples table and status bar show).
      const scope = await vscode.commands.executeCommand<TreeScope | undefined>(INTERNAL_COMMANDS.treeFilteredConversations);
      const scoped = () => (scope && !state.ignoreFilter ? scope : undefined);
      const filterButton = (): vscode.QuickInputButton => toggleButton('filter', `Only the Filtered Conversations: ${scope?.description ?? ''}`, !state.ignoreFilter);
      const renderButtons = () => {
        pick.buttons = [caseButton(), wordButton(), regexButton(), roleButton(), ...(scope ? [filterButton()] : [])];
        const within = scoped();
        const flags = [within && `in ${within.convIds.length} filtered conversations (${within.description})`, state.caseSensitive && 'match case', state.wholeWord && 'whole word', state.regex && 'regex', state.role && `${state.role} only`].filter(Boolean);
        pick.title = `Search Conversations${flags.length ? ` — ${flags.join(', ')}` : ''}`;
      };

      let running: AbortController | undefined;
      let debounce: NodeJS.Timeout | undefined;
      const showMessage = (label: string, detail?: string) => {
        pick.items = [{ label, detail, alwaysShow: true }];
      };
      const run = async () => {
        running?.abort();
        const text = pick.value;
        if (!text) {
          showMessage('Type to search messages', 'Options: match case, whole word, regular expression and role are the buttons above.');
          return;
        }
        const ac = new AbortController();
        running = ac;
        pick.busy = true;
        try {
          const service = await search.ready();
          if (ac.signal.aborted) return;
          const query = { text, regex: state.regex, caseSensitive: state.caseSensitive, wholeWord: state.wholeWord };
          // Annotations are no message of a role: they match only when no role is picked.
          const hits: HitItem[] = state.role ? [] : annotationItems(services, query, scoped() ? new Set(scoped()!.convIds) : undefined);
          const outcome = await service.search(
            { text, regex: state.regex, caseSensitive: state.caseSensitive, wholeWord: state.wholeWord, ...(state.role ? { roles: [state.role] } : {}) },
            {
              limit: RESULT_LIMIT,
              budgetMs: 10_000,
              signal: ac.signal,
              ...(scoped() ? { only: new Set(scoped()!.convIds) } : {}),
              onMatches: (ms) => {
                // First results show while the rest are still being read.
                hits.push(...ms.map(hitItem));
                if (!ac.signal.aborted) pick.items = [...hits];
              },
            },
          );
          if (ac.signal.aborted) return;
          const notes: HitItem[] = [];
          if (outcome.timedOut) notes.push({ label: '$(warning) Search stopped after 10 s', detail: 'The results are partial. Simplify the regular expression or search for a longer word.', alwaysShow: true });
          if (outcome.truncated) notes.push({ label: `$(info) First ${RESULT_LIMIT} matches`, detail: 'Refine the query to see the rest.', alwaysShow: true });
          if (outcome.error) notes.push({ label: '$(error) Search failed', detail: outcome.error, alwaysShow: true });
          if (!hits.length && !notes.length) {
            showMessage(`No message matches "${text}"${scoped() ? ' in the filtered conversations' : ''}`, scoped() ? 'Search all conversations with the filter button above, or try without whole word or match case.' : 'Try without whole word or match case, or another role.');
            return;
          }
          pick.items = [...notes, ...hits];
        } catch (e) {
          if (e instanceof QueryError) showMessage('$(error) Invalid regular expression', e.message);
          else showMessage('$(error) Search failed', e instanceof Error ? e.message : String(e));
        } finally {
          if (running === ac) {
            running = undefined;
            pick.busy = false;
          }
        }
      };
      const schedule = () => {
        clearTimeout(debounce);
        debounce = setTimeout(() => void run(), 200);
      };

      pick.onDidChangeValue(schedule);
      pick.onDidTriggerButton((b) => {
        if (b.tooltip?.startsWith('Match Case')) state.caseSensitive = !state.caseSensitive;
        else if (b.tooltip?.startsWith('Match Whole Word')) state.wholeWord = !state.wholeWord;
        else if (b.tooltip?.startsWith('Use Regular Expression')) state.regex = !state.regex;
        else if (b.tooltip?.startsWith('Only the Filtered Conversations')) state.ignoreFilter = !state.ignoreFilter;
        else {
          const order: Array<SearchRole | undefined> = [undefined, ...SEARCH_ROLES];
          state.role = order[(order.indexOf(state.role) + 1) % order.length];
        }
        void context.workspaceState.update(OPTIONS_KEY, state);
        renderButtons();
        schedule();
      });
      pick.onDidAccept(() => {
        const note = pick.selectedItems[0]?.annotation;
        if (note) {
          pick.hide();
          void vscode.commands.executeCommand(COMMANDS.openConversation, note);
          return;
        }
        const m = pick.selectedItems[0]?.match;
        if (!m) return;
        pick.hide();
        void vscode.commands.executeCommand(COMMANDS.openTurn, { convId: m.conv_id, turnIndex: m.trace_index });
      });
      pick.onDidHide(() => {
        running?.abort();
        clearTimeout(debounce);
        pick.dispose();
      });
      renderButtons();
      pick.show();
      void run();
    }),
  );
}

function hitItem(m: SearchMatch): HitItem {
  return {
    label: `U${m.turn} ${m.role} · ${m.task_id}`,
    description: `${shortModel(m.model)} · ${vscode.workspace.asRelativePath(m.file)}:${m.line}`,
    detail: m.snippet,
    alwaysShow: true,
    match: m,
  };
}

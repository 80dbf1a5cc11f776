// "Intent Lens: Search Conversations…": a quick pick that searches the messages of every run log as
// you type (plain text or regex, case and whole-word toggles, a role filter), lists each hit as its
// conversation, user turn and the match in context, and opens the turn through the open-turn
// command (the conversation view takes that command over).
import * as vscode from 'vscode';
import type { ExtensionServices } from '../services';
import { WorkspaceSearch } from './workspaceSearch';
import { searchScopeText } from './searchScope';
import { QueryError, SEARCH_ROLES, type SearchRole } from '../../core/search/searchQuery';
import type { SearchMatch } from '../../core/search/messageMatches';
import { shortModel, verdictSign } from '../tree/sourceTreeModel';
import { instanceColumnLabel } from '../tree/columnFilters';
import type { ConversationRef, Verdict } from '../../core/load/runLogIndex';
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

type HitItem = vscode.QuickPickItem & { match?: SearchMatch; switchScope?: true };

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
      await data.ensureLoaded();
      const total = data.conversations().length;
      // The scope, labelled: the first row of the list ("Filtered (6) · All (882)"), Enter on it switches.
      const scopeText = () => searchScopeText({ ...(scope ? { filter: { count: scope.convIds.length, description: scope.description } } : {}), total, ignoreFilter: !!state.ignoreFilter });
      const scopeItem = (): HitItem[] => {
        const t = scopeText();
        return t.rowLabel ? [{ label: `$(filter) ${t.rowLabel}`, description: t.rowDescription, detail: `Filter: ${scope?.description ?? ''}`, alwaysShow: true, switchScope: true }] : [];
      };
      const renderButtons = () => {
        pick.buttons = [caseButton(), wordButton(), regexButton(), roleButton()];
        const t = scopeText();
        pick.placeholder = t.placeholder;
        const flags = [t.searched, state.caseSensitive && 'match case', state.wholeWord && 'whole word', state.regex && 'regex', state.role && `${state.role} only`].filter(Boolean);
        pick.title = `Search Conversations — ${flags.join(', ')}`;
      };
      /** Shows rows under the scope row, the first hit active (Enter opens it; the scope row is one up). */
      const showRows = (rows: HitItem[]) => {
        pick.items = [...scopeItem(), ...rows];
        const firstHit = rows.find((r) => r.match);
        if (firstHit) pick.activeItems = [firstHit];
      };

      let running: AbortController | undefined;
      let debounce: NodeJS.Timeout | undefined;
      const showMessage = (label: string, detail?: string) => showRows([{ label, detail, alwaysShow: true }]);
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
          const hits: HitItem[] = [];
          const outcome = await service.search(
            { text, regex: state.regex, caseSensitive: state.caseSensitive, wholeWord: state.wholeWord, ...(state.role ? { roles: [state.role] } : {}) },
            {
              limit: RESULT_LIMIT,
              budgetMs: 10_000,
              signal: ac.signal,
              ...(scoped() ? { only: new Set(scoped()!.convIds) } : {}),
              onMatches: (ms) => {
                // First results show while the rest are still being read.
                hits.push(...ms.map((m) => hitItem(m, data.logs.get(m.conv_id), rescoredVerdict(services.rescored.get(m.conv_id)?.is_correct))));
                if (!ac.signal.aborted) showRows([...hits]);
              },
            },
          );
          if (ac.signal.aborted) return;
          const notes: HitItem[] = [];
          if (outcome.timedOut) notes.push({ label: '$(warning) Search stopped after 10 s', detail: 'The results are partial. Simplify the regular expression or search for a longer word.', alwaysShow: true });
          if (outcome.truncated) notes.push({ label: `$(info) First ${RESULT_LIMIT} matches`, detail: 'Refine the query to see the rest.', alwaysShow: true });
          if (outcome.error) notes.push({ label: '$(error) Search failed', detail: outcome.error, alwaysShow: true });
          if (!hits.length && !notes.length) {
            showMessage(`No message matches "${text}"${scoped() ? ' in the filtered conversations' : ''}`, scoped() ? `Search All (${total}) with the scope row above, or try without whole word or match case.` : 'Try without whole word or match case, or another role.');
            return;
          }
          showRows([...notes, ...hits]);
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
        else {
          const order: Array<SearchRole | undefined> = [undefined, ...SEARCH_ROLES];
          state.role = order[(order.indexOf(state.role) + 1) % order.length];
        }
        void context.workspaceState.update(OPTIONS_KEY, state);
        renderButtons();
        schedule();
      });
      pick.onDidAccept(() => {
        if (pick.selectedItems[0]?.switchScope) {
          state.ignoreFilter = !state.ignoreFilter;
          renderButtons();
          schedule();
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

function rescoredVerdict(isCorrect: boolean | null | undefined): Verdict | undefined {
  return isCorrect === true ? 'correct' : isCorrect === false ? 'incorrect' : undefined;
}

/** A hit with its conversation's instance (condition) and current verdict (a re-score's, else the log's). */
function hitItem(m: SearchMatch, ref: ConversationRef | undefined, rescored: Verdict | undefined): HitItem {
  const verdict = rescored ?? ref?.verdict;
  const what = [ref && instanceColumnLabel(ref), verdict && `${verdictSign(verdict)} ${verdict}${rescored ? ' (re-scored)' : ''}`].filter(Boolean).join(' · ');
  return {
    label: `U${m.turn} ${m.role} · ${m.task_id}`,
    description: `${what ? `${what} · ` : ''}${shortModel(m.model)} · ${vscode.workspace.asRelativePath(m.file)}:${m.line}`,
    detail: m.snippet,
    alwaysShow: true,
    match: m,
  };
}

// "Intent Lens: Search Conversations…": the search pick (searchPick.ts) over every run log's
// messages, scoped to the Sources tree's filter unless the user switches to all; a hit opens its
// turn through the open-turn command (the conversation view takes that command over).
import * as vscode from 'vscode';
import type { ExtensionServices } from '../services';
import { WorkspaceSearch } from './workspaceSearch';
import { SEARCH_OPTIONS_KEY, SearchPick, type SearchOptionsState, type TreeScope } from './searchPick';
import { COMMANDS, INTERNAL_COMMANDS } from '../commandIds';

export function registerSearch(services: ExtensionServices): void {
  const { context, data, output } = services;
  const search = new WorkspaceSearch(data, (l) => output.appendLine(l));
  context.subscriptions.push(search);

  const searchConversations = async (initial?: unknown) => {
    const saved = context.workspaceState.get<SearchOptionsState>(SEARCH_OPTIONS_KEY);
    const state: SearchOptionsState = {
      regex: false,
      caseSensitive: false,
      wholeWord: false,
      ...saved,
      ignoreFilter: false,
    };
    // Scoped to the Sources tree's filter (the same filter the Samples table and status bar show).
    const scope = await vscode.commands.executeCommand<TreeScope | undefined>(
      INTERNAL_COMMANDS.treeFilteredConversations,
    );
    await data.ensureLoaded();
    new SearchPick(services, search, state, scope, data.conversations().length).show(
      typeof initial === 'string' ? initial : undefined,
    );
  };
  context.subscriptions.push(vscode.commands.registerCommand(COMMANDS.searchConversations, searchConversations));
}

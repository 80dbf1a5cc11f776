// What Search Conversations says about where it searches: the labelled scope row ("Filtered (6) ·
// All (882)"), the placeholder and the title, from the Sources tree's filter and the user's choice.
// No `vscode`: unit-tested.

export interface SearchScopeInput {
  /** The tree's filter, when anything is filtered. */
  filter?: { count: number; description: string };
  total: number;
  /** The user switched to All although the tree is filtered. */
  ignoreFilter: boolean;
}

export interface SearchScopeText {
  /** The scope row (only with a filter): both scopes, labelled, the one searched named in `rowDescription`. */
  rowLabel?: string;
  rowDescription?: string;
  placeholder: string;
  /** What the title says is searched. */
  searched: string;
}

export function searchScopeText({ filter, total, ignoreFilter }: SearchScopeInput): SearchScopeText {
  const all = `All (${total})`;
  if (!filter)
    return {
      placeholder: `Search what users, assistants and system prompts said in all ${total} conversations`,
      searched: all,
    };
  const filtered = `Filtered (${filter.count})`;
  const on = ignoreFilter ? all : filtered;
  return {
    rowLabel: `Scope: ${filtered} · ${all}`,
    rowDescription: `searching ${on}: select to search ${ignoreFilter ? filtered : all}`,
    placeholder: ignoreFilter
      ? `Search what was said in all ${total} conversations (the tree's filter is not applied)`
      : `Search what was said in the ${filter.count} filtered conversations (${filter.description}), not all ${total}`,
    searched: on,
  };
}

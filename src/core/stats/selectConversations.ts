// Click-through: the conversations behind a number of the report, resolved from a selector the
// dashboard sends (the report itself carries no per-cell id lists except for the small Fig. 4 sets).
import type { ConversationRef } from '../load/runLogIndex';
import type { ConversationSelector } from './statsTypes';

export function selectConversations(conversations: readonly ConversationRef[], sel: ConversationSelector): ConversationRef[] {
  if (sel.convIds) {
    const ids = new Set(sel.convIds);
    return conversations.filter((r) => ids.has(r.conv_id));
  }
  return conversations.filter(
    (r) =>
      (sel.model === undefined || r.model === sel.model) &&
      (sel.domain === undefined || r.task === sel.domain) &&
      (sel.mode === undefined || r.mode === sel.mode) &&
      (sel.condition === undefined || r.condition === sel.condition) &&
      (sel.path === undefined || r.path === sel.path) &&
      (sel.k === undefined || (r.k ?? 0) === sel.k) &&
      (!sel.basePathOnly || r.path === undefined),
  );
}

/** A selector's one-line description, for quick-pick titles. */
export function describeSelector(sel: ConversationSelector): string {
  if (sel.convIds) return `${sel.convIds.length} conversation(s)`;
  const parts = [sel.model, sel.domain, sel.mode, sel.condition, sel.path, sel.k !== undefined ? `k=${sel.k}` : undefined].filter((p): p is string => p !== undefined);
  return parts.length ? parts.join(' · ') : 'all conversations';
}

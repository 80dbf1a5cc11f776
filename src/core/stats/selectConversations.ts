// Click-through: the conversations behind a number of the report, resolved from a selector the
// dashboard sends (the report itself carries no per-cell id lists except for the small Fig. 4 sets).
import type { ConversationRef } from '../load/runLogIndex';
import type { RecapMode } from '../schema/runlog';
import type { ConversationSelector } from './statsTypes';
import { isFork } from './forkStats';

/**
 * `recapOf` says which recap mode a conversation ran under; evolvingStats falls back to the plan's
 * (see `effectiveRecap`), so callers with plans pass that to match its numbers exactly.
 */
export function selectConversations(
  conversations: readonly ConversationRef[],
  sel: ConversationSelector,
  recapOf: (ref: ConversationRef) => RecapMode = (r) => r.recap ?? 'none',
): ConversationRef[] {
  if (sel.convIds) {
    const ids = new Set(sel.convIds);
    return conversations.filter((r) => ids.has(r.conv_id));
  }
  const taskIds = sel.taskIds ? new Set(sel.taskIds) : undefined;
  return conversations.filter(
    (r) =>
      // A cell's conversations are the ones it counts: forks are in none (see forkStats).
      !isFork(r) &&
      (sel.model === undefined || r.model === sel.model) &&
      (sel.domain === undefined || r.task === sel.domain) &&
      (sel.mode === undefined || r.mode === sel.mode) &&
      (sel.condition === undefined || r.condition === sel.condition) &&
      (sel.path === undefined || r.path === sel.path) &&
      (sel.k === undefined || (r.k ?? 0) === sel.k) &&
      (!sel.basePathOnly || r.path === undefined) &&
      (taskIds === undefined || taskIds.has(r.task_id)) &&
      (sel.recap === undefined || recapOf(r) === sel.recap),
  );
}

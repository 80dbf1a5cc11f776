// Where a parent ↔ fork comparison branches: not where the two texts first differ, but the turn the
// fork edited, said in words ("Fork at U3: proposal at U3 and its decision dropped").
import type { ForkedFrom } from '../schema/runlog';
import type { AlignedRow } from '../compare/alignTurns';
import { describeEdit } from './forkPlan';
import type { ConversationTurn } from '../conversation/conversationTypes';

export interface ForkSides {
  left: { conv_id: string; forked_from?: ForkedFrom | undefined };
  right: { conv_id: string; forked_from?: ForkedFrom | undefined };
}

/** The fork relation of two conversations: which side is the fork of the other, if either. */
export function forkRelation(s: ForkSides): { fork: 'left' | 'right'; forkedFrom: ForkedFrom } | undefined {
  if (s.right.forked_from?.conv_id === s.left.conv_id) return { fork: 'right', forkedFrom: s.right.forked_from };
  if (s.left.forked_from?.conv_id === s.right.conv_id) return { fork: 'left', forkedFrom: s.left.forked_from };
  return undefined;
}

/** The first aligned row at or after the edited turn (0-based turn index turn - 1) on either side. */
export function forkBranchRow(rows: readonly AlignedRow[], forkedFrom: ForkedFrom): number | undefined {
  const at = forkedFrom.turn - 1;
  const i = rows.findIndex((r) => (r.left ?? -1) >= at || (r.right ?? -1) >= at);
  return i >= 0 ? i : undefined;
}

export function forkBranchSummary(forkedFrom: ForkedFrom): string {
  return `Fork at U${forkedFrom.turn}: ${describeEdit(forkedFrom)}`;
}

/**
 * What the in-effect rail must say at a fork's hand-replaced turn. The replacement keeps the logged
 * message's shard or event (the simulator goes on from that role), but its words are the user's: the
 * rail follows the role, and says so, since the new text may no longer make the proposal it shows.
 */
export function replacedTurnNote(
  forkedFrom: ForkedFrom | undefined,
  turn: Pick<ConversationTurn, 'index' | 'event' | 'shardIds'>,
): string | undefined {
  if (forkedFrom?.edit !== 'replace-user' || forkedFrom.turn !== turn.index + 1) return undefined;
  const role = turn.event
    ? `the ${turn.event}`
    : turn.shardIds.length
      ? `shard ${turn.shardIds.join(', ')}`
      : undefined;
  if (!role) return `U${forkedFrom.turn} replaced by hand`;
  return `U${forkedFrom.turn} replaced by hand: the rail follows its role as ${role}, not its new wording`;
}

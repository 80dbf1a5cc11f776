// What an annotation command is about: the conversation its argument names, else the one the
// focused compare view shows on a side the user picks (the compare view's keys pass no side),
// else the active conversation view; with the turns (and their replies' text and highlighted
// inactive spans) of whichever view shows it, so a selection or a highlighted span can be located.
import { pickKeepingFocus } from '../picks/focusKeptPrompts';
import type { ConversationRef } from '../../core/load/runLogIndex';
import type { InactiveSpanMessage } from '../../shared/protocol/compare';
import { readCommandTarget } from '../commandTarget';
import { ComparePanel } from '../compare/comparePanel';
import { ConversationPanel } from '../conversation/conversationPanel';
import type { ExtensionServices } from '../services';

/** A user turn's replies as a view shows them (text and highlighted spans). */
export interface TargetTurn {
  replies: ReadonlyArray<{ text: string; spans: readonly InactiveSpanMessage[] }>;
}

export interface AnnotationTarget {
  ref: ConversationRef;
  turn?: number;
  /** The conversation's user turns, when an open view shows them (index 0 = U1). */
  turns?: readonly TargetTurn[];
}

/** The turns of `convId` as an open conversation or compare view shows them. */
function shownTurns(convId: string): readonly TargetTurn[] | undefined {
  const conversation = ConversationPanel.active;
  if (conversation?.convId === convId) return conversation.currentState?.turns;
  const state = ComparePanel.active?.currentState;
  const side = state?.left.convId === convId ? state.left : state?.right.convId === convId ? state.right : undefined;
  if (!side) return undefined;
  const turns: TargetTurn[] = [];
  for (const t of side.turns) turns[t.index] = { replies: t.assistant };
  return Array.from(turns, (t) => t ?? { replies: [] });
}

/** The focused compare view's side the user picks (undefined: no compare view focused). */
async function compareSide(): Promise<string | 'cancel' | undefined> {
  const compare = ComparePanel.active;
  if (!compare?.panel.active) return undefined;
  const { left, right } = compare.currentState;
  const picked = await pickKeepingFocus(
    [left, right].map((s, i) => ({
      label: `${i === 0 ? 'Left' : 'Right'}: ${s.instanceLabel} · ${s.model}`,
      convId: s.convId,
    })),
    { title: 'Annotate: which side of the comparison?' },
  );
  return picked?.convId ?? 'cancel';
}

export async function annotationTarget(
  services: ExtensionServices,
  arg: unknown,
): Promise<AnnotationTarget | undefined> {
  const t = readCommandTarget(arg);
  const side = t.convId === undefined ? await compareSide() : undefined;
  if (side === 'cancel') return undefined;
  const convId = t.convId ?? side ?? ConversationPanel.active?.convId;
  const ref = convId ? services.data.logs.get(convId) : undefined;
  if (!ref) return undefined;
  const turns = shownTurns(ref.conv_id);
  return { ref, ...(t.turn !== undefined ? { turn: t.turn } : {}), ...(turns ? { turns } : {}) };
}

// Reads what an "open conversation" action names, whoever sends it: the Sources tree's items
// (`{convId, turnIndex}` with turnIndex a trace index), search hits and links (`{file, line, turn?}`
// or `{convId, turn?}`, turn 1-based as the views label U1, U2, …), read by the one command-target
// reader and then validated as a conversation target. No `vscode`.
import { ConversationTargetSchema, type ConversationTarget } from '../../shared/protocol/conversation';
import type { ConversationRef } from '../../core/load/runLogIndex';
import { readCommandTarget } from '../commandTarget';

/** The target, or the zod message saying why the argument is not one. */
export function readConversationTarget(arg: unknown): { target: ConversationTarget } | { error: string } {
  const t = readCommandTarget(arg);
  // A tree item that names a file and a line but no conversation (a records file) is not a target;
  // with a convId, the convId wins. Other fields (taskId, model, mode…) are not ours.
  const value = {
    ...(t.convId !== undefined ? { convId: t.convId } : { file: t.file, line: t.line }),
    ...(t.turn !== undefined ? { turn: t.turn } : {}),
    ...(t.turnIndex !== undefined ? { traceIndex: t.turnIndex } : {}),
  };
  const r = ConversationTargetSchema.safeParse(value);
  return r.success ? { target: r.data } : { error: r.error.issues[0]?.message ?? 'not a conversation target' };
}

/** The conversation a target names, from the index's summaries; `sameFile` compares file paths. */
export function resolveConversation(
  target: ConversationTarget,
  refs: readonly ConversationRef[],
  sameFile: (a: string, b: string) => boolean = (a, b) => a === b,
): ConversationRef | undefined {
  if (target.convId !== undefined) return refs.find((r) => r.conv_id === target.convId);
  return refs.find((r) => r.line === target.line && sameFile(r.file, target.file!));
}

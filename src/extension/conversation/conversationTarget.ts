// Reads what an "open conversation" action names, whoever sends it: the Sources tree's items
// (`{convId, turnIndex}` with turnIndex a trace index), search hits and links (`{file, line, turn?}`
// or `{convId, turn?}`, turn 1-based as the views label U1, U2, …). Validated by zod; no `vscode`.
import { ConversationTargetSchema, type ConversationTarget } from '../../shared/protocol/conversation';
import type { ConversationRef } from '../../core/load/runLogIndex';

/** The target, or the zod message saying why the argument is not one. */
export function readConversationTarget(arg: unknown): { target: ConversationTarget } | { error: string } {
  let value = arg;
  if (typeof arg === 'string') value = { convId: arg };
  else if (arg && typeof arg === 'object' && 'turnIndex' in arg && !('traceIndex' in arg)) {
    const { turnIndex, ...rest } = arg as { turnIndex: unknown };
    value = { ...rest, traceIndex: turnIndex };
  }
  // Tree items and other callers carry more fields (taskId, model, mode…): keep only ours.
  const picked = value && typeof value === 'object' ? pickKnown(value as Record<string, unknown>) : value;
  const r = ConversationTargetSchema.safeParse(picked);
  return r.success ? { target: r.data } : { error: r.error.issues[0]?.message ?? 'not a conversation target' };
}

function pickKnown(o: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of ['convId', 'file', 'line', 'turn', 'traceIndex'] as const) if (o[k] !== undefined) out[k] = o[k];
  // A tree item that names a file and a line but no conversation (a records file) is not a target; with a convId, the convId wins.
  if (out.convId !== undefined) {
    delete out.file;
    delete out.line;
  }
  return out;
}

/** The conversation a target names, from the index's summaries; `sameFile` compares file paths. */
export function resolveConversation(target: ConversationTarget, refs: readonly ConversationRef[], sameFile: (a: string, b: string) => boolean = (a, b) => a === b): ConversationRef | undefined {
  if (target.convId !== undefined) return refs.find((r) => r.conv_id === target.convId);
  return refs.find((r) => r.line === target.line && sameFile(r.file, target.file!));
}

// The turns of one conversation as the tree shows them, read off the conversation model: one row
// per user, assistant and system message, with the log entries that annotate them folded in
// (shard/event/transition tags on a user message, LiC's response type and evaluation verdict on a
// reply), bookkeeping folded away, any other log entry shown as it is. vscode-free.
import type { Conversation } from '../../core/conversation';
import { responseTypeName } from '../../core/conversation';
import type { TypedLogContent } from '../../core/schema/runlog';
import type { BookkeepingNode, TurnNode } from './treeItems';
import { verdictSign } from './sourceTreeModel';

export function firstLineOf(content: unknown, max = 120): string {
  const text = typeof content === 'string' ? content : JSON.stringify(content);
  const line =
    text
      .split('\n')
      .find((l) => l.trim() !== '')
      ?.trim() ?? '';
  return line.length > max ? line.slice(0, max - 1) + '…' : line;
}

/** The rows of a conversation, and for each message row the trace indexes of the log entries folded into it. */
export interface TurnAnalysis {
  turns: TurnNode[];
  bookkeeping: TurnNode[];
  annotations: Map<number, number[]>;
}

/** What a log entry shown on its own says: a state transition as `from → to`, anything else its fields. */
function describeLog(c: TypedLogContent): string {
  const fields = c.type === 'other' ? c.raw : c;
  if (c.type === 'state_transition') return `${String(fields.from ?? '?')} → ${String(fields.to ?? '?')}`;
  const { type: _type, ...rest } = fields;
  return Object.keys(rest).length ? JSON.stringify(rest) : String(fields.type);
}

function logTypeOf(c: TypedLogContent): string {
  return c.type === 'other' ? c.loggedType : c.type;
}

export function analyzeConversation(c: Conversation): TurnAnalysis {
  const convId = c.entry.conv_id;
  const trace = c.entry.trace;
  const annotations = new Map<number, number[]>();
  const node = (index: number, extra: Partial<TurnNode> = {}): TurnNode => {
    const m = trace[index]!;
    return {
      kind: 'turn',
      id: `turn:${convId}:${index}`,
      convId,
      index,
      role: m.role,
      tags: [],
      bookkeeping: false,
      firstLine: firstLineOf(m.content),
      args: { convId, turnIndex: index },
      ...extra,
    };
  };
  const rows: TurnNode[] = c.otherMessages.map((m) => node(m.traceIndex));
  for (const t of c.turns) {
    const tags = [
      ...t.shardIds.map((id) => `shard ${id}`),
      ...(t.event ? [`${t.event} · block ${t.block ?? 1}`] : []),
      ...(t.transition ? [t.transition.transition] : []),
    ];
    rows.push(node(t.user.traceIndex, { tags }));
    if (t.annotations.length)
      annotations.set(
        t.user.traceIndex,
        [...t.annotations].sort((a, b) => a - b),
      );
    for (const r of t.replies) {
      rows.push(
        node(r.traceIndex, {
          ...(r.responseType !== undefined ? { responseType: responseTypeName(r.responseType) } : {}),
          ...(r.evaluation ? { evaluation: r.evaluation.verdict } : {}),
        }),
      );
      if (r.annotations.length) annotations.set(r.traceIndex, r.annotations);
    }
  }
  for (const s of c.standalone) {
    // A `log` whose content is not an object with a `type` reads as its raw content.
    const typed = trace[s.traceIndex]!.content !== null && typeof trace[s.traceIndex]!.content === 'object';
    rows.push(
      node(s.traceIndex, {
        logType: typed ? logTypeOf(s.content) : 'log',
        ...(typed ? { firstLine: firstLineOf(describeLog(s.content)) } : {}),
      }),
    );
  }
  rows.sort((a, b) => a.index - b.index);
  const bookkeeping = c.bookkeeping.map((b) =>
    node(b.traceIndex, {
      logType: logTypeOf(b.content),
      bookkeeping: true,
      firstLine: firstLineOf(describeLog(b.content)),
    }),
  );
  return { turns: rows, bookkeeping, annotations };
}

/**
 * The turn rows of a run: messages and other log entries in trace order; bookkeeping inline when
 * shown, else folded into one collapsed row at the end.
 */
export function buildTurnNodes(c: Conversation, showBookkeeping: boolean): Array<TurnNode | BookkeepingNode> {
  const a = analyzeConversation(c);
  const convId = c.entry.conv_id;
  if (showBookkeeping) return [...a.turns, ...a.bookkeeping].sort((x, y) => x.index - y.index);
  if (!a.bookkeeping.length) return a.turns;
  const folded: BookkeepingNode = {
    kind: 'bookkeeping',
    id: `bookkeeping:${convId}`,
    convId,
    entries: a.bookkeeping,
    args: { convId },
  };
  return [...a.turns, folded];
}

/** The tree label of a turn: role, then its tags, e.g. `user · shard 2`, `assistant · answer attempt ✓`. */
export function turnLabel(n: TurnNode): string {
  if (n.role === 'log') return `log · ${n.logType ?? 'entry'}`;
  const parts: string[] = [n.role];
  parts.push(...n.tags);
  if (n.responseType) parts.push(n.responseType + (n.evaluation ? ` ${verdictSign(n.evaluation)}` : ''));
  else if (n.evaluation) parts.push(`evaluated ${verdictSign(n.evaluation)}`);
  return parts.join(' · ');
}

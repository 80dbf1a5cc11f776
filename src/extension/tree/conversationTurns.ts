// The turns of one conversation as the tree shows them: user, assistant and system messages with
// the log entries that annotate them folded in (shard/event tags after a user message, LiC's
// `system-verification` response type and `answer-evaluation` verdict after an assistant
// message), bookkeeping entries folded away, any other log entry shown as it is. Also renders the
// read-only documents a turn or a conversation opens as. vscode-free.
import { verdictOf } from '../../core/load/runLogIndex';
import type { RunLogEntry, TraceMessage } from '../../core/schema/runlog';
import type { BookkeepingNode, TurnNode, TurnRole } from './treeItems';
import { instanceLabel } from '../../core/render/instances';
import { verdictSign } from './sourceTreeModel';

/** Log types that only record the simulator's own progress. */
export const BOOKKEEPING_LOG_TYPES: ReadonlySet<string> = new Set(['state_transition', 'duplicate_shard_ignored', 'conversation-completed', 'max_turns_exceeded']);

/** Log types that annotate the message before (or, for LiC's `hint_revealed`, after) them. */
const ANNOTATION_LOG_TYPES: ReadonlySet<string> = new Set(['shard_revealed', 'hint_revealed', 'event', 'system-verification', 'answer-evaluation', 'intent_transition']);

const RESPONSE_TYPE_NAMES: Record<string, string> = {
  answer_attempt: 'answer attempt',
  clarification: 'clarification',
  refuse: 'refusal',
  refusal: 'refusal',
  hedge: 'hedge',
  discussion: 'discussion',
  interrogation: 'interrogation',
  missing: 'missing',
};

export function responseTypeName(raw: string): string {
  return RESPONSE_TYPE_NAMES[raw] ?? raw.replace(/_/g, ' ');
}

type LogContent = { type: string } & Record<string, unknown>;

function logContent(m: TraceMessage): LogContent | undefined {
  const c = m.content;
  if (m.role !== 'log' || !c || typeof c !== 'object' || typeof (c as { type?: unknown }).type !== 'string') return undefined;
  return c as LogContent;
}

/** LiC puts it under `response.response_type`; accept a flat `response_type` too. */
function responseTypeOf(c: LogContent): string | undefined {
  const nested = c.response && typeof c.response === 'object' ? (c.response as { response_type?: unknown }).response_type : undefined;
  const raw = typeof nested === 'string' ? nested : typeof c.response_type === 'string' ? c.response_type : undefined;
  return raw;
}

export function firstLineOf(content: unknown, max = 120): string {
  const text = typeof content === 'string' ? content : JSON.stringify(content);
  const line = text.split('\n').find((l) => l.trim() !== '')?.trim() ?? '';
  return line.length > max ? line.slice(0, max - 1) + '…' : line;
}

/** For each trace index: the indexes of the annotation log entries folded into it. */
export interface TurnAnalysis {
  turns: TurnNode[];
  bookkeeping: TurnNode[];
  annotations: Map<number, number[]>;
}

export function analyzeTrace(convId: string, trace: readonly TraceMessage[]): TurnAnalysis {
  const turns: TurnNode[] = [];
  const bookkeeping: TurnNode[] = [];
  const annotations = new Map<number, number[]>();
  const byIndex = new Map<number, TurnNode>();
  let lastMessage: TurnNode | undefined;
  /** Reveals logged before their user message (LiC's snowball simulator). */
  let pendingReveals: Array<{ index: number; shardId: unknown }> = [];
  const annotate = (node: TurnNode | undefined, index: number): boolean => {
    if (!node) return false;
    const list = annotations.get(node.index) ?? [];
    list.push(index);
    annotations.set(node.index, list);
    return true;
  };
  const makeNode = (index: number, m: TraceMessage, extra: Partial<TurnNode> = {}): TurnNode => ({
    kind: 'turn',
    id: `turn:${convId}:${index}`,
    convId,
    index,
    role: m.role as TurnRole,
    tags: [],
    bookkeeping: false,
    firstLine: firstLineOf(m.content),
    args: { convId, turnIndex: index },
    ...extra,
  });
  trace.forEach((m, index) => {
    const c = logContent(m);
    if (!c) {
      if (m.role === 'log') {
        const node = makeNode(index, m, { logType: 'log' });
        turns.push(node);
        return;
      }
      const node = makeNode(index, m);
      if (m.role === 'user' && pendingReveals.length) {
        for (const r of pendingReveals) {
          node.tags.push(`shard ${String(r.shardId)}`);
          annotate(node, r.index);
        }
        pendingReveals = [];
      }
      turns.push(node);
      byIndex.set(index, node);
      lastMessage = node;
      return;
    }
    if (BOOKKEEPING_LOG_TYPES.has(c.type)) {
      bookkeeping.push(makeNode(index, m, { logType: c.type, bookkeeping: true, firstLine: firstLineOf(describeLog(c)) }));
      return;
    }
    if (!ANNOTATION_LOG_TYPES.has(c.type)) {
      turns.push(makeNode(index, m, { logType: c.type, firstLine: firstLineOf(describeLog(c)) }));
      return;
    }
    const lastUser = lastMessage?.role === 'user' ? lastMessage : undefined;
    const lastAssistant = lastMessage?.role === 'assistant' ? lastMessage : undefined;
    switch (c.type) {
      case 'shard_revealed':
      case 'hint_revealed':
        // FORMAT.md logs the reveal after its user message; LiC's snowball variant before it.
        if (lastUser) {
          lastUser.tags.push(`shard ${String(c.shard_id)}`);
          annotate(lastUser, index);
        } else pendingReveals.push({ index, shardId: c.shard_id });
        return;
      case 'event':
        if (lastUser) {
          lastUser.tags.push(`${String(c.event)} · block ${String(c.block)}`);
          annotate(lastUser, index);
          return;
        }
        break;
      case 'intent_transition':
        if (lastUser) {
          lastUser.tags.push(String(c.transition));
          annotate(lastUser, index);
          return;
        }
        break;
      case 'system-verification': {
        const rt = responseTypeOf(c);
        if (lastAssistant) {
          if (rt) lastAssistant.responseType = responseTypeName(rt);
          annotate(lastAssistant, index);
          return;
        }
        break;
      }
      case 'answer-evaluation':
        if (lastAssistant) {
          lastAssistant.evaluation = verdictOf({ is_correct: c.is_correct as boolean | null | undefined, score: c.score as number | null | undefined });
          annotate(lastAssistant, index);
          return;
        }
        break;
    }
    // An annotation with nothing to annotate is shown on its own.
    turns.push(makeNode(index, m, { logType: c.type, firstLine: firstLineOf(describeLog(c)) }));
  });
  // Reveals never followed by a user message stay visible.
  for (const r of pendingReveals) turns.push(makeNode(r.index, trace[r.index]!, { logType: 'hint_revealed', firstLine: `shard ${String(r.shardId)}` }));
  return { turns, bookkeeping, annotations };
}

function describeLog(c: LogContent): string {
  if (c.type === 'state_transition') return `${String(c.from ?? '?')} → ${String(c.to ?? '?')}`;
  const { type: _type, ...rest } = c;
  return Object.keys(rest).length ? JSON.stringify(rest) : c.type;
}

/**
 * The turn rows of a run: messages and other log entries in trace order; bookkeeping inline when
 * shown, else folded into one collapsed row at the end.
 */
export function buildTurnNodes(convId: string, trace: readonly TraceMessage[], showBookkeeping: boolean): Array<TurnNode | BookkeepingNode> {
  const a = analyzeTrace(convId, trace);
  if (showBookkeeping) return [...a.turns, ...a.bookkeeping].sort((x, y) => x.index - y.index);
  if (!a.bookkeeping.length) return a.turns;
  const folded: BookkeepingNode = { kind: 'bookkeeping', id: `bookkeeping:${convId}`, convId, entries: a.bookkeeping, args: { convId } };
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

// ---------------------------------------------------------------------------------------------
// Read-only documents (`intent-lens:/conv/<conv_id>/turn/<i>.md`, `intent-lens:/conv/<conv_id>.md`)
// ---------------------------------------------------------------------------------------------

export const CONVERSATION_SCHEME = 'intent-lens';

export function turnDocumentPath(convId: string, index: number): string {
  return `/conv/${encodeURIComponent(convId)}/turn/${index}.md`;
}

export function conversationDocumentPath(convId: string): string {
  return `/conv/${encodeURIComponent(convId)}.md`;
}

export type DocumentTarget = { convId: string; turnIndex?: number };

export function parseDocumentPath(path: string): DocumentTarget | undefined {
  const turn = /^\/conv\/([^/]+)\/turn\/(\d+)\.md$/.exec(path);
  if (turn) return { convId: decodeURIComponent(turn[1]!), turnIndex: Number(turn[2]) };
  const conv = /^\/conv\/([^/]+)\.md$/.exec(path);
  if (conv) return { convId: decodeURIComponent(conv[1]!) };
  return undefined;
}

function header(entry: RunLogEntry): string[] {
  const inst = instanceLabel({ mode: entry.mode ?? 'multi', condition: entry.condition ?? 'original', ...(entry.path ? { path: entry.path, k: entry.k ?? 0 } : {}) });
  return [
    `- conversation: \`${entry.conv_id}\``,
    `- task: \`${entry.task_id}\` (${entry.task})`,
    `- model: ${entry.assistant_model ?? 'unknown'}`,
    `- instance: ${inst} (${entry.mode ?? 'multi'}, ${entry.condition ?? 'original'})`,
    `- verdict: ${verdictOf(entry)}`,
  ];
}

function fence(text: string, lang = ''): string {
  // A fence longer than any backtick run inside keeps hostile text from closing it.
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const f = '`'.repeat(longest + 1);
  return `${f}${lang}\n${text}\n${f}`;
}

function messageBody(m: TraceMessage): string {
  return typeof m.content === 'string' ? m.content : fence(JSON.stringify(m.content, null, 2), 'json');
}

/** The full text of one turn, with the log entries folded into it. */
export function renderTurnDocument(entry: RunLogEntry, index: number): string {
  const m = entry.trace[index];
  if (!m) return `Turn ${index} does not exist in conversation ${entry.conv_id} (it has ${entry.trace.length} messages).\n`;
  const a = analyzeTrace(entry.conv_id, entry.trace);
  const node = [...a.turns, ...a.bookkeeping].find((t) => t.index === index);
  const title = node ? turnLabel(node) : m.role;
  const lines = [`# ${title}`, '', ...header(entry), `- trace index: ${index}${m.timestamp !== undefined ? ` · ${String(m.timestamp)}` : ''}`, '', '---', '', messageBody(m), ''];
  const notes = a.annotations.get(index) ?? [];
  if (notes.length) {
    lines.push('---', '', '## Log entries for this turn', '');
    for (const i of notes) lines.push(fence(JSON.stringify(entry.trace[i]!.content, null, 2), 'json'), '');
  }
  return lines.join('\n');
}

/** The whole conversation as one document (user/assistant/system messages and non-bookkeeping logs). */
export function renderConversationDocument(entry: RunLogEntry): string {
  const a = analyzeTrace(entry.conv_id, entry.trace);
  const lines = [`# ${entry.task_id} · ${entry.assistant_model ?? 'unknown'}`, '', ...header(entry), ''];
  for (const t of a.turns) {
    lines.push('---', '', `## ${turnLabel(t)}`, '', messageBody(entry.trace[t.index]!), '');
  }
  return lines.join('\n');
}


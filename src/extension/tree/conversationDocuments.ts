// Read-only documents a turn opens as (`intent-lens:/conv/<conv_id>/turn/<i>.md`), rendered from
// the conversation model (a whole conversation opens in the conversation view). vscode-free.
import { parseConversation } from '../../core/conversation';
import { verdictOf } from '../../core/load/runLogIndex';
import { instanceLabel } from '../../core/render/instances';
import type { RunLogEntry, TraceMessage } from '../../core/schema/runlog';
import { analyzeConversation, turnLabel } from './conversationTurns';

export const CONVERSATION_SCHEME = 'intent-lens';

export function turnDocumentPath(convId: string, index: number): string {
  return `/conv/${encodeURIComponent(convId)}/turn/${index}.md`;
}

export type DocumentTarget = { convId: string; turnIndex: number };

export function parseDocumentPath(path: string): DocumentTarget | undefined {
  const turn = /^\/conv\/([^/]+)\/turn\/(\d+)\.md$/.exec(path);
  return turn ? { convId: decodeURIComponent(turn[1]!), turnIndex: Number(turn[2]) } : undefined;
}

function header(entry: RunLogEntry): string[] {
  const inst = instanceLabel({
    mode: entry.mode ?? 'multi',
    condition: entry.condition ?? 'original',
    ...(entry.path ? { path: entry.path, k: entry.k ?? 0 } : {}),
  });
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
  if (!m)
    return `Turn ${index} does not exist in conversation ${entry.conv_id} (it has ${entry.trace.length} messages).\n`;
  const a = analyzeConversation(parseConversation(entry));
  const node = [...a.turns, ...a.bookkeeping].find((t) => t.index === index);
  const title = node ? turnLabel(node) : m.role;
  const lines = [
    `# ${title}`,
    '',
    ...header(entry),
    `- trace index: ${index}${m.timestamp !== undefined ? ` · ${String(m.timestamp)}` : ''}`,
    '',
    '---',
    '',
    messageBody(m),
    '',
  ];
  const notes = a.annotations.get(index) ?? [];
  if (notes.length) {
    lines.push('---', '', '## Log entries for this turn', '');
    for (const i of notes) lines.push(fence(JSON.stringify(entry.trace[i]!.content, null, 2), 'json'), '');
  }
  return lines.join('\n');
}

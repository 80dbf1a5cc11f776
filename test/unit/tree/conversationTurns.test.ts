import { describe, it, expect } from 'vitest';
import { analyzeConversation, buildTurnNodes, turnLabel } from '../../../src/extension/tree/conversationTurns';
import {
  renderTurnDocument,
  parseDocumentPath,
  turnDocumentPath,
} from '../../../src/extension/tree/conversationDocuments';
import { parseConversation } from '../../../src/core/conversation';
import type { RunLogEntry, TraceMessage } from '../../../src/core/schema/runlog';
import type { BookkeepingNode, TurnNode } from '../../../src/extension/tree/treeItems';

/** The tree reads a conversation through the one model. */
const parsed = (convId: string, trace: TraceMessage[]) =>
  parseConversation({ conv_id: convId, task: 'math', task_id: 't', trace });
const analyzeTrace = (convId: string, trace: TraceMessage[]) => analyzeConversation(parsed(convId, trace));

const log = (content: Record<string, unknown>): TraceMessage => ({ role: 'log', content: content as { type: string } });

/** FORMAT.md order: the reveal/event entry follows its user message. */
const formatTrace: TraceMessage[] = [
  { role: 'system', content: 'You are a tutor.' },
  log({ type: 'state_transition', from: 'TURN_START', to: 'BUILD_USER_MESSAGE' }),
  { role: 'user', content: 'how much did the chef spend?' },
  log({ type: 'shard_revealed', shard_id: 1 }),
  { role: 'assistant', content: 'I need more details.\nSecond line.' },
  log({ type: 'system-verification', response: { response_type: 'refuse' } }),
  { role: 'user', content: 'Can we use 2 bags?' },
  log({ type: 'event', event: 'proposal', block: 1 }),
  { role: 'assistant', content: 'The total is $150.' },
  log({ type: 'system-verification', response: { response_type: 'answer_attempt' } }),
  log({ type: 'answer-evaluation', exact_answer: '150', is_correct: false, score: 0 }),
  log({ type: 'some_future_type', detail: 1 }),
  log({ type: 'conversation-completed' }),
];

describe('conversation turns', () => {
  it('folds reveal/event tags into user turns and response type/verdict into assistant turns', () => {
    const a = analyzeTrace('c1', formatTrace);
    expect(a.turns.map(turnLabel)).toEqual([
      'system',
      'user · shard 1',
      'assistant · refusal',
      'user · proposal · block 1',
      'assistant · answer attempt ✗',
      'log · some_future_type',
    ]);
    expect(a.turns[2]!.firstLine).toBe('I need more details.');
    expect(a.bookkeeping.map((b) => b.index)).toEqual([1, 12]);
    expect(a.annotations.get(8)).toEqual([9, 10]);
    expect(a.turns[4]!.args).toEqual({ convId: 'c1', turnIndex: 8 });
  });

  it("attaches LiC's hint_revealed logged before its user message to that message", () => {
    const lic: TraceMessage[] = [
      { role: 'system', content: 's' },
      log({ type: 'hint_revealed', shard_id: 1 }),
      { role: 'user', content: 'goal' },
      { role: 'assistant', content: 'ok' },
      log({ type: 'hint_revealed', shard_id: 2 }),
      log({ type: 'duplicate_shard_ignored', shard_id: 1 }),
      { role: 'user', content: 'Just to reiterate…' },
    ];
    const a = analyzeTrace('c2', lic);
    expect(a.turns.map(turnLabel)).toEqual(['system', 'user · shard 1', 'assistant', 'user · shard 2']);
  });

  it('folds bookkeeping into one collapsed node by default and shows it inline on request', () => {
    const folded = buildTurnNodes(parsed('c1', formatTrace), false);
    const last = folded.at(-1) as BookkeepingNode;
    expect(last.kind).toBe('bookkeeping');
    expect(last.entries.map((e) => e.logType)).toEqual(['state_transition', 'conversation-completed']);
    const inline = buildTurnNodes(parsed('c1', formatTrace), true) as TurnNode[];
    expect(inline.every((t) => t.kind === 'turn')).toBe(true);
    expect(inline.map((t) => t.index)).toEqual([0, 1, 2, 4, 6, 8, 11, 12]);
    expect(buildTurnNodes(parsed('c3', [{ role: 'user', content: 'x' }]), false).map((t) => t.kind)).toEqual(['turn']);
  });

  it('renders a turn document with the full text and its log entries, and round-trips document paths', () => {
    const entry: RunLogEntry = {
      conv_id: 'a/b c',
      task: 'math',
      task_id: 'm/1',
      assistant_model: 'org/A',
      condition: 'retained',
      trace: formatTrace,
      is_correct: false,
    };
    const doc = renderTurnDocument(entry, 4);
    expect(doc).toContain('# assistant · refusal');
    expect(doc).toContain('I need more details.\nSecond line.');
    expect(doc).toContain('"response_type": "refuse"');
    expect(doc).toContain('instance: Retained');
    expect(parseDocumentPath(turnDocumentPath('a/b c', 4))).toEqual({ convId: 'a/b c', turnIndex: 4 });
    expect(parseDocumentPath('/conv/a.md')).toBeUndefined();
    expect(renderTurnDocument(entry, 99)).toContain('does not exist');
  });

  it('fences message text so backticks inside cannot close the block', () => {
    const entry: RunLogEntry = {
      conv_id: 'c',
      task: 'code',
      task_id: 't',
      trace: [{ role: 'log', content: { type: 'x', code: '```' } }],
    };
    const doc = renderTurnDocument(entry, 0);
    expect(doc).toMatch(/````json\n/);
  });
});

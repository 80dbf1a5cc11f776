// "Fork from here…" in the conversation view: a real button on each user turn (only where the fork
// command exists), and its message is one the view's zod protocol accepts with a 1-based turn.
import { describe, expect, it, vi } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { TurnRow } from '../../../webview/conversation/TurnRow';
import { ConversationView, type ConversationTurnView } from '../../../src/shared/protocol/conversation';

// The Markdown renderer talks to the webview host (window) on import: the turn's text is not under test here.
vi.mock('../../../webview/conversation/Markdown', () => ({ Markdown: ({ text }: { text: string }) => text }));

const turn: ConversationTurnView = {
  index: 2,
  label: 'U3',
  tags: ['proposal · block 1'],
  event: 'proposal',
  user: { text: 'Should we use 3 sacks?', traceIndex: 5, spans: [] },
  replies: [],
};
const render = (canFork: boolean) =>
  renderToStaticMarkup(createElement(TurnRow, { turn, current: false, canFork, onFork: () => undefined }));

describe('Fork from here…', () => {
  it('is a button on the user turn, named with the turn, when forking is available', () => {
    const html = render(true);
    expect(html).toMatch(
      /<button type="button"[^>]*data-testid="fork-from-here"[^>]*aria-label="Fork from here \(U3\)…"/,
    );
    expect(html).toContain('>Fork from here…</button>');
    expect(render(false)).not.toContain('fork-from-here');
  });

  it('posts forkFromTurn with a positive 1-based turn; anything else is refused', () => {
    expect(
      ConversationView.incoming.safeParse({ kind: 'command', command: 'forkFromTurn', params: { turn: 3 } }).success,
    ).toBe(true);
    for (const params of [{ turn: 0 }, { turn: 2.5 }, { turn: '3' }, {}])
      expect(ConversationView.incoming.safeParse({ kind: 'command', command: 'forkFromTurn', params }).success).toBe(
        false,
      );
  });
});

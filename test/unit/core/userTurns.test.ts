// The reader's user turns: U1, U2, … count only user messages, with their place in the trace (the
// tree's turn items carry trace indices; the fork and the views name turns U1…).
import { describe, expect, it } from 'vitest';
import { userTurnsOf } from '../../../src/core/load/runLogReader';

describe('userTurnsOf', () => {
  it('numbers user messages only, keeping their trace index and content', () => {
    const trace = [
      { role: 'system', content: 'sys' },
      { role: 'user', content: 'first' },
      { role: 'assistant', content: 'a1' },
      { role: 'log', content: { shard: 2 } },
      { role: 'user', content: 'second' },
      { role: 'assistant', content: 'a2' },
      { role: 'user', content: 'third' },
    ];
    expect(userTurnsOf(trace)).toEqual([
      { turn: 1, traceIndex: 1, content: 'first' },
      { turn: 2, traceIndex: 4, content: 'second' },
      { turn: 3, traceIndex: 6, content: 'third' },
    ]);
  });

  it('gives no turns for a trace without user messages', () => {
    expect(userTurnsOf([{ role: 'assistant', content: 'x' }])).toEqual([]);
  });
});

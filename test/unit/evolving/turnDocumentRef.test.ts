import { describe, it, expect } from 'vitest';
import { parseTurnDocumentUri, userTurnOfTraceIndex } from '../../../src/extension/evolving/turnDocumentRef';

const known = new Set(['abc123', 'conv/with space']);
const isConv = (id: string) => known.has(id);

describe('parseTurnDocumentUri', () => {
  it("reads the Sources tree's turn and conversation documents", () => {
    expect(parseTurnDocumentUri({ scheme: 'intent-lens', path: '/conv/abc123/turn/7.md', query: '' }, isConv)).toEqual({
      convId: 'abc123',
      traceIndex: 7,
    });
    expect(parseTurnDocumentUri({ scheme: 'intent-lens', path: '/conv/abc123.md', query: '' }, isConv)).toEqual({
      convId: 'abc123',
    });
    expect(
      parseTurnDocumentUri(
        { scheme: 'intent-lens', path: `/conv/${encodeURIComponent('conv/with space')}/turn/2.md`, query: '' },
        isConv,
      ),
    ).toEqual({ convId: 'conv/with space', traceIndex: 2 });
  });

  it('reads query forms and ignores other schemes and unknown conversations', () => {
    expect(
      parseTurnDocumentUri({ scheme: 'intent-lens', path: '/turn', query: 'conv=abc123&traceIndex=4' }, isConv),
    ).toEqual({ convId: 'abc123', traceIndex: 4 });
    expect(parseTurnDocumentUri({ scheme: 'file', path: '/conv/abc123/turn/7.md', query: '' }, isConv)).toBeUndefined();
    expect(
      parseTurnDocumentUri({ scheme: 'intent-lens', path: '/conv/zzz/turn/7.md', query: '' }, isConv),
    ).toBeUndefined();
  });
});

describe('userTurnOfTraceIndex', () => {
  it('maps a trace message to the user turn it belongs to', () => {
    const users = [1, 4, 8];
    expect([0, 1, 3, 4, 7, 8, 20].map((i) => userTurnOfTraceIndex(users, i))).toEqual([undefined, 0, 0, 1, 1, 2, 2]);
  });
});

describe('parseTurnDocumentUri with decoded paths', () => {
  it('accepts a conv_id with slashes as a vscode.Uri path carries it (decoded)', () => {
    expect(
      parseTurnDocumentUri({ scheme: 'intent-lens', path: '/conv/conv/with space/turn/3.md', query: '' }, isConv),
    ).toEqual({ convId: 'conv/with space', traceIndex: 3 });
    expect(
      parseTurnDocumentUri({ scheme: 'intent-lens', path: '/conv/conv/with space.md', query: '' }, isConv),
    ).toEqual({ convId: 'conv/with space' });
  });
});

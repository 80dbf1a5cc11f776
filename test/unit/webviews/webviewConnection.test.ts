import { describe, expect, it } from 'vitest';
import { WebviewConnection, type WebviewPort } from '../../../src/extension/webviews/webviewConnection';
import { onWebviewFocus, type WebviewFocus } from '../../../src/extension/webviews/webviewFocus';
import * as z from 'zod/mini';
import { CompareView } from '../../../src/shared/protocol/compare';
import { defineView, NoCommands, requestSpec } from '../../../src/shared/protocol';

/** A view with one request whose reply is small enough to write out. */
const ReloadCountView = defineView({
  view: 'reload-count',
  state: z.object({}),
  toHost: NoCommands,
  requests: { reload: requestSpec(z.object({}), z.object({ reloaded: z.int() })) },
  toView: z.never(),
});

/** A webview stand-in: what the host posted, and a way to deliver messages from the page. */
function fakeWebview() {
  const posted: unknown[] = [];
  let listener: ((m: unknown) => void) | undefined;
  const port: WebviewPort = {
    postMessage: (m) => {
      posted.push(m);
      return Promise.resolve(true);
    },
    onDidReceiveMessage: (l) => {
      listener = l;
      return { dispose: () => (listener = undefined) };
    },
  };
  // The connection handles messages asynchronously: wait until it has settled.
  const send = async (m: unknown) => {
    listener?.(m);
    await new Promise((r) => setTimeout(r, 0));
  };
  return { port, posted, send, isListening: () => listener !== undefined };
}

describe('WebviewConnection', () => {
  it('queues notifications until the page is ready, then flushes them in order', async () => {
    const w = fakeWebview();
    const c = new WebviewConnection(w.port, CompareView, {});
    let readyCalls = 0;
    c.onDidBecomeReady(() => readyCalls++);
    c.notify('navigate', { action: 'nextDifference' });
    c.notify('navigate', { action: 'togglePrefix' });
    expect(w.posted).toEqual([]);
    expect(c.isReady).toBe(false);
    await w.send({ kind: 'ready', view: 'compare' });
    expect(c.isReady).toBe(true);
    expect(readyCalls).toBe(1);
    expect(w.posted).toEqual([
      { kind: 'notification', method: 'navigate', params: { action: 'nextDifference' } },
      { kind: 'notification', method: 'navigate', params: { action: 'togglePrefix' } },
    ]);
    c.notify('navigate', { action: 'nextInactive' });
    expect(w.posted).toHaveLength(3);
  });

  it('drops an invalid command and reports it, without calling the handler', async () => {
    const w = fakeWebview();
    const log: string[] = [];
    const commands: unknown[] = [];
    new WebviewConnection(w.port, CompareView, { onCommand: (m) => void commands.push(m), log: (l) => log.push(l) });
    await w.send({ kind: 'command', command: 'revealInLog', params: { side: 'middle' } });
    await w.send({ kind: 'command', command: 'runShell', params: {} });
    await w.send('not even an object');
    expect(commands).toEqual([]);
    expect(log).toHaveLength(3);
    expect(log[0]).toMatch(/\[compare webview\] dropped an invalid message \(command revealInLog\)/);
    await w.send({ kind: 'command', command: 'revealInLog', params: { side: 'left' } });
    expect(commands).toEqual([{ kind: 'command', command: 'revealInLog', params: { side: 'left' } }]);
  });

  it('answers requests by id, and answers an invalid request with an error instead of leaving it pending', async () => {
    const w = fakeWebview();
    const log: string[] = [];
    let reloads = 0;
    new WebviewConnection(w.port, ReloadCountView, {
      requests: { reload: () => ({ reloaded: ++reloads }) },
      log: (l) => log.push(l),
    });
    await w.send({ kind: 'request', id: 7, method: 'reload', params: {} });
    expect(w.posted).toEqual([{ kind: 'response', id: 7, ok: true, result: { reloaded: 1 } }]);
    await w.send({ kind: 'request', id: 8, method: 'deleteEverything', params: {} });
    expect(w.posted[1]).toMatchObject({ kind: 'response', id: 8, ok: false });
    expect((w.posted[1] as { error: string }).error).toMatch(/invalid request/);
    expect(reloads).toBe(1);
    expect(log).toHaveLength(1);
  });

  it('reports a failing handler as an error response', async () => {
    const w = fakeWebview();
    new WebviewConnection(w.port, CompareView, {
      requests: {
        reload: () => {
          throw new Error('log file gone');
        },
      },
    });
    await w.send({ kind: 'request', id: 1, method: 'reload', params: {} });
    expect(w.posted).toEqual([{ kind: 'response', id: 1, ok: false, error: 'log file gone' }]);
  });

  it('writes the page’s log lines to the output itself, for every view', async () => {
    const w = fakeWebview();
    const log: string[] = [];
    const commands: unknown[] = [];
    new WebviewConnection(w.port, CompareView, { onCommand: (m) => void commands.push(m), log: (l) => log.push(l) });
    await w.send({
      kind: 'command',
      command: 'log',
      params: { level: 'error', message: 'the compare view failed to render' },
    });
    expect(log).toEqual(['[compare webview] error: the compare view failed to render']);
    expect(commands).toEqual([]);
  });

  it('logs every view’s render times in one line format and keeps the last for the panel', async () => {
    const w = fakeWebview();
    const log: string[] = [];
    const commands: unknown[] = [];
    const c = new WebviewConnection(w.port, CompareView, {
      onCommand: (m) => void commands.push(m),
      log: (l) => log.push(l),
      describeRendered: () => 'GSM8K/248 (3+4 turns)',
    });
    const seen: number[] = [];
    c.onDidRender((t) => seen.push(t.ms));
    await w.send({
      kind: 'command',
      command: 'rendered',
      params: { ms: 120.4, sincePanelCreatedMs: 300, sinceCommandMs: 512.6 },
    });
    expect(log).toEqual([
      '[compare] rendered GSM8K/248 (3+4 turns): script→rendered 120 ms, panel created→rendered 300 ms, command→rendered 513 ms',
    ]);
    expect(c.lastRendered).toEqual({ ms: 120.4, sincePanelCreatedMs: 300, sinceCommandMs: 512.6 });
    expect(seen).toEqual([120.4]);
    expect(commands).toEqual([]);
    // A render the page cannot time from a command (a later state): script time only.
    await w.send({ kind: 'command', command: 'rendered', params: { ms: 40 } });
    expect(log[1]).toBe('[compare] rendered GSM8K/248 (3+4 turns): script→rendered 40 ms');
    // Invalid times are dropped like any invalid message.
    await w.send({ kind: 'command', command: 'rendered', params: { ms: 'fast' } });
    expect(log[2]).toMatch(/dropped an invalid message \(command rendered\)/);
    expect(c.lastRendered?.ms).toBe(40);
  });

  it('passes every view’s focus on to the picks, and drops a malformed one', async () => {
    const w = fakeWebview();
    const log: string[] = [];
    const c = new WebviewConnection(w.port, CompareView, { log: (l) => log.push(l) });
    const heard: WebviewFocus[] = [];
    const stop = onWebviewFocus((f) => heard.push(f));
    await w.send({ kind: 'command', command: 'focused', params: { byPointer: false } });
    await w.send({ kind: 'command', command: 'focused', params: { byPointer: true } });
    await w.send({ kind: 'command', command: 'focused', params: {} });
    stop();
    await w.send({ kind: 'command', command: 'focused', params: { byPointer: false } });
    expect(heard).toEqual([{ byPointer: false }, { byPointer: true }]);
    expect(log.join('\n')).toMatch(/dropped an invalid message \(command focused\)/);
    c.dispose();
  });

  it('stops listening when disposed', () => {
    const w = fakeWebview();
    const c = new WebviewConnection(w.port, CompareView, {});
    expect(w.isListening()).toBe(true);
    c.dispose();
    expect(w.isListening()).toBe(false);
  });
});

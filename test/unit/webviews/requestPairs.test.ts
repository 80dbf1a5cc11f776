// Issue 38.3: each request a view sends is declared once with its reply (`requestSpec`), and both
// ends take their types and checks from that declaration: the host accepts only declared methods
// with valid params, the page's `request(method, params)` resolves only with a reply its result
// schema accepts. Every declared request is sent by its page (a request nobody sends, like the
// dashboard's old `countConversations`, fails here).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import * as z from 'zod/mini';
import { defineView, NoCommands, requestSpec, type ViewDefinition } from '../../../src/shared/protocol';
import { CandidatesView } from '../../../src/shared/protocol/candidates';
import { CompareView } from '../../../src/shared/protocol/compare';
import { ConversationView } from '../../../src/shared/protocol/conversation';
import { DashboardView } from '../../../src/shared/protocol/dashboard';
import { EditorView } from '../../../src/shared/protocol/editor';
import { InEffectView } from '../../../src/shared/protocol/inEffect';
import { SamplesView } from '../../../src/shared/protocol/samples';

const ROOT = resolve(__dirname, '../../..');
/** Each view's contract and the folder of its page. */
const VIEWS: Array<[ViewDefinition, string]> = [
  [CandidatesView, 'candidates'],
  [CompareView, 'compare'],
  [ConversationView, 'conversation'],
  [DashboardView, 'dashboard'],
  [EditorView, 'editor'],
  [InEffectView, 'ineffect'],
  [SamplesView, 'samples'],
];

function pageText(dir: string): string {
  const walk = (d: string): string[] =>
    readdirSync(d).flatMap((n) => (statSync(join(d, n)).isDirectory() ? walk(join(d, n)) : [join(d, n)]));
  return walk(join(ROOT, 'webview', dir))
    .filter((f) => /\.tsx?$/.test(f))
    .map((f) => readFileSync(f, 'utf8'))
    .join('\n');
}

describe('requests are declared with their replies', () => {
  it.each(VIEWS.map(([d, dir]) => [d.view, d, dir] as const))(
    '%s: every declared request is sent by its page',
    (_v, def, dir) => {
      const text = pageText(dir);
      const unsent = Object.keys(def.requests).filter((m) => !new RegExp(`\\.request\\(\\s*'${m}'`).test(text));
      expect(unsent).toEqual([]);
    },
  );

  it('the host accepts declared requests with valid params only', () => {
    const ok = DashboardView.incoming.safeParse({
      kind: 'request',
      id: 1,
      method: 'exportGrid',
      params: { format: 'csv' },
    });
    expect(ok.success).toBe(true);
    const badParams = DashboardView.incoming.safeParse({
      kind: 'request',
      id: 2,
      method: 'exportGrid',
      params: { format: 'pdf' },
    });
    expect(badParams.success).toBe(false);
    const gone = DashboardView.incoming.safeParse({
      kind: 'request',
      id: 3,
      method: 'countConversations',
      params: { selector: {} },
    });
    expect(gone.success).toBe(false);
    // A request name is not a command name: the envelopes stay apart.
    expect(CompareView.incoming.safeParse({ kind: 'command', command: 'reload', params: {} }).success).toBe(false);
  });
});

describe("the page's request resolves with the declared reply", () => {
  const posted: Array<{ kind: string; id?: number; method?: string }> = [];
  const globals = globalThis as Record<string, unknown>;
  const TestView = defineView({
    view: 'test',
    state: z.object({}),
    toHost: NoCommands,
    requests: { count: requestSpec(z.object({ of: z.string() }), z.object({ count: z.int() })) },
    toView: z.never(),
  });
  let bridge: Awaited<ReturnType<typeof load>>;
  async function load() {
    const { connectView } = await import('../../../webview/shared/bridge');
    return connectView(TestView);
  }
  const reply = (id: number, result: unknown) =>
    (globals.window as EventTarget).dispatchEvent(
      new MessageEvent('message', { data: { kind: 'response', id, ok: true, result } }),
    );

  beforeAll(async () => {
    globals.window = new EventTarget();
    globals.acquireVsCodeApi = () => ({
      postMessage: (m: (typeof posted)[number]) => posted.push(m),
      getState: () => undefined,
      setState: () => undefined,
    });
    bridge = await load();
  });
  afterAll(() => {
    delete globals.window;
    delete globals.acquireVsCodeApi;
  });

  it('a reply that matches the result schema resolves, typed', async () => {
    const p = bridge.request('count', { of: 'math' });
    const sent = posted.at(-1)!;
    expect(sent).toMatchObject({ kind: 'request', method: 'count' });
    reply(sent.id!, { count: 3 });
    const r: { count: number } = await p;
    expect(r).toEqual({ count: 3 });
  });

  it('a reply that does not match is rejected, not passed on', async () => {
    const p = bridge.request('count', { of: 'code' });
    reply(posted.at(-1)!.id!, { count: 'three' });
    await expect(p).rejects.toThrow(/invalid response to count/);
  });
});

// The conversation page's first content, prerendered on the host (webview/conversation/prerender.tsx,
// loaded by src/extension/webviews/prerender.ts): what it shows, that model text stays text, and that
// it holds no style attribute (the page's CSP drops them, and hydration would never set them).
import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { prerender } from '../../../webview/conversation/prerender';
import { prerender as prerenderCompare } from '../../../webview/compare/prerender';
import { buildCompareState } from '../../../src/extension/compare/buildCompareState';
import { renderInThisThread, settle } from '../../../src/extension/webviews/prerender';
import { PrerenderThread, prerenderViewOffThread } from '../../../src/extension/webviews/prerenderThread';
import { buildConversationState } from '../../../src/extension/conversation/buildConversationState';
import { detectInactive } from '../../../src/core/inactive/detectInactive';
import type { ConversationState } from '../../../src/shared/protocol/conversation';
import { retainedRevisedPair } from '../compare/compareFixtures';

const ref = { file: '/ws/logs/math/model-a.jsonl', line: 3 };
const base = {
  ref,
  fileLabel: 'logs/math/model-a.jsonl',
  detector: detectInactive,
  detectorName: 'detectInactive',
  canFork: false,
};
const { record, retained } = retainedRevisedPair();
const state = buildConversationState({ ...base, entry: retained, source: record });

const HOSTILE =
  '<script>alert(1)</script> <img src=x onerror="alert(2)"> [x](javascript:alert(3)) </div><div id="root">';

function withReply(s: ConversationState, turn: number, text: string): ConversationState {
  return {
    ...s,
    turns: s.turns.map((t, i) =>
      i === turn ? { ...t, replies: t.replies.map((r, j) => (j === 0 ? { ...r, text, spans: [] } : r)) } : t,
    ),
  };
}

/** The user-turn labels the HTML shows, in order. */
const turnLabels = (html: string) => [...html.matchAll(/data-turn="(\d+)"/g)].map((m) => Number(m[1]));

describe('conversation prerender', () => {
  it('shows the header and the first two rows', () => {
    const html = prerender(state);
    expect(state.system).toEqual([]);
    // React separates adjacent text nodes with empty comments, which the page's hydration reads.
    expect(html.replaceAll('<!-- -->', '')).toContain('sample-math/onions · Retained · model-a');
    expect(html).toContain('data-verdict="incorrect"');
    expect(turnLabels(html)).toEqual([0, 1]);
    expect(html).not.toMatch(/\sstyle="/);
  });

  it('starts at the focus turn', () => {
    const html = prerender({ ...state, focusTurn: 3 });
    expect(turnLabels(html)[0]).toBe(3);
  });

  it('marks a rejected value in a reply it shows', () => {
    const last = state.turns.length - 1;
    const html = prerender({ ...state, focusTurn: last });
    expect(html).toMatch(/<mark[^>]*data-inactive/);
    expect(html).toContain('2 bags');
  });

  it('shows model text as text: no element, attribute or URL of it survives', () => {
    const html = prerender(withReply(state, 0, HOSTILE));
    expect(html).not.toMatch(/<script|<img|<div id=|href="javascript/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it("puts a table column's alignment in a class, not a style attribute", () => {
    const html = prerender(withReply(state, 0, '| a | b |\n|:-|-:|\n| 1 | 2 |'));
    expect(html).toContain('class="il-align-left"');
    expect(html).toContain('class="il-align-right"');
    expect(html).not.toMatch(/\sstyle="/);
  });
});

describe('compare prerender', () => {
  const { revised } = retainedRevisedPair();
  const compareRef = (conv_id: string) => ({ conv_id, file: '/ws/logs/math/model-a.jsonl', line: 1 });
  const compare = (right = revised) =>
    buildCompareState({
      record,
      left: { ref: compareRef(retained.conv_id), entry: retained },
      right: { ref: compareRef(right.conv_id), entry: right },
      detector: detectInactive,
      detectorName: 'detectInactive',
      timing: { commandAt: 1, panelCreatedAt: 2 },
    });

  it("shows both sides after the folded shared prefix, with their verdicts and the final answers' word diff", () => {
    const state = compare();
    const html = prerenderCompare(state).replaceAll('<!-- -->', '');
    expect(html).toContain('data-testid="shared-prefix" data-collapsed="true"');
    expect(html).toContain(state.branchSummary);
    expect(html).toMatch(
      /data-verdict="incorrect"[\s\S]*data-verdict="correct"|data-verdict="correct"[\s\S]*data-verdict="incorrect"/,
    );
    // The rejected "2 bags" that Retained's final reply uses is marked there.
    expect(html).toMatch(/<mark[^>]*data-inactive="2 bags"[^>]*>2</);
  });

  it('shows model text as text', () => {
    const hostile = {
      ...revised,
      trace: revised.trace.map((m) => (m.role === 'assistant' ? { ...m, content: HOSTILE } : m)),
    };
    const html = prerenderCompare(compare(hostile as typeof revised));
    expect(html).not.toMatch(/<script|<img|<div id=|href="javascript/i);
    expect(html).toContain('&lt;script&gt;');
  });
});

describe('prerenderViewOffThread (host)', () => {
  const dist = resolve(__dirname, '../../../dist');
  it('is off without a bundle', async () => {
    expect(
      await prerenderViewOffThread('conversation', state, join(dist, 'no-such-dir'), () => undefined),
    ).toBeUndefined();
  });
  it.skipIf(!existsSync(join(dist, 'prerender/conversation.js')))(
    'renders from the built bundle what the source renders, says why a render threw; off with INTENT_LENS_WEBVIEW_PRERENDER=0',
    async () => {
      const errors: string[] = [];
      const out = await prerenderViewOffThread('conversation', state, dist, (m) => errors.push(m));
      expect(out?.html).toBe(prerender(state));
      expect(renderInThisThread('conversation', state, dist)).toMatchObject({ html: prerender(state) });
      expect(
        await prerenderViewOffThread('conversation', { view: 'conversation' }, dist, (m) => errors.push(m)),
      ).toBeUndefined();
      expect(errors.join('\n')).toMatch(/could not be prerendered/);
      process.env.INTENT_LENS_WEBVIEW_PRERENDER = '0';
      try {
        expect(await prerenderViewOffThread('conversation', state, dist, () => undefined)).toBeUndefined();
      } finally {
        delete process.env.INTENT_LENS_WEBVIEW_PRERENDER;
      }
    },
  );
});

describe('PrerenderThread (the host renders off its thread)', () => {
  const dist = resolve(__dirname, '../../../dist');
  const worker = join(dist, 'prerenderWorker.js');
  it.skipIf(!existsSync(worker) || !existsSync(join(dist, 'prerender/conversation.js')))(
    'renders on the worker what the source renders, and reports a render that throws',
    async () => {
      const thread = new PrerenderThread(() => worker);
      try {
        const out = await thread.render('conversation', state, dist);
        expect(thread.lastRanOffThread).toBe(true);
        expect(out && 'html' in out ? out.html : undefined).toBe(prerender(state));
        expect(await thread.render('conversation', { view: 'conversation' }, dist)).toMatchObject({
          error: expect.any(String),
        });
        // The thread lives on after a render threw.
        expect(await thread.render('conversation', state, dist)).toMatchObject({ html: prerender(state) });
      } finally {
        thread.dispose();
      }
    },
  );
  it('renders in the calling thread when there is no worker script', async () => {
    const thread = new PrerenderThread(() => undefined);
    const errors: string[] = [];
    expect(
      settle('conversation', await thread.render('conversation', state, join(dist, 'no-such-dir')), (m) =>
        errors.push(m),
      ),
    ).toBeUndefined();
    expect(thread.lastRanOffThread).toBe(false);
    expect(errors).toEqual([]);
  });
});

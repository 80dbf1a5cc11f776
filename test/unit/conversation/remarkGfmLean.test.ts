// The conversation view parses a message without GFM's autolink literals or tables when it holds
// none of their triggers: the tree (with positions, which the inactive-span marks use) must be the one
// full GFM builds, over crafted Markdown and the real logs in ../shared (when present); a message
// with a trigger must still get its links and tables.
import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import ReactMarkdown from 'react-markdown';
import type { Root as HastRoot } from 'hast';
import type { PluggableList } from 'unified';
import { fullRemarkPlugins, remarkPluginsFor, urlTransform } from '../../../webview/conversation/markdownPipeline';
import { gfmConstructsFor } from '../../../webview/conversation/remarkGfmLean';

const SHARED = resolve(__dirname, '../../../../shared');
const SAMPLES = resolve(__dirname, '../../../samples/logs');

/** The rendered HTML and the hast tree (with positions) react-markdown built for a text. */
function build(text: string, remarkPlugins: PluggableList): { html: string; tree: HastRoot } {
  let tree: HastRoot | undefined;
  const capture = () => (t: HastRoot) => {
    tree = t;
  };
  const html = renderToStaticMarkup(
    createElement(ReactMarkdown, { remarkPlugins, rehypePlugins: [capture], urlTransform }, text),
  );
  return { html, tree: tree! };
}

/** Compared as JSON first (fast), then structurally for a readable difference. */
function expectSameTree(text: string): void {
  const lean = build(text, remarkPluginsFor(text)).tree;
  const full = build(text, fullRemarkPlugins).tree;
  if (JSON.stringify(lean) !== JSON.stringify(full)) expect(lean, text.slice(0, 200)).toEqual(full);
}

const CRAFTED = [
  '| a | b |\n|:-|-:|\n| 1 | ~~2~~ |\n\n- [x] done\n- [ ] todo\n\nA note[^1].\n\n[^1]: The footnote.',
  '```python\nprint("x")\n```\n\n$$x_1 * y_2$$ and \\(a+b\\) cost $10, then $120.\n\n<div onclick="x()">raw</div> <b>bold</b>',
  '> quoted **strong** _em_ `code` [link](https://example.com) <https://auto.example>\n\n1. one\n2. two',
  'Step 1: 10 trays × 6 = 60 muffins; no 12 trays.\n\nexample.com and ww.example and htt://x are not links',
  '# Title\n\nSome *nested **emphasis** here*, a hard  \nbreak, and ~~strike~~ ~one~.\n\n***\n\nSetext\n======',
];

/** Every message text of the JSONL logs under a folder (any `content` string). */
function messagesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  const collect = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(collect);
    else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        if (k === 'content' && typeof x === 'string') out.push(x);
        else collect(x);
      }
    }
  };
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!e.isFile() || !e.name.endsWith('.jsonl')) continue;
    for (const line of readFileSync(join(e.parentPath, e.name), 'utf8').split('\n')) {
      if (!line.trim()) continue;
      try {
        collect(JSON.parse(line));
      } catch {
        // A malformed line in a sample is the loader's concern, not this test's.
      }
    }
  }
  return out;
}

/** Neither an autolink literal nor a table can be in the text. */
const neither = (text: string) => {
  const c = gfmConstructsFor(text);
  return !c.autolinkLiterals && !c.tables;
};

describe("GFM less the constructs a message cannot hold (the conversation view's fast path)", () => {
  it('builds the same tree and HTML as full GFM for crafted Markdown', () => {
    for (const text of CRAFTED) {
      expectSameTree(text);
      expect(build(text, remarkPluginsFor(text)).html).toBe(build(text, fullRemarkPlugins).html);
    }
    expect(CRAFTED.filter(neither).length).toBeGreaterThan(1);
  });

  it('still links bare URLs, www. names and e-mail addresses, whatever their case', () => {
    const cases: [string, string][] = [
      ['mail a.b@example.org today', 'href="mailto:a.b@example.org"'],
      ['see WWW.Example.com/x for more', 'href="http://WWW.Example.com/x"'],
      ['at HTTPS://example.org/a?b then', 'href="HTTPS://example.org/a?b"'],
      ['or http://example.net.', 'href="http://example.net"'],
      ['write to mailto:x@example.org', 'href="mailto:x@example.org"'],
    ];
    for (const [text, link] of cases) {
      expect(gfmConstructsFor(text), text).toEqual({ autolinkLiterals: true, tables: false });
      expect(build(text, remarkPluginsFor(text)).html).toContain(link);
      // The plain list would not link it: the trigger check is what keeps the link.
      expect(build(text, remarkPluginsFor('plain')).html).not.toContain(link);
    }
  });

  it('still builds tables, with pipes or with only an alignment colon', () => {
    for (const text of ['| a | b |\n|---|---|\n| 1 | 2 |', 'a\n:-', 'a\n-:', 'a\n :-: ', 'x\n\na\n---:\nb']) {
      expect(gfmConstructsFor(text).tables, text).toBe(true);
      expect(build(text, remarkPluginsFor(text)).html).toContain('<table>');
      expect(build(text, remarkPluginsFor('plain')).html).not.toContain('<table>');
    }
    // A colon and a dash apart make no table: the check lets such prose take the fast path.
    for (const text of ['a\n: -', 'Step 1: - then 2', 'a\n- :']) {
      expect(gfmConstructsFor(text).tables, text).toBe(false);
      expectSameTree(text);
    }
  });

  const real = [...messagesUnder(join(SHARED, 'data/logs')), ...messagesUnder(join(SHARED, 'peer-eval/logs'))];
  it.skipIf(real.length === 0)(
    'builds the same tree as full GFM for real messages (each with a trigger, every tenth without)',
    () => {
      const distinct = [...new Set(real)];
      // Most model prose has no URL, address or table (over 99 % of these logs' messages): the fast path is the common one.
      expect(distinct.filter(neither).length).toBeGreaterThan(distinct.length * 0.5);
      expect(
        distinct.filter((t) => gfmConstructsFor(t).tables && !gfmConstructsFor(t).autolinkLiterals).length,
      ).toBeGreaterThan(0);
      distinct.forEach((text, i) => (!neither(text) || i % 10 === 0) && expectSameTree(text));
    },
    60_000,
  );

  it("builds the same tree as full GFM for the samples' messages", () => {
    const messages = messagesUnder(SAMPLES);
    expect(messages.filter(neither).length).toBeGreaterThan(0);
    for (const text of messages) expectSameTree(text);
  });
});

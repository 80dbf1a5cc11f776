import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import ReactMarkdown from 'react-markdown';
import { remarkPluginsFor, urlTransform } from '../../../webview/conversation/markdownPipeline';
import { markInactive } from '../../../webview/conversation/markInactive';
import { highlightCode } from '../../../webview/conversation/highlightCode';
import type { InactiveSpanMessage } from '../../../src/shared/protocol/compare';

function render(text: string, spans: InactiveSpanMessage[] = [], highlight = false): string {
  return renderToStaticMarkup(
    createElement(
      ReactMarkdown,
      {
        remarkPlugins: remarkPluginsFor(text),
        rehypePlugins: [...(highlight ? [highlightCode] : []), [markInactive, { source: text, spans }]],
        urlTransform,
      },
      text,
    ),
  );
}

function span(text: string, value: string, from = 0): InactiveSpanMessage {
  const start = text.indexOf(value, from);
  return { value, start, end: start + value.length, kind: 'rejected', describe: `rejected "${value}"` };
}

describe('conversation Markdown', () => {
  it('shows raw HTML as text: no element is created from model output', () => {
    const html = render(
      '<script>alert(1)</script>\n\nsee <img src=x onerror="alert(2)"> and <b>bold</b>\n\n<div onclick="x()">hi</div>',
    );
    expect(html).not.toMatch(/<script|<img|<b>|<div/);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=');
  });

  it('drops javascript: and data: link targets, keeps https', () => {
    const html = render('[a](javascript:alert(1)) [b](data:text/html,x) [c](https://example.com/x)');
    expect(html).not.toMatch(/javascript:|data:text/);
    expect(html).toContain('href="https://example.com/x"');
  });

  it('renders Markdown (lists, code) and leaves $ prices and $$ math readable', () => {
    const html = render('- 10 trays × 6 = $60, then $120\n\n$$x_1 * y_2$$');
    expect(html).toContain('<li>');
    expect(html).toContain('$60, then $120');
    expect(html).toContain('x_1 * y_2');
  });

  it('keeps LaTeX \\( \\) and \\[ \\] math as written (Markdown would drop the backslashes), and marks spans inside it', () => {
    const text =
      'So \\(x_1 + y_1 = \\frac{3}{4}\\) and\n\n\\[ 10 \\times 6 = \\sum_{k} c_k \\]\n\nbut a \\* star stays escaped.';
    const html = render(text, [span(text, '10')]);
    expect(html).toContain('So \\(x_1 + y_1 = \\frac{3}{4}\\) and');
    expect(html).toContain('\\[ <mark');
    expect(html).toMatch(/data-inactive="10"[^>]*>10<\/mark> \\times 6 = \\sum_\{k\} c_k \\]/);
    expect(html).toContain('but a * star stays escaped.');
  });

  it('marks inactive spans inside paragraphs, emphasis and highlighted code, at the right text', () => {
    const text = 'We use **10 trays** here.\n\n```python\ntrays = 10\n```\n\nSo 10 trays.';
    const spans = [
      span(text, '10 trays'),
      span(text, '10', text.indexOf('trays =')),
      span(text, '10 trays', text.indexOf('So')),
    ];
    const html = render(text, spans, true);
    const marks = [...html.matchAll(/<mark[^>]*data-inactive="([^"]*)"[^>]*>([^<]*)<\/mark>/g)].map((m) => [
      m[1],
      m[2],
    ]);
    expect(marks).toEqual([
      ['10 trays', '10 trays'],
      ['10', '10'],
      ['10 trays', '10 trays'],
    ]);
    expect(html).toContain('class="language-python hljs"');
  });

  it('leaves text unmarked when a span does not match the rendered text', () => {
    const text = 'plain words';
    expect(render(text, [{ value: 'zzz', start: 50, end: 53, kind: 'rejected', describe: 'x' }])).not.toContain(
      '<mark',
    );
  });
});

// One message rendered as Markdown, safely: react-markdown builds React elements (never
// innerHTML); raw HTML in model output is shown as text (remarkHtmlAsText), URLs other than
// http(s)/mailto are dropped, links open through VS Code (never navigate the webview), images are
// shown as their alt text (nothing loads). `$$…$$` math stays as written (single dollars are prices in GSM8K answers); fenced code is highlighted
// once the highlighter has loaded; inactive spans are marked (markInactive).
import { memo, useContext, useEffect, useState, type ReactNode } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import type { PluggableList } from 'unified';
import { remarkPluginsFor, urlTransform } from './markdownPipeline';
import type { InactiveSpanMessage } from '../../src/shared/protocol/compare';
import { markInactive } from './markInactive';
import { LinkOpener } from './linkOpener';

type Highlighter = typeof import('./highlightCode').highlightCode;
let highlighter: Highlighter | undefined;
let loading: Promise<Highlighter> | undefined;

function useHighlighter(wanted: boolean): Highlighter | undefined {
  const [h, setH] = useState<Highlighter | undefined>(highlighter);
  useEffect(() => {
    if (!wanted || h) return;
    loading ??= import('./highlightCode').then((m) => (highlighter = m.highlightCode));
    let live = true;
    void loading.then((fn) => live && setH(() => fn));
    return () => {
      live = false;
    };
  }, [wanted, h]);
  return h;
}

const components: Components = {
  a: ({ href, children }) =>
    href ? (
      <Link href={href}>{children}</Link>
    ) : (
      <span className="il-link-dropped" title="link target removed (not http, https or mailto)">
        {children}
      </span>
    ),
  img: ({ alt }) => <span className="il-image-alt">[image{alt ? `: ${alt}` : ''}]</span>,
  // Math (remark-math) renders as code-like text: readable, never evaluated.
  code: ({ className, children }) => <code className={className}>{children as ReactNode}</code>,
  // A GFM column's alignment as a class, not a style attribute: the page's CSP drops style attributes
  // in the host's prerendered HTML, and hydration would never set them.
  th: ({ style, children }) => <th className={alignClass(style)}>{children}</th>,
  td: ({ style, children }) => <td className={alignClass(style)}>{children}</td>,
};

function alignClass(style: { textAlign?: unknown } | undefined): string | undefined {
  const align = style?.textAlign;
  return align === 'left' || align === 'center' || align === 'right' ? `il-align-${align}` : undefined;
}

function Link({ href, children }: { href: string; children: ReactNode }) {
  const open = useContext(LinkOpener);
  return (
    <a
      href={href}
      title={href}
      onClick={(e) => {
        e.preventDefault();
        open(href);
      }}
    >
      {children}
    </a>
  );
}

/** Messages parsed so far (each a render of Markdown): the page reports how many came before its first paint. */
let renders = 0;
export const markdownRenders = (): number => renders;

export const Markdown = memo(function Markdown({
  text,
  spans,
}: {
  text: string;
  spans: readonly InactiveSpanMessage[];
}) {
  renders++;
  const hasCode = text.includes('```') || text.includes('~~~');
  const highlight = useHighlighter(hasCode);
  const rehypePlugins: PluggableList = [...(highlight ? [highlight] : []), [markInactive, { source: text, spans }]];
  return (
    <div className="il-md">
      <ReactMarkdown
        remarkPlugins={remarkPluginsFor(text)}
        rehypePlugins={rehypePlugins}
        urlTransform={urlTransform}
        components={components}
        skipHtml={false}
      >
        {text}
      </ReactMarkdown>
    </div>
  );
});

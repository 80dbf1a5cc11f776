// One message rendered as Markdown, safely: react-markdown builds React elements (never
// innerHTML); raw HTML in model output is shown as text (remarkHtmlAsText), URLs other than
// http(s)/mailto are dropped, links open through VS Code (never navigate the webview), images are
// shown as their alt text (nothing loads). `$$…$$` math stays as written (single dollars are prices in GSM8K answers); fenced code is highlighted
// once the highlighter has loaded; inactive spans are marked (markInactive).
import { memo, useEffect, useState, type ReactNode } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import type { PluggableList } from 'unified';
import { remarkPlugins, urlTransform } from './markdownPipeline';
import type { InactiveSpanMessage } from '../../src/shared/protocol/compare';
import { markInactive } from './markInactive';
import { bridge } from './conversationBridge';

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
      <a
        href={href}
        title={href}
        onClick={(e) => {
          e.preventDefault();
          bridge.postCommand('openExternalDocument', { uri: href });
        }}
      >
        {children}
      </a>
    ) : (
      <span className="il-link-dropped" title="link target removed (not http, https or mailto)">
        {children}
      </span>
    ),
  img: ({ alt }) => <span className="il-image-alt">[image{alt ? `: ${alt}` : ''}]</span>,
  // Math (remark-math) renders as code-like text: readable, never evaluated.
  code: ({ className, children }) => <code className={className}>{children as ReactNode}</code>,
};

export const Markdown = memo(function Markdown({ text, spans }: { text: string; spans: readonly InactiveSpanMessage[] }) {
  const hasCode = text.includes('```') || text.includes('~~~');
  const highlight = useHighlighter(hasCode);
  const rehypePlugins: PluggableList = [...(highlight ? [highlight] : []), [markInactive, { source: text, spans }]];
  return (
    <div className="il-md">
      <ReactMarkdown remarkPlugins={remarkPlugins} rehypePlugins={rehypePlugins} urlTransform={urlTransform} components={components} skipHtml={false}>
        {text}
      </ReactMarkdown>
    </div>
  );
});

// The tree every view renders under its root: the view's content inside its error boundary, which
// reports through the view's bridge to the Intent Lens output channel. The host's prerender of a
// page's first content (`<view>/prerender.tsx`) renders the same tree, so the page can hydrate it:
// no react-dom/client here.
import { useEffect, type ReactNode } from 'react';
import { ErrorBoundary } from './ErrorBoundary';

/**
 * `<body data-hydration>`: `hydrating` until the hydrated tree has committed, then `hydrated`, or
 * `recovered` when React found the prerendered DOM different and rendered afresh (reported to the
 * output); end-to-end tests read it.
 */
function HydrationCommitted({ children }: { children: ReactNode }) {
  useEffect(() => {
    if (document.body.dataset.hydration === 'hydrating') document.body.dataset.hydration = 'hydrated';
  }, []);
  return children;
}

/** The tree the page renders, and the host's prerender renders for its first content (the same DOM). */
export function viewTree(view: string, report: (message: string) => void, content: ReactNode, mount = 0): ReactNode {
  return (
    <HydrationCommitted>
      <ErrorBoundary key={mount} view={view} report={report}>
        {content}
      </ErrorBoundary>
    </HydrationCommitted>
  );
}

// A view's React root (`#root`) inside its error boundary, which reports through the view's bridge
// to the Intent Lens output channel: every view mounts the same way. Where the host prerendered the
// page's first content into `#root` (`data-prerendered`, webviews/prerender.ts on the host), the
// first render hydrates it: the page shows that content before its script has run.
import type { ReactNode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import type { ViewDefinition } from '../../src/shared/protocol';
import type { ViewBridge } from './bridge';
import { viewTree } from './viewTree';
import { commandMounts } from './renderTiming';

/**
 * Returns `render`: each call replaces what the view shows. A new `mount` key mounts the content
 * afresh (a reused view given another command's content starts from a clean state).
 */
export function viewRoot<D extends ViewDefinition>(
  bridge: ViewBridge<D>,
): (content: ReactNode, mount?: number) => void {
  const container = document.getElementById('root')!;
  const report = (m: string) => bridge.log('error', m);
  let root: Root | undefined = container.dataset.prerendered === undefined ? createRoot(container) : undefined;
  return (content, mount = 0) => {
    if (root) {
      root.render(viewTree(bridge.view, report, content, mount));
      return;
    }
    document.body.dataset.hydration = 'hydrating';
    root = hydrateRoot(container, viewTree(bridge.view, report, content, mount), {
      onRecoverableError: (error) => {
        document.body.dataset.hydration = 'recovered';
        bridge.log(
          'warn',
          `the ${bridge.view} view's prerendered content did not match its first render; rendered afresh: ${error instanceof Error ? error.message : String(error)}`,
        );
      },
    });
  };
}

/**
 * The root of a view that can be reused for another command (compare, conversation): content for
 * another command mounts afresh and its render times start over (`commandMounts`).
 */
export function reusableViewRoot<D extends ViewDefinition>(
  bridge: ViewBridge<D>,
): (content: ReactNode, commandAt: number | undefined) => void {
  const show = viewRoot(bridge);
  const mountFor = commandMounts();
  return (content, commandAt) => show(content, mountFor(commandAt));
}

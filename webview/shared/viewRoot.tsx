// A view's React root (`#root`) inside its error boundary, which reports through the view's bridge
// to the Intent Lens output channel: every view mounts the same way.
import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import type { ViewDefinition } from '../../src/shared/protocol';
import type { ViewBridge } from './bridge';
import { ErrorBoundary } from './ErrorBoundary';
import { commandMounts } from './renderTiming';

/**
 * Returns `render`: each call replaces what the view shows. A new `mount` key mounts the content
 * afresh (a reused view given another command's content starts from a clean state).
 */
export function viewRoot<D extends ViewDefinition>(bridge: ViewBridge<D>): (content: ReactNode, mount?: number) => void {
  const root = createRoot(document.getElementById('root')!);
  return (content, mount = 0) =>
    root.render(
      <ErrorBoundary key={mount} view={bridge.view} report={(m) => bridge.log('error', m)}>
        {content}
      </ErrorBoundary>,
    );
}

/**
 * The root of a view that can be reused for another command (compare, conversation): content for
 * another command mounts afresh and its render times start over (`commandMounts`).
 */
export function reusableViewRoot<D extends ViewDefinition>(bridge: ViewBridge<D>): (content: ReactNode, commandAt: number | undefined) => void {
  const show = viewRoot(bridge);
  const mountFor = commandMounts();
  return (content, commandAt) => show(content, mountFor(commandAt));
}

// The compare page's first content as HTML, rendered on the extension host (dist/prerender/compare.js,
// loaded by src/extension/webviews/prerender.ts) and hydrated by the page (shared/viewRoot.tsx): the
// same tree as main.tsx renders for a fresh page (no webview state yet, so the shared prefix is
// folded), with handlers that cannot run here. Monaco's diff editor mounts in the page only.
import type { CompareState } from '../../src/shared/protocol/compare';
import { nothing, prerenderTree } from '../shared/prerenderTree';
import { CompareApp } from './CompareApp';

export function prerender(state: CompareState): string {
  return prerenderTree(
    'compare',
    <CompareApp
      state={state}
      initialPrefixOpen={false}
      onPrefixToggled={nothing}
      onCommand={nothing}
      onReload={async () => undefined}
      subscribeNavigate={() => nothing}
      onRendered={nothing}
      onEditorDiff={nothing}
    />,
  );
}

// The conversation page's first content as HTML, rendered on the extension host (its own bundle,
// dist/prerender/conversation.js, loaded on first use by src/extension/webviews/prerender.ts) and
// put into the page's `#root`: the page shows the header and the first turns as soon as VS Code
// shows its frame, and its script hydrates that DOM (shared/viewRoot.tsx) instead of building it.
// Same tree as main.tsx renders, with handlers that cannot run here.
import type { ConversationState } from '../../src/shared/protocol/conversation';
import { nothing, prerenderTree } from '../shared/prerenderTree';
import { ConversationApp } from './ConversationApp';

export function prerender(state: ConversationState): string {
  return prerenderTree(
    'conversation',
    <ConversationApp
      state={state}
      onCommand={nothing}
      subscribeNavigate={() => nothing}
      subscribeScroll={() => nothing}
      onRendered={nothing}
    />,
  );
}

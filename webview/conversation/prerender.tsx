// The conversation page's first content as HTML, rendered on the extension host (its own bundle,
// dist/prerender/conversation.js, loaded on first use by src/extension/webviews/prerender.ts) and
// put into the page's `#root`: the page shows the header and the first turns as soon as VS Code has
// written it, and its script hydrates that DOM (shared/viewRoot.tsx) instead of building it. Same tree
// as main.tsx renders, with handlers that cannot run here; React escapes every text and attribute.
import { renderToString } from 'react-dom/server';
import type { ConversationState } from '../../src/shared/protocol/conversation';
import { viewTree } from '../shared/viewTree';
import { ConversationApp } from './ConversationApp';

const nothing = () => undefined;
const never = () => nothing;

export function prerender(state: ConversationState): string {
  return renderToString(
    viewTree(
      'conversation',
      nothing,
      <ConversationApp state={state} onCommand={nothing} subscribeNavigate={never} subscribeScroll={never} onRendered={nothing} />,
    ),
  );
}

// A view's first content as HTML, for the host's prerender bundles (`<view>/prerender.tsx`): the
// tree the page's root renders (viewTree), through React's server renderer. React escapes every
// text and attribute; nothing reports from here (no page to report to).
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { viewTree } from './viewTree';

export const nothing = () => undefined;

export function prerenderTree(view: string, content: ReactNode): string {
  return renderToString(viewTree(view, nothing, content));
}

// The Markdown pipeline of the conversation view, apart from React and the webview bridge (so it
// is unit-tested in Node): GFM, `$$…$$` and `\(…\)` / `\[…\]` math kept as written, raw HTML turned into literal text,
// and only http(s)/mailto URLs kept.
import { defaultUrlTransform } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import type { Root as MdRoot, RootContent as MdContent } from 'mdast';
import type { PluggableList } from 'unified';
import { gfmConstructsFor, remarkGfmLean } from './remarkGfmLean';

/** Raw HTML (block or inline) becomes literal text: the reader sees what the model wrote. */
export function remarkHtmlAsText() {
  const visit = (node: MdRoot | MdContent): void => {
    if ('children' in node) {
      node.children = node.children.map((c) =>
        c.type === 'html' ? { type: 'text', value: c.value, ...(c.position ? { position: c.position } : {}) } : c,
      ) as typeof node.children;
      for (const c of node.children) visit(c);
    }
  };
  return (tree: MdRoot) => visit(tree);
}

/** A backslash before ASCII punctuation: Markdown drops the backslash (`\(` renders as `(`). */
const ESCAPE = /\\([!-/:-@[-`{-~])/g;
const MATH_DELIMITER = /\\[()[\]]/;

/**
 * LaTeX's `\( … \)` and `\[ … \]` math, which models write often, keeps its backslashes: a text
 * node whose source holds such a delimiter shows its source as written (Markdown would read them
 * as escaped brackets). Only when the node is exactly its source with the escapes resolved.
 */
export function remarkKeepMathDelimiters() {
  const visit = (node: MdRoot | MdContent, source: string): void => {
    if (node.type === 'text') {
      const start = node.position?.start.offset;
      const end = node.position?.end.offset;
      if (start === undefined || end === undefined) return;
      const raw = source.slice(start, end);
      if (MATH_DELIMITER.test(raw) && raw.replace(ESCAPE, '$1') === node.value) node.value = raw;
      return;
    }
    if ('children' in node) for (const c of node.children) visit(c, source);
  };
  return (tree: MdRoot, file: { value: unknown }) => visit(tree, String(file.value));
}

const SAFE_URL = /^(https?:|mailto:)/i;

/** Keeps http(s) and mailto links; anything else (javascript:, data:, vscode:, relative) is dropped. */
export function urlTransform(url: string): string {
  const safe = defaultUrlTransform(url);
  return SAFE_URL.test(safe) ? safe : '';
}

// Single dollars are prices in GSM8K answers, not math.
const afterGfm: PluggableList = [
  [remarkMath, { singleDollarTextMath: false }],
  remarkHtmlAsText,
  remarkKeepMathDelimiters,
];
/** The reference: all of GFM (remark-gfm). A message holding every optional construct's trigger gets it. */
export const fullRemarkPlugins: PluggableList = [remarkGfm, ...afterGfm];
const leanLists = new Map<string, PluggableList>();

/** The remark plugins for one message: GFM less the constructs the text cannot hold (the same tree, less work). */
export function remarkPluginsFor(text: string): PluggableList {
  const constructs = gfmConstructsFor(text);
  if (constructs.autolinkLiterals && constructs.tables) return fullRemarkPlugins;
  const key = `${constructs.autolinkLiterals}/${constructs.tables}`;
  let list = leanLists.get(key);
  if (!list) leanLists.set(key, (list = [[remarkGfmLean, constructs], ...afterGfm]));
  return list;
}

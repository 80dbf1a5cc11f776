// Fenced-code highlighting for the conversation view: lowlight (highlight.js) core with the few
// languages benchmark answers use, as a rehype plugin. Loaded lazily (the transcript paints first,
// plain; code gains colour when this module is evaluated).
import { createLowlight } from 'lowlight';
import python from 'highlight.js/lib/languages/python';
import sql from 'highlight.js/lib/languages/sql';
import javascript from 'highlight.js/lib/languages/javascript';
import typescript from 'highlight.js/lib/languages/typescript';
import json from 'highlight.js/lib/languages/json';
import bash from 'highlight.js/lib/languages/bash';
import latex from 'highlight.js/lib/languages/latex';
import type { Element, ElementContent, Root } from 'hast';

const lowlight = createLowlight({ python, sql, javascript, typescript, json, bash, latex });
lowlight.registerAlias({
  python: ['py'],
  javascript: ['js'],
  typescript: ['ts'],
  bash: ['sh', 'shell'],
  latex: ['tex'],
});

function languageOf(code: Element): string | undefined {
  const classes = code.properties.className;
  const list = Array.isArray(classes) ? classes.map(String) : [];
  const lang = list.find((c) => c.startsWith('language-'))?.slice('language-'.length);
  return lang && lowlight.registered(lang) ? lang : undefined;
}

function textOf(node: Element): string {
  return node.children.map((c) => (c.type === 'text' ? c.value : c.type === 'element' ? textOf(c) : '')).join('');
}

function visit(node: Root | Element, parentTag: string | undefined): void {
  for (const child of node.children) {
    if (child.type !== 'element') continue;
    if (child.tagName === 'code' && parentTag === 'pre') {
      const lang = languageOf(child);
      if (!lang) continue;
      const tree = lowlight.highlight(lang, textOf(child));
      child.children = tree.children as ElementContent[];
      child.properties.className = [
        ...(Array.isArray(child.properties.className) ? child.properties.className.map(String) : []),
        'hljs',
      ];
      continue;
    }
    visit(child, child.tagName);
  }
}

/** rehype plugin: highlights `pre > code.language-x` for the registered languages. */
export function highlightCode() {
  return (tree: Root): void => visit(tree, undefined);
}

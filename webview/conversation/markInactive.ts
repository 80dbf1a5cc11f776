// A rehype plugin that wraps the inactive spans of a message (character offsets into its Markdown
// source) in <mark data-inactive> elements, after Markdown rendering and code highlighting. Each
// rendered text node is located in the source (by its position when it maps verbatim, else by
// searching forward from the previous one), so spans land inside paragraphs, lists and code alike;
// a text node that cannot be located (escapes, entities) is left unmarked rather than marked wrongly.
import type { Element, ElementContent, Root, RootContent, Text } from 'hast';
import type { InactiveSpanMessage } from '../../src/shared/protocol/compare';

interface Cursor {
  at: number;
}

function locate(source: string, node: Text, cursor: Cursor): number | undefined {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  if (start !== undefined && end !== undefined && source.slice(start, end) === node.value) return start;
  if (!node.value) return undefined;
  const found = source.indexOf(node.value, cursor.at);
  return found >= 0 ? found : undefined;
}

function markText(node: Text, at: number, spans: readonly InactiveSpanMessage[]): ElementContent[] {
  const end = at + node.value.length;
  const inside = spans.filter((s) => s.start < end && s.end > at).sort((a, b) => a.start - b.start);
  if (!inside.length) return [node];
  const out: ElementContent[] = [];
  let pos = 0;
  for (const s of inside) {
    const from = Math.max(pos, s.start - at);
    const to = Math.min(node.value.length, s.end - at);
    if (to <= from) continue;
    if (from > pos) out.push({ type: 'text', value: node.value.slice(pos, from) });
    out.push({
      type: 'element',
      tagName: 'mark',
      properties: {
        className: ['il-inactive', `il-inactive-${s.kind}`],
        dataInactive: s.value,
        dataKind: s.kind,
        title: s.describe,
        tabIndex: -1,
      },
      children: [{ type: 'text', value: node.value.slice(from, to) }],
    });
    pos = to;
  }
  if (pos < node.value.length) out.push({ type: 'text', value: node.value.slice(pos) });
  return out;
}

function walk(parent: Root | Element, source: string, spans: readonly InactiveSpanMessage[], cursor: Cursor): void {
  const next: Array<RootContent | ElementContent> = [];
  for (const child of parent.children) {
    if (child.type === 'text') {
      const at = locate(source, child, cursor);
      if (at === undefined) {
        next.push(child);
        continue;
      }
      cursor.at = at + child.value.length;
      next.push(...markText(child, at, spans));
    } else {
      if (child.type === 'element') walk(child, source, spans, cursor);
      next.push(child);
    }
  }
  parent.children = next as typeof parent.children;
}

/** The plugin: `[markInactive, {source, spans}]` in react-markdown's `rehypePlugins`. */
export function markInactive(options: { source: string; spans: readonly InactiveSpanMessage[] }) {
  return (tree: Root): void => {
    if (!options.spans.length) return;
    walk(tree, options.source, options.spans, { at: 0 });
  };
}

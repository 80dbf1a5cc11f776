// The leak in words: when the final answer holds inactive content (the spans the views mark), one
// sentence that says what it gives and where that came from, e.g. "the final answer gives 120, the
// reference of the rejected change to 10 trays, proposed at U3", and the user turn to link to.
// The spans are the detector's (`core/compare/inactiveSpans.ts`); the inactive items are the intent
// timeline's at the final answer, which say when each value was said.
import type { InactiveItem } from '../state/intentTimeline';

/** A marked span of the final answer, as the views carry it. */
export interface LeakSpan {
  value: string;
  start: number;
  end: number;
  kind: 'rejected' | 'superseded';
  describe: string;
}

export interface LeakStatement {
  /** e.g. `the final answer gives 120, the reference of the rejected change to 10 trays, proposed at U3`. */
  sentence: string;
  /** 0-based user turn where the leaked content was said (the link's target), when known. */
  turn?: number;
  /** Each distinct inactive value the final answer holds, as the answer writes it. */
  shown: string[];
}

const turnLabel = (turn: number) => `U${turn + 1}`;

/** The timeline item a span shows: same value, and the span's hover starts with the item's. */
function itemOf(span: LeakSpan, items: readonly InactiveItem[]): InactiveItem | undefined {
  return (
    items.find((i) => i.value === span.value && span.describe.startsWith(i.describe)) ??
    items.find((i) => i.value === span.value && i.kind === span.kind)
  );
}

/** The change a reference belongs to: the first rejected proposal, or the superseded original value. */
function changeOf(ref: InactiveItem, items: readonly InactiveItem[]): InactiveItem | undefined {
  const said = items.filter(
    (i) => !i.isReference && i.kind === ref.kind && i.requirement === ref.requirement && i.saidAt !== undefined,
  );
  return said.sort((a, b) => a.saidAt! - b.saidAt!)[0];
}

function describeReference(
  shown: string,
  ref: InactiveItem,
  items: readonly InactiveItem[],
): { sentence: string; turn?: number } {
  const change = changeOf(ref, items);
  if (ref.kind === 'rejected') {
    const what = change
      ? `the reference of the rejected change to ${change.value}`
      : 'the reference of the rejected change';
    return change?.saidAt !== undefined
      ? {
          sentence: `the final answer gives ${shown}, ${what}, proposed at ${turnLabel(change.saidAt)}`,
          turn: change.saidAt,
        }
      : { sentence: `the final answer gives ${shown}, ${what}` };
  }
  const what = change
    ? `the reference of the original task (${change.value}), which a later change superseded`
    : 'the reference of the superseded original task';
  return change?.saidAt !== undefined
    ? {
        sentence: `the final answer gives ${shown}, ${what}; ${change.value} was stated at ${turnLabel(change.saidAt)}`,
        turn: change.saidAt,
      }
    : { sentence: `the final answer gives ${shown}, ${what}` };
}

function describeValue(shown: string, item: InactiveItem): { sentence: string; turn?: number } {
  let what: string;
  if (item.isFunction) what = `the function ${item.value}, which a later turn superseded`;
  else if (item.kind === 'rejected') what = `the rejected change to ${item.value}`;
  else what = `the ${item.requirement} ${item.value}, which a later change superseded`;
  const said = item.kind === 'rejected' ? 'proposed' : 'stated';
  const base = shown === item.value ? `the final answer uses ${what}` : `the final answer uses ${shown}, from ${what}`;
  return item.saidAt !== undefined
    ? { sentence: `${base}, ${said} at ${turnLabel(item.saidAt)}`, turn: item.saidAt }
    : { sentence: base };
}

/**
 * The sentence for a final answer's inactive spans, or undefined when it holds none. A reference of
 * the inactive task is what a score compares, so it is named first; other values follow as "also".
 */
export function describeLeak(
  finalText: string,
  spans: readonly LeakSpan[],
  items: readonly InactiveItem[],
): LeakStatement | undefined {
  const found = spans
    .filter((s) => s.end > s.start && s.end <= finalText.length)
    .map((s) => ({ span: s, item: itemOf(s, items), shown: finalText.slice(s.start, s.end) }))
    .filter((f): f is typeof f & { item: InactiveItem } => f.item !== undefined);
  if (!found.length) return undefined;
  // The last reference in the text is the answer's conclusion; else the last value it uses.
  const refs = found.filter((f) => f.item.isReference);
  const lead = refs[refs.length - 1] ?? found[found.length - 1]!;
  const main = lead.item.isReference
    ? describeReference(lead.shown, lead.item, items)
    : describeValue(lead.shown, lead.item);
  const others = [...new Set(found.filter((f) => f.item !== lead.item).map((f) => f.item.value))];
  const also = others.length ? `; it also uses ${others.join(', ')}` : '';
  const shown = [...new Set(found.map((f) => f.shown))];
  return { sentence: `${main.sentence}${also}.`, ...(main.turn !== undefined ? { turn: main.turn } : {}), shown };
}

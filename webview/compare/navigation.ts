// Keyboard navigation over the rendered compare view: differences (rows marked `data-diff-stop`,
// in document order) and inactive spans (`[data-inactive]`). The current stop is remembered by
// element, so a re-render that keeps the element keeps the position.

export type StopKind = 'difference' | 'inactive';

const SELECTOR: Record<StopKind, string> = {
  difference: '[data-diff-stop]',
  inactive: '[data-inactive]',
};

const current = new Map<StopKind, Element>();

/** Moves to the next (+1) or previous (-1) stop, wrapping; returns the element and its position. */
export function moveTo(
  kind: StopKind,
  direction: 1 | -1,
  root: ParentNode = document,
): { element: HTMLElement; index: number; total: number } | undefined {
  const stops = [...root.querySelectorAll<HTMLElement>(SELECTOR[kind])];
  if (!stops.length) return undefined;
  const prev = current.get(kind);
  const at = prev ? stops.indexOf(prev as HTMLElement) : -1;
  const index = at < 0 ? (direction === 1 ? 0 : stops.length - 1) : (at + direction + stops.length) % stops.length;
  const element = stops[index]!;
  prev?.classList.remove(`il-current-${kind}`);
  element.classList.add(`il-current-${kind}`);
  current.set(kind, element);
  element.scrollIntoView({ block: 'center', behavior: 'auto' });
  element.focus({ preventScroll: true });
  return { element, index, total: stops.length };
}

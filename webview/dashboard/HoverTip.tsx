// One tooltip for a table's cells, shown on hover and on keyboard focus (a native title attribute is
// neither styled nor reachable by keyboard). Fixed-positioned so a scrolling table does not clip it.
import { useState, type FocusEvent, type MouseEvent } from 'react';

export interface TipState {
  lines: string[];
  left: number;
  top: number;
}

export function useHoverTip() {
  const [tip, setTip] = useState<TipState>();
  const show = (lines: string[]) => (e: MouseEvent<HTMLElement> | FocusEvent<HTMLElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    const below = r.bottom + 120 < window.innerHeight;
    setTip({
      lines,
      left: Math.max(4, Math.min(r.left, window.innerWidth - 340)),
      top: below ? r.bottom + 4 : Math.max(4, r.top - 4 - 18 * lines.length),
    });
  };
  const hide = () => setTip(undefined);
  /** Props for a cell that shows `lines` on hover or focus. */
  const tipProps = (lines: string[]) => ({
    onMouseEnter: show(lines),
    onMouseLeave: hide,
    onFocus: show(lines),
    onBlur: hide,
  });
  const view = tip ? (
    <div className="il-tip" role="tooltip" data-testid="cell-tip" style={{ left: tip.left, top: tip.top }}>
      {tip.lines.map((l, i) => (
        <div key={i}>{l}</div>
      ))}
    </div>
  ) : null;
  return { tipProps, view };
}

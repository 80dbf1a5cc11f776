// The Samples table's selection: click, Ctrl/Cmd click and Shift click, the keyboard cursor, and
// what a new row set or a filter drops from it. Rows are row numbers of the state's table.
import { useEffect, useMemo, useRef, useState } from 'react';

export function useRowSelection(order: Uint32Array, visible: Uint32Array, version: number) {
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [cursor, setCursor] = useState(0);
  const anchor = useRef<number | undefined>(undefined);

  // A new row set (the data or the verdicts changed): a row number may name another conversation
  // now, so nothing stays selected (a command would otherwise act on rows the user did not pick).
  useEffect(() => {
    setSelected((s) => (s.size ? new Set() : s));
    anchor.current = undefined;
  }, [version]);
  // Rows filtered away are no longer selected.
  useEffect(() => {
    setSelected((s) => {
      if (!s.size) return s;
      const shown = new Set(visible);
      return new Set([...s].filter((i) => shown.has(i)));
    });
  }, [visible]);

  const clickRow = (pos: number, e: React.MouseEvent) => {
    const row = order[pos]!;
    setCursor(pos);
    if (e.shiftKey && anchor.current !== undefined) {
      const [a, b] = [Math.min(anchor.current, pos), Math.max(anchor.current, pos)];
      setSelected(new Set(order.slice(a, b + 1)));
      return;
    }
    anchor.current = pos;
    if (e.ctrlKey || e.metaKey) {
      setSelected((s) => {
        const n = new Set(s);
        if (n.has(row)) n.delete(row);
        else n.add(row);
        return n;
      });
    } else setSelected(new Set([row]));
  };

  /** The cursor to grid position `pos` (clamped), selecting that row alone; the clamped position. */
  const moveCursor = (pos: number) => {
    const to = Math.max(0, Math.min(order.length - 1, pos));
    setCursor(to);
    anchor.current = to;
    if (order[to] !== undefined) setSelected(new Set([order[to]!]));
    return to;
  };

  // Commands name rows (in the grid's order); the host maps them to conversations.
  const selectedRows = useMemo(
    () => (selected.size ? Array.from(order.filter((i) => selected.has(i))) : []),
    [order, selected],
  );
  return { selected, cursor, clickRow, moveCursor, selectedRows };
}

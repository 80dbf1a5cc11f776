// The transcript's rows once the virtualiser positions them: only those on screen (and a few beyond)
// are mounted, each measured as it renders.
import type { ReactNode } from 'react';
import type { Virtualizer } from '@tanstack/react-virtual';
import type { Row } from './useConversationRows';

interface PositionedRowsProps {
  virtualizer: Virtualizer<HTMLDivElement, Element>;
  rows: readonly Row[];
  rowContent: (row: Row) => ReactNode;
}

export function PositionedRows({ virtualizer, rows, rowContent }: PositionedRowsProps) {
  return (
    <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
      {virtualizer.getVirtualItems().map((item) => (
        <div
          key={item.key}
          data-index={item.index}
          ref={virtualizer.measureElement}
          className="il-row"
          style={{
            position: 'absolute',
            top: 0,
            left: 0,
            width: '100%',
            transform: `translateY(${item.start}px)`,
          }}
        >
          {rowContent(rows[item.index]!)}
        </div>
      ))}
    </div>
  );
}

// A table's header row from its column titles (the dashboard's tables name their columns once).
import type { ReactNode } from 'react';

export function TableHead({ columns }: { columns: readonly ReactNode[] }) {
  return (
    <thead>
      <tr>
        {columns.map((c, i) => (
          <th key={i}>{c}</th>
        ))}
      </tr>
    </thead>
  );
}

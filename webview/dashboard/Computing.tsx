// The placeholder of a part the host is still computing (intervals and tests, Fig. 4's reads): it is
// replaced by the part when the host pushes it. `data-testid="computing-<part>"` is for tests.
import { createElement } from 'react';
import '@vscode-elements/elements/dist/vscode-progress-ring/index.js';
import type { DashboardReport } from '../../src/shared/protocol/dashboard';

export type DashboardPart = NonNullable<DashboardReport['pending']>[number];

/** Whether the report still lacks `part`. */
export const isPending = (report: DashboardReport, part: DashboardPart): boolean =>
  report.pending?.includes(part) ?? false;

export function Computing(props: { part: DashboardPart; what: string }) {
  return (
    <p className="il-note il-computing" role="status" data-testid={`computing-${props.part}`}>
      {createElement('vscode-progress-ring', { className: 'il-busy', 'aria-hidden': 'true' })} {props.what}: computing…
    </p>
  );
}

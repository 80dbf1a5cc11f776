// The paper's derived gaps (Section 4.1): overall and per model, each with its exact McNemar p on
// paired sources (✱: survives Holm over all gaps). A gap's number opens the conversations of both
// columns; "2×2" opens the paired table it rests on.
import { useState } from 'react';
import type { DashboardReport } from '../../src/shared/protocol/dashboard';
import { PairedTable } from './PairedTable';
import { Computing, isPending } from './Computing';
import { GapCell, colName } from './GapCell';

export function Gaps({ report }: { report: DashboardReport }) {
  const [open, setOpen] = useState<string>();
  const ids = [...new Set(report.gaps.map((g) => g.id))];
  const scopes = ['overall', ...report.models];
  const byKey = new Map(report.gaps.map((g) => [`${g.id}|${g.scope}`, g]));
  const tests = new Map(report.pairedGaps.map((t) => [`${t.id}|${t.model}`, t]));
  const family = `${report.pairedGaps.filter((t) => t.p_mcnemar !== null).length} gap tests`;
  const openTest = open ? tests.get(open) : undefined;
  return (
    <>
      <table className="il-gaps" data-testid="gaps">
        <thead>
          <tr>
            <th>Gap: change in pp (from → to)</th>
            {scopes.map((s) => (
              <th key={s} className="il-model-head">
                {s === 'overall' ? 'Overall' : s}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {ids.map((id) => {
            const first = byKey.get(`${id}|overall`)!;
            return (
              <tr key={id}>
                <th scope="row" title={`${colName(first.from)} → ${colName(first.to)}`}>
                  {first.label}
                </th>
                {scopes.map((scope) => (
                  <GapCell
                    key={scope}
                    id={id}
                    scope={scope}
                    first={first}
                    g={byKey.get(`${id}|${scope}`)}
                    t={tests.get(`${id}|${scope}`)}
                    open={open}
                    setOpen={setOpen}
                  />
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
      {isPending(report, 'inference') ? <Computing part="inference" what="Paired tests (p)" /> : null}
      <p className="il-legend">
        p: exact McNemar test on the sources scored in both columns (a source counts as correct when most of its scored
        runs are); ✱ survives Holm's correction over {family} at 0.05.
      </p>
      {openTest ? (
        <PairedTable
          title={`${openTest.label} · ${openTest.model}`}
          from={colName(openTest.from)}
          to={colName(openTest.to)}
          test={openTest}
          family={family}
          onClose={() => setOpen(undefined)}
        />
      ) : null}
    </>
  );
}

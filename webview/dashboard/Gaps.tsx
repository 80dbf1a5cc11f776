// The paper's derived gaps (Section 4.1): overall and per model, each with its exact McNemar p on
// paired sources (✱: survives Holm over all gaps). A gap's number opens the conversations of both
// columns; "2×2" opens the paired table it rests on.
import { useState } from 'react';
import type { DashboardReport } from '../../src/shared/protocol/dashboard';
import { CONDITION_LABEL, pText, signed } from './format';
import { Num } from './Clickable';
import { PairedTable } from './PairedTable';
import { Computing, isPending } from './Computing';

type Gap = DashboardReport['gaps'][number];
const colName = (c: Gap['from']) => `${c.mode === 'single' ? 'Single' : 'Multi'} ${CONDITION_LABEL[c.condition]}`;

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
                {scopes.map((scope) => {
                  const g = byKey.get(`${id}|${scope}`);
                  const t = tests.get(`${id}|${scope}`);
                  if (!g || g.drop === null)
                    return (
                      <td
                        key={scope}
                        className="il-missing"
                        title={`${scope === 'overall' ? 'No model has' : `${scope} has no`} scored runs in both ${colName(first.from)} and ${colName(first.to)}`}
                      >
                        not run
                      </td>
                    );
                  const model = scope === 'overall' ? {} : { model: scope };
                  const selector = {
                    anyOf: [
                      { ...model, mode: g.from.mode, condition: g.from.condition, basePathOnly: true },
                      { ...model, mode: g.to.mode, condition: g.to.condition, basePathOnly: true },
                    ],
                  };
                  return (
                    <td
                      key={scope}
                      data-gap={`${id}|${scope}`}
                      data-drop={g.drop.toFixed(2)}
                      data-p={t?.p_mcnemar ?? ''}
                      className={g.drop > 0 ? 'il-drop' : 'il-rise'}
                    >
                      <Num selector={selector} title={`${g.label} · ${scope}`}>
                        {signed(-g.drop)}
                      </Num>
                      {t && t.n > 0 ? (
                        <span className="il-p">
                          p={pText(t.p_mcnemar)}
                          {t.holm_significant ? <span title="survives Holm's correction"> ✱</span> : null}{' '}
                          <button
                            type="button"
                            className="il-link"
                            data-testid="open-paired"
                            aria-expanded={open === `${id}|${scope}`}
                            onClick={() => setOpen(open === `${id}|${scope}` ? undefined : `${id}|${scope}`)}
                            title="Show the paired 2×2 table"
                          >
                            2×2
                          </button>
                        </span>
                      ) : null}
                    </td>
                  );
                })}
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

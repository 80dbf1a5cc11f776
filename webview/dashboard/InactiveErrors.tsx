// Fig. 4 / Appendix E.2: among Original-correct sources that turn wrong in Retained or Revised,
// the share whose final answer contains inactive content. Bars pool all models per domain (the
// figure's bars) with an "All domains" header group; the table below breaks them down per model.
// Every bar and number opens its conversations.
import type { DashboardReport, DashboardSelector } from '../../src/shared/protocol/dashboard';
import { CONDITION_LABEL, domainLabel, pct } from './format';
import { Num, showConversations } from './Clickable';
import { TableHead } from './TableHead';
import { PlotFigure, themeColor } from './PlotFigure';

type Row = DashboardReport['inactive'][number];

const newErrorsSelector = (r: Row, withInactiveOnly: boolean): DashboardSelector => ({
  inactive: { model: r.model, domain: r.domain, condition: r.condition, withInactiveOnly },
});
const rowTitle = (r: Row) =>
  `${r.model === '*' ? 'all models' : r.model} · ${domainLabel(r.domain)} · new ${CONDITION_LABEL[r.condition]} errors`;

export function InactiveErrors({ report }: { report: DashboardReport }) {
  const pooled = report.inactive.filter((r) => r.model === '*');
  const perModel = report.inactive.filter((r) => r.model !== '*');
  const detected = report.detector !== 'none';
  const bars = pooled
    .filter((r) => r.share !== null)
    .map((r) => ({ ...r, domainName: domainLabel(r.domain), conditionName: CONDITION_LABEL[r.condition]! }));
  const domainOrder = [...new Set(pooled.map((r) => domainLabel(r.domain)))];
  return (
    <div>
      {!detected ? (
        <p className="il-note">
          No inactive-content detector is available yet: new errors are counted, the share is not computed.
        </p>
      ) : null}
      {detected && bars.length ? (
        <PlotFigure<(typeof bars)[number]>
          label="Inactive content in new errors, by domain"
          deps={[report]}
          onPick={(d) => showConversations(newErrorsSelector(d, true), `${rowTitle(d)} with inactive content`)}
          make={(Plot) =>
            Plot.plot({
              height: 220,
              marginBottom: 36,
              style: {
                background: 'transparent',
                color: themeColor('--vscode-foreground', 'currentColor'),
                fontSize: '11px',
              },
              fx: { label: null, domain: domainOrder },
              x: { axis: null, domain: ['Retained', 'Revised'] },
              y: { label: 'inactive content in new errors (%)', domain: [0, 100], grid: true },
              color: {
                domain: ['Retained', 'Revised'],
                range: [themeColor('--vscode-charts-red', '#f14c4c'), themeColor('--vscode-charts-blue', '#3794ff')],
                legend: true,
              },
              marks: [
                Plot.barY(bars, { fx: 'domainName', x: 'conditionName', y: 'share', fill: 'conditionName' }),
                Plot.text(bars, {
                  fx: 'domainName',
                  x: 'conditionName',
                  y: 'share',
                  text: (d: Row) => `${pct(d.share)}`,
                  dy: -6,
                }),
                Plot.tip(
                  bars,
                  Plot.pointerX({
                    fx: 'domainName',
                    x: 'conditionName',
                    y: 'share',
                    title: (d: Row) =>
                      `${rowTitle(d)}\n${d.with_inactive} of ${d.new_errors - d.undetermined} judged contain inactive content (${pct(d.share)} %)\nclick to list them`,
                  }),
                ),
              ],
            })
          }
        />
      ) : null}
      <table className="il-inactive" data-testid="inactive-table">
        <TableHead
          columns={['Model', 'Domain', 'Condition', 'New errors', 'With inactive content', 'Share %', 'Undetermined']}
        />
        <tbody>
          {[...perModel, ...pooled].map((r) => (
            <tr
              key={`${r.model}|${r.domain}|${r.condition}`}
              className={r.model === '*' ? 'il-pooled' : undefined}
              data-inactive={`${r.model}|${r.domain}|${r.condition}`}
            >
              <td>{r.model === '*' ? 'All models' : r.model}</td>
              <td>{domainLabel(r.domain)}</td>
              <td>{CONDITION_LABEL[r.condition]}</td>
              <td>
                <Num selector={newErrorsSelector(r, false)} title={rowTitle(r)}>
                  {r.new_errors}
                </Num>
              </td>
              <td>
                {r.with_inactive === null ? (
                  '–'
                ) : (
                  <Num selector={newErrorsSelector(r, true)} title={`${rowTitle(r)} with inactive content`}>
                    {r.with_inactive}
                  </Num>
                )}
              </td>
              <td>{pct(r.share)}</td>
              <td>{detected ? r.undetermined : '–'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

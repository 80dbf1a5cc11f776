// The paper's derived gaps (Section 4.1): overall and per model. A gap's number opens the
// conversations of both columns it compares.
import type { DashboardReport } from '../../src/shared/protocol/dashboard';
import { CONDITION_LABEL, signed } from './format';
import { Num } from './Clickable';

type Gap = DashboardReport['gaps'][number];
const colName = (c: Gap['from']) => `${c.mode === 'single' ? 'Single' : 'Multi'} ${CONDITION_LABEL[c.condition]}`;

export function Gaps({ report }: { report: DashboardReport }) {
  const ids = [...new Set(report.gaps.map((g) => g.id))];
  const scopes = ['overall', ...report.models];
  const byKey = new Map(report.gaps.map((g) => [`${g.id}|${g.scope}`, g]));
  return (
    <table className="il-gaps" data-testid="gaps">
      <thead>
        <tr>
          <th>Gap: change in pp (from → to)</th>
          {scopes.map((s) => (
            <th key={s}>{s === 'overall' ? 'Overall' : s}</th>
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
                if (!g || g.drop === null) return <td key={scope}>–</td>;
                const model = scope === 'overall' ? {} : { model: scope };
                const selector = { anyOf: [{ ...model, mode: g.from.mode, condition: g.from.condition, basePathOnly: true }, { ...model, mode: g.to.mode, condition: g.to.condition, basePathOnly: true }] };
                return (
                  <td key={scope} data-gap={`${id}|${scope}`} data-drop={g.drop.toFixed(2)} className={g.drop > 0 ? 'il-drop' : 'il-rise'}>
                    <Num selector={selector} title={`${g.label} · ${scope}`}>
                      {signed(-g.drop)}
                    </Num>
                  </td>
                );
              })}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

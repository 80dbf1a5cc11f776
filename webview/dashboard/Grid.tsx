// Table 1: rows model × domain (plus each model pooled over its domains), the eight columns, the
// equal-weight overall row. Cells are coloured by change from the row's Single Original and carry
// `data-cell="<model>|<domain>|<mode>|<condition>"` and `data-accuracy` for tests.
import type { DashboardReport } from '../../src/shared/protocol/dashboard';
import { CONDITION_LABEL, changeBackground, changeOf, domainLabel, pct, signed } from './format';
import { Num } from './Clickable';

type Column = DashboardReport['columns'][number];

function CellView(props: { model: string; domain: string; col: Column; accuracy: number | null; n: number; unscored: number; delta: number | null; colour: boolean; extra?: string }) {
  const { model, domain, col } = props;
  const selector = { ...(model !== '*' ? { model } : {}), ...(domain !== '*' ? { domain } : {}), mode: col.mode, condition: col.condition, basePathOnly: true };
  const title = `${model === '*' ? 'all models' : model} · ${domainLabel(domain)} · ${col.mode === 'single' ? 'Single' : 'Multi'} ${CONDITION_LABEL[col.condition]}`;
  const change = changeOf(props.delta);
  const background = props.colour ? changeBackground(props.delta) : undefined;
  return (
    <td
      className={`il-cell il-change-${change}`}
      data-cell={`${model}|${domain}|${col.mode}|${col.condition}`}
      data-accuracy={props.accuracy === null ? '' : props.accuracy.toFixed(2)}
      data-n={props.n}
      style={background ? { background } : undefined}
      title={`${title}: ${pct(props.accuracy)} % of ${props.n} scored${props.unscored ? `, ${props.unscored} unscored` : ''}${props.delta != null ? `; ${signed(props.delta)} pp vs Single Original` : ''}${props.extra ?? ''}`}
    >
      <Num selector={selector} title={title}>
        <span className="il-acc">{pct(props.accuracy)}</span>
        <span className="il-n">
          n={props.n}
          {props.unscored ? <span className="il-unscored"> +{props.unscored}?</span> : null}
        </span>
      </Num>
    </td>
  );
}

export function Grid({ report }: { report: DashboardReport }) {
  const cellMap = new Map(report.cells.map((c) => [`${c.model}|${c.domain}|${c.mode}|${c.condition}`, c]));
  const pooledMap = new Map(report.modelOverall.map((c) => [`${c.model}|${c.mode}|${c.condition}`, c]));
  const rowsByModel = report.models.map((model) => ({ model, domains: report.domains.filter((d) => report.columns.some((col) => cellMap.has(`${model}|${d}|${col.mode}|${col.condition}`))) }));
  const overallSO = report.overall[0]?.accuracy ?? null;
  return (
    <table className="il-grid" data-testid="accuracy-grid">
      <thead>
        <tr>
          <th rowSpan={2}>Model</th>
          <th rowSpan={2}>Domain</th>
          <th colSpan={4}>Single</th>
          <th colSpan={4}>Multi</th>
        </tr>
        <tr>
          {report.columns.map((c) => (
            <th key={`${c.mode}-${c.condition}`}>{CONDITION_LABEL[c.condition]}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rowsByModel.map(({ model, domains }) => {
          const pooledSO = pooledMap.get(`${model}|single|original`)?.accuracy ?? null;
          return [
            ...domains.map((domain, i) => {
              const so = cellMap.get(`${model}|${domain}|single|original`)?.accuracy ?? null;
              return (
                <tr key={`${model}|${domain}`}>
                  {i === 0 ? (
                    <th rowSpan={domains.length + 1} className="il-model" scope="rowgroup">
                      {model}
                    </th>
                  ) : null}
                  <th scope="row">{domainLabel(domain)}</th>
                  {report.columns.map((col) => {
                    const c = cellMap.get(`${model}|${domain}|${col.mode}|${col.condition}`);
                    if (!c) return <td key={col.mode + col.condition} className="il-cell il-missing" data-cell={`${model}|${domain}|${col.mode}|${col.condition}`} data-accuracy="" title="no runs">–</td>;
                    return <CellView key={col.mode + col.condition} model={model} domain={domain} col={col} accuracy={c.accuracy} n={c.n} unscored={c.unscored} delta={so === null || c.accuracy === null ? null : c.accuracy - so} colour />;
                  })}
                </tr>
              );
            }),
            <tr key={`${model}|*`} className="il-pooled">
              <th scope="row">All (pooled)</th>
              {report.columns.map((col) => {
                const c = pooledMap.get(`${model}|${col.mode}|${col.condition}`);
                if (!c) return <td key={col.mode + col.condition} className="il-cell il-missing" data-cell={`${model}|*|${col.mode}|${col.condition}`} data-accuracy="">–</td>;
                return <CellView key={col.mode + col.condition} model={model} domain="*" col={col} accuracy={c.accuracy} n={c.n} unscored={c.unscored} delta={pooledSO === null || c.accuracy === null ? null : c.accuracy - pooledSO} colour={false} />;
              })}
            </tr>,
          ];
        })}
      </tbody>
      <tfoot>
        <tr className="il-overall">
          <th colSpan={2} scope="row" title="Each model pooled over its sources, then the models averaged with equal weight">
            {report.models.length}-model overall
          </th>
          {report.overall.map((o) => (
            <CellView
              key={o.mode + o.condition}
              model="*"
              domain="*"
              col={o}
              accuracy={o.accuracy}
              n={o.n}
              unscored={o.unscored}
              delta={overallSO === null || o.accuracy === null ? null : o.accuracy - overallSO}
              colour
              extra={` (mean of ${o.models} model${o.models === 1 ? '' : 's'})`}
            />
          ))}
        </tr>
      </tfoot>
    </table>
  );
}

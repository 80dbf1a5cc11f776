// Table 1: rows model × domain (plus each model pooled over its domains), the eight columns, the
// equal-weight overall row. Cells are coloured by change from the row's Single Original, carry their
// 95% interval (hover or focus), are hatched when n < 10, and say why when they have no number.
// `data-cell="<model>|<domain>|<mode>|<condition>"`, `data-accuracy`, `data-ci` are for tests.
import type { DashboardReport } from '../../src/shared/protocol/dashboard';
import { CONDITION_LABEL, changeBackground, changeOf, ciText, domainLabel, pct, signed, SMALL_N } from './format';
import { Num } from './Clickable';
import { useHoverTip } from './HoverTip';
import { isPending } from './Computing';

type Column = DashboardReport['columns'][number];
type Interval = DashboardReport['cells'][number]['ci'];
type TipProps = ReturnType<typeof useHoverTip>['tipProps'];

const colName = (col: Column) => `${col.mode === 'single' ? 'Single' : 'Multi'} ${CONDITION_LABEL[col.condition]}`;

interface CellProps {
  model: string;
  domain: string;
  col: Column;
  accuracy: number | null;
  n: number;
  unscored: number;
  delta: number | null;
  ci: Interval;
  /** The interval is still being computed (bootstrap intervals stream in after the grid). */
  ciPending?: boolean;
  /** How the interval was made, for the tip. */
  method: string;
  colour: boolean;
  /** A coverage warning shown on the cell (⚠) and in the tip. */
  warning?: string | undefined;
  extra?: string;
  tipProps: TipProps;
}

function CellView(props: CellProps) {
  const { model, domain, col } = props;
  const selector = { ...(model !== '*' ? { model } : {}), ...(domain !== '*' ? { domain } : {}), mode: col.mode, condition: col.condition, basePathOnly: true };
  const title = `${model === '*' ? 'all models' : model} · ${domainLabel(domain)} · ${colName(col)}`;
  const small = props.n < SMALL_N;
  const background = props.colour ? changeBackground(props.delta) : undefined;
  const lines = [
    `${title}${props.extra ?? ''}`,
    `${pct(props.accuracy)} % of ${props.n} scored${props.unscored ? `, ${props.unscored} unscored` : ''}`,
    props.ciPending ? `95% interval: computing… (${props.method})` : props.ci ? `95% interval ${ciText(props.ci)} (${props.method})` : 'no interval (nothing scored)',
    ...(small ? [`small: n < ${SMALL_N}, read with care`] : []),
    ...(props.delta != null ? [`${signed(props.delta)} pp vs Single Original`] : []),
    ...(props.warning ? [`⚠ ${props.warning}`] : []),
  ];
  return (
    <td
      className={`il-cell il-change-${changeOf(props.delta)}${small ? ' il-small' : ''}`}
      data-cell={`${model}|${domain}|${col.mode}|${col.condition}`}
      data-accuracy={props.accuracy === null ? '' : props.accuracy.toFixed(2)}
      data-n={props.n}
      data-ci={props.ci ? ciText(props.ci) : ''}
      data-small={small ? 'true' : undefined}
      style={background ? { background } : undefined}
      {...props.tipProps(lines)}
    >
      <Num selector={selector} title={title}>
        <span className="il-acc">
          {pct(props.accuracy)}
          {props.warning ? <span className="il-warn" aria-label="coverage warning"> ⚠</span> : null}
        </span>
        <span className="il-n">
          n={props.n}
          {small ? <span className="il-small-mark" title={`fewer than ${SMALL_N} scored runs`}> small</span> : null}
          {props.unscored ? <span className="il-unscored"> +{props.unscored}?</span> : null}
        </span>
      </Num>
    </td>
  );
}

function MissingCell(props: { dataCell: string; reason: string }) {
  // Short text in the cell (not a bare dash), the full reason on hover and for screen readers.
  const short = /unscored/.test(props.reason) ? 'unscored' : /any domain|No model/.test(props.reason) ? 'not run' : 'not in logs';
  return (
    <td className="il-cell il-missing" data-cell={props.dataCell} data-accuracy="" data-missing={props.reason} title={props.reason} aria-label={props.reason}>
      {short}
    </td>
  );
}

export function Grid({ report }: { report: DashboardReport }) {
  const { tipProps, view } = useHoverTip();
  const cellMap = new Map(report.cells.map((c) => [`${c.model}|${c.domain}|${c.mode}|${c.condition}`, c]));
  const pooledMap = new Map(report.modelOverall.map((c) => [`${c.model}|${c.mode}|${c.condition}`, c]));
  const missing = new Map(report.coverage.missing.map((m) => [`${m.model}|${m.domain}|${m.mode}|${m.condition}`, m.reason]));
  const pooledNotes = new Map(report.coverage.pooled.map((p) => [`${p.model}|${p.mode}|${p.condition}`, p.note]));
  const rowsByModel = report.models.map((model) => ({ model, domains: report.domains.filter((d) => report.columns.some((col) => cellMap.has(`${model}|${d}|${col.mode}|${col.condition}`))) }));
  const overallSO = report.overall[0]?.accuracy ?? null;
  const bootPending = isPending(report, 'inference');
  const boot = `bootstrap over sources, ${report.bootstrap.resamples} resamples, seed ${report.bootstrap.seed}`;
  const missingCell = (key: string) => <MissingCell key={key} dataCell={key} reason={missing.get(key) ?? 'No runs.'} />;
  return (
    <>
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
                      const key = `${model}|${domain}|${col.mode}|${col.condition}`;
                      const c = cellMap.get(key);
                      if (!c || (c.n === 0 && missing.has(key))) return missingCell(key);
                      return <CellView key={key} model={model} domain={domain} col={col} accuracy={c.accuracy} n={c.n} unscored={c.unscored} ci={c.ci} method="Wilson" delta={so === null || c.accuracy === null ? null : c.accuracy - so} colour tipProps={tipProps} />;
                    })}
                  </tr>
                );
              }),
              <tr key={`${model}|*`} className="il-pooled">
                <th scope="row">All (pooled)</th>
                {report.columns.map((col) => {
                  const c = pooledMap.get(`${model}|${col.mode}|${col.condition}`);
                  if (!c || c.n === 0) return missingCell(`${model}|*|${col.mode}|${col.condition}`);
                  const delta = pooledSO === null || c.accuracy === null ? null : c.accuracy - pooledSO;
                  return <CellView key={col.mode + col.condition} model={model} domain="*" col={col} accuracy={c.accuracy} n={c.n} unscored={c.unscored} ci={c.ci} ciPending={bootPending} method={boot} delta={delta} colour={false} warning={pooledNotes.get(`${model}|${col.mode}|${col.condition}`)} tipProps={tipProps} />;
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
            {report.overall.map((o, i) => {
              if (o.accuracy === null) return missingCell(`*|*|${o.mode}|${o.condition}`);
              const cov = report.coverage.overall[i];
              return (
                <CellView
                  key={o.mode + o.condition}
                  model="*"
                  domain="*"
                  col={o}
                  accuracy={o.accuracy}
                  n={o.n}
                  unscored={o.unscored}
                  ci={o.ci}
                  ciPending={bootPending}
                  method={`${boot}, models resampled jointly`}
                  delta={overallSO === null ? null : o.accuracy - overallSO}
                  colour
                  warning={cov?.note ?? undefined}
                  extra={` (mean of ${o.models} model${o.models === 1 ? '' : 's'})`}
                  tipProps={tipProps}
                />
              );
            })}
          </tr>
        </tfoot>
      </table>
      {view}
      <CoverageNotes report={report} />
    </>
  );
}

/** The coverage warnings in words under the table (the ⚠ cells point here). */
function CoverageNotes({ report }: { report: DashboardReport }) {
  const notes = [
    ...report.coverage.overall.filter((o) => o.note).map((o) => ({ key: `overall|${o.mode}|${o.condition}`, text: `Overall ${colName(o)}: ${o.note}.` })),
    ...report.coverage.pooled.map((p) => ({ key: `${p.model}|${p.mode}|${p.condition}`, text: `${p.model}, ${colName(p)}: ${p.note}.` })),
  ];
  if (!notes.length) return null;
  return (
    <ul className="il-coverage" data-testid="coverage-notes">
      {notes.map((n) => (
        <li key={n.key} data-coverage={n.key}>
          ⚠ {n.text}
        </li>
      ))}
    </ul>
  );
}

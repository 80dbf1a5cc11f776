// Table 1: rows model × domain (plus each model pooled over its domains), the eight columns, the
// equal-weight overall row. Cells are coloured by change from the row's Single Original, carry their
// 95% interval (hover or focus), are hatched when n < 10, and say why when they have no number.
// `data-cell="<model>|<domain>|<mode>|<condition>"`, `data-accuracy`, `data-ci` are for tests.
import { useState, type KeyboardEvent } from 'react';
import type { DashboardReport } from '../../src/shared/protocol/dashboard';
import { CONDITION_LABEL, changeBackground, changeOf, ciText, domainLabel, pct, signed, SMALL_N } from './format';
import { Num } from './Clickable';
import { useHoverTip } from './HoverTip';
import { isPending } from './Computing';
import { moveInGrid } from './gridKeys';
import { emptyCellText, modelsWithIntentEvalRuns } from './gridRows';

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
  /** Show the interval in the cell (the *Show intervals* toggle), not only on hover. */
  showInterval: boolean;
  /** 0 for the grid's one tabbable cell (roving tabindex), else -1. */
  tabIndex: number;
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
      <Num selector={selector} title={title} tabIndex={props.tabIndex}>
        <span className="il-acc">
          {pct(props.accuracy)}
          {props.warning ? <span className="il-warn" aria-label="coverage warning"> ⚠</span> : null}
        </span>
        <span className="il-n">
          n={props.n}
          {small ? <span className="il-small-mark" title={`fewer than ${SMALL_N} scored runs`}> small</span> : null}
          {props.unscored ? <span className="il-unscored"> +{props.unscored}?</span> : null}
        </span>
        {props.showInterval ? (
          <span className="il-ci" data-testid="cell-interval">
            {props.ciPending ? 'computing…' : props.ci ? ciText(props.ci) : 'no interval'}
          </span>
        ) : null}
      </Num>
    </td>
  );
}

function MissingCell(props: { dataCell: string; reason: string; unscored?: number; tabIndex: number }) {
  // One short word in the cell (not a bare dash), the full reason on hover and for screen readers.
  return (
    <td className="il-cell il-missing" data-cell={props.dataCell} data-accuracy="" data-missing={props.reason} title={props.reason} aria-label={props.reason} tabIndex={props.tabIndex}>
      {emptyCellText(props.reason, props.unscored)}
    </td>
  );
}

/** Arrow keys, Home and End move between the grid's cells (the focus and the one tab stop move together). */
function onGridKey(e: KeyboardEvent<HTMLTableElement>, setActive: (key: string) => void): void {
  const from = (e.target as HTMLElement).closest<HTMLElement>('td.il-cell');
  if (!from) return;
  const rows = [...e.currentTarget.querySelectorAll('tr')].map((tr) => [...tr.querySelectorAll<HTMLElement>('td.il-cell')]);
  const row = rows.findIndex((cells) => cells.includes(from));
  const to = moveInGrid(rows.map((cells) => cells.length), { row, col: rows[row]!.indexOf(from) }, e.key, e.ctrlKey || e.metaKey);
  const cell = to ? rows[to.row]?.[to.col] : undefined;
  if (!cell) return;
  e.preventDefault();
  setActive(cell.dataset.cell ?? '');
  (cell.querySelector<HTMLElement>('button.il-num') ?? cell).focus();
}

export function Grid({ report }: { report: DashboardReport }) {
  const { tipProps, view } = useHoverTip();
  const [showIntervals, setShowIntervals] = useState(false);
  const [hideOthers, setHideOthers] = useState(false);
  const [active, setActive] = useState<string>();
  const intentEvalModels = modelsWithIntentEvalRuns(report.cells);
  const otherModels = report.models.filter((m) => !intentEvalModels.has(m));
  const cellMap = new Map(report.cells.map((c) => [`${c.model}|${c.domain}|${c.mode}|${c.condition}`, c]));
  const pooledMap = new Map(report.modelOverall.map((c) => [`${c.model}|${c.mode}|${c.condition}`, c]));
  const missing = new Map(report.coverage.missing.map((m) => [`${m.model}|${m.domain}|${m.mode}|${m.condition}`, m.reason]));
  const pooledNotes = new Map(report.coverage.pooled.map((p) => [`${p.model}|${p.mode}|${p.condition}`, p.note]));
  const rowsByModel = report.models.filter((m) => !hideOthers || intentEvalModels.has(m)).map((model) => ({ model, domains: report.domains.filter((d) => report.columns.some((col) => cellMap.has(`${model}|${d}|${col.mode}|${col.condition}`))) }));
  const overallSO = report.overall[0]?.accuracy ?? null;
  const bootPending = isPending(report, 'inference');
  const boot = `bootstrap over sources, ${report.bootstrap.resamples} resamples, seed ${report.bootstrap.seed}`;
  // The grid's one tab stop: the cell last moved to, else the first cell.
  const firstRow = rowsByModel[0];
  const firstKey = firstRow ? `${firstRow.model}|${firstRow.domains[0] ?? '*'}|${report.columns[0]?.mode}|${report.columns[0]?.condition}` : '';
  const tabStop = active ?? firstKey;
  const tab = (key: string) => (key === tabStop ? 0 : -1);
  const missingCell = (key: string, unscored = 0) => <MissingCell key={key} dataCell={key} reason={missing.get(key) ?? 'No runs.'} unscored={unscored} tabIndex={tab(key)} />;
  return (
    <>
      <div className="il-grid-options">
        <label title="Each cell's 95% interval under its number (else on hover or focus)">
          <input type="checkbox" checked={showIntervals} onChange={(e) => setShowIntervals(e.currentTarget.checked)} data-testid="show-intervals" /> Show intervals
        </label>
        <label title={otherModels.length ? `Models with runs only in Original: ${otherModels.join(', ')}` : 'Every model has runs in an Intent-Eval condition'}>
          <input type="checkbox" checked={hideOthers} onChange={(e) => setHideOthers(e.currentTarget.checked)} data-testid="hide-non-intent-eval" disabled={otherModels.length === 0} /> Hide models without
          Intent-Eval conditions ({otherModels.length})
        </label>
      </div>
      <table className="il-grid" data-testid="accuracy-grid" data-show-intervals={showIntervals ? 'true' : 'false'} onKeyDown={(e) => onGridKey(e, setActive)}>
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
                      if (!c || (c.n === 0 && missing.has(key))) return missingCell(key, c?.unscored);
                      return <CellView key={key} model={model} domain={domain} col={col} accuracy={c.accuracy} n={c.n} unscored={c.unscored} ci={c.ci} method="Wilson" delta={so === null || c.accuracy === null ? null : c.accuracy - so} colour tipProps={tipProps} showInterval={showIntervals} tabIndex={tab(key)} />;
                    })}
                  </tr>
                );
              }),
              <tr key={`${model}|*`} className="il-pooled">
                <th scope="row">All (pooled)</th>
                {report.columns.map((col) => {
                  const c = pooledMap.get(`${model}|${col.mode}|${col.condition}`);
                  const key = `${model}|*|${col.mode}|${col.condition}`;
                  if (!c || c.n === 0) return missingCell(key, c?.unscored);
                  const delta = pooledSO === null || c.accuracy === null ? null : c.accuracy - pooledSO;
                  return <CellView key={key} model={model} domain="*" col={col} accuracy={c.accuracy} n={c.n} unscored={c.unscored} ci={c.ci} ciPending={bootPending} method={boot} delta={delta} colour={false} warning={pooledNotes.get(`${model}|${col.mode}|${col.condition}`)} tipProps={tipProps} showInterval={showIntervals} tabIndex={tab(key)} />;
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
              if (o.accuracy === null) return missingCell(`*|*|${o.mode}|${o.condition}`, o.unscored);
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
                  showInterval={showIntervals}
                  tabIndex={tab(`*|*|${o.mode}|${o.condition}`)}
                />
              );
            })}
          </tr>
        </tfoot>
      </table>
      {view}
      {hideOthers && otherModels.length ? (
        <p className="il-note" data-testid="hidden-models">
          Hidden: {otherModels.join(', ')} (runs in Original only). The overall row still averages every model with scored runs in a column.
        </p>
      ) : null}
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

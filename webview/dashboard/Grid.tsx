// Table 1: rows model × domain (plus each model pooled over its domains), the eight columns, the
// equal-weight overall row. Cells are coloured by change from the row's Single Original, carry their
// 95% interval (hover or focus), are hatched when n < 10, and say why when they have no number.
// `data-cell="<model>|<domain>|<mode>|<condition>"`, `data-accuracy`, `data-ci` are for tests.
import { Fragment, useState, type KeyboardEvent } from 'react';
import type { DashboardReport } from '../../src/shared/protocol/dashboard';
import { CONDITION_LABEL, domainLabel } from './format';
import { useHoverTip } from './HoverTip';
import { isPending } from './Computing';
import { moveInGrid } from './gridKeys';
import { modelsWithIntentEvalRuns } from './gridRows';
import { CellView, colName, MissingCell, type TipProps } from './GridCells';

/** Arrow keys, Home and End move between the grid's cells (the focus and the one tab stop move together). */
function onGridKey(e: KeyboardEvent<HTMLTableElement>, setActive: (key: string) => void): void {
  const from = (e.target as HTMLElement).closest<HTMLElement>('td.il-cell');
  if (!from) return;
  const rows = [...e.currentTarget.querySelectorAll('tr')].map((tr) => [
    ...tr.querySelectorAll<HTMLElement>('td.il-cell'),
  ]);
  const row = rows.findIndex((cells) => cells.includes(from));
  const to = moveInGrid(
    rows.map((cells) => cells.length),
    { row, col: rows[row]!.indexOf(from) },
    e.key,
    e.ctrlKey || e.metaKey,
  );
  const cell = to ? rows[to.row]?.[to.col] : undefined;
  if (!cell) return;
  e.preventDefault();
  setActive(cell.dataset.cell ?? '');
  (cell.querySelector<HTMLElement>('button.il-num') ?? cell).focus();
}

/** What every row of the grid reads: the report's cells by key, the tip, the intervals toggle and the tab stop. */
interface GridContext {
  report: DashboardReport;
  cellMap: Map<string, DashboardReport['cells'][number]>;
  pooledMap: Map<string, DashboardReport['modelOverall'][number]>;
  missing: Map<string, string>;
  pooledNotes: Map<string, string>;
  /** The bootstrap intervals are still being computed, and how they are made. */
  bootPending: boolean;
  boot: string;
  /** What every cell view takes from the grid: the tip and the *Show intervals* toggle. */
  shared: { tipProps: TipProps; showInterval: boolean };
  /** 0 for the grid's one tabbable cell (roving tabindex), else -1. */
  tab: (key: string) => number;
}

function missingCell(g: GridContext, key: string, unscored = 0) {
  return (
    <MissingCell
      key={key}
      dataCell={key}
      reason={g.missing.get(key) ?? 'No runs.'}
      unscored={unscored}
      tabIndex={g.tab(key)}
    />
  );
}

export function Grid({ report }: { report: DashboardReport }) {
  const { tipProps, view } = useHoverTip();
  const [showIntervals, setShowIntervals] = useState(false);
  const [hideOthers, setHideOthers] = useState(false);
  const [active, setActive] = useState<string>();
  const intentEvalModels = modelsWithIntentEvalRuns(report.cells);
  const otherModels = report.models.filter((m) => !intentEvalModels.has(m));
  const cellMap = new Map(report.cells.map((c) => [`${c.model}|${c.domain}|${c.mode}|${c.condition}`, c]));
  const rowsByModel = report.models
    .filter((m) => !hideOthers || intentEvalModels.has(m))
    .map((model) => ({
      model,
      domains: report.domains.filter((d) =>
        report.columns.some((col) => cellMap.has(`${model}|${d}|${col.mode}|${col.condition}`)),
      ),
    }));
  // The grid's one tab stop: the cell last moved to, else the first cell.
  const firstRow = rowsByModel[0];
  const firstCol = report.columns[0];
  const firstKey = firstRow
    ? `${firstRow.model}|${firstRow.domains[0] ?? '*'}|${firstCol?.mode}|${firstCol?.condition}`
    : '';
  const tabStop = active ?? firstKey;
  const g: GridContext = {
    report,
    cellMap,
    pooledMap: new Map(report.modelOverall.map((c) => [`${c.model}|${c.mode}|${c.condition}`, c])),
    missing: new Map(report.coverage.missing.map((m) => [`${m.model}|${m.domain}|${m.mode}|${m.condition}`, m.reason])),
    pooledNotes: new Map(report.coverage.pooled.map((p) => [`${p.model}|${p.mode}|${p.condition}`, p.note])),
    bootPending: isPending(report, 'inference'),
    boot: `bootstrap over sources, ${report.bootstrap.resamples} resamples, seed ${report.bootstrap.seed}`,
    shared: { tipProps, showInterval: showIntervals },
    tab: (key) => (key === tabStop ? 0 : -1),
  };
  return (
    <>
      <GridOptions
        showIntervals={showIntervals}
        setShowIntervals={setShowIntervals}
        hideOthers={hideOthers}
        setHideOthers={setHideOthers}
        otherModels={otherModels}
      />
      <table
        className="il-grid"
        data-testid="accuracy-grid"
        data-show-intervals={showIntervals ? 'true' : 'false'}
        onKeyDown={(e) => onGridKey(e, setActive)}
      >
        <GridHead columns={report.columns} />
        <tbody>
          {rowsByModel.map(({ model, domains }) => (
            <Fragment key={model}>
              {domains.map((domain, i) => (
                <DomainRow
                  key={`${model}|${domain}`}
                  g={g}
                  model={model}
                  domain={domain}
                  span={i === 0 ? domains.length + 1 : 0}
                />
              ))}
              <PooledRow g={g} model={model} />
            </Fragment>
          ))}
        </tbody>
        <tfoot>
          <OverallRow g={g} />
        </tfoot>
      </table>
      {view}
      {hideOthers && otherModels.length ? (
        <p className="il-note" data-testid="hidden-models">
          Hidden: {otherModels.join(', ')} (runs in Original only). The overall row still averages every model with
          scored runs in a column.
        </p>
      ) : null}
      <CoverageNotes report={report} />
    </>
  );
}

/** The grid's toggles: every interval shown, models without Intent-Eval runs hidden. */
function GridOptions(props: {
  showIntervals: boolean;
  setShowIntervals: (on: boolean) => void;
  hideOthers: boolean;
  setHideOthers: (on: boolean) => void;
  otherModels: string[];
}) {
  const { showIntervals, setShowIntervals, hideOthers, setHideOthers, otherModels } = props;
  return (
    <div className="il-grid-options">
      <label title="Each cell's 95% interval under its number (else on hover or focus)">
        <input
          type="checkbox"
          checked={showIntervals}
          onChange={(e) => setShowIntervals(e.currentTarget.checked)}
          data-testid="show-intervals"
        />{' '}
        Show intervals
      </label>
      <label
        title={
          otherModels.length
            ? `Models with runs only in Original: ${otherModels.join(', ')}`
            : 'Every model has runs in an Intent-Eval condition'
        }
      >
        <input
          type="checkbox"
          checked={hideOthers}
          onChange={(e) => setHideOthers(e.currentTarget.checked)}
          data-testid="hide-non-intent-eval"
          disabled={otherModels.length === 0}
        />{' '}
        Hide models without Intent-Eval conditions ({otherModels.length})
      </label>
    </div>
  );
}

function GridHead({ columns }: { columns: DashboardReport['columns'] }) {
  return (
    <thead>
      <tr>
        <th rowSpan={2}>Model</th>
        <th rowSpan={2}>Domain</th>
        <th colSpan={4}>Single</th>
        <th colSpan={4}>Multi</th>
      </tr>
      <tr>
        {columns.map((c) => (
          <th key={`${c.mode}-${c.condition}`}>{CONDITION_LABEL[c.condition]}</th>
        ))}
      </tr>
    </thead>
  );
}

/** One model × domain row; `span` > 0 on the model's first row, whose model header spans its rows. */
function DomainRow({ g, model, domain, span }: { g: GridContext; model: string; domain: string; span: number }) {
  const so = g.cellMap.get(`${model}|${domain}|single|original`)?.accuracy ?? null;
  return (
    <tr>
      {span ? (
        <th rowSpan={span} className="il-model" scope="rowgroup">
          {model}
        </th>
      ) : null}
      <th scope="row">{domainLabel(domain)}</th>
      {g.report.columns.map((col) => {
        const key = `${model}|${domain}|${col.mode}|${col.condition}`;
        const c = g.cellMap.get(key);
        if (!c || (c.n === 0 && g.missing.has(key))) return missingCell(g, key, c?.unscored);
        const delta = so === null || c.accuracy === null ? null : c.accuracy - so;
        return (
          <CellView
            key={key}
            model={model}
            domain={domain}
            col={col}
            accuracy={c.accuracy}
            n={c.n}
            unscored={c.unscored}
            ci={c.ci}
            method="Wilson"
            delta={delta}
            colour
            {...g.shared}
            tabIndex={g.tab(key)}
          />
        );
      })}
    </tr>
  );
}

/** A model pooled over its domains (bootstrap intervals, coverage warnings). */
function PooledRow({ g, model }: { g: GridContext; model: string }) {
  const pooledSO = g.pooledMap.get(`${model}|single|original`)?.accuracy ?? null;
  return (
    <tr className="il-pooled">
      <th scope="row">All (pooled)</th>
      {g.report.columns.map((col) => {
        const c = g.pooledMap.get(`${model}|${col.mode}|${col.condition}`);
        const key = `${model}|*|${col.mode}|${col.condition}`;
        if (!c || c.n === 0) return missingCell(g, key, c?.unscored);
        const delta = pooledSO === null || c.accuracy === null ? null : c.accuracy - pooledSO;
        const warning = g.pooledNotes.get(`${model}|${col.mode}|${col.condition}`);
        return (
          <CellView
            key={key}
            model={model}
            domain="*"
            col={col}
            accuracy={c.accuracy}
            n={c.n}
            unscored={c.unscored}
            ci={c.ci}
            ciPending={g.bootPending}
            method={g.boot}
            delta={delta}
            colour={false}
            warning={warning}
            {...g.shared}
            tabIndex={g.tab(key)}
          />
        );
      })}
    </tr>
  );
}

/** The equal-weight mean over models, per column. */
function OverallRow({ g }: { g: GridContext }) {
  const { report } = g;
  const overallSO = report.overall[0]?.accuracy ?? null;
  return (
    <tr className="il-overall">
      <th
        colSpan={2}
        scope="row"
        title="Each model pooled over its sources, then the models averaged with equal weight"
      >
        {report.models.length}-model overall
      </th>
      {report.overall.map((o, i) => {
        if (o.accuracy === null) return missingCell(g, `*|*|${o.mode}|${o.condition}`, o.unscored);
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
            ciPending={g.bootPending}
            method={`${g.boot}, models resampled jointly`}
            delta={overallSO === null ? null : o.accuracy - overallSO}
            colour
            warning={cov?.note ?? undefined}
            extra={` (mean of ${o.models} model${o.models === 1 ? '' : 's'})`}
            {...g.shared}
            tabIndex={g.tab(`*|*|${o.mode}|${o.condition}`)}
          />
        );
      })}
    </tr>
  );
}

/** The coverage warnings in words under the table (the ⚠ cells point here). */
function CoverageNotes({ report }: { report: DashboardReport }) {
  const notes = [
    ...report.coverage.overall
      .filter((o) => o.note)
      .map((o) => ({ key: `overall|${o.mode}|${o.condition}`, text: `Overall ${colName(o)}: ${o.note}.` })),
    ...report.coverage.pooled.map((p) => ({
      key: `${p.model}|${p.mode}|${p.condition}`,
      text: `${p.model}, ${colName(p)}: ${p.note}.`,
    })),
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

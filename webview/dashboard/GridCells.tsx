// The accuracy grid's cells: a cell with its number, n, interval and tip (CellView), and a cell
// without a number that says why (MissingCell). `data-cell`, `data-accuracy`, `data-ci` are for tests.
import type { DashboardReport } from '../../src/shared/protocol/dashboard';
import { CONDITION_LABEL, changeBackground, changeOf, ciText, domainLabel, pct, signed, SMALL_N } from './format';
import { Num } from './Clickable';
import type { useHoverTip } from './HoverTip';
import { emptyCellText } from './gridRows';

export type Column = DashboardReport['columns'][number];
type Interval = DashboardReport['cells'][number]['ci'];
export type TipProps = ReturnType<typeof useHoverTip>['tipProps'];

export const colName = (col: Column) =>
  `${col.mode === 'single' ? 'Single' : 'Multi'} ${CONDITION_LABEL[col.condition]}`;

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

export function CellView(props: CellProps) {
  const { model, domain, col } = props;
  const selector = {
    ...(model !== '*' ? { model } : {}),
    ...(domain !== '*' ? { domain } : {}),
    mode: col.mode,
    condition: col.condition,
    basePathOnly: true,
  };
  const title = `${model === '*' ? 'all models' : model} · ${domainLabel(domain)} · ${colName(col)}`;
  const small = props.n < SMALL_N;
  const background = props.colour ? changeBackground(props.delta) : undefined;
  const lines = [
    `${title}${props.extra ?? ''}`,
    `${pct(props.accuracy)} % of ${props.n} scored${props.unscored ? `, ${props.unscored} unscored` : ''}`,
    props.ciPending
      ? `95% interval: computing… (${props.method})`
      : props.ci
        ? `95% interval ${ciText(props.ci)} (${props.method})`
        : 'no interval (nothing scored)',
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
          {props.warning ? (
            <span className="il-warn" aria-label="coverage warning">
              {' '}
              ⚠
            </span>
          ) : null}
        </span>
        <span className="il-n">
          n={props.n}
          {small ? (
            <span className="il-small-mark" title={`fewer than ${SMALL_N} scored runs`}>
              {' '}
              small
            </span>
          ) : null}
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

export function MissingCell(props: { dataCell: string; reason: string; unscored?: number; tabIndex: number }) {
  // One short word in the cell (not a bare dash), the full reason on hover and for screen readers.
  return (
    <td
      className="il-cell il-missing"
      data-cell={props.dataCell}
      data-accuracy=""
      data-missing={props.reason}
      title={props.reason}
      aria-label={props.reason}
      tabIndex={props.tabIndex}
    >
      {emptyCellText(props.reason, props.unscored)}
    </td>
  );
}

// One cell of the gaps table: the gap in pp for one model (or overall), its McNemar p and the toggle for
// the paired 2×2 table it rests on; "not run" when either column has no scored runs for that scope.
import type { DashboardReport } from '../../src/shared/protocol/dashboard';
import { CONDITION_LABEL, pText, signed } from './format';
import { Num } from './Clickable';

export type Gap = DashboardReport['gaps'][number];
export type GapTest = DashboardReport['pairedGaps'][number];
export const colName = (c: Gap['from']) =>
  `${c.mode === 'single' ? 'Single' : 'Multi'} ${CONDITION_LABEL[c.condition]}`;

interface GapCellProps {
  id: string;
  scope: string;
  first: Gap;
  g: Gap | undefined;
  t: GapTest | undefined;
  open: string | undefined;
  setOpen: (key: string | undefined) => void;
}

export function GapCell({ id, scope, first, g, t, open, setOpen }: GapCellProps) {
  if (!g || g.drop === null)
    return (
      <td
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
}

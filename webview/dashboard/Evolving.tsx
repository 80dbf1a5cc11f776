// Evolving intent (paper 2): accuracy per model by recap mode (Figure 6's bars, all scenarios pooled,
// with the single-turn anchors as baseline), by the total number of transitions, and by the number
// of transitions of each kind (Figure 4's curves, as a table). Every number opens its conversations:
// the selector names the plans behind it (task_ids) and the recap mode.
import type { DashboardEvolving, DashboardSelector } from '../../src/shared/protocol/dashboard';
import { pct } from './format';
import { Num } from './Clickable';

const RECAPS = ['none', 'prompt', 'oracle'] as const;
const KINDS = ['reveal', 'revise', 'switch'] as const;
type Recap = (typeof RECAPS)[number];
type PlanCounts = DashboardEvolving['plans'][number];
interface Tally {
  n: number;
  unscored: number;
  accuracy: number | null;
}

const totalOf = (p: PlanCounts) => p.reveal + p.revise + p.switch;
const taskIdsWhere = (ev: DashboardEvolving, keep: (p: PlanCounts) => boolean) =>
  ev.plans.filter(keep).map((p) => p.task_id);
const evolvingSelector = (model: string, recap: Recap, taskIds: string[]): DashboardSelector => ({
  model,
  mode: 'evolving',
  recap,
  taskIds,
});

function Cell(props: {
  tally: Tally | undefined;
  selector: DashboardSelector;
  title: string;
  dataKey: Record<string, string>;
}) {
  const t = props.tally;
  return (
    <td
      className="il-cell"
      {...props.dataKey}
      data-accuracy={t?.accuracy == null ? '' : t.accuracy.toFixed(2)}
      data-n={t ? String(t.n) : ''}
    >
      {t ? (
        <Num selector={props.selector} title={props.title}>
          <span className="il-acc">{pct(t.accuracy)}</span>
          <span className="il-n">
            n={t.n}
            {t.unscored ? <span className="il-unscored"> +{t.unscored}?</span> : null}
          </span>
        </Num>
      ) : (
        '–'
      )}
    </td>
  );
}

function RecapTable({ ev, models }: { ev: DashboardEvolving; models: string[] }) {
  const all = ev.plans.map((p) => p.task_id);
  const bar = new Map(ev.byRecap.filter((b) => b.scenario === 'all').map((b) => [`${b.model}|${b.recap}`, b]));
  const single = new Map(ev.singleTurn.map((s) => [s.model, s]));
  return (
    <table className="il-evolving" data-testid="evolving-recap">
      <thead>
        <tr>
          <th>Model</th>
          <th title="Single-turn runs of the plans' anchors (the figure's dashed line)">Single-turn</th>
          {RECAPS.map((r) => (
            <th key={r}>Recap: {r}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {models.map((m) => (
          <tr key={m}>
            <th scope="row" className="il-model">
              {m}
            </th>
            <Cell
              tally={single.get(m)}
              selector={{ model: m, mode: 'single', taskIds: all }}
              title={`${m} · single-turn anchors`}
              dataKey={{ 'data-evolving-single': m }}
            />
            {RECAPS.map((r) => (
              <Cell
                key={r}
                tally={bar.get(`${m}|${r}`)}
                selector={evolvingSelector(m, r, all)}
                title={`${m} · evolving · recap ${r}`}
                dataKey={{ 'data-evolving-cell': `${m}|${r}` }}
              />
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Rows model × recap × series, columns the transition counts seen; one table for totals and one for kinds. */
function TransitionTable(props: {
  ev: DashboardEvolving;
  testId: string;
  series: Array<{
    label: string;
    key: string;
    points: Array<Tally & { model: string; recap: Recap; x: number }>;
    plansAt: (p: PlanCounts, x: number) => boolean;
  }>;
}) {
  const xs = [...new Set(props.series.flatMap((s) => s.points.map((p) => p.x)))].sort((a, b) => a - b);
  const rows = props.series.flatMap((s) => {
    const keys = [...new Set(s.points.map((p) => `${p.model}|${p.recap}`))];
    return keys.map((k) => ({
      s,
      model: k.split('|')[0]!,
      recap: k.split('|')[1] as Recap,
      at: new Map(s.points.filter((p) => `${p.model}|${p.recap}` === k).map((p) => [p.x, p])),
    }));
  });
  rows.sort((a, b) => a.model.localeCompare(b.model) || RECAPS.indexOf(a.recap) - RECAPS.indexOf(b.recap));
  return (
    <table className="il-evolving" data-testid={props.testId}>
      <thead>
        <tr>
          <th>Model</th>
          <th>Recap</th>
          <th>Series</th>
          {xs.map((x) => (
            <th key={x}>{x}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map(({ s, model, recap, at }) => (
          <tr key={`${model}|${recap}|${s.key}`}>
            <td>{model}</td>
            <td>{recap}</td>
            <td>{s.label}</td>
            {xs.map((x) => (
              <Cell
                key={x}
                tally={at.get(x)}
                selector={evolvingSelector(
                  model,
                  recap,
                  taskIdsWhere(props.ev, (p) => s.plansAt(p, x)),
                )}
                title={`${model} · recap ${recap} · ${s.label} = ${x}`}
                dataKey={{ 'data-evolving-transitions': `${model}|${recap}|${s.key}|${x}` }}
              />
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function Evolving({ ev }: { ev: DashboardEvolving | null }) {
  if (!ev || ev.conversations === 0) {
    return (
      <p className="il-note" data-testid="evolving-empty">
        No evolving-intent runs (logs with mode "evolving" whose plan is loaded) in the workspace.
        {ev?.withoutPlan.length ? ` ${ev.withoutPlan.length} task(s) ran without a loaded plan.` : ''}
      </p>
    );
  }
  const models = [...new Set([...ev.byRecap.map((b) => b.model), ...ev.singleTurn.map((s) => s.model)])].sort((a, b) =>
    a.localeCompare(b),
  );
  return (
    <div data-testid="evolving">
      <div className="il-scroll">
        <RecapTable ev={ev} models={models} />
      </div>
      <h3>By number of transitions</h3>
      <div className="il-scroll">
        <TransitionTable
          ev={ev}
          testId="evolving-total"
          series={[
            {
              label: 'all transitions',
              key: 'total',
              points: ev.byTotalTransitions.map((p) => ({ ...p, x: p.transitions })),
              plansAt: (p, x) => totalOf(p) === x,
            },
          ]}
        />
      </div>
      <h3>By number of transitions of each kind (evolving-intent paper, Fig. 4)</h3>
      <div className="il-scroll">
        <TransitionTable
          ev={ev}
          testId="evolving-kinds"
          series={KINDS.map((kind) => ({
            label: kind,
            key: kind,
            points: ev.byTransitionCount.filter((p) => p.kind === kind).map((p) => ({ ...p, x: p.count })),
            plansAt: (p: PlanCounts, x: number) => p[kind] === x,
          }))}
        />
      </div>
      {ev.withoutPlan.length ? (
        <p className="il-note">{ev.withoutPlan.length} evolving task(s) without a loaded plan are not counted.</p>
      ) : null}
    </div>
  );
}

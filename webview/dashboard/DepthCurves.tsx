// Fig. 5 / Table 9: accuracy over added blocks k = 0..4 for the two accumulation and two
// persistence paths, one chart per model plus all models pooled (counts pooled, as Table 9 does).
// Points and table numbers open the conversations at that depth.
import type { DashboardReport, DashboardSelector } from '../../src/shared/protocol/dashboard';
import { PATH_LABEL, pct } from './format';
import { Num, showConversations } from './Clickable';
import { PlotFigure, themeColor } from './PlotFigure';

type Point = DashboardReport['depth'][number];
const PATHS = ['accumulation-neutral', 'accumulation-retained', 'persistence-retained', 'persistence-revised'] as const;

/** At k = 0 without path runs, the point is the base condition's runs (Original, Retained or Revised). */
function pointSelector(p: Point): DashboardSelector {
  const model = p.model === '*' ? {} : { model: p.model };
  if (p.source === 'base-condition') {
    const condition = p.path.startsWith('accumulation')
      ? 'original'
      : p.path === 'persistence-retained'
        ? 'retained'
        : 'revised';
    return { ...model, mode: 'multi', condition, basePathOnly: true };
  }
  return { ...model, path: p.path, k: p.k };
}
const pointTitle = (p: Point) => `${p.model === '*' ? 'all models' : p.model} · ${PATH_LABEL[p.path]} · k=${p.k}`;

function ModelCurves({ model, points }: { model: string; points: Point[] }) {
  const colours = [
    themeColor('--vscode-charts-blue', '#3794ff'),
    themeColor('--vscode-charts-red', '#f14c4c'),
    themeColor('--vscode-charts-orange', '#d18616'),
    themeColor('--vscode-charts-green', '#89d185'),
  ];
  const data = points.filter((p) => p.accuracy !== null).map((p) => ({ ...p, pathName: PATH_LABEL[p.path]! }));
  return (
    <figure className="il-depth-figure" data-depth-model={model}>
      <figcaption>{model === '*' ? 'All models (pooled)' : model}</figcaption>
      <PlotFigure<(typeof data)[number]>
        label={`Depth curves for ${model}`}
        deps={[points]}
        onPick={(p) => showConversations(pointSelector(p), pointTitle(p))}
        make={(Plot) =>
          Plot.plot({
            width: 360,
            height: 220,
            style: {
              background: 'transparent',
              color: themeColor('--vscode-foreground', 'currentColor'),
              fontSize: '11px',
            },
            x: { domain: [0, 1, 2, 3, 4], ticks: 5, label: 'added blocks k' },
            y: { domain: [0, 100], grid: true, label: 'accuracy (%)' },
            color: { domain: PATHS.map((p) => PATH_LABEL[p]!), range: colours, legend: true },
            marks: [
              Plot.line(data, { x: 'k', y: 'accuracy', stroke: 'pathName', strokeWidth: 2 }),
              Plot.dot(data, { x: 'k', y: 'accuracy', fill: 'pathName', r: 3 }),
              Plot.tip(
                data,
                Plot.pointer({
                  x: 'k',
                  y: 'accuracy',
                  title: (p: Point) =>
                    `${pointTitle(p)}\n${pct(p.accuracy)} % of ${p.n}${p.source === 'base-condition' ? ' (base condition)' : ''}\nclick to list them`,
                }),
              ),
            ],
          })
        }
      />
    </figure>
  );
}

export function DepthCurves({ report }: { report: DashboardReport }) {
  if (!report.depth.length)
    return <p className="il-note">No extended-interaction runs (logs with `path` and `k`) in the workspace.</p>;
  const models = [...report.models.filter((m) => report.depth.some((d) => d.model === m)), '*'];
  const byKey = new Map(report.depth.map((d) => [`${d.model}|${d.path}|${d.k}`, d]));
  return (
    <div>
      <div className="il-depth-grid">
        {models.map((m) => (
          <ModelCurves key={m} model={m} points={report.depth.filter((d) => d.model === m)} />
        ))}
      </div>
      <table className="il-depth" data-testid="depth-table">
        <thead>
          <tr>
            <th>Model</th>
            <th>Path</th>
            {[0, 1, 2, 3, 4].map((k) => (
              <th key={k}>k={k}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {models.flatMap((m) =>
            PATHS.filter((p) => [0, 1, 2, 3, 4].some((k) => byKey.has(`${m}|${p}|${k}`))).map((p) => (
              <tr key={`${m}|${p}`} className={m === '*' ? 'il-pooled' : undefined}>
                <td>{m === '*' ? 'All models' : m}</td>
                <td>{PATH_LABEL[p]}</td>
                {[0, 1, 2, 3, 4].map((k) => {
                  const d = byKey.get(`${m}|${p}|${k}`);
                  return (
                    <td
                      key={k}
                      data-depth={`${m}|${p}|${k}`}
                      data-accuracy={d?.accuracy == null ? '' : d.accuracy.toFixed(2)}
                    >
                      {d ? (
                        <Num selector={pointSelector(d)} title={pointTitle(d)}>
                          <span className="il-acc">{pct(d.accuracy)}</span>
                          <span className="il-n">n={d.n}</span>
                        </Num>
                      ) : (
                        '–'
                      )}
                    </td>
                  );
                })}
              </tr>
            )),
          )}
        </tbody>
      </table>
    </div>
  );
}

// Run diff: pick two sides (a model, a log folder, or both: two models, two runs of one model in two
// folders), the re-scored runs as logged vs re-scored, or a fork batch vs its parents, and see per
// instance the paired test and which sources flipped ✓→✗ and ✗→✓; a flipped source opens both
// conversations in the compare view (one re-scored conversation opens in its own view).
import { useState } from 'react';
import { bridge } from './dashboardBridge';
import {
  type RunDiffResult,
  type DashboardReport,
  type DiffSide,
  type RunDiffParams,
} from '../../src/shared/protocol/dashboard';
import { RunDiffResultView } from './RunDiffResultView';
import { TableHead } from './TableHead';
import { CONDITION_LABEL, pText, signed } from './format';

type Kind = 'sides' | 'rescored' | 'forks';
const ANY = '';

/** One side of the diff: a model and a log folder, each "any" when not picked. */
function SidePicker(props: { name: string; side: DiffSide; report: DashboardReport; onChange: (s: DiffSide) => void }) {
  const { side, report } = props;
  const choice = (key: keyof DiffSide, label: string, any: string, options: readonly string[]) => (
    <label>
      {label}{' '}
      <select
        value={side[key] ?? ANY}
        onChange={(e) => {
          const { [key]: _old, ...rest } = side;
          const v = e.currentTarget.value;
          props.onChange(v === ANY ? rest : { ...rest, [key]: v });
        }}
        data-testid={`diff-${props.name}-${key}`}
      >
        <option value={ANY}>{any}</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <fieldset className="il-side">
      <legend>{props.name}</legend>
      {choice('model', 'Model', 'any model', report.models)}{' '}
      {choice('folder', 'Log folder', 'any folder', report.logFolders)}
    </fieldset>
  );
}

/** Which two sets of outcomes to compare; the choices that have nothing to compare are disabled. */
function KindPicker(props: { kind: Kind; report: DashboardReport; onChange: (k: Kind) => void }) {
  const { report } = props;
  return (
    <label className="il-diff-kind">
      Compare{' '}
      <select
        value={props.kind}
        onChange={(e) => props.onChange(e.currentTarget.value as Kind)}
        data-testid="diff-kind"
      >
        <option value="sides">two sides (models, log folders)</option>
        <option value="rescored" disabled={report.rescoredRuns === 0}>
          logged vs re-scored verdicts (
          {report.rescoredRuns ? `${report.rescoredRuns} re-scored` : 'nothing re-scored yet'})
        </option>
        <option value="forks" disabled={report.forkBatches.length === 0}>
          parents vs a fork batch (
          {report.forkBatches.length ? `${report.forkBatches.length} batch(es)` : 'no forks yet'})
        </option>
      </select>
    </label>
  );
}

export function RunDiff({ report }: { report: DashboardReport }) {
  const [kind, setKind] = useState<Kind>('sides');
  const [a, setA] = useState<DiffSide>(report.models[0] !== undefined ? { model: report.models[0] } : {});
  const [b, setB] = useState<DiffSide>(report.models[1] !== undefined ? { model: report.models[1] } : {});
  const [scope, setScope] = useState<DiffSide>({});
  const [batch, setBatch] = useState<string>(report.forkBatches[0]?.id ?? '');
  const [result, setResult] = useState<RunDiffResult>();
  const [resultKind, setResultKind] = useState<Kind>('sides');
  const [error, setError] = useState<string>();
  const [open, setOpen] = useState<string>();
  // A batch can disappear when the logs change: fall back to the first one there is.
  const batchId = report.forkBatches.some((x) => x.id === batch) ? batch : (report.forkBatches[0]?.id ?? '');
  const params: RunDiffParams =
    kind === 'rescored' ? { kind, scope } : kind === 'forks' ? { kind, batch: batchId } : { a, b };
  const run = async () => {
    setError(undefined);
    try {
      setResult(await bridge.request('runDiff', params));
      setResultKind(kind);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <div data-testid="run-diff">
      <KindPicker kind={kind} report={report} onChange={setKind} />
      <div className="il-sides">
        {kind === 'sides' ? (
          <>
            <SidePicker name="A" side={a} report={report} onChange={setA} />
            <SidePicker name="B" side={b} report={report} onChange={setB} />
          </>
        ) : kind === 'rescored' ? (
          <SidePicker name="Scope" side={scope} report={report} onChange={setScope} />
        ) : (
          <label>
            Fork batch{' '}
            <select value={batchId} onChange={(e) => setBatch(e.currentTarget.value)} data-testid="diff-fork-batch">
              {report.forkBatches.map((x) => (
                <option key={x.id} value={x.id}>
                  {x.label}
                </option>
              ))}
            </select>
          </label>
        )}
        <button
          type="button"
          className="il-button"
          data-testid="run-diff-go"
          onClick={() => void run()}
          disabled={kind === 'forks' && !batchId}
        >
          {kind === 'sides'
            ? 'Compare A → B'
            : kind === 'rescored'
              ? 'Compare logged → re-scored'
              : 'Compare parents → forks'}
        </button>
      </div>
      {error ? <p className="il-error">Run diff failed: {error}</p> : null}
      {result ? <RunDiffResultView result={result} resultKind={resultKind} open={open} setOpen={setOpen} /> : null}
    </div>
  );
}

/** Every pair of models on the sources both ran, per column; ✱ survives Holm over all pairs. */
export function ModelPairs({ report }: { report: DashboardReport }) {
  if (!report.modelPairs.length) return <p className="il-note">No two models share scored sources in any column.</p>;
  return (
    <table className="il-diff" data-testid="model-pairs">
      <TableHead columns={['Column', 'A', 'B', 'Shared sources', 'Only A ✓', 'Only B ✓', 'B − A (pp)', 'McNemar p']} />
      <tbody>
        {report.modelPairs.map((t) => (
          <tr key={`${t.mode}|${t.condition}|${t.model_a}|${t.model_b}`}>
            <td>
              {t.mode === 'single' ? 'Single' : 'Multi'} {CONDITION_LABEL[t.condition]}
            </td>
            <td className="il-model">{t.model_a}</td>
            <td className="il-model">{t.model_b}</td>
            <td>{t.n}</td>
            <td>{t.only_from}</td>
            <td>{t.only_to}</td>
            <td>{signed(t.delta_pp)}</td>
            <td>
              {pText(t.p_mcnemar)}
              {t.holm_significant ? <span title="survives Holm's correction"> ✱</span> : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

// Run diff: pick two sides (a model, a log folder, or both: two models, two runs of one model in two
// folders, a parent batch and its fork) and see per instance the paired test and which sources
// flipped ✓→✗ and ✗→✓; a flipped source opens both conversations in the compare view.
import { useState } from 'react';
import { postCommand, request } from '../shared/bridge';
import { RunDiffResult, type DashboardReport, type DiffSide } from '../../src/shared/protocol/dashboard';
import { PairedTable } from './PairedTable';
import { CONDITION_LABEL, pText, signed } from './format';

type Flip = RunDiffResult['instances'][number]['lost'][number];
const ANY = '';

function SidePicker(props: { name: string; side: DiffSide; report: DashboardReport; onChange: (s: DiffSide) => void }) {
  const { side, report } = props;
  const set = (patch: Partial<Record<keyof DiffSide, string>>) => {
    const next: DiffSide = { ...side };
    for (const [k, v] of Object.entries(patch) as Array<[keyof DiffSide, string]>) {
      if (v === ANY) delete next[k];
      else next[k] = v;
    }
    props.onChange(next);
  };
  return (
    <fieldset className="il-side">
      <legend>{props.name}</legend>
      <label>
        Model{' '}
        <select value={side.model ?? ANY} onChange={(e) => set({ model: e.currentTarget.value })} data-testid={`diff-${props.name}-model`}>
          <option value={ANY}>any model</option>
          {report.models.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </select>
      </label>{' '}
      <label>
        Log folder{' '}
        <select value={side.folder ?? ANY} onChange={(e) => set({ folder: e.currentTarget.value })} data-testid={`diff-${props.name}-folder`}>
          <option value={ANY}>any folder</option>
          {report.logFolders.map((f) => (
            <option key={f} value={f}>
              {f}
            </option>
          ))}
        </select>
      </label>
    </fieldset>
  );
}

function FlipList(props: { flips: Flip[]; mark: string; className: string }) {
  return (
    <>
      {props.flips.map((f) => (
        <li key={`${f.model}|${f.task_id}`} className={props.className}>
          <button type="button" className="il-link" data-testid="flip" data-flip={`${props.mark}|${f.task_id}`} onClick={() => postCommand('openPair', { left: f.conv_a, right: f.conv_b })} title="Open both conversations in the compare view">
            {props.mark} {f.model ? `${f.model} · ` : ''}
            {f.task_id}
          </button>
        </li>
      ))}
    </>
  );
}

export function RunDiff({ report }: { report: DashboardReport }) {
  const [a, setA] = useState<DiffSide>(report.models[0] !== undefined ? { model: report.models[0] } : {});
  const [b, setB] = useState<DiffSide>(report.models[1] !== undefined ? { model: report.models[1] } : {});
  const [result, setResult] = useState<RunDiffResult>();
  const [error, setError] = useState<string>();
  const [open, setOpen] = useState<string>();
  const run = async () => {
    setError(undefined);
    try {
      setResult(await request('runDiff', { a, b }, RunDiffResult));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  const family = result ? `${result.instances.length} instance tests of this diff` : '';
  return (
    <div data-testid="run-diff">
      <div className="il-sides">
        <SidePicker name="A" side={a} report={report} onChange={setA} />
        <SidePicker name="B" side={b} report={report} onChange={setB} />
        <button type="button" className="il-button" data-testid="run-diff-go" onClick={() => void run()}>
          Compare A → B
        </button>
      </div>
      {error ? <p className="il-error">Run diff failed: {error}</p> : null}
      {result ? (
        <>
          <p className="il-note" data-testid="run-diff-summary">
            {result.a} → {result.b}: {result.paired} paired source(s); {result.unpaired.a} only in A, {result.unpaired.b} only in B.
            {result.instances.length === 0 ? ' Nothing to compare: the two sides share no scored source (pick the same model in two folders, or two models on the same sources).' : ''}
          </p>
          {result.instances.length ? (
            <table className="il-diff" data-testid="run-diff-table">
              <thead>
                <tr>
                  <th>Instance</th>
                  <th>Paired</th>
                  <th>✓→✗</th>
                  <th>✗→✓</th>
                  <th>B − A (pp)</th>
                  <th>McNemar p</th>
                  <th>Flipped sources (click: compare A ↔ B)</th>
                </tr>
              </thead>
              <tbody>
                {result.instances.map((i) => (
                  <tr key={i.label} data-diff-instance={i.label}>
                    <th scope="row">
                      {i.label}{' '}
                      <button type="button" className="il-link" onClick={() => setOpen(open === i.label ? undefined : i.label)} aria-expanded={open === i.label}>
                        2×2
                      </button>
                    </th>
                    <td>{i.n}</td>
                    <td className="il-drop">{i.lost.length}</td>
                    <td className="il-rise">{i.gained.length}</td>
                    <td>{signed(i.delta_pp)}</td>
                    <td>
                      {pText(i.p_mcnemar)}
                      {i.holm_significant ? <span title="survives Holm's correction"> ✱</span> : null}
                    </td>
                    <td>
                      <ul className="il-flips">
                        <FlipList flips={i.lost} mark="✓→✗" className="il-drop" />
                        <FlipList flips={i.gained} mark="✗→✓" className="il-rise" />
                      </ul>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
          {open && result.instances.find((i) => i.label === open) ? <PairedTable title={`${open}: ${result.a} → ${result.b}`} from="A" to="B" test={result.instances.find((i) => i.label === open)!} family={family} onClose={() => setOpen(undefined)} /> : null}
        </>
      ) : null}
    </div>
  );
}

/** Every pair of models on the sources both ran, per column; ✱ survives Holm over all pairs. */
export function ModelPairs({ report }: { report: DashboardReport }) {
  if (!report.modelPairs.length) return <p className="il-note">No two models share scored sources in any column.</p>;
  return (
    <table className="il-diff" data-testid="model-pairs">
      <thead>
        <tr>
          <th>Column</th>
          <th>A</th>
          <th>B</th>
          <th>Shared sources</th>
          <th>Only A ✓</th>
          <th>Only B ✓</th>
          <th>B − A (pp)</th>
          <th>McNemar p</th>
        </tr>
      </thead>
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

// The result of a run diff: the summary line, per instance the paired test and the flipped sources,
// and the paired 2×2 table of the instance whose "2×2" is open.
import type { RunDiffResult } from '../../src/shared/protocol/dashboard';
import { bridge } from './dashboardBridge';
import { PairedTable } from './PairedTable';
import { TableHead } from './TableHead';
import { pText, signed } from './format';

type Flip = RunDiffResult['instances'][number]['lost'][number];

function FlipList(props: { flips: Flip[]; mark: string; className: string }) {
  return (
    <>
      {props.flips.map((f) => (
        <li key={`${f.model}|${f.task_id}`} className={props.className}>
          <button
            type="button"
            className="il-link"
            data-testid="flip"
            data-flip={`${props.mark}|${f.task_id}`}
            onClick={() => bridge.postCommand('openPair', { left: f.conv_a, right: f.conv_b })}
            title={
              f.conv_a === f.conv_b
                ? 'Open the conversation (its view shows the re-scored and the logged verdict)'
                : 'Open both conversations in the compare view'
            }
          >
            {props.mark} {f.model ? `${f.model} · ` : ''}
            {f.task_id}
          </button>
        </li>
      ))}
    </>
  );
}

interface RunDiffResultProps {
  result: RunDiffResult;
  resultKind: 'sides' | 'rescored' | 'forks';
  open: string | undefined;
  setOpen: (label: string | undefined) => void;
}

export function RunDiffResultView({ result, resultKind, open, setOpen }: RunDiffResultProps) {
  const family = `${result.instances.length} instance tests of this diff`;
  return (
    <>
      <p className="il-note" data-testid="run-diff-summary">
        {result.a} → {result.b}: {result.paired} paired source(s); {result.unpaired.a} only in A, {result.unpaired.b}{' '}
        only in B.
        {result.instances.length === 0
          ? resultKind === 'sides'
            ? ' Nothing to compare: the two sides share no scored source (pick the same model in two folders, or two models on the same sources).'
            : resultKind === 'rescored'
              ? ' Nothing to compare: no run of this scope has both a logged and a re-scored verdict.'
              : ' Nothing to compare: no fork of this batch has a scored parent in the workspace.'
          : ''}
      </p>
      {result.instances.length ? (
        <table className="il-diff" data-testid="run-diff-table">
          <TableHead
            columns={[
              'Instance',
              'Paired',
              '✓→✗',
              '✗→✓',
              'B − A (pp)',
              'McNemar p',
              'Flipped sources (click: compare A ↔ B)',
            ]}
          />
          <tbody>
            {result.instances.map((i) => (
              <tr key={i.label} data-diff-instance={i.label}>
                <th scope="row">
                  {i.label}{' '}
                  <button
                    type="button"
                    className="il-link"
                    onClick={() => setOpen(open === i.label ? undefined : i.label)}
                    aria-expanded={open === i.label}
                  >
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
      {open && result.instances.find((i) => i.label === open) ? (
        <PairedTable
          title={`${open}: ${result.a} → ${result.b}`}
          from="A"
          to="B"
          test={result.instances.find((i) => i.label === open)!}
          family={family}
          onClose={() => setOpen(undefined)}
        />
      ) : null}
    </>
  );
}

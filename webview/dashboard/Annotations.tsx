// The dashboard's annotation parts (issue #39): the note on what human verdict overrides changed,
// with the switch between the adjudicated and the machine verdicts, and the annotators' agreement
// per label (Cohen's kappa with n) with the disagreements, each opening its conversation.
import type { DashboardReport } from '../../src/shared/protocol/dashboard';
import type {
  DashboardAdjudication,
  DashboardAgreement,
  DashboardVerdictMode,
} from '../../src/shared/protocol/dashboardAnnotations';
import { bridge } from './dashboardBridge';
import { TableHead } from './TableHead';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** What overrides changed, in words: the counts are those of `--verdicts adjudicated` vs `machine`. */
function overrideText(a: DashboardAdjudication): string {
  const changed = `${plural(a.changedConversations, 'conversation verdict')} and ${plural(a.changedCells, 'Table 1 cell')}`;
  return a.mode === 'adjudicated'
    ? `Adjudicated verdicts: ${plural(a.overrides, 'human override')} changed ${changed}.`
    : `Machine verdicts (logged or re-scored): ${plural(a.overrides, 'human override')} not applied; applied, they change ${changed}.`;
}

/** The overrides note with the switch; nothing when there are no overrides and the adjudicated verdicts show. */
export function VerdictModeNote(props: {
  adjudication: DashboardAdjudication | undefined;
  onVerdictMode: (mode: DashboardVerdictMode) => void;
}) {
  const a = props.adjudication;
  if (!a || (a.overrides === 0 && a.mode === 'adjudicated')) return null;
  return (
    <p className="il-note il-overrides" data-testid="override-note">
      <span data-testid="override-text">{overrideText(a)}</span>{' '}
      <label title="Count the logged or re-scored verdicts, without the human overrides (the CLI's stats --verdicts machine)">
        <input
          type="checkbox"
          data-testid="machine-verdicts"
          checked={a.mode === 'machine'}
          onChange={(e) => props.onVerdictMode(e.currentTarget.checked ? 'machine' : 'adjudicated')}
        />{' '}
        Show machine verdicts
      </label>
    </p>
  );
}

/** Why there is no agreement to show, and what to do about it; undefined when there is. */
function agreementEmptyText(g: DashboardAgreement | undefined): string | undefined {
  const needs = 'Agreement needs labels from two annotators on the same conversations';
  if (!g || g.annotators.length === 0)
    return `${needs}: there are no annotations yet (Intent Lens: Annotate Turn…, or the CLI's annotate).`;
  if (g.annotators.length === 1)
    return `${needs}: only ${g.annotators[0]} has annotated. Another annotator's sidecar (.intent-lens/annotations-NAME.jsonl) is read with this one.`;
  if (g.labels.length === 0)
    return `${needs}: ${g.annotators.join(', ')} have annotated no conversation in common, or put no label on those they share.`;
  return undefined;
}

const kappaText = (k: number | null) => (k === null ? '–' : k.toFixed(2));

function AgreementTable({ labels }: { labels: DashboardAgreement['labels'] }) {
  return (
    <table data-testid="agreement-table">
      <TableHead columns={['Label', 'Annotators', 'κ', 'n', 'Agree %', 'Disagreements']} />
      <tbody>
        {labels.map((r) => (
          <tr key={`${r.label}|${r.annotators.join('|')}`} data-agreement={`${r.label}|${r.annotators.join('|')}`}>
            <th>{r.label}</th>
            <td>{r.annotators.join(' · ')}</td>
            <td
              className="il-cell"
              data-testid="kappa"
              title={
                r.kappa === null
                  ? 'Undefined: both gave the label on every shared conversation, or neither on any'
                  : "Cohen's kappa"
              }
            >
              {kappaText(r.kappa)}
            </td>
            <td className="il-cell" data-testid="kappa-n">
              {r.n}
            </td>
            <td className="il-cell">{(r.observed * 100).toFixed(1)}</td>
            <td className="il-cell">{r.disagreements}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function DisagreementList({ agreement }: { agreement: DashboardAgreement }) {
  if (!agreement.disagreements.length)
    return (
      <p className="il-note" data-testid="no-disagreements">
        No disagreements: the annotators gave the same labels on every conversation they share.
      </p>
    );
  const more = agreement.disagreementsTotal - agreement.disagreements.length;
  return (
    <>
      <ul className="il-disagreements" data-testid="disagreements">
        {agreement.disagreements.map((d) => (
          <li key={`${d.label}|${d.labelledBy}|${d.notBy}|${d.conv_id}`}>
            <button
              type="button"
              className="il-link"
              data-testid="disagreement"
              data-conv-id={d.conv_id}
              disabled={d.task_id === undefined}
              title={d.task_id === undefined ? 'Not in the workspace’s run logs' : 'Open the conversation'}
              onClick={() => bridge.postCommand('openPair', { left: d.conv_id, right: d.conv_id })}
            >
              {d.label}: {d.labelledBy} yes, {d.notBy} no · {d.task_id ?? d.conv_id}
              {d.model ? ` · ${d.model}` : ''}
            </button>
          </li>
        ))}
      </ul>
      {more > 0 ? <p className="il-note">and {more} more (the CLI's annotations --agreement lists them all)</p> : null}
    </>
  );
}

/** Agreement per label between each pair of annotators, and the conversations where they disagree. */
export function Agreement({ report }: { report: DashboardReport }) {
  const g = report.agreement;
  const empty = agreementEmptyText(g);
  return (
    <section data-testid="agreement">
      <h2>Annotator agreement</h2>
      {empty || !g ? (
        <p className="il-note" data-testid="agreement-empty">
          {empty}
        </p>
      ) : (
        <>
          <p className="il-legend">
            Per label and pair of annotators, over the conversations both annotated (n): Cohen's kappa (κ; – when it is
            undefined) and the share where they agree. Click a disagreement to open its conversation.
          </p>
          <div className="il-scroll">
            <AgreementTable labels={g.labels} />
          </div>
          <h3>Disagreements</h3>
          <DisagreementList agreement={g} />
        </>
      )}
    </section>
  );
}

// The dashboard page: toolbar (refresh, exports), Table 1 with intervals, derived gaps with paired
// tests, model vs model, run diff, Intent-Eval's Fig. 4 and Fig. 5, and evolving intent.
import { createElement, useState, type ReactNode } from 'react';
import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-progress-ring/index.js';
import { bridge } from './dashboardBridge';
import { type ExportResult, type DashboardReport, type DashboardState } from '../../src/shared/protocol/dashboard';
import { Grid } from './Grid';
import { Gaps } from './Gaps';
import { InactiveErrors } from './InactiveErrors';
import { DepthCurves } from './DepthCurves';
import { Evolving } from './Evolving';
import { ModelPairs, RunDiff } from './RunDiff';
import { Computing, isPending } from './Computing';
import { Agreement, VerdictModeNote } from './Annotations';
import type { DashboardVerdictMode } from '../../src/shared/protocol/dashboardAnnotations';

function Button(props: {
  children: ReactNode;
  onClick: () => void;
  secondary?: boolean;
  testId: string;
  title?: string;
}) {
  return createElement(
    'vscode-button',
    {
      onClick: props.onClick,
      secondary: props.secondary ? true : undefined,
      'data-testid': props.testId,
      title: props.title,
    },
    props.children,
  );
}

/** The totals: conversations, models, unscored, what the grid leaves out, and how verdicts were read. */
function ReportSummary({ report }: { report: DashboardReport }) {
  return (
    <span className="il-summary" data-testid="summary">
      {report.totals.conversations} conversations · {report.models.length} model
      {report.models.length === 1 ? '' : 's'} · {report.totals.unscored} unscored
      {report.totals.ignored ? ` · ${report.totals.ignored} outside Table 1` : ''}
      {report.totals.forks ? (
        <span
          data-testid="forks-note"
          title={report.forks
            .map(
              (f) =>
                `${f.edit} · ${f.model} · ${f.domain}: ${f.forks} fork(s), recovered ${f.recovered}/${f.errors} parent errors`,
            )
            .join('\n')}
        >
          {' '}
          · {report.totals.forks} fork{report.totals.forks === 1 ? '' : 's'} (not counted in the grid)
        </span>
      ) : null}
      {report.verdicts ? <span data-testid="verdict-note"> · {report.verdicts}</span> : null}
    </span>
  );
}

interface DashboardProps {
  state: DashboardState;
  busy: boolean;
  onRefresh: () => void;
  /** Counts the adjudicated or the machine verdicts (the host recomputes). */
  onVerdictMode: (mode: DashboardVerdictMode) => void;
}

/** The header: the totals, the busy ring, Refresh, the exports (their outcome as a message). */
function DashboardHeader(props: DashboardProps) {
  const { report } = props.state;
  const [admit, setAdmit] = useState(true);
  const [message, setMessage] = useState<string>();
  const run = async (what: string, p: Promise<ExportResult>) => {
    try {
      const r = await p;
      setMessage(r.saved ? `${what} saved to ${r.saved}${r.detail ? ` (${r.detail})` : ''}` : undefined);
    } catch (e) {
      setMessage(`${what} failed: ${e instanceof Error ? e.message : String(e)}`);
    }
  };
  return (
    <header className="il-header">
      <h1>Intent-Eval results</h1>
      {report ? <ReportSummary report={report} /> : null}
      {report ? <VerdictModeNote adjudication={report.adjudication} onVerdictMode={props.onVerdictMode} /> : null}
      {props.busy ? createElement('vscode-progress-ring', { className: 'il-busy', 'aria-label': 'Updating' }) : null}
      <div className="il-actions">
        <Button testId="refresh" secondary onClick={props.onRefresh}>
          Refresh
        </Button>
        <Button
          testId="export-csv"
          secondary
          onClick={() => void run('Grid CSV', bridge.request('exportGrid', { format: 'csv' }))}
        >
          Grid as CSV
        </Button>
        <Button
          testId="export-md"
          secondary
          onClick={() => void run('Grid Markdown', bridge.request('exportGrid', { format: 'md' }))}
        >
          Grid as Markdown
        </Button>
        <Button
          testId="export-latex"
          secondary
          onClick={() => void run('Grid LaTeX', bridge.request('exportReport', { format: 'latex' }))}
        >
          Grid as LaTeX
        </Button>
        <Button
          testId="export-report"
          title="One self-contained HTML file: grid, intervals, gaps with tests, figures and the last run diff"
          onClick={() => void run('Report', bridge.request('exportReport', { format: 'html' }))}
        >
          Export Report
        </Button>
        <label
          className="il-admit"
          title="Paper Section 3.1: admit a source only if the model answered both complete single-turn tasks (S_Orig and S_Dir) correctly"
        >
          <input
            type="checkbox"
            checked={admit}
            onChange={(e) => setAdmit(e.currentTarget.checked)}
            data-testid="opsd-admit"
          />{' '}
          only S_Orig + S_Dir correct
        </label>
        <Button
          testId="export-opsd"
          onClick={() => void run('Intent-OPSD export', bridge.request('exportOpsd', { admitSingleCorrect: admit }))}
        >
          Intent-OPSD export
        </Button>
      </div>
      {message ? (
        <p className="il-message" role="status">
          {message}
        </p>
      ) : null}
    </header>
  );
}

export function DashboardApp(props: DashboardProps) {
  const { report, error } = props.state;
  return (
    <main className="il-dashboard" data-testid="dashboard" data-pending={report?.pending?.join(' ') ?? ''}>
      <DashboardHeader {...props} />
      {error ? <p className="il-error">Could not compute the results: {error}</p> : null}
      {!report ? null : report.totals.conversations === 0 ? (
        <p className="il-note">
          No run logs in this workspace yet. Logs matching the `intentLens.logsGlob` setting appear here as they are
          written.
        </p>
      ) : (
        <ReportSections report={report} />
      )}
    </main>
  );
}

/** Table 1, the gaps, model pairs and run diff, Fig. 4 and 5, and evolving intent. */
function ReportSections({ report }: { report: DashboardReport }) {
  return (
    <>
      <section>
        <h2>Accuracy (Table 1)</h2>
        <p className="il-legend">
          Accuracy % with n scored per cell; unscored (null verdict) runs are left out of n and shown as{' '}
          <span className="il-unscored">+k?</span>. Colour: change from the row's Single Original (red lower, green
          higher). Overall: each model pooled over its sources, then models averaged with equal weight. Hover or focus a
          cell for its 95% interval, or tick Show intervals to see them all (Wilson per cell; bootstrap over sources for
          pooled and overall values); arrow keys move between cells; <span className="il-small-mark">small</span> marks
          n &lt; 10; ⚠ marks a value over unequal coverage (explained below the table). Click any number for its
          conversations.
        </p>
        <div className="il-scroll">
          <Grid report={report} />
        </div>
      </section>
      <section>
        <h2>Derived gaps</h2>
        <div className="il-scroll">
          <Gaps report={report} />
        </div>
      </section>
      <section>
        <h2>Model vs model on the same sources</h2>
        <div className="il-scroll">
          {isPending(report, 'inference') ? (
            <Computing part="inference" what="Paired tests of every model pair" />
          ) : (
            <ModelPairs report={report} />
          )}
        </div>
      </section>
      <section>
        <h2>Run diff</h2>
        <p className="il-legend">
          Two models, one model's runs in two log folders, the re-scored runs as logged vs re-scored, or a fork batch vs
          its parents: per instance, the sources that flipped. Click a source to compare its two conversations (a
          re-scored one opens with both verdicts).
        </p>
        <RunDiff report={report} />
      </section>
      <Agreement report={report} />
      <section>
        <h2>Inactive content in new errors (Intent-Eval, Fig. 4)</h2>
        <p className="il-legend">
          Multi-turn sources correct in Original (every scored run) whose Retained or Revised run is wrong; share of
          those final answers that contain inactive content ({report.detector}).
        </p>
        {isPending(report, 'inactive') ? (
          <Computing
            part="inactive"
            what={`Reading the final answers of ${report.inactive.filter((r) => r.model === '*' && r.domain === '*').reduce((n, r) => n + r.new_errors, 0)} new errors`}
          />
        ) : (
          <InactiveErrors report={report} />
        )}
      </section>
      <section>
        <h2>Depth curves (Intent-Eval, Fig. 5)</h2>
        <DepthCurves report={report} />
      </section>
      <section>
        <h2>Evolving intent</h2>
        <p className="il-legend">
          Evolving-intent runs with a loaded plan: accuracy % with n scored, per model and recap mode (none / prompt /
          oracle), against the single-turn runs of the plans' anchors, then by how many transitions the plan has. Click
          any number for its conversations.
        </p>
        <Evolving ev={report.evolving} />
      </section>
    </>
  );
}

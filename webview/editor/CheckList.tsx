// The revision editor's checks: every check that ran on the record as it is in the form, with its
// outcome and evidence, under one header whose counts are computed from this same list.
import type { CheckRun } from '../../src/core/checks/checkList';
import { countChecks, describeCheckCounts } from '../../src/core/checks/checkList';
import { CHECK_OUTCOME_MARKS } from '../../src/shared/verdicts';

const OUTCOME_WORD: Record<CheckRun['outcome'], string> = { pass: 'passed', fail: 'failed', 'not-run': 'not run' };

/** The worst severity among a failing check's findings (its colour). */
function severityOf(run: CheckRun): string {
  if (run.outcome !== 'fail') return run.outcome;
  if (run.findings.some((f) => f.severity === 'error')) return 'error';
  return run.findings.some((f) => f.severity === 'warning') ? 'warning' : 'info';
}

export function CheckList(props: { runs: readonly CheckRun[] }) {
  const counts = countChecks(props.runs);
  // Failures first (errors, then warnings, then notes), then what did not run, then the passes.
  const order = { error: 0, warning: 1, info: 2, 'not-run': 3, pass: 4 } as Record<string, number>;
  const sorted = [...props.runs].sort((a, b) => (order[severityOf(a)] ?? 9) - (order[severityOf(b)] ?? 9));
  return (
    <details className="il-checks" data-testid="checks" open aria-live="polite">
      <summary>
        <strong
          data-testid="check-counts"
          data-errors={counts.errors}
          data-warnings={counts.warnings}
          data-notes={counts.notes}
          data-failed={counts.failed}
          data-passed={counts.passed}
        >
          {describeCheckCounts(counts)}
        </strong>
      </summary>
      <ul className="il-check-list">
        {sorted.map((r) => (
          <li key={r.code} className={`il-check il-check-${severityOf(r)}`} data-code={r.code} data-outcome={r.outcome}>
            <span className="il-check-mark" aria-label={OUTCOME_WORD[r.outcome]}>
              {CHECK_OUTCOME_MARKS[r.outcome]}
            </span>{' '}
            <span className="il-check-rule">{r.rule}</span> <code className="il-path">{r.code}</code>
            <ul className="il-evidence">
              {r.findings.length
                ? r.findings.map((f, i) => (
                    <li key={i} className={`il-issue il-issue-${f.severity}`} data-code={f.code}>
                      {f.severity}: {f.message} {f.path ? <span className="il-path">{f.path}</span> : null}
                    </li>
                  ))
                : r.evidence.map((e, i) => <li key={i}>{e}</li>)}
            </ul>
          </li>
        ))}
      </ul>
    </details>
  );
}

// One candidate revision as the candidates view draws it: its target and values, its checks
// (pass/fail with the evidence in words) and its domain evidence (both SQL result tables, the
// original and recomputed calculator chain, the call diff, the renamed signature and test
// outcome). Presentational only (no bridge, no custom-element registration), so it renders in
// plain Node for the component tests. Every value is inserted as React text.
import { createElement, type ReactNode } from 'react';
import type { CandidateView, CheckRow, EvidenceView, ResultTable } from '../../src/shared/protocol/candidates';
import { CHECK_OUTCOME_MARKS } from '../../src/shared/verdicts';

export function Badge(props: { children: ReactNode; className?: string; title?: string }) {
  return createElement('vscode-badge', { className: props.className, title: props.title }, props.children);
}

/** The checks, open on the chosen and discarded cards; folded to a count on the others. */
export function Checks({ checks, open }: { checks: readonly CheckRow[]; open: boolean }) {
  const passed = checks.filter((c) => c.ok).length;
  return (
    <details className="il-checks-fold" open={open}>
      <summary data-testid="checks-summary">
        {passed} of {checks.length} checks pass
      </summary>
      <CheckList checks={checks} />
    </details>
  );
}

function CheckList({ checks }: { checks: readonly CheckRow[] }) {
  return (
    <ul className="il-checks" aria-label="checks">
      {checks.map((c) => (
        <li
          key={c.name}
          className={c.ok ? 'il-pass' : 'il-fail'}
          data-testid="check"
          data-check={c.name}
          data-ok={c.ok ? 'true' : 'false'}
        >
          <span className="il-check-mark" aria-label={c.ok ? 'passed' : 'failed'}>
            {c.ok ? CHECK_OUTCOME_MARKS.pass : CHECK_OUTCOME_MARKS.fail}
          </span>
          <span className="il-check-name">{c.name}</span>
          <span className="il-check-evidence">{c.evidence}</span>
        </li>
      ))}
    </ul>
  );
}

function Table({ table, label }: { table: ResultTable; label: string }) {
  return (
    <figure className="il-result" data-testid={`sql-${label}`}>
      <figcaption>
        {label} · {table.rowCount} row{table.rowCount === 1 ? '' : 's'}
        {table.rows.length < table.rowCount ? ` (first ${table.rows.length})` : ''}
      </figcaption>
      <table>
        <thead>
          <tr>
            {table.columns.map((c, i) => (
              <th key={i}>{c}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((r, i) => (
            <tr key={i}>
              {r.map((cell, j) => (
                <td key={j}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

function SideBySide(props: { left: string; right: string; leftLabel: string; rightLabel: string; testId: string }) {
  return (
    <div className="il-sides" data-testid={props.testId}>
      <figure>
        <figcaption>{props.leftLabel}</figcaption>
        <pre>{props.left}</pre>
      </figure>
      <figure>
        <figcaption>{props.rightLabel}</figcaption>
        <pre>{props.right}</pre>
      </figure>
    </div>
  );
}

export function Evidence({ evidence }: { evidence: EvidenceView }) {
  switch (evidence.kind) {
    case 'sql':
      return (
        <div className="il-sides" data-testid="evidence-sql">
          <Table table={evidence.original} label="original" />
          <Table table={evidence.revised} label="revised" />
        </div>
      );
    case 'math-chain':
      return (
        <SideBySide
          testId="evidence-math"
          left={evidence.original}
          right={evidence.revised}
          leftLabel="original chain"
          rightLabel="recomputed chain"
        />
      );
    case 'call-diff':
      return (
        <div data-testid="evidence-calls">
          {evidence.changed.length ? <p className="il-changed-args">changed: {evidence.changed.join(', ')}</p> : null}
          <SideBySide
            testId="evidence-call-diff"
            left={evidence.original}
            right={evidence.revised}
            leftLabel="original calls"
            rightLabel="revised calls"
          />
        </div>
      );
    case 'code-rename':
      return (
        <div data-testid="evidence-code">
          <SideBySide
            testId="evidence-signature"
            left={evidence.originalSignature}
            right={evidence.revisedSignature}
            leftLabel="original signature"
            rightLabel="renamed signature"
          />
          {evidence.tests ? (
            <p className="il-tests">
              tests: original {evidence.tests.original} · revised {evidence.tests.revised}
            </p>
          ) : null}
        </div>
      );
  }
}

/** The values line: `12 trays → 6 trays`, the references, the other verified values. */
export function Values({ c }: { c: CandidateView }) {
  return (
    <div className="il-values">
      <span className="il-original" data-testid="original">
        {c.original}
      </span>
      <span className="il-arrow" aria-label="revised to">
        →
      </span>
      <span className="il-revised" data-testid="revised">
        {c.revised}
      </span>
      <span className="il-reference" data-testid="reference">
        reference {c.reference.original} → {c.reference.revised}
      </span>
      {c.alternatives.length ? (
        <span className="il-alternatives">also verified: {c.alternatives.join(', ')}</span>
      ) : null}
    </div>
  );
}

export interface CardProps {
  c: CandidateView;
  /** The user's pick (a radio); absent for discarded candidates, which cannot be picked. */
  chosen?: boolean;
  onChoose?: () => void;
  /** Drawn under the values on the chosen card: the value field, its re-check state. */
  children?: ReactNode;
}

export function CandidateCard({ c, chosen, onChoose, children }: CardProps) {
  const id = `candidate-${c.index}`;
  return (
    <article
      className={`il-candidate${chosen ? ' il-chosen' : ''}${c.discarded ? ' il-discarded' : ''}`}
      data-testid="candidate"
      data-index={c.index}
      data-target={c.target}
      data-selected={c.selected ? 'true' : 'false'}
      data-chosen={chosen ? 'true' : 'false'}
      {...(c.discarded ? { 'data-discarded': c.discarded } : {})}
    >
      <header className="il-candidate-head">
        {onChoose ? (
          <input
            type="radio"
            name="candidate"
            id={id}
            checked={!!chosen}
            onChange={onChoose}
            aria-describedby={`${id}-values`}
          />
        ) : null}
        <label htmlFor={onChoose ? id : undefined} className="il-target">
          <span className="il-requirement">{c.requirement}</span>
          {/* A math target names its shard already (`shard 2: 4 bags`). */}
          {c.target.startsWith(`shard ${c.shardId}`) ? null : <span className="il-shard">shard {c.shardId}</span>}
          <span className="il-target-text">{c.target}</span>
        </label>
        {c.selected ? (
          <Badge className="il-selected-badge" title="The construction's choice (Appendix A.1 order)">
            selected
          </Badge>
        ) : null}
        {c.discarded ? (
          <span className="il-reason" data-testid="discard-reason">
            discarded: {c.discarded}
          </span>
        ) : null}
      </header>
      <div id={`${id}-values`}>
        <Values c={c} />
      </div>
      {children}
      <Checks checks={c.checks} open={!!chosen || !!c.discarded} />
      {c.evidence ? <Evidence evidence={c.evidence} /> : null}
    </article>
  );
}

// What every field of the revision editor's form shares: the labelled row with its issues beside
// it, the issues under a field path, and an in-place update of the intent block.
import type { ReactNode } from 'react';
import type { IntentBlock } from '../../src/core/schema/records';
import type { FormIssue } from './useIntentChecks';

export interface FormBinding {
  form: IntentBlock;
  /** Issues (not notes) at `path` or below it. */
  issuesAt(path: string): FormIssue[];
  invalid(path: string): boolean;
  update(patch: (draft: IntentBlock) => void): void;
}

export function formBinding(
  form: IntentBlock,
  issues: readonly FormIssue[],
  setForm: (next: (f: IntentBlock) => IntentBlock) => void,
): FormBinding {
  const issuesAt = (path: string) =>
    issues.filter(
      (i) =>
        i.severity !== 'info' && (i.path === path || i.path.startsWith(`${path}.`) || i.path.startsWith(`${path}[`)),
    );
  return {
    form,
    issuesAt,
    invalid: (path) => issuesAt(path).length > 0,
    update: (patch) =>
      setForm((f) => {
        const next = structuredClone(f);
        patch(next);
        return next;
      }),
  };
}

export function Row(props: {
  label: string;
  issues: Array<{ message: string; severity: string }>;
  children: ReactNode;
}) {
  return (
    <div className="il-row" role="group" aria-label={props.label}>
      <span className="il-label">{props.label}</span>
      {props.children}
      {props.issues.map((i, n) => (
        <span key={n} className={`il-row-issue il-issue-${i.severity}`}>
          {i.message}
        </span>
      ))}
    </div>
  );
}

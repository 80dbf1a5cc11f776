// The chosen candidate's editable revised value and the state of its re-check.
import { createElement, useEffect, useRef } from 'react';
import { Badge } from './CandidateCard';
import type { Edit } from './useCandidateChoice';
import { CHECK_OUTCOME_MARKS } from '../../src/shared/verdicts';

interface ValueElement extends HTMLElement {
  value: string;
}

/** A @vscode-elements text field (its `input` event comes from its shadow root: wired by ref). */
function ValueField(props: { value: string; onChange: (v: string) => void; invalid: boolean }) {
  const ref = useRef<ValueElement | null>(null);
  const onChange = useRef(props.onChange);
  onChange.current = props.onChange;
  useEffect(() => {
    const el = ref.current;
    if (el && el.value !== props.value) el.value = props.value;
  }, [props.value]);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const listener = () => onChange.current(el.value);
    el.addEventListener('input', listener);
    return () => el.removeEventListener('input', listener);
  }, []);
  return createElement('vscode-textfield', {
    ref,
    value: props.value,
    'data-testid': 'value',
    'aria-label': 'revised value',
    invalid: props.invalid ? true : undefined,
    className: 'il-value-field',
  });
}

function RecheckStatus({ edit }: { edit: Edit | undefined }) {
  if (!edit)
    return (
      <span className="il-status" data-testid="recheck-status" data-status="listed">
        as constructed
      </span>
    );
  if (edit.busy) {
    return (
      <span className="il-status" data-testid="recheck-status" data-status="busy" aria-live="polite">
        {createElement('vscode-progress-ring', { className: 'il-ring' })} re-checking…
      </span>
    );
  }
  const c = edit.result?.candidate;
  if (edit.error || !c || c.discarded) {
    const why =
      edit.error ??
      (c?.discarded
        ? `${c.discarded}: ${c.checks.find((k) => !k.ok)?.evidence ?? ''}`
        : (edit.result?.message ?? edit.result?.reason ?? 'no such candidate'));
    return (
      <span className="il-status il-fail" data-testid="recheck-status" data-status="failed" aria-live="polite">
        {CHECK_OUTCOME_MARKS.fail} {why}
      </span>
    );
  }
  return (
    <span className="il-status il-pass" data-testid="recheck-status" data-status="passed" aria-live="polite">
      {CHECK_OUTCOME_MARKS.pass} every check passes
    </span>
  );
}

export function ChosenValue(props: {
  revised: string;
  edit: Edit | undefined;
  editedOk: boolean;
  onValue: (v: string) => void;
}) {
  const { edit } = props;
  return (
    <div className="il-edit">
      <label className="il-edit-label">
        Revised value{' '}
        <ValueField
          value={edit?.value ?? props.revised}
          onChange={props.onValue}
          invalid={!props.editedOk && !edit?.busy}
        />
      </label>
      {edit ? <Badge className="il-edited">edited</Badge> : null}
      <RecheckStatus edit={edit} />
    </div>
  );
}

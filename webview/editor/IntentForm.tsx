// The revision editor's form over one intent block: the check list, the texts of the multi-turn
// and single-turn instances, and the extra proposals and clarification pairs (ExtraFields.tsx).
import type { ReactNode } from 'react';
import type { CheckRun } from '../../src/core/checks/checkList';
import { CheckList } from './CheckList';
import { ExtraNeutral, ExtraProposals } from './ExtraFields';
import { MonacoField, TextArea, TextField } from './fields';
import { Row, type FormBinding } from './formRows';

/** The intent block's plain text fields that the form edits in place. */
type TextKey = 'requirement' | 'original' | 'revised' | 'proposal' | 'accept' | 'reject';
type TextControl = (props: {
  value: string;
  onChange: (v: string) => void;
  testId: string;
  label: string;
  invalid?: boolean;
}) => ReactNode;

export function IntentForm({ bind, checkRuns }: { bind: FormBinding; checkRuns: readonly CheckRun[] }) {
  const { form, issuesAt, invalid, update } = bind;
  /** The row of one of the intent's plain texts: the field (labelled, marked invalid) with its issues beside it. */
  const textRow = (
    key: TextKey,
    Field: TextControl,
    label: string,
    field: { label?: string; testId?: string } = {},
  ) => (
    <Row label={label} issues={issuesAt(`intent.${key}`)}>
      <Field
        value={form[key]}
        onChange={(v) => update((d) => void (d[key] = v))}
        testId={field.testId ?? key}
        label={field.label ?? label}
        invalid={invalid(`intent.${key}`)}
      />
    </Row>
  );
  return (
    <form className="il-form" onSubmit={(e) => e.preventDefault()}>
      <CheckList runs={checkRuns} />

      {textRow('requirement', TextField, 'Requirement')}
      <div className="il-pair">
        {textRow('original', TextField, 'Original value')}
        {textRow('revised', TextField, 'Revised value')}
      </div>
      {textRow('proposal', MonacoField, 'Proposal (shared by Retained and Revised)', { label: 'Proposal' })}
      <div className="il-pair">
        {textRow('accept', TextArea, 'Accept')}
        {textRow('reject', TextArea, 'Reject', { testId: 'reject-text' })}
      </div>
      <div className="il-pair">
        {[0, 1].map((i) => (
          <Row key={i} label={`Clarification question ${i + 1}`} issues={issuesAt(`intent.neutral[${i}]`)}>
            <TextArea
              value={form.neutral[i as 0 | 1]}
              onChange={(v) => update((d) => void (d.neutral[i as 0 | 1] = v))}
              testId={`neutral-${i}`}
              label={`Clarification question ${i + 1}`}
              invalid={invalid(`intent.neutral[${i}]`)}
            />
          </Row>
        ))}
      </div>
      <SingleTurnRows bind={bind} />
      <ExtraProposals bind={bind} />
      <ExtraNeutral bind={bind} />
    </form>
  );
}

/** The connector and the single-turn prompts (S_Orig, S_Dir). */
function SingleTurnRows({ bind }: { bind: FormBinding }) {
  const { form, issuesAt, invalid, update } = bind;
  return (
    <>
      <Row label="Connector (single-turn S_Rev / S_Ret)" issues={issuesAt('intent.connector')}>
        <TextField
          value={form.connector ?? ''}
          onChange={(v) => update((d) => (v === '' ? void delete d.connector : void (d.connector = v)))}
          testId="connector"
          label="Connector"
          invalid={invalid('intent.connector')}
        />
      </Row>
      <Row label="Single-turn original (S_Orig)" issues={issuesAt('intent.single_turn.original')}>
        <MonacoField
          value={form.single_turn.original}
          onChange={(v) => update((d) => void (d.single_turn.original = v))}
          testId="single-original"
          label="Single-turn original"
          minLines={3}
        />
      </Row>
      <Row label="Single-turn direct revised (S_Dir)" issues={issuesAt('intent.single_turn.direct_revised')}>
        <MonacoField
          value={form.single_turn.direct_revised}
          onChange={(v) => update((d) => void (d.single_turn.direct_revised = v))}
          testId="single-direct"
          label="Single-turn direct revised"
          minLines={3}
          invalid={invalid('intent.single_turn.direct_revised')}
        />
      </Row>
    </>
  );
}

// The revision editor's deeper accumulation: extra proposals (blocks 2..4) and extra clarification
// pairs, each added and removed in place (at most three of each).
import { Button, TextArea, TextField } from './fields';
import { Row, type FormBinding } from './formRows';

export function ExtraProposals({ bind }: { bind: FormBinding }) {
  const { form, issuesAt, invalid, update } = bind;
  const at = (i: number, key: string) => `intent.extra_proposals[${i}].${key}`;
  const removeAt = (i: number) =>
    update(
      (d) => (
        d.extra_proposals!.splice(i, 1),
        d.extra_proposals!.length === 0 ? void delete d.extra_proposals : undefined
      ),
    );
  const add = () =>
    update((d) => void (d.extra_proposals = [...(d.extra_proposals ?? []), { revised: '', proposal: '', reject: '' }]));
  return (
    <fieldset className="il-group">
      <legend>Extra proposals (accumulation depth 2..4)</legend>
      {(form.extra_proposals ?? []).map((p, i) => (
        <div key={i} className="il-extra">
          <div className="il-pair">
            <Row label={`Block ${i + 2} value`} issues={issuesAt(at(i, 'revised'))}>
              <TextField
                value={p.revised}
                onChange={(v) => update((d) => void (d.extra_proposals![i]!.revised = v))}
                testId={`extra-${i}-revised`}
                label={`Extra proposal ${i + 1} value`}
                invalid={invalid(at(i, 'revised'))}
              />
            </Row>
            <Button secondary onClick={() => removeAt(i)} testId={`extra-${i}-remove`}>
              Remove
            </Button>
          </div>
          <Row label="Proposal" issues={issuesAt(at(i, 'proposal'))}>
            <TextArea
              value={p.proposal}
              onChange={(v) => update((d) => void (d.extra_proposals![i]!.proposal = v))}
              testId={`extra-${i}-proposal`}
              label={`Extra proposal ${i + 1}`}
              invalid={invalid(at(i, 'proposal'))}
            />
          </Row>
          <Row label="Reject" issues={issuesAt(at(i, 'reject'))}>
            <TextArea
              value={p.reject}
              onChange={(v) => update((d) => void (d.extra_proposals![i]!.reject = v))}
              testId={`extra-${i}-reject`}
              label={`Extra reject ${i + 1}`}
              invalid={invalid(at(i, 'reject'))}
            />
          </Row>
        </div>
      ))}
      {(form.extra_proposals?.length ?? 0) < 3 && (
        <Button secondary onClick={add} testId="extra-add">
          Add extra proposal
        </Button>
      )}
    </fieldset>
  );
}

export function ExtraNeutral({ bind }: { bind: FormBinding }) {
  const { form, issuesAt, invalid, update } = bind;
  const removeAt = (i: number) =>
    update(
      (d) => (d.extra_neutral!.splice(i, 1), d.extra_neutral!.length === 0 ? void delete d.extra_neutral : undefined),
    );
  return (
    <fieldset className="il-group">
      <legend>Extra clarification pairs (depth 2..4)</legend>
      {(form.extra_neutral ?? []).map((pair, i) => (
        <div key={i} className="il-pair">
          {[0, 1].map((j) => (
            <Row
              key={j}
              label={`Pair ${i + 2}, question ${j + 1}`}
              issues={issuesAt(`intent.extra_neutral[${i}][${j}]`)}
            >
              <TextArea
                value={pair[j as 0 | 1]}
                onChange={(v) => update((d) => void (d.extra_neutral![i]![j as 0 | 1] = v))}
                testId={`extra-neutral-${i}-${j}`}
                label={`Extra clarification ${i + 1}.${j + 1}`}
                invalid={invalid(`intent.extra_neutral[${i}][${j}]`)}
              />
            </Row>
          ))}
          <Button secondary onClick={() => removeAt(i)} testId={`extra-neutral-${i}-remove`}>
            Remove
          </Button>
        </div>
      ))}
      {(form.extra_neutral?.length ?? 0) < 3 && (
        <Button
          secondary
          onClick={() => update((d) => void (d.extra_neutral = [...(d.extra_neutral ?? []), ['', '']]))}
          testId="extra-neutral-add"
        >
          Add clarification pair
        </Button>
      )}
    </fieldset>
  );
}

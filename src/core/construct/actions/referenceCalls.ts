// A BFCL possible answer as a model answer (`[f(a=1, b='x'), …]`, each argument's first allowed
// value, optional ones left out), so that each state's reference can be scored by the project's
// actions verifier under its own state and under the other.
import type { BenchmarkRecord } from '../../schema/records';
import { isPossibleAnswer, verifyActions } from '../../verify/actions/actionsVerifier';
import { possibleValues, type PossibleAnswer } from '../../verify/actions/bfclChecker';
import { pyRepr, type PyValue } from '../../verify/actions/pyValue';

const isOptionalMark = (v: PyValue) => v.t === 'str' && v.v === '';

/** One allowed value as it would be written in a call: nested dicts take their keys' first allowed values. */
function concrete(v: PyValue): PyValue | undefined {
  if (v.t !== 'dict') return v;
  const entries: Array<[PyValue, PyValue]> = [];
  for (const [k, x] of v.entries) {
    const options = x.t === 'list' ? x.items : [x];
    const first = options.find((o) => !isOptionalMark(o));
    const value = first ? concrete(first) : undefined;
    if (value) entries.push([k, value]);
  }
  return { t: 'dict', entries };
}

/** The answer text that states exactly the possible answer's first allowed values. */
export function answerFor(reference: PossibleAnswer): string {
  const calls = reference.map((call) => {
    const [name, args] = Object.entries(call)[0] ?? ['', {}];
    const rendered: Record<string, PyValue> = Object.create(null) as Record<string, PyValue>;
    for (const arg of Object.keys(args)) {
      const first = possibleValues(args, arg).find((v) => !isOptionalMark(v));
      const value = first ? concrete(first) : undefined;
      if (value) rendered[arg] = value;
    }
    return pyRepr({ t: 'call', name, args: rendered });
  });
  return `[${calls.join(', ')}]`;
}

export interface StateCheck {
  ok: boolean;
  evidence: string;
  /** Whether the original reference passed its own state (false: the source's reference is unusable). */
  originalSelfPass: boolean;
}

/** Verdicts per source, by answer and reference: the original calls are scored once, not once per candidate value. */
const verdicts = new WeakMap<BenchmarkRecord, Map<string, { pass: boolean; message: string }>>();

function verdict(
  record: BenchmarkRecord,
  answer: string,
  reference: PossibleAnswer,
): { pass: boolean; message: string } {
  let known = verdicts.get(record);
  if (!known) verdicts.set(record, (known = new Map()));
  const key = `${answer}\u0000${JSON.stringify(reference)}`;
  const hit = known.get(key);
  if (hit) return hit;
  const fresh = scoreCalls(record, answer, reference);
  known.set(key, fresh);
  return fresh;
}

function scoreCalls(
  record: BenchmarkRecord,
  answer: string,
  reference: PossibleAnswer,
): { pass: boolean; message: string } {
  const r = verifyActions(answer, reference, {
    functions: record.function ?? [],
    ...(record.test_category ? { testCategory: record.test_category } : {}),
    ...(record.language ? { language: record.language } : {}),
  });
  return { pass: r.is_correct === true, message: r.details.message };
}

/** Each reference passes its own state's verifier and fails the other's. */
export function checkBothStates(
  record: BenchmarkRecord,
  original: PossibleAnswer,
  revised: PossibleAnswer,
): StateCheck {
  if (!isPossibleAnswer(original) || !isPossibleAnswer(revised))
    return { ok: false, evidence: 'a reference is not a BFCL call list', originalSelfPass: false };
  const answers = { original: answerFor(original), revised: answerFor(revised) };
  const oo = verdict(record, answers.original, original);
  const or = verdict(record, answers.original, revised);
  const rr = verdict(record, answers.revised, revised);
  const ro = verdict(record, answers.revised, original);
  const ok = oo.pass && !or.pass && rr.pass && !ro.pass;
  const say = (v: { pass: boolean; message: string }) => (v.pass ? 'passes' : `fails (${v.message})`);
  const evidence = `original calls ${answers.original}: ${say(oo)} under the original state, ${say(or)} under the revised; revised calls ${answers.revised}: ${say(rr)} under the revised, ${say(ro)} under the original`;
  return { ok, evidence, originalSelfPass: oo.pass };
}

/** A copy of the possible answer with each slot's allowed values replaced by `[value]` (other calls shared). */
export function withArgument(
  reference: PossibleAnswer,
  slots: readonly { call: number; arg: string; index?: number }[],
  value: unknown,
): PossibleAnswer {
  return reference.map((call, i) => {
    const mine = slots.filter((s) => s.call === i);
    if (!mine.length) return call;
    const [name, args] = Object.entries(call)[0] ?? ['', {}];
    const changed: Record<string, unknown[]> = { ...args };
    for (const s of mine) {
      if (s.index === undefined) {
        changed[s.arg] = [value];
        continue;
      }
      // One element of a list argument: the first allowed list, with that element replaced.
      const allowed = changed[s.arg] ?? [];
      const list: unknown = allowed.find((v) => v !== '');
      if (!Array.isArray(list)) continue;
      const copy: unknown[] = [...(list as unknown[])];
      copy[s.index] = value;
      changed[s.arg] = [copy];
    }
    return { [name]: changed };
  });
}

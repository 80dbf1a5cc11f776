// Actions revisions (Table 3): change one tool argument in one reference call, or in a named group
// of calls sharing the value, and replace the affected allowed values. A target must be stated once
// in the shards (its shard is where the event goes) and once in the full question (S_Dir replaces
// it there); its value must belong to that argument only; shared settings such as units are left
// alone; the replacement follows replacementRule.ts and must fit the tool schema (type, enum); a
// total stated in the task over that argument must still hold; and each reference must pass its own
// state's verifier and fail the other's (the project's actions verifier on the rendered calls).
import type { BenchmarkRecord } from '../../schema/records';
import { shardText } from '../../schema/records';
import { isPossibleAnswer } from '../../verify/actions/actionsVerifier';
import type { PossibleAnswer } from '../../verify/actions/bfclChecker';
import type { Candidate, CheckOutcome, ConstructContext, DomainConstructor } from '../constructTypes';
import { SourceConstructionError } from '../constructTypes';
import {
  argumentTargets,
  requirementName,
  slotPath,
  targetName,
  type ArgumentSlot,
  type ArgumentTarget,
} from './argumentTargets';
import { checkBothStates, withArgument } from './referenceCalls';
import { replacementsFor, type ParamSchema, type Replacement } from './replacementRule';
import { numberSpans, numberTokens, replaceSpan, stringSpans, tokenValue, type TextSpan } from './statedValues';
import { actionsQuestion, namesSharedSetting, schemaAccepts, statedTotal, unitAfter } from './taskFacts';

/** Check name → discard reason, in check order. */
const REASONS: Readonly<Record<string, string>> = {
  'stated-in-shard': 'value-not-stated',
  'stated-in-question': 'value-not-in-question',
  'stated-once': 'value-not-unique',
  'not-shared-setting': 'shared-setting',
  replacement: 'no-replacement-rule',
  schema: 'schema-mismatch',
  'new-value-unstated': 'value-clash',
  totals: 'breaks-total',
  references: 'reference-check-failed',
};

interface Located {
  span: TextSpan;
  shardIndex: number;
}

interface TaskText {
  question: string;
  shards: string[];
  reference: PossibleAnswer;
  targets: ArgumentTarget[];
}

function spansOf(text: string, t: ArgumentTarget): TextSpan[] {
  return typeof t.value === 'number' ? numberSpans(text, t.value) : stringSpans(text, [t.value, ...t.forms]);
}

function argList(t: ArgumentTarget): string {
  return [...new Set(t.slots.map((s) => `\`${s.arg}\``))].join(', ');
}

/** The schema of a slot's value: the parameter's, or its `items` for an element of a list. */
function paramSchema(record: BenchmarkRecord, slot: ArgumentSlot): ParamSchema | undefined {
  const fn = (record.function ?? []).find((f) => f.name === slot.func);
  const props: unknown = fn?.parameters?.properties;
  if (!props || typeof props !== 'object' || !Object.hasOwn(props, slot.arg)) return undefined;
  const p: unknown = (props as Record<string, unknown>)[slot.arg];
  const param = p && typeof p === 'object' ? (p as ParamSchema & { items?: unknown }) : {};
  if (slot.index === undefined) return param;
  // An element's values are described on the list (`Eg: ['I', 'V', 'vi', 'IV']`) when its items say nothing.
  const items = param.items && typeof param.items === 'object' ? (param.items as ParamSchema) : {};
  return items.description === undefined && param.description !== undefined
    ? { ...items, description: param.description }
    : items;
}

const fail = (evidence: string): CheckOutcome => ({ ok: false, evidence });
const pass = (evidence: string): CheckOutcome => ({ ok: true, evidence });

/** The checks on the target itself (before any replacement value), and where it is stated. */
function targetChecks(
  record: BenchmarkRecord,
  task: TaskText,
  t: ArgumentTarget,
): { checks: Record<string, CheckOutcome>; at?: Located; inQuestion?: TextSpan[] } {
  const checks: Record<string, CheckOutcome> = {};
  const inShards = task.shards.flatMap((text, shardIndex) => spansOf(text, t).map((span) => ({ span, shardIndex })));
  const shown = JSON.stringify(t.value);
  const inQuestion = spansOf(task.question, t);
  const shardIds = [...new Set(inShards.map((s) => record.shards[s.shardIndex]!.shard_id))];
  checks['stated-in-shard'] = inShards.length
    ? pass(`${shown} is stated in shard ${shardIds.join(', ')}`)
    : fail(`no shard states ${shown}`);
  checks['stated-in-question'] = inQuestion.length
    ? pass(`stated in the full question as "${inQuestion[0]!.text}"`)
    : fail(`${shown} is not stated in the full question`);
  const once = inShards.length === 1 && inQuestion.length === 1;
  const place = !once && sameEntityMentions(t, inShards, inQuestion.length);
  checks['stated-once'] = once
    ? pass('stated once in the shards and once in the question: the change is unambiguous')
    : place
      ? pass(place)
      : fail(`stated ${inShards.length} time(s) in the shards and ${inQuestion.length} in the question: ambiguous`);
  const setting = t.slots.map((s) => namesSharedSetting(s.arg, t.value)).find(Boolean);
  checks['not-shared-setting'] = setting ? fail(setting) : pass(`${argList(t)} is not a shared setting such as a unit`);
  const at = once || place ? inShards[0] : undefined;
  return { checks, ...(at ? { at } : {}), ...(once || place ? { inQuestion } : {}) };
}

/**
 * A name stated several times for the calls that use it (`from New York City to Los Angeles … return
 * to New York City`): one place, one requirement, when it is a string, every mention is in one shard,
 * the question states it as often, and each mention has its own call among the calls holding it. All
 * mentions change together. Returns the evidence, or undefined when the mentions may be different things.
 */
function sameEntityMentions(t: ArgumentTarget, inShards: Located[], inQuestion: number): string | undefined {
  const calls = new Set(t.slots.map((s) => s.call)).size;
  const shards = new Set(inShards.map((s) => s.shardIndex)).size;
  if (typeof t.value !== 'string' || inShards.length < 2 || shards !== 1 || inQuestion !== inShards.length)
    return undefined;
  if (inShards.length > calls) return undefined;
  return `${JSON.stringify(t.value)} is stated ${inShards.length} times in one shard for the ${calls} calls that use it: one named place or thing, every mention changes together`;
}

interface ValueOutcome {
  replacement: Replacement;
  checks: Record<string, CheckOutcome>;
  revisedReference: PossibleAnswer;
}

/** The per-value checks: schema, not already stated elsewhere, stated totals, both references. */
function valueChecks(record: BenchmarkRecord, task: TaskText, t: ArgumentTarget, r: Replacement): ValueOutcome {
  const checks: Record<string, CheckOutcome> = {};
  const misfit = t.slots.map((s) => schemaAccepts(paramSchema(record, s), r.value)).find((f) => !f.ok);
  const fits = misfit ?? schemaAccepts(paramSchema(record, t.slots[0]!), r.value);
  const clash =
    typeof r.value === 'number'
      ? numberTokens(task.question).some((s) => tokenValue(s) === r.value)
      : stringSpans(task.question, [r.value]).length > 0;
  checks['schema'] = fits.ok ? pass(fits.why) : fail(fits.why);
  checks['new-value-unstated'] = clash
    ? fail(`${JSON.stringify(r.value)} already appears in the task: the revision would be ambiguous`)
    : pass(`${JSON.stringify(r.value)} appears nowhere else in the task`);
  const total = t.slots.map((s) => statedTotal(task.question, task.reference, s)).find(Boolean);
  checks['totals'] = total ? fail(total) : pass('no total stated in the task covers this argument');
  const revisedReference = withArgument(task.reference, t.slots, r.value);
  const states = checkBothStates(record, task.reference, revisedReference);
  checks['references'] = states.ok ? pass(states.evidence) : fail(states.evidence);
  return { replacement: r, checks, revisedReference };
}

function firstFailure(checks: Record<string, CheckOutcome>): string | undefined {
  const failed = Object.keys(REASONS).find((k) => checks[k] && !checks[k].ok);
  return failed ? REASONS[failed] : undefined;
}

/** Matches a requested value to the rule's: same text (any case) or the same number. */
function sameValue(a: string, b: string): boolean {
  const na = Number(a.replace(/[,%$\s]/g, ''));
  const nb = Number(b.replace(/[,%$\s]/g, ''));
  return a.trim().toLowerCase() === b.trim().toLowerCase() || (Number.isFinite(na) && Number.isFinite(nb) && na === nb);
}

function requestedReplacement(t: ArgumentTarget, value: string, span: TextSpan | undefined): Replacement {
  if (typeof t.value !== 'number') return { value, text: value };
  const first = numberTokens(value)[0];
  return first
    ? { value: tokenValue(first) * (span?.number?.percent && !first.number?.percent ? 0.01 : 1), text: first.text }
    : { value, text: value };
}

/** Replacement values checked per target at most (a bank list can be long). */
const MAX_TRIED = 12;

interface CandidateParts {
  record: BenchmarkRecord;
  task: TaskText;
  target: ArgumentTarget;
  base: ReturnType<typeof targetChecks>;
  replacements: Replacement[];
  requested?: string;
}

function buildCandidate(p: CandidateParts): Candidate {
  const { record, task, target: t, base } = p;
  const baseFailed = firstFailure(base.checks);
  // Values are checked in rule order until the proposal and 3 alternatives pass (at most MAX_TRIED).
  const outcomes: ValueOutcome[] = [];
  const good: ValueOutcome[] = [];
  for (const r of baseFailed ? [] : p.replacements.slice(0, MAX_TRIED)) {
    const o = valueChecks(record, task, t, r);
    outcomes.push(o);
    if (!firstFailure({ ...base.checks, ...o.checks })) good.push(o);
    if (good.length >= 4) break;
  }
  const chosen = p.requested !== undefined ? outcomes[0] : (good[0] ?? outcomes[0]);
  const checks: Record<string, CheckOutcome> = { ...base.checks };
  checks['replacement'] = p.replacements.length
    ? pass(`rule value ${JSON.stringify(p.replacements[0]!.value)}${p.requested !== undefined ? ' (requested)' : ''}`)
    : fail(
        `no replacement rule for ${JSON.stringify(t.value)} (not an enum, a number or a value of the built-in lists)`,
      );
  if (chosen) Object.assign(checks, chosen.checks);
  const discarded = firstFailure(checks);
  const stated = base.at?.span.text ?? String(t.value);
  const shardIndex = base.at?.shardIndex ?? 0;
  const shard = record.shards[shardIndex]!;
  const unit = base.at && typeof t.value === 'number' ? unitAfter(task.shards[shardIndex]!, base.at.span.to) : '';
  const bareNumber = p.requested !== undefined && /^-?[\d,.]+%?$/.test(p.requested.trim());
  const revisedText =
    p.requested !== undefined && !bareNumber ? p.requested : chosen ? chosen.replacement.text + unit : '';
  const alternatives = good
    .filter((o) => o !== chosen)
    .slice(0, 3)
    .map((o) => ({ revised: o.replacement.text + unit, reference: o.revisedReference }));
  const name = targetName(t);
  return {
    shard_id: shard.shard_id,
    requirement: requirementName(t, task.reference),
    original: stated + unit,
    revised: revisedText,
    reference: { original: task.reference, revised: chosen?.revisedReference ?? task.reference },
    checks,
    ...(discarded ? { discarded } : {}),
    selected: false,
    target: name,
    rank: {
      // Before the last shard first; a name stated several times (every mention changes) only when no
      // value stated once is valid.
      priority: (shardIndex < record.shards.length - 1 ? 0 : 1) + ((base.inQuestion?.length ?? 1) > 1 ? 2 : 0),
      passageLength: shardText(shard).length,
      position: shardIndex * 100000 + (base.at?.span.from ?? 0),
    },
    singleTurn: {
      original: task.question,
      direct_revised:
        chosen && base.inQuestion
          ? // Later spans first, so earlier offsets stay valid.
            [...base.inQuestion]
              .sort((a, b) => b.from - a.from)
              .reduce((text, span) => replaceSpan(text, span, chosen.replacement.text), task.question)
          : task.question,
    },
    alternatives: discarded ? [] : alternatives,
    evidence: {
      kind: 'call-diff',
      original: task.reference,
      revised: chosen?.revisedReference ?? task.reference,
      changed: t.slots.map(slotPath),
    },
  };
}

async function enumerateActions(record: BenchmarkRecord, ctx: ConstructContext): Promise<Candidate[]> {
  const reference: unknown = record.reference_answer;
  if (!isPossibleAnswer(reference) || !reference.length)
    throw new SourceConstructionError(
      'missing-reference',
      `${record.task_id}: an actions source needs \`reference_answer\` (BFCL possible answers)`,
    );
  if (!record.shards.length) throw new SourceConstructionError('no-shards', `${record.task_id}: no shards`);
  const question = actionsQuestion(record);
  if (question === undefined)
    throw new SourceConstructionError(
      'missing-question',
      `${record.task_id}: an actions source needs \`fully_specified_question\``,
    );
  const task: TaskText = {
    question,
    shards: record.shards.map(shardText),
    reference,
    targets: argumentTargets(reference),
  };
  const out: Candidate[] = [];
  for (const target of task.targets) {
    if (ctx.signal?.aborted) break;
    const base = targetChecks(record, task, target);
    const span = base.at?.span ?? base.inQuestion?.[0];
    const schema = paramSchema(record, target.slots[0]!);
    const replacements = span ? replacementsFor(target.value, span, schema, target.forms) : [];
    const candidate = buildCandidate({ record, task, target, base, replacements });
    out.push(candidate);
    const asked = ctx.request;
    const wanted = asked?.target.trim().toLowerCase();
    // As `--target` names a candidate: its target path, its value as stated, or its shard id.
    const named =
      asked &&
      (wanted === candidate.target.toLowerCase() ||
        wanted === candidate.original.toLowerCase() ||
        wanted === String(candidate.shard_id));
    if (
      named &&
      asked.value !== undefined &&
      !sameValue(candidate.revised, asked.value) &&
      !sameValue(candidate.revised.replace(/\s+\D+$/, ''), asked.value)
    ) {
      out.push(
        buildCandidate({
          record,
          task,
          target,
          base,
          replacements: [requestedReplacement(target, asked.value, span)],
          requested: asked.value,
        }),
      );
    }
  }
  return out;
}

export const actionsConstructor: DomainConstructor = { domain: 'actions', enumerate: enumerateActions };

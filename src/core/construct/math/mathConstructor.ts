// Math (Table 3): one numerical premise is replaced and the answer recomputed through the GSM8K
// calculator chain. A candidate passes when its passage holds it as a single numerical target
// whose value no other passage states, it is not a label, the replacement keeps counts positive
// integers and whole results whole, and the project's math verifier tells the two answers apart.
import type { BenchmarkRecord } from '../../schema/records';
import {
  SourceConstructionError,
  type AlternativeValue,
  type Candidate,
  type ConstructContext,
  type DomainConstructor,
} from '../constructTypes';
import { check, checkRecord, matchesTarget, type NamedCheck } from '../candidateChecks';
import { chainText, formatNumber, parseCalculatorChain, propagate, type CalculatorChain } from './calculatorChain';
import {
  compoundReason,
  labelReason,
  passagesOf,
  premisesOf,
  requirementName,
  statedNumbers,
  type Passage,
  type Premise,
} from './mathPremises';
import { conflictingQuantities } from './quantityConflict';
import { selfInclusiveCounts } from './selfInclusiveCounts';
import { nounFor, replacementValues, writeLike } from './replacementValues';
import { mathAnswerOf } from '../../render/instances';
import { scanNumbers, sameNumber, parseNumber } from '../../verify/math/numbers';
import { askedNoun, verifyMath } from '../../verify/math/mathVerifier';
import { shardText } from '../../schema/records';

interface MathSource {
  rec: BenchmarkRecord;
  question: string;
  answer: number;
  chain: CalculatorChain | { error: string };
  /** Every number the question and shards state (operands the chain may use). */
  stated: number[];
  /** The stated percentages (`20%`). */
  percents: number[];
  /** Stated counts of people the solution uses plus one (selfInclusiveCounts). */
  selfInclusive: number[];
  passages: Passage[];
}

const countOf = (values: readonly number[], v: number) => values.filter((x) => sameNumber(x, v)).length;

/** Checks on the target itself, before any replacement value. */
function targetChecks(src: MathSource, p: Premise): NamedCheck[] {
  const label = labelReason(p.passage.text, p.token);
  const compound = compoundReason(p.passage.text, p.token);
  const inPassage = countOf(statedNumbers(p.passage.text), p.token.value);
  const others = src.passages.filter(
    (q) => q.index !== p.passage.index && countOf(statedNumbers(q.text), p.token.value) > 0,
  );
  const inQuestion = countOf(statedNumbers(src.question), p.token.value);
  return [
    check('not-label', 'label', !label, label ?? `${p.token.raw} is a quantity`),
    check(
      'single-target',
      'not-single-target',
      !compound && inPassage === 1,
      compound ??
        (inPassage === 1
          ? `the passage states ${p.token.raw} once`
          : `the passage states the value ${formatNumber(p.token.value)} ${inPassage} times`),
    ),
    check(
      'value-unique',
      'value-not-unique',
      others.length === 0,
      others.length
        ? `the value ${formatNumber(p.token.value)} also appears in: ${others.map((o) => JSON.stringify(o.text)).join(', ')}`
        : `no other passage states ${formatNumber(p.token.value)}`,
    ),
    check(
      'in-prompt',
      'not-in-prompt',
      inQuestion === 1,
      inQuestion === 1
        ? 'the single-turn question states the value once'
        : `the single-turn question states the value ${inQuestion} times`,
    ),
  ];
}

interface ValueOutcome {
  value: number;
  checks: NamedCheck[];
  revisedAnswer?: number;
  revisedChain?: string;
}

/** Checks of one replacement value: the rule's constraints, the recomputed answer, the verifier. */
function valueChecks(src: MathSource, p: Premise, value: number): ValueOutcome {
  const checks: NamedCheck[] = [];
  const wasInteger = Number.isInteger(p.token.value);
  checks.push(
    check(
      'stays-integer',
      'not-integer',
      !wasInteger || (Number.isInteger(value) && value > 0),
      wasInteger ? `${formatNumber(p.token.value)} → ${formatNumber(value)}` : 'the original is not a whole number',
    ),
  );
  const conflicts = conflictingQuantities(src.passages, src.question, p, value);
  checks.push(
    check(
      'no-conflict',
      'value-conflict',
      conflicts.length === 0,
      conflicts.length
        ? `${formatNumber(value)} is also stated as ${conflicts.map((c) => JSON.stringify(c.text)).join(', ')}: the revised task would state two such quantities alike`
        : `${formatNumber(value)} is no other quantity of the task`,
    ),
  );
  if ('error' in src.chain)
    return { value, checks: [...checks, check('chain-complete', 'no-calculator-chain', false, src.chain.error)] };
  // A percentage enters a chain as a fraction, a growth factor or a remaining share (20% → .2, 1.2, .8).
  const pct = (v: number) => [v / 100, 1 + v / 100, 1 - v / 100];
  const aliases = p.percent ? pct(p.token.value).map((from, i) => ({ from, to: pct(value)[i]! })) : [];
  // Other stated percentages enter the chain in those forms too (`20%` as 1.2 when 44 seniors change).
  const others = [
    ...src.stated.filter((n) => !sameNumber(n, p.token.value)),
    ...src.percents.filter((n) => !sameNumber(n, p.token.value)).flatMap(pct),
  ];
  const prop = propagate(src.chain, { from: p.token.value, to: value, aliases }, others, src.selfInclusive);
  if ('reason' in prop)
    return { value, checks: [...checks, check('chain-complete', prop.reason, false, prop.evidence)] };
  checks.push(
    check('chain-complete', 'chain-incomplete', true, `${src.chain.steps.length} calculator steps recomputed`),
  );
  const bad = [...prop.lostWhole, ...prop.negative];
  checks.push(
    check(
      'whole-results',
      'results-not-whole',
      bad.length === 0,
      bad.length ? bad.join('; ') : 'every whole result stays whole and non-negative',
    ),
  );
  const differ = !sameNumber(prop.final, src.answer);
  checks.push(
    check('references-differ', 'references-equal', differ, `${formatNumber(src.answer)} → ${formatNumber(prop.final)}`),
  );
  checks.push(verifiedCheck(src, prop.final));
  return { value, checks, revisedAnswer: Number(formatNumber(prop.final)), revisedChain: prop.revisedChain };
}

/** The paper's verifiability: the revised answer is correct under the revised state, wrong under the original. */
function verifiedCheck(src: MathSource, revised: number): NamedCheck {
  const texts = [src.question, ...src.rec.shards.map(shardText)];
  const premises = [...new Set(texts.flatMap((t) => scanNumbers(t).map((n) => n.value)))];
  const asked = askedNoun(texts.join('\n'));
  const response = `The answer is ${formatNumber(revised)}.\n#### ${formatNumber(revised)}`;
  const underRevised = verifyMath(response, revised, premises, asked).is_correct === true;
  const underOriginal = verifyMath(response, src.answer, premises, asked).is_correct === true;
  const original = verifyMath(`#### ${formatNumber(src.answer)}`, src.answer, premises, asked).is_correct === true;
  const ok = underRevised && !underOriginal && original;
  return check(
    'verified',
    'not-verified',
    ok,
    `math verifier: revised answer ${formatNumber(revised)} ${underRevised ? 'correct' : 'incorrect'} under the revised state, ${underOriginal ? 'correct' : 'incorrect'} under the original`,
  );
}

function replaceToken(text: string, p: Premise, value: number): string | undefined {
  const tokens = scanNumbers(text).filter((t) => sameNumber(t.value, p.token.value));
  if (tokens.length !== 1) return undefined;
  const t = tokens[0]!;
  // The noun right after the number agrees with the new count too (`2 boxes` → `1 box`).
  const lead = p.nounLead ?? ' ';
  const noun = p.noun && text.slice(t.end).startsWith(`${lead}${p.noun}`) ? p.noun : undefined;
  const end = noun ? t.end + lead.length + noun.length : t.end;
  return (
    text.slice(0, t.start) +
    writeLike(t.raw, value) +
    (noun ? `${lead}${nounFor(noun, p.token.value, value)}` : '') +
    text.slice(end)
  );
}

/** The premise as stated with a new value: `4 bags` → `2 bags`, `2 boxes` → `1 box`. */
function statedWith(p: Premise, value: number): string {
  const number = writeLike(p.token.raw, value);
  return p.noun
    ? `${number}${p.nounLead ?? ' '}${nounFor(p.noun, p.token.value, value)}`
    : p.stated.replace(p.token.raw, number);
}

function candidateFor(src: MathSource, p: Premise, ctx: ConstructContext): Candidate {
  const base = targetChecks(src, p);
  const target = `shard ${p.passage.shard_id}: ${p.stated}`;
  const requested =
    ctx.request && matchesTarget({ target, original: p.stated, shard_id: p.passage.shard_id }, ctx.request.target)
      ? ctx.request.value
      : undefined;
  const requestedValue = requested !== undefined ? parseNumber(requested.replace(/[^\d$.,-]/g, '')) : undefined;
  const values = [
    ...(requestedValue !== undefined ? [requestedValue] : []),
    ...replacementValues(p.token.value, { percent: p.percent }),
  ].filter((v, i, a) => a.indexOf(v) === i && v !== p.token.value);
  const outcomes = values.map((v) => valueChecks(src, p, v));
  const passing = outcomes.filter((o) => o.checks.every((c) => c.ok));
  const chosen = requestedValue !== undefined ? outcomes[0]! : (passing[0] ?? outcomes[0]!);
  const { checks, discarded } = checkRecord([
    ...base,
    ...(chosen?.checks ?? [check('replacement', 'no-replacement', false, 'no replacement value')]),
  ]);
  const value = chosen?.value ?? p.token.value;
  const revisedAnswer = chosen?.revisedAnswer ?? src.answer;
  const alternatives: AlternativeValue[] = passing
    .filter((o) => o !== chosen && o.revisedAnswer !== undefined && !sameNumber(o.revisedAnswer, revisedAnswer))
    .slice(0, 3)
    .map((o) => ({ revised: statedWith(p, o.value), reference: o.revisedAnswer! }));
  const directRevised = replaceToken(src.question, p, value) ?? src.question;
  return {
    shard_id: p.passage.shard_id,
    requirement: requirementName(p),
    original: p.stated,
    revised: statedWith(p, value),
    reference: { original: src.answer, revised: revisedAnswer },
    checks,
    ...(discarded ? { discarded } : {}),
    selected: false,
    target,
    rank: { priority: 0, passageLength: p.passage.text.length, position: p.passage.index * 100_000 + p.token.start },
    singleTurn: { original: src.question, direct_revised: directRevised },
    alternatives,
    ...(!('error' in src.chain) && chosen?.revisedChain
      ? { evidence: { kind: 'math-chain' as const, original: chainText(src.chain), revised: chosen.revisedChain } }
      : {}),
  };
}

export const mathConstructor: DomainConstructor = {
  domain: 'math',
  async enumerate(rec, ctx) {
    if (typeof rec.question !== 'string' || rec.question.trim() === '')
      throw new SourceConstructionError('missing-keys', 'a math source needs `question`');
    const answer = mathAnswerOf(rec.answer);
    if (typeof answer !== 'number')
      throw new SourceConstructionError(
        'missing-keys',
        'a math source needs a numeric `answer` (GSM8K style, `#### N`)',
      );
    const chain =
      typeof rec.answer === 'string'
        ? parseCalculatorChain(rec.answer)
        : { error: 'the answer is a bare number without a calculator chain' };
    const stated = [...new Set([rec.question, ...rec.shards.map(shardText)].flatMap(statedNumbers))];
    const percents = [
      ...new Set(
        premisesOf(rec)
          .filter((p) => p.percent)
          .map((p) => p.token.value),
      ),
    ];
    const selfInclusive = typeof rec.answer === 'string' ? selfInclusiveCounts(rec.question, rec.answer, stated) : [];
    const src: MathSource = {
      rec,
      question: rec.question,
      answer,
      chain,
      stated,
      percents,
      selfInclusive,
      passages: passagesOf(rec),
    };
    return premisesOf(rec).map((p) => candidateFor(src, p, ctx));
  },
};

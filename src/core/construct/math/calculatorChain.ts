// GSM8K answers carry their calculator chain: `… $<<1.5*50=75>>75 … $<<75*4=300>>300 … #### 300`.
// A revised premise is propagated through it: every operand that is the premise (or a result that
// changed) takes its new value, each step is recomputed in order, and the final answer follows.
// The chain must account for every operand (a premise, an earlier result or a unit constant);
// otherwise some step was done outside the annotations and the recomputation cannot be trusted.
import { ArithmeticError, evaluate, operands, parseArithmetic, type ArithNode } from './arithmetic';
import { writtenSteps } from './writtenSteps';
import { sameNumber } from '../../verify/math/numbers';

export interface ChainStep {
  expr: string;
  tree: ArithNode;
  result: number;
}

export interface CalculatorChain {
  steps: ChainStep[];
  /** The number after `####`. */
  final: number;
  /** The solution says it rounds to a whole number (`round 6.75 up`, `whole packs`, `full boxes`). */
  rounds?: boolean;
}

/** Words with which a solution says it takes a whole number of a fractional result. */
const ROUNDING_WORDS = /\bround(?:s|ed|ing)?\b|\bwhole\b|\bfull\b/i;

/** Unit conversions and small factors a solution uses without the question stating them. */
// Coin values, months, weeks, dozens, minutes, percent: a chain uses them without the question stating them.
const UNIT_CONSTANTS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 3, 4, 7, 10, 12, 16, 24, 28, 30, 31, 52, 60, 100, 365, 1000];

/** A computed value without float noise (`0.1 + 0.2` → `0.3`). */
const tidy = (v: number) => Math.round(v * 1e9) / 1e9;

export function formatNumber(n: number): string {
  const rounded = tidy(n);
  return String(Object.is(rounded, -0) ? 0 : rounded);
}

/** The chain of a GSM8K answer; undefined when it has no `####` or an annotation does not parse. */
export function parseCalculatorChain(answer: string): CalculatorChain | { error: string } {
  const hashes = /####\s*(-?[\d,]*\.?\d+)\s*$/.exec(answer.trim());
  if (!hashes) return { error: 'the answer has no `#### N` line' };
  const final = Number(hashes[1]!.replace(/,/g, ''));
  const annotated: Array<ChainStep & { position: number }> = [];
  for (const m of answer.matchAll(/<<([^<>=]*)=([^<>]*)>>/g)) {
    const result = Number(m[2]!.trim().replace(/,/g, ''));
    if (!Number.isFinite(result)) return { error: `the annotation <<${m[1]}=${m[2]}>> has no numeric result` };
    try {
      const tree = parseArithmetic(m[1]!);
      if (!sameNumber(evaluate(tree), result) && Math.abs(evaluate(tree) - result) > 0.01)
        return { error: `the annotation <<${m[1]}=${m[2]}>> does not compute` };
      annotated.push({ expr: m[1]!.trim(), tree, result, position: m.index });
    } catch (e) {
      return {
        error: e instanceof ArithmeticError ? `the annotation <<${m[1]}>> does not parse: ${e.message}` : String(e),
      };
    }
  }
  // Steps written out without annotation (`$20.25 + $15.75 + $66 = $102.`) join in text order.
  const steps: ChainStep[] = [...annotated, ...writtenSteps(answer)]
    .sort((a, b) => a.position - b.position)
    .map(({ expr, tree, result }) => ({ expr, tree, result }));
  if (!steps.length) return { error: 'the answer has no calculator annotations' };
  return { steps, final, ...(ROUNDING_WORDS.test(answer.replace(/####[^\n]*$/, '')) ? { rounds: true } : {}) };
}

export interface Propagation {
  /** The recomputed results, one per step. */
  results: number[];
  final: number;
  /** Each step rewritten with its substituted operands, `expr=result`. */
  revisedChain: string;
  /** Results that were whole numbers and no longer are (e.g. `12.5` people). */
  lostWhole: string[];
  /** Results that were non-negative and became negative. */
  negative: string[];
}

export type PropagationFailure = { reason: 'chain-incomplete' | 'chain-ambiguous' | 'chain-error'; evidence: string };

/** The steps as `expr=result` lines. */
export function chainText(chain: CalculatorChain): string {
  return chain.steps.map((s) => `${s.expr}=${formatNumber(s.result)}`).join('\n');
}

function substitutedExpr(tree: ArithNode, value: (index: number) => number): string {
  switch (tree.kind) {
    case 'num':
      return formatNumber(value(tree.index));
    case 'neg':
      return `-${substitutedExpr(tree.operand, value)}`;
    case 'bin': {
      const wrap = (n: ArithNode) => (n.kind === 'bin' ? `(${substitutedExpr(n, value)})` : substitutedExpr(n, value));
      return `${wrap(tree.left)}${tree.op}${wrap(tree.right)}`;
    }
  }
}

/** Where an operand's value comes from: a given number (premise, alias, unit constant) or an earlier step. */
type Source = { given: number } | { step: number; negated?: true };

/** One global reading of the chain: every step's new value, and which steps' results were consumed. */
interface Reading {
  values: number[];
  used: ReadonlySet<number>;
}

const MAX_READINGS = 4096;

function sourcesOf(
  value: number,
  stepIndex: number,
  chain: CalculatorChain,
  givens: Map<number, number[]>,
  constants: ReadonlySet<number>,
  headCounts: ReadonlyMap<number, number>,
): Source[] {
  const out: Source[] = (givens.get(value) ?? []).map((given) => ({ given }));
  chain.steps.forEach((s, j) => {
    if (j < stepIndex && sameNumber(s.result, value)) out.push({ step: j });
  });
  // A unit constant (60 minutes, 12 months) is what an operand is only when nothing stated or
  // computed has its value: `.5*60` after `600/10=60` halves that result, not an hour.
  // A group counted with the one who has it (selfInclusiveCounts): only when nothing stated or
  // computed has the value; before the unit constants, as the solution names it a count of people.
  const head = headCounts.get(value);
  if (!out.length && head !== undefined) out.push({ given: head });
  if (!out.length && constants.has(value)) out.push({ given: value });
  // A negative result read back as `-6 + 3`: the operand is 6 under a unary minus.
  if (!out.length && value !== 0)
    chain.steps.forEach((s, j) => {
      if (j < stepIndex && sameNumber(s.result, -value)) out.push({ step: j, negated: true });
    });
  return out;
}

/** Every reading of one step on top of `reading`: each operand from each of its sources. */
function extend(reading: Reading, sources: Source[][], tree: ArithNode): Array<{ reading: Reading; picks: number[] }> {
  let partial: Array<{ picks: number[]; used: Set<number> }> = [{ picks: [], used: new Set(reading.used) }];
  for (const options of sources) {
    partial = partial.flatMap((p) =>
      options.map((src) => {
        if ('given' in src) return { picks: [...p.picks, src.given], used: p.used };
        const v = reading.values[src.step]!;
        return { picks: [...p.picks, src.negated ? -v : v], used: new Set(p.used).add(src.step) };
      }),
    );
  }
  return partial.map((p) => ({
    picks: p.picks,
    reading: { values: [...reading.values, evaluate(tree, (n) => p.picks[n.index]!)], used: p.used },
  }));
}

/**
 * The step whose result is the final answer (the last one), or, when the solution says it rounds, the
 * last fractional result the answer is that result rounded up or down of (`54/8=6.75`, `#### 7`).
 */
interface Rounding {
  name: 'ceil' | 'floor';
  apply: (v: number) => number;
}

const ROUND_UP: Rounding = { name: 'ceil', apply: (v) => Math.ceil(tidy(v)) };
const ROUND_DOWN: Rounding = { name: 'floor', apply: (v) => Math.floor(tidy(v)) };

function finalStep(chain: CalculatorChain): { index: number; whole?: Rounding } | undefined {
  const index = chain.steps.map((s) => s.result).lastIndexOf(chain.final);
  if (index >= 0) return { index };
  if (!chain.rounds) return undefined;
  for (let i = chain.steps.length - 1; i >= 0; i--) {
    const r = chain.steps[i]!.result;
    if (Number.isInteger(tidy(r))) continue;
    if (ROUND_UP.apply(r) === chain.final) return { index: i, whole: ROUND_UP };
    if (ROUND_DOWN.apply(r) === chain.final) return { index: i, whole: ROUND_DOWN };
    return undefined;
  }
  return undefined;
}

/**
 * Propagates `premise.from → premise.to` through the chain. `premises` are the other numbers the
 * question states (they may appear as operands); `aliases` are other forms of the premise (a
 * percentage as a fraction: 150% → 1.5). The chain links steps by value only, so an operand whose
 * value is both a given number and an earlier result is read both ways. A solution computes a
 * result to use it: readings that leave an earlier result unused are set aside when another
 * reading uses them all (`2 x 50 = 100`, then `150 + 100`: the 100 is that result, not the stated
 * 100 stickers). The revision stands only when every remaining reading gives the same answer.
 */
export function propagate(
  chain: CalculatorChain,
  premise: { from: number; to: number; aliases?: Array<{ from: number; to: number }> },
  premises: readonly number[],
  /** Stated counts of people the solution also uses plus one (the group with the one who has it). */
  selfInclusive: readonly number[] = [],
): Propagation | PropagationFailure {
  const givens = new Map<number, number[]>();
  const addGiven = (value: number, next: number) => {
    const list = givens.get(value) ?? [];
    if (!list.some((x) => sameNumber(x, next))) list.push(next);
    givens.set(value, list);
  };
  for (const a of [premise, ...(premise.aliases ?? [])]) addGiven(a.from, a.to);
  for (const p of premises) if (!givens.has(p)) addGiven(p, p);
  // A unit constant equal to the premise is the premise (value-unique rules out a second statement).
  const constants = new Set(UNIT_CONSTANTS.filter((c) => !givens.has(c)));
  const headCounts = new Map(
    selfInclusive.map((n) => [n + 1, (sameNumber(n, premise.from) ? premise.to : n) + 1] as const),
  );
  const ending = finalStep(chain);
  if (!ending)
    return {
      reason: 'chain-incomplete',
      evidence: `the final answer ${formatNumber(chain.final)} is not a result of the chain`,
    };
  const { index: lastIndex, whole } = ending;
  const steps = chain.steps.slice(0, lastIndex + 1);
  let states: Array<{ reading: Reading; lines: string[] }> = [{ reading: { values: [], used: new Set() }, lines: [] }];
  try {
    for (const [i, step] of steps.entries()) {
      const ops = operands(step.tree);
      const sources = ops.map((op) => sourcesOf(op.value, i, chain, givens, constants, headCounts));
      // The same value twice in one step (`60/60`) may be a result and a constant: both stay readings.
      ops.forEach((op, k) => {
        const twice = ops.filter((o) => sameNumber(o.value, op.value)).length > 1;
        if (twice && constants.has(op.value) && !sources[k]!.some((src) => 'given' in src))
          sources[k]!.push({ given: op.value });
      });
      const missing = ops.find((_, k) => sources[k]!.length === 0);
      if (missing)
        return {
          reason: 'chain-incomplete',
          evidence: `operand ${formatNumber(missing.value)} of <<${step.expr}>> is neither stated in the question nor computed earlier in the chain`,
        };
      states = states.flatMap((st) =>
        extend(st.reading, sources, step.tree).map((e) => ({
          reading: e.reading,
          lines: [
            ...st.lines,
            `${substitutedExpr(step.tree, (k) => e.picks[k]!)}=${formatNumber(e.reading.values[i]!)}`,
          ],
        })),
      );
      if (states.length > MAX_READINGS)
        return {
          reason: 'chain-ambiguous',
          evidence: `the chain up to <<${step.expr}>> can be read in more than ${MAX_READINGS} ways`,
        };
    }
  } catch (e) {
    return { reason: 'chain-error', evidence: e instanceof Error ? e.message : String(e) };
  }
  const usesAll = states.filter((st) => steps.every((_, j) => j === lastIndex || st.reading.used.has(j)));
  const kept = usesAll.length ? usesAll : states;
  const finals: number[] = [];
  for (const st of kept) {
    const final = whole ? whole.apply(st.reading.values[lastIndex]!) : st.reading.values[lastIndex]!;
    if (!finals.some((x) => sameNumber(x, final))) finals.push(final);
  }
  if (finals.length > 1)
    return {
      reason: 'chain-ambiguous',
      evidence: `the chain links steps by value and can be read to give ${finals.map(formatNumber).join(' or ')}`,
    };
  const lostWhole: string[] = [];
  const negative: string[] = [];
  steps.forEach((step, i) => {
    const values = kept
      .map((st) => st.reading.values[i]!)
      .filter((v, k, a) => a.findIndex((x) => sameNumber(x, v)) === k);
    const shown = `${step.expr}=${formatNumber(step.result)} becomes ${values.map(formatNumber).join(' or ')}`;
    if (Number.isInteger(step.result) && values.some((v) => !Number.isInteger(tidy(v)))) lostWhole.push(shown);
    if (step.result >= 0 && values.some((v) => v < 0)) negative.push(shown);
  });
  const first = kept[0]!;
  const rounding = whole
    ? [`${whole.name}(${formatNumber(first.reading.values[lastIndex]!)})=${formatNumber(finals[0]!)}`]
    : [];
  return {
    results: first.reading.values,
    final: finals[0]!,
    revisedChain: [...first.lines, ...rounding].join('\n'),
    lostWhole,
    negative,
  };
}

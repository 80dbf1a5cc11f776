// GSM8K answers carry their calculator chain: `… $<<1.5*50=75>>75 … $<<75*4=300>>300 … #### 300`.
// A revised premise is propagated through it: every operand that is the premise (or a result that
// changed) takes its new value, each step is recomputed in order, and the final answer follows.
// The chain must account for every operand (a premise, an earlier result or a unit constant);
// otherwise some step was done outside the annotations and the recomputation cannot be trusted.
import { ArithmeticError, evaluate, operands, parseArithmetic, type ArithNode } from './arithmetic';
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
}

/** Unit conversions and small factors a solution uses without the question stating them. */
// Coin values, months, weeks, dozens, minutes, percent: a chain uses them without the question stating them.
const UNIT_CONSTANTS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 3, 4, 7, 10, 12, 16, 24, 28, 30, 31, 52, 60, 100, 365, 1000];

export function formatNumber(n: number): string {
  const rounded = Math.round(n * 1e9) / 1e9;
  return String(Object.is(rounded, -0) ? 0 : rounded);
}

/** The chain of a GSM8K answer; undefined when it has no `####` or an annotation does not parse. */
export function parseCalculatorChain(answer: string): CalculatorChain | { error: string } {
  const hashes = /####\s*(-?[\d,]*\.?\d+)\s*$/.exec(answer.trim());
  if (!hashes) return { error: 'the answer has no `#### N` line' };
  const final = Number(hashes[1]!.replace(/,/g, ''));
  const steps: ChainStep[] = [];
  for (const m of answer.matchAll(/<<([^<>=]*)=([^<>]*)>>/g)) {
    const result = Number(m[2]!.trim().replace(/,/g, ''));
    if (!Number.isFinite(result)) return { error: `the annotation <<${m[1]}=${m[2]}>> has no numeric result` };
    try {
      const tree = parseArithmetic(m[1]!);
      if (!sameNumber(evaluate(tree), result) && Math.abs(evaluate(tree) - result) > 0.01) return { error: `the annotation <<${m[1]}=${m[2]}>> does not compute` };
      steps.push({ expr: m[1]!.trim(), tree, result });
    } catch (e) {
      return { error: e instanceof ArithmeticError ? `the annotation <<${m[1]}>> does not parse: ${e.message}` : String(e) };
    }
  }
  const closing = steps.some((s) => sameNumber(s.result, final)) ? undefined : unannotatedFinalStep(answer, final);
  if (closing) steps.push(closing);
  if (!steps.length) return { error: 'the answer has no calculator annotations' };
  return { steps, final };
}

/**
 * A last step written without annotation (`This is 12/20 x 100% = 60% of the students.`): the
 * arithmetic just before `= <final>` on a line, when it computes the final answer.
 */
function unannotatedFinalStep(answer: string, final: number): ChainStep | undefined {
  const lines = answer.split('\n').filter((l) => !l.includes('<<') && !l.trim().startsWith('####'));
  for (const line of lines.reverse()) {
    const m = /([\d$.,\s()+\-*/x×÷%]+)=\s*\$?\s*(-?[\d,]*\.?\d+)/.exec(line);
    if (!m || !sameNumber(Number(m[2]!.replace(/,/g, '')), final)) continue;
    const expr = m[1]!.replace(/\$/g, '').replace(/[x×]/g, '*').replace(/÷/g, '/').replace(/%/g, '').replace(/\s+/g, '');
    try {
      const tree = parseArithmetic(expr);
      if (operands(tree).length >= 2 && sameNumber(evaluate(tree), final)) return { expr, tree, result: final };
    } catch {
      // Not arithmetic after all: no closing step.
    }
  }
  return undefined;
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

/** Every way to read a step's operands: each operand's possible new values, combined (capped). */
function readings(ops: ReadonlyArray<{ index: number; value: number }>, options: Map<number, number[]>): Array<Map<number, number>> | undefined {
  let out: Array<Map<number, number>> = [new Map()];
  for (const op of ops) {
    const values = options.get(op.value)!;
    out = out.flatMap((m) => values.map((v) => new Map(m).set(op.index, v)));
    if (out.length > MAX_READINGS) return undefined;
  }
  return out;
}

const MAX_READINGS = 256;

/**
 * Propagates `premise.from → premise.to` through the chain. `premises` are the other numbers the
 * question states (they may appear as operands); `aliases` are other forms of the premise (a
 * percentage as a fraction: 150% → 1.5). The chain links steps by value only, so an operand whose
 * value is both a changed and an unchanged quantity is read both ways: the revision stands only
 * when every reading gives the same final answer.
 */
export function propagate(chain: CalculatorChain, premise: { from: number; to: number; aliases?: Array<{ from: number; to: number }> }, premises: readonly number[]): Propagation | PropagationFailure {
  const options = new Map<number, number[]>();
  const addOption = (value: number, next: number) => {
    const list = options.get(value) ?? [];
    if (!list.some((x) => sameNumber(x, next))) list.push(next);
    options.set(value, list);
  };
  for (const a of [premise, ...(premise.aliases ?? [])]) addOption(a.from, a.to);
  for (const p of premises) if (!options.has(p)) addOption(p, p);
  // A unit constant equal to the premise is the premise (value-unique rules out a second statement).
  for (const c of UNIT_CONSTANTS) if (!options.has(c)) addOption(c, c);
  const results: number[] = [];
  const lines: string[] = [];
  const lostWhole: string[] = [];
  const negative: string[] = [];
  const stepResults: number[][] = [];
  try {
    for (const step of chain.steps) {
      const ops = operands(step.tree);
      const missing = ops.find((op) => !options.has(op.value));
      if (missing) return { reason: 'chain-incomplete', evidence: `operand ${formatNumber(missing.value)} of <<${step.expr}>> is neither stated in the question nor computed earlier in the chain` };
      const ways = readings(ops, options);
      if (!ways) return { reason: 'chain-ambiguous', evidence: `<<${step.expr}>> can be read in more than ${MAX_READINGS} ways` };
      const values: number[] = [];
      for (const way of ways) {
        const v = evaluate(step.tree, (n) => way.get(n.index)!);
        if (!values.some((x) => sameNumber(x, v))) values.push(v);
      }
      stepResults.push(values);
      for (const v of values) addOption(step.result, v);
      const first = ways[0]!;
      results.push(values[0]!);
      lines.push(`${substitutedExpr(step.tree, (i) => first.get(i)!)}=${formatNumber(values[0]!)}`);
      const shown = `${step.expr}=${formatNumber(step.result)} becomes ${values.map(formatNumber).join(' or ')}`;
      if (Number.isInteger(step.result) && values.some((v) => !Number.isInteger(Math.round(v * 1e9) / 1e9))) lostWhole.push(shown);
      if (step.result >= 0 && values.some((v) => v < 0)) negative.push(shown);
    }
  } catch (e) {
    return { reason: 'chain-error', evidence: e instanceof Error ? e.message : String(e) };
  }
  const lastIndex = chain.steps.map((s) => s.result).lastIndexOf(chain.final);
  if (lastIndex < 0) return { reason: 'chain-incomplete', evidence: `the final answer ${formatNumber(chain.final)} is not a result of the chain` };
  const finals = stepResults[lastIndex]!;
  if (finals.length > 1) return { reason: 'chain-ambiguous', evidence: `the chain links steps by value and can be read to give ${finals.map(formatNumber).join(' or ')}` };
  return { results, final: finals[0]!, revisedChain: lines.join('\n'), lostWhole, negative };
}

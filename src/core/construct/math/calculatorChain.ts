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

/**
 * Propagates `premise.from → premise.to` through the chain. `premises` are the other numbers the
 * question states (they may appear as operands); `aliases` are other forms of the premise (a
 * percentage as a fraction: 150% → 1.5).
 */
export function propagate(chain: CalculatorChain, premise: { from: number; to: number; aliases?: Array<{ from: number; to: number }> }, premises: readonly number[]): Propagation | PropagationFailure {
  const changed = new Map<number, number>([[premise.from, premise.to], ...(premise.aliases ?? []).map((a): [number, number] => [a.from, a.to])]);
  const known = new Set<number>([...premises, ...UNIT_CONSTANTS]);
  const unchangedResults = new Set<number>();
  const results: number[] = [];
  const lines: string[] = [];
  const lostWhole: string[] = [];
  const negative: string[] = [];
  try {
    for (const step of chain.steps) {
      const ops = operands(step.tree);
      for (const op of ops) {
        if (!changed.has(op.value) && !known.has(op.value) && !unchangedResults.has(op.value)) {
          return { reason: 'chain-incomplete', evidence: `operand ${formatNumber(op.value)} of <<${step.expr}>> is neither stated in the question nor computed earlier in the chain` };
        }
        if (changed.has(op.value) && unchangedResults.has(op.value)) {
          return { reason: 'chain-ambiguous', evidence: `operand ${formatNumber(op.value)} of <<${step.expr}>> is both a changed and an unchanged quantity` };
        }
      }
      const valueOf = (index: number) => {
        const v = ops.find((o) => o.index === index)!.value;
        return changed.get(v) ?? v;
      };
      const next = evaluate(step.tree, (n) => valueOf(n.index));
      results.push(next);
      lines.push(`${substitutedExpr(step.tree, valueOf)}=${formatNumber(next)}`);
      if (sameNumber(next, step.result)) {
        if (changed.has(step.result) && !sameNumber(changed.get(step.result)!, step.result)) {
          return { reason: 'chain-ambiguous', evidence: `result ${formatNumber(step.result)} of <<${step.expr}>> equals the changed value` };
        }
        unchangedResults.add(step.result);
        continue;
      }
      const prior = changed.get(step.result);
      if (prior !== undefined && !sameNumber(prior, next)) return { reason: 'chain-ambiguous', evidence: `result ${formatNumber(step.result)} changes to two different values` };
      if (known.has(step.result) && !changed.has(step.result)) {
        // A premise with the same value as a changed result: later operands cannot be told apart.
        if (chain.steps.slice(chain.steps.indexOf(step) + 1).some((s) => operands(s.tree).some((o) => o.value === step.result))) {
          return { reason: 'chain-ambiguous', evidence: `result ${formatNumber(step.result)} of <<${step.expr}>> equals a number the question states` };
        }
      }
      changed.set(step.result, next);
      if (Number.isInteger(step.result) && !Number.isInteger(Math.round(next * 1e9) / 1e9)) lostWhole.push(`${step.expr}=${formatNumber(step.result)} becomes ${formatNumber(next)}`);
      if (step.result >= 0 && next < 0) negative.push(`${step.expr}=${formatNumber(step.result)} becomes ${formatNumber(next)}`);
    }
  } catch (e) {
    return { reason: 'chain-error', evidence: e instanceof Error ? e.message : String(e) };
  }
  const lastIndex = chain.steps.map((s) => s.result).lastIndexOf(chain.final);
  if (lastIndex < 0) return { reason: 'chain-incomplete', evidence: `the final answer ${formatNumber(chain.final)} is not a result of the chain` };
  const final = results[lastIndex]!;
  return { results, final, revisedChain: lines.join('\n'), lostWhole, negative };
}

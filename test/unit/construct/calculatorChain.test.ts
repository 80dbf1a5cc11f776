import { describe, it, expect } from 'vitest';
import { evaluate, parseArithmetic } from '../../../src/core/construct/math/arithmetic';
import { parseCalculatorChain, propagate, type CalculatorChain } from '../../../src/core/construct/math/calculatorChain';
import { nounFor, replacementValues, writeLike } from '../../../src/core/construct/math/replacementValues';

const ONION = 'A bag of onions cost $1.50 x 50 = $<<1.5*50=75>>75.\nTherefore, the chef spent $75 x 4 = $<<75*4=300>>300 for the four bags of onions.\n#### 300';

function chain(answer: string): CalculatorChain {
  const c = parseCalculatorChain(answer);
  if ('error' in c) throw new Error(c.error);
  return c;
}

describe('arithmetic (no eval)', () => {
  it('follows precedence, parentheses, unary minus and powers', () => {
    expect(evaluate(parseArithmetic('2+3*4'))).toBe(14);
    expect(evaluate(parseArithmetic('(2+3)*4'))).toBe(20);
    expect(evaluate(parseArithmetic('-2*3+10/4'))).toBe(-3.5);
    expect(evaluate(parseArithmetic('2^3**1'))).toBe(8);
    expect(evaluate(parseArithmetic('1,000+.5'))).toBe(1000.5);
  });
  it('refuses anything that is not arithmetic', () => {
    expect(() => parseArithmetic('process.exit(1)')).toThrow();
    expect(() => parseArithmetic('2+')).toThrow();
    expect(() => parseArithmetic('(2+3')).toThrow();
  });
});

describe('calculator chain propagation', () => {
  it('recomputes the onion example: 4 → 2 bags gives 150 from 300', () => {
    const p = propagate(chain(ONION), { from: 4, to: 2 }, [50, 1.5]);
    expect('reason' in p).toBe(false);
    if ('reason' in p) return;
    expect(p.final).toBe(150);
    expect(p.revisedChain).toBe('1.5*50=75\n75*2=150');
  });
  it('leaves steps that do not depend on the premise unchanged', () => {
    const p = propagate(chain(ONION), { from: 50, to: 25 }, [4, 1.5]);
    if ('reason' in p) throw new Error(p.evidence);
    expect(p.results).toEqual([37.5, 150]);
    expect(p.lostWhole).toEqual(['1.5*50=75 becomes 37.5']);
  });
  it('is incomplete when an operand is neither stated nor computed', () => {
    const answer = 'Half of them is 15.\nSo <<15*3=45>>45\n#### 45';
    const p = propagate(chain(answer), { from: 30, to: 40 }, [3]);
    expect('reason' in p && p.reason).toBe('chain-incomplete');
  });
  it('is ambiguous when a result equals the changed premise', () => {
    const answer = '<<4/2=2>>2 then <<2*5=10>>10\n#### 10';
    const p = propagate(chain(answer), { from: 2, to: 3 }, [4, 5]);
    expect('reason' in p && p.reason).toBe('chain-ambiguous');
  });
  it('reads an unannotated closing step that computes the final answer', () => {
    const answer = '<<16-4=12>>12 students.\nThis is 12/20 x 100% = 60% of the students.\n#### 60';
    const c = chain(answer);
    expect(c.steps.map((s) => s.expr)).toEqual(['16-4', '12/20*100']);
    const p = propagate(c, { from: 20, to: 40 }, [16, 4]);
    if ('reason' in p) throw new Error(p.evidence);
    expect(p.final).toBe(30);
  });
  it('needs a #### line', () => {
    expect('error' in parseCalculatorChain('<<1+1=2>>2')).toBe(true);
  });
});

describe('replacement rule and wording of the new value', () => {
  it('halves an even count, else doubles; percentages stay at most 100', () => {
    expect(replacementValues(4, { percent: false })).toEqual([2, 8, 5, 3, 6]);
    expect(replacementValues(3, { percent: false })[0]).toBe(6);
    expect(replacementValues(80, { percent: true })).not.toContain(160);
  });
  it('writes the value like the original and keeps the noun agreeing', () => {
    expect([writeLike('$1.50', 3), writeLike('$1.5', 3), writeLike('1,200', 600), writeLike('$2', 4)]).toEqual(['$3.00', '$3', '600', '$4']);
    expect([nounFor('boxes', 2, 1), nounFor('candies', 2, 1), nounFor('bag', 1, 2), nounFor('bags', 4, 2)]).toEqual(['box', 'candy', 'bags', 'bags']);
  });
});

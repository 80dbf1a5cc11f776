import { describe, it, expect } from 'vitest';
import { evaluate, parseArithmetic } from '../../../src/core/construct/math/arithmetic';
import {
  parseCalculatorChain,
  propagate,
  type CalculatorChain,
} from '../../../src/core/construct/math/calculatorChain';
import { nounFor, replacementValues, writeLike } from '../../../src/core/construct/math/replacementValues';
import { selfInclusiveCounts } from '../../../src/core/construct/math/selfInclusiveCounts';

const ONION =
  'A bag of onions cost $1.50 x 50 = $<<1.5*50=75>>75.\nTherefore, the chef spent $75 x 4 = $<<75*4=300>>300 for the four bags of onions.\n#### 300';

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
  it('rounds the revised result the way the solution rounded its own (GSM8K/856: whole packs, up)', () => {
    const answer =
      'Mr. Jackson will need 27 x 2 = <<27*2=54>>54 glue sticks.\nDivide the number of glue sticks by the amount in each pack, 54 / 8 = <<54/8=6.75>>6.75 packs.\nSince Mr. Jackson must buy whole packs, you must round 6.75 up to the next highest whole number, 7.\n#### 7';
    const p = propagate(chain(answer), { from: 27, to: 54 }, [2, 8]);
    if ('reason' in p) throw new Error(p.evidence);
    expect(p.final).toBe(14);
    expect(p.revisedChain).toBe('54*2=108\n108/8=13.5\nceil(13.5)=14');
    // 28 students fill whole packs: nothing to round.
    const exact = propagate(chain(answer), { from: 27, to: 28 }, [2, 8]);
    if ('reason' in exact) throw new Error(exact.evidence);
    expect(exact.final).toBe(7);
  });
  it('rounds down when the solution did (full boxes), and not at all when it says nothing of rounding', () => {
    const full = 'She fills 50 / 8 = <<50/8=6.25>>6.25 boxes, so 6 full boxes.\n#### 6';
    const p = propagate(chain(full), { from: 50, to: 60 }, [8]);
    if ('reason' in p) throw new Error(p.evidence);
    expect(p.final).toBe(7);
    const silent = 'She has 50 / 8 = <<50/8=6.25>>6.25 boxes.\n#### 6';
    const q = propagate(chain(silent), { from: 50, to: 60 }, [8]);
    expect('reason' in q && q.reason).toBe('chain-incomplete');
  });
  it('reads a head count the solution leaves out as the group plus the one who has it (GSM8K/752)', () => {
    const question =
      'Jenna has 4 roommates. Each month the electricity bill is $100. How much will each roommate pay per year for electricity, if they divide the share equally?';
    const answer =
      'There are 12 months in a year, so the total electricity for the year will cost 100*12 =$<<100*12=1200>>1200.\nSince there are 5 roommates, each roommate will pay 1200/5=$<<1200/5=240>>240 in a year.\n#### 240';
    const heads = selfInclusiveCounts(question, answer, [4, 100]);
    expect(heads).toEqual([4]);
    const p = propagate(chain(answer), { from: 4, to: 2 }, [100], heads);
    if ('reason' in p) throw new Error(p.evidence);
    expect(p.revisedChain).toBe('100*12=1200\n1200/3=400');
    // Another premise changed: the head count stays 4 + 1.
    const bill = propagate(chain(answer), { from: 100, to: 50 }, [4], heads);
    if ('reason' in bill) throw new Error(bill.evidence);
    expect(bill.final).toBe(120);
    // Without the rule the 5 has no source.
    const without = propagate(chain(answer), { from: 4, to: 2 }, [100]);
    expect('reason' in without && without.reason).toBe('chain-incomplete');
  });
  it('takes a count for a head count only when the solution writes both as people', () => {
    expect(selfInclusiveCounts('Maria invited 4 of her friends.', '4 friends ... 5 girls * 3', [4])).toEqual([4]);
    // 5 cents, not 5 people.
    expect(selfInclusiveCounts('Maria has 4 friends.', 'each pays 5 cents', [4])).toEqual([]);
    // 5 is stated itself: it is that 5.
    expect(selfInclusiveCounts('4 friends and 5 dogs', '5 friends', [4, 5])).toEqual([]);
  });
  it('is incomplete when an operand is neither stated nor computed', () => {
    const answer = 'Half of them is 15.\nSo <<15*3=45>>45\n#### 45';
    const p = propagate(chain(answer), { from: 30, to: 40 }, [3]);
    expect('reason' in p && p.reason).toBe('chain-incomplete');
  });
  it('is ambiguous when a result equals a stated number and readings that use every result disagree', () => {
    // The girlfriend's 3 tomatoes a day and the vine's 3 tomatoes a week: either 3 may be the result.
    const answer = '<<6/2=3>>3 a day\n<<6+3=9>>9\n<<9*7=63>>63\n<<63/3=21>>21 vines\n#### 21';
    const p = propagate(chain(answer), { from: 6, to: 4 }, [3]);
    expect('reason' in p && p.reason).toBe('chain-ambiguous');
  });
  it('reads an operand as the earlier result it equals when only that reading uses every result', () => {
    // Leo: 100 stickers, then 50, then twice 50 = 100; the last 100 is that result, not the first 100.
    const answer =
      'Last year, Leo had 100 +50 = <<100+50=150>>150.\nThis year, he collected 2 x 50 = <<2*50=100>>100.\nSo 150 + 100 = <<150+100=250>>250\n#### 250';
    const p = propagate(chain(answer), { from: 100, to: 60 }, [50, 2]);
    if ('reason' in p) throw new Error(p.evidence);
    expect([p.final, p.revisedChain]).toEqual([210, '60+50=110\n2*50=100\n110+100=210']);
  });
  it('reads an operand as an earlier result before a unit constant of the same value', () => {
    // Scotch: $600 for 10 bottles = $60 each; cognac costs 50% more: .5*60 is half that $60, not of an hour.
    const answer =
      '$600/10=$<<600/10=60>>60 each\n<<10*2=20>>20 bottles\n.5*60=$<<.5*60=30>>30 more\n$60+$30=$<<60+30=90>>90\n$90*20=$<<90*20=1800>>1800\n$600+$1800=$<<600+1800=2400>>2400\n#### 2400';
    const p = propagate(chain(answer), { from: 600, to: 300 }, [10, 2, 0.5]);
    if ('reason' in p) throw new Error(p.evidence);
    expect(p.final).toBe(1200);
    // The same value twice in one step (`60/60`) may still be a result and an hour: both readings stay.
    const twice = '<<3*20=60>>60 minutes\n<<60/60=1>>1 hour\n#### 1';
    const q = propagate(chain(twice), { from: 3, to: 6 }, [20]);
    expect('reason' in q && q.reason).toBe('chain-ambiguous');
  });
  it('reads a negative result back under a unary minus', () => {
    const answer = 'Drop 8 degrees = 2 - 8 = -6 degrees\nIncrease 3 degrees = -6 + 3 = -3 degrees\n#### -3';
    const p = propagate(chain(answer), { from: 8, to: 4 }, [2, 3]);
    if ('reason' in p) throw new Error(p.evidence);
    expect([p.final, p.revisedChain]).toEqual([1, '2-4=-2\n-2+3=1']);
  });
  it('reads steps written without annotation, in text order, when they compute', () => {
    const answer = [
      'They spent $20.25 - $4.50 = $<<20.25-4.5=15.75>>15.75 on food.',
      'They spent $33 x 2 = $<<33*2=66>>66 for the rides.',
      'They spent a total of $20.25 + $15.75 + $66 = $102.',
      'So each of them paid $102/3 = $<<102/3=34>>34.',
      '#### 34',
    ].join('\n');
    const c = chain(answer);
    expect(c.steps.map((s) => s.expr)).toEqual(['20.25-4.5', '33*2', '20.25+15.75+66', '102/3']);
    const p = propagate(c, { from: 2, to: 1 }, [20.25, 4.5, 33, 3]);
    if ('reason' in p) throw new Error(p.evidence);
    expect(p.final).toBe(23);
  });
  it('reads written steps with units, word operators, negative results and conversions; not algebra or wrong sums', () => {
    const steps = (answer: string) => chain(`${answer}\n#### 0`).steps.map((s) => `${s.expr}=${s.result}`);
    expect(steps('60 spools / 150 spools * 100% = 40%')).toEqual(['60/150*100=40']);
    expect(steps('Drop 8 degrees = 2 - 8 = -6 degrees\nIncrease 3 degrees = -6 + 3 = -3 degrees')).toEqual([
      '2-8=-6',
      '-6+3=-3',
    ]);
    expect(steps('14 times .05 equals .7 and 3.45 divided by .05 equals 69')).toEqual(['14*.05=0.7', '3.45/.05=69']);
    expect(steps('48 quarts = 12 gallons')).toEqual(['48/4=12']);
    expect(steps('In the first set he retrieved 2(3) + 4 balls = 10')).toEqual(['2*(3)+4=10']);
    expect(steps('5B + 4 = 19 and 2 + 2 = 5 and x = <<124=124>>124')).toEqual(['124=124']);
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
    expect(replacementValues(4, { percent: false }).slice(0, 5)).toEqual([2, 8, 5, 3, 6]);
    // Then the nearest whole values: 25 lollipops less 5 kept, shared by 4, stays whole at 29.
    expect(replacementValues(25, { percent: false })).toEqual([
      50, 26, 24, 27, 75, 23, 28, 22, 29, 21, 30, 20, 31, 19, 32,
    ]);
    expect(replacementValues(3, { percent: false })[0]).toBe(6);
    expect(replacementValues(80, { percent: true })).not.toContain(160);
  });
  it('writes the value like the original and keeps the noun agreeing', () => {
    expect([writeLike('$1.50', 3), writeLike('$1.5', 3), writeLike('1,200', 600), writeLike('$2', 4)]).toEqual([
      '$3.00',
      '$3',
      '600',
      '$4',
    ]);
    expect([nounFor('boxes', 2, 1), nounFor('candies', 2, 1), nounFor('bag', 1, 2), nounFor('bags', 4, 2)]).toEqual([
      'box',
      'candy',
      'bags',
      'bags',
    ]);
  });
});

import { describe, expect, test } from 'vitest';
import {
  askedNoun,
  extractMathAnswer,
  verifyMath,
  mathReferenceNumber,
} from '../../../src/core/verify/math/mathVerifier';
import { scanNumbers } from '../../../src/core/verify/math/numbers';

describe('scanNumbers', () => {
  test('thousands separators, dollars, decimals and signs are one token each', () => {
    const nums = scanNumbers('He paid $1,250.50 for 3 items, then -4 and 1000.0 and 12%.');
    expect(nums.map((n) => n.value)).toEqual([1250.5, 3, -4, 1000, 12]);
    expect(nums[0]!.raw).toBe('$1,250.50');
  });
  test('no number inside a longer number or word', () => {
    const nums = scanNumbers('124 x2 v3.1 24');
    expect(nums.map((n) => n.value)).toEqual([124, 24]);
    expect(scanNumbers('range 3-5').map((n) => n.value)).toEqual([3, 5]);
  });
});

describe('extractMathAnswer', () => {
  test('last number of the final line, with reasoning and several numbers before', () => {
    const r = `Each bag weighs 50 pounds, so 4 bags weigh 4 x 50 = 200 pounds.
At $1.50 per pound that is 200 x 1.50 = 300.

So the chef spent $300.`;
    expect(extractMathAnswer(r)?.value).toBe(300);
  });
  test('\\boxed{} wins over later numbers', () => {
    expect(extractMathAnswer('The total is \\boxed{3,360} points.\nCheck: 160 games x 21.')?.value).toBe(3360);
    expect(extractMathAnswer('$\\boxed{\\$150.00}$')?.value).toBe(150);
  });
  test('#### marker, answer marker, bold on the last numeric line', () => {
    expect(extractMathAnswer('work...\n#### 4,000\nhope this helps (step 2)')?.value).toBe(4000);
    expect(extractMathAnswer('Final answer: $150. Computed from 2 x 75.')?.value).toBe(150);
    expect(extractMathAnswer('So the total is **$4,000** (160 x 25).')?.value).toBe(4000);
  });
  test('trailing .0 and thousands separators compare numerically', () => {
    expect(verifyMath('The answer is 3,360.0', 3360).is_correct).toBe(true);
    expect(verifyMath('The answer is 3360', '3,360').is_correct).toBe(true);
  });
  test('no number → incorrect, not unscored', () => {
    const r = verifyMath('I cannot solve this.', 300);
    expect(r.is_correct).toBe(false);
    expect(r.extracted).toBeNull();
  });
  test('the wrong final number fails even when the right one appears earlier', () => {
    const r = verifyMath('With 4 bags it would be $300, but with 2 bags:\n2 x 50 x 1.50 = $150', 300);
    expect(r.is_correct).toBe(false);
    expect(r.extracted).toBe('150');
  });
  test('GSM8K answer text as reference', () => {
    expect(mathReferenceNumber('so 75*4 = 300\n#### 300')).toBe(300);
  });
});

describe('extractMathAnswer: the asked quantity and bold numbers win (issue 15.1)', () => {
  test('"The answer is: Each of Ray\'s 4 friends got 5 lollipops" → 5 when lollipops are asked', () => {
    const q =
      'Ray has 25 lollipops. He keeps 5 and shares the rest equally among his 4 friends. How many lollipops does each friend get?';
    expect(askedNoun(q)).toBe('lollipops');
    expect(
      extractMathAnswer("The answer is: Each of Ray's 4 friends got 5 lollipops.", [25, 5, 4], askedNoun(q))?.value,
    ).toBe(5);
  });
  test('"**3 hours and 47 minutes** (or 227 minutes)" → 227 when minutes are asked', () => {
    const q = 'How many minutes will it take Andy to string all 12 racquets?';
    expect(
      extractMathAnswer('So the final time remains:\n\n**3 hours and 47 minutes** (or 227 minutes)', [12], askedNoun(q))
        ?.value,
    ).toBe(227);
  });
  test('"… 30 students, giving 10 cards to each student" → 30 when students are asked', () => {
    const q = 'Miss Maria gives 10 cards to each student. How many students did she share the cards with?';
    const text =
      'Therefore, Miss Maria shared her 300 remaining cards with 30 students, giving 10 cards to each student.';
    expect(extractMathAnswer(text, [10], askedNoun(q))?.value).toBe(30);
    // Without the question the line's last number is taken, as before.
    expect(extractMathAnswer(text)?.value).toBe(10);
  });
  test('"total cost of $20 … net profit is $20" → 20 though the task states "20 candles" (claude-3-haiku 6a33cc05…/4)', () => {
    const line = "- With a total cost of $20 and a total revenue of $40, Charlie's net profit is $20.";
    expect(extractMathAnswer(line, [10, 10, 2, 20])?.value).toBe(20);
  });
  test('"how much" asks no noun; "how many more" skips "more"', () => {
    expect(askedNoun('How much did he pay?')).toBeUndefined();
    expect(askedNoun('How many more apples than pears are there?')).toBe('apples');
  });
});

// The final-answer rules of the math extractor, each on the text of a real reply from the peer set
// (../shared/peer-eval/logs/math.jsonl, LiC answers; conv ids in the test names) where the earlier
// rules took another number than the one the reply states as its answer (issue 15).
import { describe, expect, test } from 'vitest';
import { askedNoun, extractMathAnswer } from '../../../src/core/verify/math/mathVerifier';

const value = (text: string, premises: number[] = [], question?: string) =>
  extractMathAnswer(text, premises, question ? askedNoun(question) : undefined)?.value;

describe('a concluding sentence wins over commentary after it', () => {
  test('"Therefore … $11,232." then a recap of the givens (claude-3-haiku 6a33c39a…/4)', () => {
    const text = `- Total estimated cost: $2,592 + $432 + $864 + $7,344 = $11,232

Therefore, the estimated total cost for Michael's bedroom carpet replacement is approximately $11,232.

This estimate is based on the provided bedroom size of 18 feet by 12 feet (216 square feet), the new carpet costing $12 per square foot.

Please let me know if you need any clarification.`;
    expect(value(text, [12, 2, 4, 34, 18, 12])).toBe(11232);
  });
  test('but not when work follows it', () => {
    expect(value('Therefore, the cost per candle is $1.\n\nTotal profit = 20 x $2 - 20 x $1 = $20')).toBe(20);
  });
});

describe('answer markers', () => {
  test('"The answer remains: 3 episodes." (llama-4-scout 6a34d424…/9)', () => {
    const text =
      "The answer remains: 3 episodes.\n\nFrankie watched 3 episodes of a 30-minute show on Wednesday.\n\nThe two 1-hour episodes on Friday night don't affect the answer to the question about Wednesday.";
    expect(value(text, [30, 1, 2])).toBe(3);
  });
  test('"**Answer (based on Interpretation B: …):**" then a note on another reading (gemini 6a33d74a…/2)', () => {
    const text = `**Answer (based on Interpretation B: $33 is the total cost for the group for one ride):** Each friend paid a total of **$34.00** for the fair.

---

**Important Note on Ambiguity:** If "each ride cost $33" was meant to imply $33 *per person per ride*, then the calculations would be:
*   Cost for rides (per friend): 2 rides * $33/ride = $66/friend
*   Total for rides (all 3 friends): $66`;
    expect(value(text, [3, 4.5, 2, 33])).toBe(34);
  });
  test('a check of the answer after it is no further work (gemini 6a33d409…/0)', () => {
    const text = `**Answer:**

The small pool currently has **8 gallons** of water.

---

**Let's check our work:**

*   From Equation 2: $S_0 = S_{now} + 16 = 8 + 16 = 24$ gallons.
*   From Equation 4: $B_{now} = 4 \\times S_{now} = 4 \\times 8 = 32$ gallons.
*   From Equation 3: $B_0 = B_{now} + 16 = 32 + 16 = 48$ gallons.
Is $48 = 2 \\times 24$?
$48 = 48$. Yes, the numbers match!`;
    expect(value(text, [4, 2, 4])).toBe(8);
  });
});

describe('numbers a line sets aside', () => {
  test('"227 minutes, which is 3 hours and 47 minutes" → 227 (gemini 6a33da0c…/4); a lone compound stays', () => {
    expect(
      value(
        'It will take Andy a total of **227 minutes**, which is **3 hours and 47 minutes**, to string all 12 racquets.',
        [12, 15, 22, 18],
      ),
    ).toBe(227);
    expect(value('So, it will take Andy approximately 3 hours and 49 minutes to restring all 12 racquets.', [12])).toBe(
      49,
    );
  });
  test('"$90, not the initial $30" → 90 (llama-3.1-8b 6a33abca…/2)', () => {
    expect(value('So, after a year, Johnny had $90, not the initial $30.', [20, 10])).toBe(90);
  });
  test('a derivation in parentheses: "Total cost: $3000 (12 sessions x $250/session)" (llama-4-scout 6a34d5be…/13)', () => {
    expect(
      value(
        'The calculation was:\n* 12 sessions (2 sessions/week x 6 weeks)\n* Total cost: $3000 (12 sessions x $250/session)',
        [6, 2, 125],
      ),
    ).toBe(3000);
  });
  test('a list number is no value: "**3. Difference:** 300 miles - 240 miles = **60 miles**" (gemini 6a33d4c0…/4)', () => {
    expect(value('**3. Difference:** 300 miles - 240 miles = **60 miles**', [60, 5, 30, 8])).toBe(60);
  });
});

describe('a stated premise can be the answer', () => {
  test('bold: "$4, with 3 loaves … than 2 bagels" → 4 (llama-3.1-8b 6a33ac30…/2)', () => {
    expect(
      value(
        '**The price difference is $4, with 3 loaves of bread being $4 more expensive than 2 bagels.**',
        [2, 1, 3, 2],
      ),
    ).toBe(4);
  });
  test('an equation\'s result: "$180 ÷ 90 days = $2 per day", "300 minus 240 is 60 miles"', () => {
    expect(
      value(
        "* Daily cost: $180 ÷ 90 days = $2 per day\n\nLet me know if you'd like to explore more calculations!",
        [90, 45, 100, 10, 2],
      ),
    ).toBe(2);
    expect(value('To find the answer, subtract 240 from 300, 300 minus 240 is 60 miles.', [60, 5, 30, 8])).toBe(60);
  });
  test('a restatement of the givens is skipped only after a line that states a result', () => {
    // gemini 6a33de58…/2: "= **$205**" then "So, the $40 charge for showing up was definitely included!"
    expect(
      value(
        '$40 (Visit Charge) + $105 (Labor Cost) + $60 (Parts Cost) = **$205**\n\nSo, the $40 charge for showing up was definitely included!',
        [40, 35, 2.25, 60],
      ),
    ).toBe(205);
    // llama-3.1-8b 6a33b0fa…/0: the reply's answer is the given $600 (a wrong answer, but its answer).
    expect(
      value(
        '$600 ÷ 10 bottles = $60 per bottle\n4. The question asks how much John spent in total:\n\n$600\n\nSo, John spent a total of $600.',
        [10, 600, 50],
      ),
    ).toBe(600);
  });
});

describe('commentary lines state no answer', () => {
  test('a question to the user (gemini 6a33df4c…/1)', () => {
    const text =
      'We have successfully calculated his net profit for that specific transaction to be **$20**.\n\n*   **Determine profitability:** Is $1 profit per candle (or $20 for 20 candles) sufficient for his time and effort?';
    expect(value(text, [10, 10, 2, 20])).toBe(20);
  });
  test('an aside in parentheses (llama-4-scout 6a34d5be…/16)', () => {
    expect(
      value(
        "The total cost of John's physical therapy is $3000.\n\n(Confirmed: He went to therapy twice a week for a total of 6 weeks.)",
        [6, 2, 125],
      ),
    ).toBe(3000);
  });
});

describe('the asked quantity', () => {
  const camels =
    'A herd consists of camels and dromedaries. There are 180 heads and 304 bumps. How many dromedaries are there?';
  test('the last statement counts camels when dromedaries are asked (llama-3.1-8b 6a33b619…/0)', () => {
    expect(
      value(
        'So, to summarize:\n\n* There are 56 dromedaries in the herd.\n* There are 124 camels in the herd.\n\nI hope this solution is correct!',
        [180, 304, 2, 1],
        camels,
      ),
    ).toBe(56);
  });
  test('"the number of dromedaries in the herd is indeed 56, and the number of camels is 124" (…/3)', () => {
    expect(
      value(
        'We have confirmed that the number of dromedaries in the herd is indeed 56, and the number of camels is 124.',
        [180, 304, 2, 1],
        camels,
      ),
    ).toBe(56);
  });
  test('bold decides between statements of the asked unit; "per pack" is a rate (gemini 6a33d8d0…/11)', () => {
    const q = 'The glue sticks come in packs of 8. How many packs will Mr. Jackson need to buy?';
    const text = `Here's a quick recap of how each piece of information leads to the final answer:

1.  **Students:** 27
2.  **Glue Sticks per Pack:** 8 (from "the glue sticks come in packs of 8.")
3.  **Packs Required:** 54 glue sticks / 8 glue sticks/pack = 6.75 packs. Because he can only buy full packs, we round up to **7 packs**.

So, everything is definitely covered!`;
    expect(value(text, [27, 2, 8], q)).toBe(7);
  });
  test('"what percentage" asks for the N% (llama-3.1-8b 6a33b02a…/2)', () => {
    const q =
      'Of the 20 available cars for rent, 12 are automatic cars, 4 are manual cars, and the rest are semi-automatic. What percentage of the cars are semi-automatic?';
    const text =
      'So, the correct answer is:\n**4 semi-automatic cars out of 20 total cars**\n\nTo find the percentage:\n4 / 20 = 0.2 = 20%\n\nSo, **the percentage of cars that are semi-automatic is 20%.**';
    expect(askedNoun(q)).toBe('percent');
    expect(value(text, [20, 12, 4], q)).toBe(20);
  });
  test('money is no count of the asked unit: "44 hours … $8.00 per hour" (claude-3-haiku 6a33cc8d…/2)', () => {
    const q =
      'Her part-time job pays her $8.00 an hour. How many hours will she have to work before she can make her purchase?';
    expect(
      value(
        'Therefore, Lori needs to work 44 hours to afford her purchase of $320 shoes and a $32 matching belt, given her hourly wage of $8.00 per hour.',
        [320, 32, 8],
        q,
      ),
    ).toBe(44);
  });
  test('an adjective may sit between number and noun: "**24 water balloons**" (gemini 6a33e076…/2)', () => {
    const q = 'Then her mom gave each person 3 more balloons. How many total balloons did the girls have?';
    expect(
      value(
        '*   "Balloons Maria gave to her friends: 4 friends * 2 balloons/friend = 8 balloons"\n\nSo, the total of **24 water balloons** already accounts for Maria and her 4 friends!',
        [4, 2, 3],
        q,
      ),
    ).toBe(24);
  });
});

describe('a computed result over a restated quantity of the asked noun (issue 40.3)', () => {
  const q =
    'A nurses\u2019 station received 59 bandages during the day and had 83 bandages at the end of it. How many bandages did they have at the start of the day?';
  const premises = [59, 83];
  const hit = (text: string) => extractMathAnswer(text, premises, askedNoun(q));
  test('"Ending with 83 bandages means they started with 83 − 59 = **24**." is read as 24 (held-out log)', () => {
    expect(hit('Ending with 83 bandages means they started with 83 − 59 = **24**.')).toMatchObject({
      value: 24,
      rule: 'bold',
    });
  });
  test('the result after `=`, or in bold without a computation, wins over the restated 83', () => {
    expect(value('Ending with 83 bandages means they started with 83 − 59 = 24.', premises, q)).toBe(24);
    expect(value('Since they ended with 83 bandages, they started with **24**.', premises, q)).toBe(24);
  });
  test('the asked number stays when the result is money or counts another unit', () => {
    expect(value('They ended with 83 bandages, which cost 83 × $2 = $166.', premises, q)).toBe(83);
    expect(value('They ended with 83 bandages, or 83 / 50 = 1.66 packs.', premises, q)).toBe(83);
  });
  test('the asked number stays when the task did not give it (a check after the answer)', () => {
    expect(value('They started with 24 bandages, and 24 + 59 = 83.', premises, q)).toBe(24);
  });
  test('a bold label is no result: "**Clue 2:** Monic has 4 fewer crabs than Bo."', () => {
    const crabs = 'Monic has 4 fewer crabs than Bo. How many crabs do they have in total?';
    expect(value('3.  **Clue 2:** Monic has 4 fewer crabs than Bo.', [4], crabs)).toBe(4);
  });
});

describe('an "Answer:" in words', () => {
  test('with no number it is no numeric answer, not a number from the work above (llama-3.1-8b 6a33b1c8…/15)', () => {
    const text =
      "Since Calvin's pot serves 4 adult bowls, and there are 4 people at dinner, each person will get 1 bowl of soup for dinner.\n\nAnswer: The children cannot have any lunches with leftover soup.";
    expect(extractMathAnswer(text, [4, 8, 2])).toBeUndefined();
  });
  test('a small number word is read', () => {
    expect(value('Each child eats 1 bowl.\n\nAnswer: It takes four hours.')).toBe(4);
  });
});

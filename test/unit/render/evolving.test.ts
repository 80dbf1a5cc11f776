import { describe, it, expect } from 'vitest';
import {
  evolvingUserTurns,
  renderEvolving,
  evolvingAnchorPrompt,
  oracleRecap,
  PROMPT_RECAP,
} from '../../../src/core/render/evolving';
import { EvolvingPlanSchema, type EvolvingPlan } from '../../../src/core/schema/evolving';
import { IntentTransitionLogSchema } from '../../../src/core/schema/runlog';
import { evolvingTimeline } from '../../../src/core/state/evolvingTimeline';

const plan: EvolvingPlan = EvolvingPlanSchema.parse({
  task_id: 'toy/sum',
  task: 'math',
  system: 'You are a careful math tutor.',
  anchor: { function: 'product', args: { a: 3, b: 6, c: 2 }, question: 'Multiply 3, 6 and 2.', answer: 36 },
  turns: [
    {
      transition: 'initial',
      function: 'sum',
      args: { a: 3, b: 5, c: 2 },
      revealed: ['a', 'b'],
      user: 'Add 3 and 5.',
      answer: 8,
    },
    {
      transition: 'reveal',
      function: 'sum',
      args: { a: 3, b: 5, c: 2 },
      revealed: ['a', 'b', 'c'],
      user: 'Also add 2.',
      answer: 10,
    },
    {
      transition: 'revise',
      function: 'sum',
      args: { a: 3, b: 6, c: 2 },
      revealed: ['a', 'b', 'c'],
      user: 'Now compute 3 + 6 + 2.',
      answer: 11,
    },
    {
      transition: 'switch',
      function: 'product',
      goal: 'the product of the numbers',
      args: { a: 3, b: 6, c: 2 },
      revealed: ['a', 'b', 'c'],
      user: 'Instead, multiply them.',
      answer: 36,
    },
  ],
});

describe('evolving rendering', () => {
  it('the single-turn anchor is the anchor question alone', () => {
    expect(evolvingAnchorPrompt(plan)).toBe('Multiply 3, 6 and 2.');
    const r = renderEvolving(plan, { mode: 'single' });
    expect(r.messages.map((m) => m.content)).toEqual(['Multiply 3, 6 and 2.']);
    expect(r.reference).toBe(36);
    expect(r.system).toBe('You are a careful math tutor.');
  });

  it('recap none sends the plan text as written', () => {
    expect(evolvingUserTurns(plan, 'none').map((u) => u.content)).toEqual(plan.turns.map((t) => t.user));
    expect(evolvingUserTurns(plan, 'none').every((u) => u.recap === undefined)).toBe(true);
  });

  it('recap prompt appends the request to list the conditions, after the initial turn only', () => {
    const turns = evolvingUserTurns(plan, 'prompt');
    expect(turns[0]!.content).toBe('Add 3 and 5.');
    expect(turns[1]!.content).toBe(`Also add 2. ${PROMPT_RECAP}`);
    expect(turns.slice(1).every((u) => u.recap === PROMPT_RECAP)).toBe(true);
  });

  it('recap oracle restates the active function and the revealed, latest values', () => {
    const turns = evolvingUserTurns(plan, 'oracle');
    expect(turns[0]!.recap).toBeUndefined();
    expect(turns[2]!.recap).toBe(
      'Before answering, recall that the task is now: sum. The following conditions apply: a is 3; b is 6; c is 2.',
    );
    expect(turns[3]!.content).toBe(
      'Instead, multiply them. Before answering, recall that the goal is: "the product of the numbers". The following conditions apply: a is 3; b is 6; c is 2.',
    );
  });

  it('the oracle recap leaves out unrevealed and superseded arguments', () => {
    const snapshot = evolvingTimeline(plan).snapshots[0]!;
    expect(oracleRecap(snapshot)).toBe(
      'Before answering, recall that the task is now: sum. The following conditions apply: a is 3; b is 5.',
    );
    const switched = evolvingTimeline(
      EvolvingPlanSchema.parse({
        ...plan,
        turns: [
          plan.turns[0],
          { transition: 'switch', function: 'double', args: { a: 3 }, revealed: ['a'], user: 'Just double 3.' },
        ],
        anchor: { function: 'double', args: { a: 3 }, question: 'Double 3.', answer: 6 },
      }),
    ).snapshots[1]!;
    expect(oracleRecap(switched)).toBe(
      'Before answering, recall that the task is now: double. The following conditions apply: a is 3.',
    );
  });

  it('each user turn carries the intent_transition entry the runner logs after it', () => {
    const turns = evolvingUserTurns(plan, 'none');
    expect(turns.map((u) => u.log.turn)).toEqual([0, 1, 2, 3]);
    for (const u of turns) expect(IntentTransitionLogSchema.safeParse(u.log).success).toBe(true);
    expect(turns[3]!.log).toEqual({
      type: 'intent_transition',
      turn: 3,
      transition: 'switch',
      function: 'product',
      args: { a: 3, b: 6, c: 2 },
      revealed: ['a', 'b', 'c'],
    });
  });

  it('the multi-turn rendering uses the plan recap by default', () => {
    const withRecap = EvolvingPlanSchema.parse({ ...plan, recap: 'prompt' });
    const r = renderEvolving(withRecap, { mode: 'evolving' });
    expect(r.recap).toBe('prompt');
    expect(r.messages[1]!.content.endsWith(PROMPT_RECAP)).toBe(true);
    expect(renderEvolving(withRecap, { mode: 'evolving', recap: 'none' }).messages[1]!.content).toBe('Also add 2.');
    expect(r.messages.map((m) => m.transition)).toEqual(['initial', 'reveal', 'revise', 'switch']);
  });
});

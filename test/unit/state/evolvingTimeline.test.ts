// The evolving-intent timeline: reveal turns an argument in effect, revise supersedes the old value,
// switch supersedes the old function (shared arguments carry over, the others stop applying).
import { describe, it, expect } from 'vitest';
import { evolvingTimeline, evolvingTimelineFromStates, formatArgValue } from '../../../src/core/state/evolvingTimeline';
import { parseConversation } from '../../../src/core/conversation';
import type { IntentSnapshot } from '../../../src/core/state/intentTimeline';
import { EvolvingPlanSchema, type EvolvingPlan } from '../../../src/core/schema/evolving';
import { RunLogEntrySchema, type TraceMessage } from '../../../src/core/schema/runlog';

/** Paper 2's running example, extended by a revision after the switch. */
const restaurant: EvolvingPlan = EvolvingPlanSchema.parse({
  task_id: 'toy/restaurant',
  task: 'search',
  anchor: {
    function: 'book_table',
    args: { city: 'Brooklyn', party_size: 4 },
    question: 'Book a table for 4 in Brooklyn.',
    answer: 'booking:Brooklyn:4',
  },
  turns: [
    {
      transition: 'initial',
      function: 'search_restaurant',
      args: { city: 'NY', cuisine: 'Italian' },
      revealed: ['city'],
      user: 'Find me a restaurant in NY.',
      answer: 'search:NY',
    },
    {
      transition: 'reveal',
      function: 'search_restaurant',
      args: { city: 'NY', cuisine: 'Italian' },
      revealed: ['city', 'cuisine'],
      user: 'Italian, please.',
      answer: 'search:NY:Italian',
    },
    {
      transition: 'revise',
      function: 'search_restaurant',
      args: { city: 'NY', cuisine: 'Sushi' },
      revealed: ['city', 'cuisine'],
      user: 'Make that sushi.',
      answer: 'search:NY:Sushi',
    },
    {
      transition: 'switch',
      function: 'book_table',
      args: { city: 'NY', party_size: 4 },
      revealed: ['city', 'party_size'],
      user: 'Just book a table for 4.',
      answer: 'booking:NY:4',
    },
    {
      transition: 'revise',
      function: 'book_table',
      args: { city: 'Brooklyn', party_size: 4 },
      revealed: ['city', 'party_size'],
      user: 'In Brooklyn, actually.',
      answer: 'booking:Brooklyn:4',
    },
  ],
});

const arg = (s: IntentSnapshot, name: string) => s.requirements.find((r) => r.name === name);
const statuses = (s: IntentSnapshot, name: string) => arg(s, name)?.values.map((v) => `${v.value}:${v.status}`);

describe('evolvingTimeline', () => {
  const t = evolvingTimeline(restaurant);

  it('gives one snapshot per user turn with the active function and transition', () => {
    expect(t.benchmark).toBe('evolving');
    expect(t.snapshots.map((s) => [s.activeTask, s.transition])).toEqual([
      ['search_restaurant', 'initial'],
      ['search_restaurant', 'reveal'],
      ['search_restaurant', 'revise'],
      ['book_table', 'switch'],
      ['book_table', 'revise'],
    ]);
  });

  it('keeps an argument unrevealed until the user says it', () => {
    const [s0, s1] = t.snapshots;
    expect(statuses(s0!, 'cuisine')).toEqual(['Italian:unrevealed']);
    expect(arg(s0!, 'cuisine')!.inEffect).toBeUndefined();
    expect(statuses(s1!, 'cuisine')).toEqual(['Italian:in-effect']);
    expect(s1!.changed).toEqual(['cuisine']);
    expect(s1!.changes).toEqual(['revealed cuisine = Italian']);
  });

  it('a revision supersedes the old value', () => {
    const s2 = t.snapshots[2]!;
    expect(statuses(s2, 'cuisine')).toEqual(['Italian:superseded', 'Sushi:in-effect']);
    expect(s2.changes).toEqual(['revised cuisine: Italian → Sushi']);
  });

  it('a switch supersedes the old function, carries shared arguments over and drops the others', () => {
    const s3 = t.snapshots[3]!;
    expect(s3.functions!.map((f) => `${f.name}:${f.status}`)).toEqual([
      'search_restaurant:superseded',
      'book_table:in-effect',
    ]);
    expect(arg(s3, 'city')!.inEffect).toBe('NY');
    expect(statuses(s3, 'cuisine')).toEqual(['Italian:superseded', 'Sushi:superseded']);
    expect(arg(s3, 'cuisine')!.inEffect).toBeUndefined();
    expect(arg(s3, 'party_size')!.inEffect).toBe('4');
    expect(s3.changed!.sort()).toEqual(['cuisine', 'function', 'party_size']);
    expect(s3.changes).toContain('carried over city = NY');
  });

  it('a revision after a switch supersedes the carried-over value', () => {
    const s4 = t.snapshots[4]!;
    expect(statuses(s4, 'city')).toEqual(['NY:superseded', 'Brooklyn:in-effect']);
    expect(s4.activeTask).toBe('book_table');
  });

  it('the final inactive content: superseded values, the superseded function, earlier answers', () => {
    expect(t.inactive.map((i) => `${i.requirement}=${i.value}:${i.kind}`)).toEqual([
      'city=NY:superseded',
      'cuisine=Italian:superseded',
      'cuisine=Sushi:superseded',
      'function=search_restaurant:superseded',
      'answer=search:NY:superseded',
      'answer=search:NY:Italian:superseded',
      'answer=search:NY:Sushi:superseded',
      'answer=booking:NY:4:superseded',
    ]);
    expect(t.inactive.find((i) => i.isFunction)!.describe).toBe('superseded function "search_restaurant"');
    expect(t.inactive.filter((i) => i.isReference).every((i) => i.reference !== undefined)).toBe(true);
  });

  it('snapshots are independent copies', () => {
    expect(statuses(t.snapshots[1]!, 'cuisine')).toEqual(['Italian:in-effect']);
    expect(t.snapshots[2]!.functions).toHaveLength(1);
  });

  it('a latent value replaced before it was said is not inactive', () => {
    const tl = evolvingTimelineFromStates([
      { transition: 'initial', function: 'f', args: { a: 1, b: 'x' }, revealed: ['a'] },
      { transition: 'revise', function: 'f', args: { a: 1, b: 'y' }, revealed: ['a'] },
      { transition: 'reveal', function: 'f', args: { a: 1, b: 'y' }, revealed: ['a', 'b'] },
    ]);
    expect(statuses(tl.snapshots[1]!, 'b')).toEqual(['y:unrevealed']);
    expect(tl.snapshots[1]!.changes).toEqual([]);
    expect(tl.inactive).toEqual([]);
  });

  it('a value revised back to an earlier one is in effect, not inactive', () => {
    const tl = evolvingTimelineFromStates([
      { transition: 'initial', function: 'f', args: { a: 1 }, revealed: ['a'] },
      { transition: 'revise', function: 'f', args: { a: 2 }, revealed: ['a'] },
      { transition: 'revise', function: 'f', args: { a: 1 }, revealed: ['a'] },
    ]);
    expect(tl.inactive.map((i) => i.value)).toEqual(['2']);
  });

  it('formats non-string values as JSON', () => {
    expect(formatArgValue(0.5)).toBe('0.5');
    expect(formatArgValue(['a', 'b'])).toBe('["a","b"]');
  });
});

/** The timeline the conversation model reads from a logged entry. */
const timelineOfLog = (
  entry: Parameters<typeof parseConversation>[0],
  source: Parameters<typeof parseConversation>[1],
) => parseConversation(entry, source).timeline;

describe('the logged timeline (evolving)', () => {
  const traceOf = (withLogs: boolean[]): TraceMessage[] =>
    restaurant.turns.flatMap((turn, i) => [
      { role: 'user' as const, content: turn.user },
      ...(withLogs[i]
        ? [
            {
              role: 'log' as const,
              content: {
                type: 'intent_transition',
                turn: i,
                transition: turn.transition,
                function: turn.function,
                args: turn.args,
                revealed: turn.revealed,
              },
            },
          ]
        : []),
      { role: 'assistant' as const, content: 'ok' },
    ]);
  const entry = (trace: TraceMessage[]) =>
    RunLogEntrySchema.parse({
      conv_id: 'e1',
      task: 'search',
      task_id: restaurant.task_id,
      mode: 'evolving',
      recap: 'oracle',
      trace,
    });

  it('builds the same timeline from the logged transitions as from the plan', () => {
    const fromLog = timelineOfLog(entry(traceOf([true, true, true, true, true])), undefined);
    const fromPlan = evolvingTimeline(restaurant);
    expect(fromLog.recap).toBe('oracle');
    expect(fromLog.snapshots).toEqual(fromPlan.snapshots);
    // Without the plan there is no anchor answer and no per-turn answers: values and function only.
    expect(fromLog.inactive.map((i) => i.value)).toEqual(['NY', 'Italian', 'Sushi', 'search_restaurant']);
  });

  it('fills turns the log left without a transition from the plan', () => {
    const c = parseConversation(entry(traceOf([true, false, true, true, true])), restaurant);
    expect(c.turns[1]!.transition).toBeUndefined();
    expect(c.timeline.snapshots[1]!.requirements.find((r) => r.name === 'cuisine')!.inEffect).toBeDefined();
    const t = timelineOfLog(entry(traceOf([true, false, true, true, true])), restaurant);
    expect(t.snapshots).toEqual(evolvingTimeline(restaurant, 'oracle').snapshots);
  });

  it('also reads transitions logged just before their user message', () => {
    const before: TraceMessage[] = restaurant.turns.flatMap((turn, i) => [
      {
        role: 'log' as const,
        content: {
          type: 'intent_transition',
          turn: i,
          transition: turn.transition,
          function: turn.function,
          args: turn.args,
          revealed: turn.revealed,
        },
      },
      { role: 'user' as const, content: turn.user },
      { role: 'assistant' as const, content: 'ok' },
    ]);
    expect(timelineOfLog(entry(before), undefined).snapshots).toEqual(evolvingTimeline(restaurant).snapshots);
  });

  it('without a plan, a turn without a transition keeps the previous state', () => {
    const t = timelineOfLog(entry(traceOf([true, false, true, true, true])), undefined);
    expect(t.snapshots[1]!.changes).toEqual(['no intent transition logged']);
    expect(arg(t.snapshots[1]!, 'cuisine')!.inEffect).toBeUndefined();
    expect(arg(t.snapshots[2]!, 'cuisine')!.inEffect).toBe('Sushi');
  });
});

// The evolving-path fixtures both evolving tests build on: a plan of transitions and a run-log
// conversation reference with the fields evolvingStats reads.
import type { ConversationRef } from '../../../src/core/load/runLogIndex';
import { EvolvingPlanSchema, type EvolvingPlan } from '../../../src/core/schema/evolving';
import type { RecapMode } from '../../../src/core/schema/runlog';

export function plan(
  taskId: string,
  transitions: Array<'reveal' | 'revise' | 'switch'>,
  recap?: RecapMode,
): EvolvingPlan {
  const turns = ['initial' as const, ...transitions].map((transition) => ({
    transition,
    function: 'f',
    args: { a: 1 },
    revealed: ['a'],
    user: 'u',
  }));
  return EvolvingPlanSchema.parse({
    task_id: taskId,
    task: 'math',
    anchor: { function: 'f', args: { a: 1 }, question: 'q', answer: 1 },
    turns,
    ...(recap ? { recap } : {}),
  });
}

/** A reference maker numbering its conversations c1, c2, … in the order they are made. */
export function refMaker(): (
  taskId: string,
  model: string,
  mode: ConversationRef['mode'],
  verdict: ConversationRef['verdict'],
  recap?: RecapMode,
) => ConversationRef {
  let line = 0;
  return (taskId, model, mode, verdict, recap) => {
    line++;
    return {
      file: 'x.jsonl',
      line,
      offset: 0,
      length: 0,
      conv_id: `c${line}`,
      task: 'math',
      task_id: taskId,
      model,
      mode,
      condition: 'original',
      verdict,
      turns: 2,
      ...(recap ? { recap } : {}),
    };
  };
}

// Evolving-intent conversation plans (FORMAT.md §3): an anchor task and the latent intent state
// after each transition (reveal, revise, switch).
import { z } from 'zod';
import { RecapSchema } from './runlog';

export const TRANSITIONS = ['initial', 'reveal', 'revise', 'switch'] as const;
export const TransitionSchema = z.enum(TRANSITIONS);
export type Transition = z.infer<typeof TransitionSchema>;

export const EvolvingTurnSchema = z.looseObject({
  transition: TransitionSchema,
  function: z.string().min(1),
  args: z.record(z.string(), z.unknown()),
  revealed: z.array(z.string()),
  user: z.string(),
  answer: z.unknown().optional(),
});
export type EvolvingTurn = z.infer<typeof EvolvingTurnSchema>;

export const EvolvingAnchorSchema = z.looseObject({
  function: z.string().min(1),
  args: z.record(z.string(), z.unknown()),
  question: z.string(),
  answer: z.unknown(),
});

export const EvolvingPlanSchema = z.looseObject({
  task_id: z.string().min(1),
  task: z.enum(['math', 'code', 'database', 'actions', 'search']),
  anchor: EvolvingAnchorSchema,
  turns: z.array(EvolvingTurnSchema).min(1),
  recap: RecapSchema.optional(),
});
export type EvolvingPlan = z.infer<typeof EvolvingPlanSchema>;

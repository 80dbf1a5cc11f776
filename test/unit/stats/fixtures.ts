// Synthetic ConversationRefs for the stats tests: only the summary fields matter to computeStats.
import type { ConversationRef, Verdict } from '../../../src/core/load/runLogIndex';

let seq = 0;

export function ref(
  p: Partial<ConversationRef> & { model: string; task_id: string; verdict: Verdict },
): ConversationRef {
  seq++;
  return {
    file: '/tmp/none.jsonl',
    line: seq,
    offset: 0,
    length: 0,
    conv_id: p.conv_id ?? `c${seq}`,
    task: p.task ?? 'math',
    mode: p.mode ?? 'multi',
    condition: p.condition ?? 'original',
    turns: 2,
    ...p,
  };
}

/** `correct` correct and `wrong` incorrect runs of one column, one source each. */
export function runs(
  n: { correct: number; wrong: number; unscored?: number },
  base: Omit<Partial<ConversationRef>, 'verdict'> & { model: string },
): ConversationRef[] {
  const out: ConversationRef[] = [];
  const verdicts: Verdict[] = [
    ...Array(n.correct).fill('correct'),
    ...Array(n.wrong).fill('incorrect'),
    ...Array(n.unscored ?? 0).fill('unscored'),
  ];
  verdicts.forEach((verdict, i) => out.push(ref({ task_id: `${base.task ?? 'math'}/${i}`, ...base, verdict })));
  return out;
}

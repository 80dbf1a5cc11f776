// What a fork will send, shown before any provider call: the logged turns it keeps (the prefix),
// the edit at the branch turn, and what runs after. Plain text for a confirmation dialog; long
// conversations keep their first and last turns and say how many are left out.
import { parseConversation } from '../conversation';
import type { RunLogEntry } from '../schema/runlog';
import { describeEdit, type ForkEdit, type ForkPlan } from './forkPlan';

const MESSAGE_CHARS = 90;
/** Turns shown in full at each end of a long prefix. */
const HEAD_TURNS = 2;
const TAIL_TURNS = 3;

function clip(text: string): string {
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length > MESSAGE_CHARS ? `${one.slice(0, MESSAGE_CHARS - 1)}…` : one;
}

/**
 * The preview's lines: "Kept as logged (U1–U2):", each kept turn's user message and replies, the
 * edit ("U3 replaced: …" with the new wording in full), then what is run again.
 */
export function forkPreview(
  parent: RunLogEntry,
  plan: Pick<ForkPlan, 'turn' | 'forkedFrom'>,
  edit: ForkEdit,
  runs: string,
): string[] {
  const kept = parseConversation(parent).turns.slice(0, plan.turn - 1);
  const lines: string[] = [];
  if (!kept.length) lines.push('Nothing is kept: the fork starts at U1.');
  else lines.push(`Kept as logged (${kept.length === 1 ? 'U1' : `U1–U${kept.length}`}):`);
  const long = kept.length > HEAD_TURNS + TAIL_TURNS;
  kept.forEach((t, i) => {
    if (long && i === HEAD_TURNS) lines.push(`  … ${kept.length - HEAD_TURNS - TAIL_TURNS} more turns kept …`);
    if (long && i >= HEAD_TURNS && i < kept.length - TAIL_TURNS) return;
    lines.push(`  ${t.label} user: ${clip(t.user.text)}`);
    for (const r of t.replies) lines.push(`  ${' '.repeat(t.label.length)} assistant: ${clip(r.text)}`);
  });
  lines.push(
    `Edit: ${describeEdit({ turn: plan.turn, edit: edit.kind })}${edit.kind === 'replace-user' ? ` by "${edit.text.trim()}"` : ''}.`,
  );
  lines.push(`Then ${runs} from U${plan.turn} on, and the final answer is scored.`);
  return lines;
}

// Renders a chosen candidate into the FORMAT.md `intent` block, with wording from the built-in
// bank picked by the record id (the same id always gets the same wording).
import type { BenchmarkRecord, IntentBlock } from '../../schema/records';
import { fillTemplate, variantIndex } from '../../templates/templates';
import type { Candidate } from '../constructTypes';
import { WORDING_BANK } from './wordingBank';

const pick = <T>(list: readonly T[], taskId: string, offset = 0): T => list[variantIndex(taskId, list.length, offset)]!;

export function renderIntentBlock(source: BenchmarkRecord, candidate: Candidate): IntentBlock {
  const bank = WORDING_BANK[source.task];
  const id = source.task_id;
  const values = { requirement: candidate.requirement, original: candidate.original, revised: candidate.revised };
  const fill = (t: string, revised = candidate.revised) => fillTemplate(t, { ...values, revised });
  const pair = (offset: number): [string, string] => {
    const [a, b] = pick(bank.neutral, id, offset);
    return [fill(a), fill(b)];
  };
  // Extra blocks shift the variant so each proposal and each clarification pair reads differently.
  const extras = candidate.alternatives.slice(0, 3);
  const block: IntentBlock = {
    shard_id: candidate.shard_id,
    requirement: candidate.requirement,
    original: candidate.original,
    revised: candidate.revised,
    proposal: fill(pick(bank.proposal, id)),
    accept: fill(pick(bank.accept, id)),
    reject: fill(pick(bank.reject, id)),
    neutral: pair(0),
    connector: pick(bank.connector, id),
    single_turn: { original: candidate.singleTurn.original, direct_revised: candidate.singleTurn.direct_revised },
    reference: { original: candidate.reference.original, revised: candidate.reference.revised },
  };
  if (extras.length) {
    block.extra_proposals = extras.map((alt, i) => ({
      revised: alt.revised,
      proposal: fill(pick(bank.proposal, id, i + 1), alt.revised),
      reject: fill(pick(bank.reject, id, i + 1), alt.revised),
    }));
    block.extra_neutral = extras.map((_, i) => pair(i + 1));
  }
  block.review = { status: 'pending' };
  return block;
}

// How the Sources tree shows an adjudicated verdict: as the run's verdict, with the override's
// provenance where a re-score's message would be. vscode-free (the tree model's input).
import { describeOverride, type HumanOverride } from '../../core/annotations/adjudication';
import type { RescoredRun } from '../tree/sourceTreeData';

/** The tree's view of a run's verdict: a human override wins over a re-score, which wins over the log. */
export function adjudicatedRun(
  rescore: RescoredRun | undefined,
  human: HumanOverride | undefined,
): RescoredRun | undefined {
  if (!human) return rescore;
  const provenance = describeOverride(human);
  return {
    is_correct: human.verdict === 'correct',
    extracted: rescore?.extracted ?? null,
    inactive: rescore?.inactive ?? [],
    message: provenance,
    human: provenance,
  };
}

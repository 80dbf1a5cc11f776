// The verdict vocabulary every view, the host and the CLI share: the three verdicts, how a
// verifier's boolean reads as one, and the mark each is shown with.

export type Verdict = 'correct' | 'incorrect' | 'unscored';

/** `true` → correct, `false` → incorrect, `null` (could not be scored) → unscored. */
export function verdictOfBoolean(v: boolean | null | undefined): Verdict {
  return v === true ? 'correct' : v === false ? 'incorrect' : 'unscored';
}

/** The mark each verdict reads as everywhere. */
export const VERDICT_MARKS: Readonly<Record<Verdict, string>> = { correct: '✓', incorrect: '✗', unscored: '–' };

/** The mark of a verifier's boolean (`–` for null). */
export function markOfBoolean(v: boolean | null | undefined): string {
  return VERDICT_MARKS[verdictOfBoolean(v)];
}

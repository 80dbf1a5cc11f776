// The verdict vocabulary every view, the host and the CLI share: the three verdicts, how a
// verifier's boolean reads as one, and the mark each is shown with.

export type Verdict = 'correct' | 'incorrect' | 'unscored';

/** The verdicts in the order filters and counts list them. */
export const VERDICTS: readonly Verdict[] = ['correct', 'incorrect', 'unscored'];

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

/** A verdict with its mark, as filters and headers name it: `✓ correct`. */
export function verdictLabel(v: Verdict): string {
  return `${VERDICT_MARKS[v]} ${v}`;
}

/** The codicon each verdict is drawn with (tree rows, quick picks: `$(pass)`). */
export const VERDICT_CODICONS: Readonly<Record<Verdict, string>> = {
  correct: 'pass',
  incorrect: 'error',
  unscored: 'circle-slash',
};

/** The mark of a check's outcome (the revision editor, the records hover, the candidates view). */
export const CHECK_OUTCOME_MARKS: Readonly<Record<'pass' | 'fail' | 'not-run', string>> = {
  pass: VERDICT_MARKS.correct,
  fail: VERDICT_MARKS.incorrect,
  'not-run': VERDICT_MARKS.unscored,
};

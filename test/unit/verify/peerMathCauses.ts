// Why a math line's verdict differs from LiC's logged one (issue 15): LiC's verdict comes from an
// LLM answer extractor (gpt-4o-mini) whose span LiC compares with the gold as a string, so part of
// the disagreement is LiC's grading, not the answer. Re-run the analysis with
// `npx vitest run test/unit/verify/peerAgreement.test.ts -t math` (table and lines by cause).
import { mathReferenceNumber } from '../../../src/core/verify/math/mathVerifier';
import { referenceFor } from '../../../src/core/render/instances';
import type { PeerLine } from './peerEvalSet';

export type MathCause =
  /** LiC's extractor returned nothing, so LiC logged "incorrect"; the reply states an answer we read. */
  | 'lic-extractor-empty'
  /** LiC's extractor returned the gold number written differently ("16.00", "$6,000"); LiC compares strings. */
  | 'lic-string-compare'
  /** LiC extracted another number than ours, and ours is the gold. */
  | 'lic-picks-another'
  /** We extract another number than LiC, and LiC's is the gold. */
  | 'we-pick-another';

export const MATH_CAUSES: readonly MathCause[] = [
  'lic-extractor-empty',
  'lic-string-compare',
  'lic-picks-another',
  'we-pick-another',
];

/** LiC's grading, not the answer, decides these: they are left out of the "LiC graded" rate. */
export function licArtefact(line: PeerLine): boolean {
  return line.licExact === '' || (line.lic === false && licNumber(line) === goldOf(line));
}

function goldOf(line: PeerLine): number | undefined {
  return mathReferenceNumber(referenceFor(line.record, 'original'));
}

/** The number LiC compares: the last number of its extracted span, `$` and `,` dropped. */
function licNumber(line: PeerLine): number | undefined {
  const last = (line.licExact ?? '')
    .replace(/[$,]/g, '')
    .match(/-?\d+(?:\.\d+)?/g)
    ?.pop();
  return last === undefined ? undefined : Number(last);
}

/** The cause of a disagreement with LiC's verdict; undefined when the verdicts agree or LiC gave none. */
export function mathDisagreementCause(line: PeerLine, ours: boolean | null): MathCause | undefined {
  if (line.lic === undefined || ours === line.lic) return undefined;
  if (line.licExact === '') return 'lic-extractor-empty';
  if (line.lic === false && licNumber(line) === goldOf(line)) return 'lic-string-compare';
  return ours === true ? 'lic-picks-another' : 'we-pick-another';
}

export interface CauseRow {
  cause: MathCause;
  lines: number;
  weight: number;
  /** Share of the population weight of all LiC-graded lines. */
  share: number;
}

/** Disagreement with LiC by cause, weighted by `sample.weight` (population estimate). */
export function mathCauseTable(results: ReadonlyArray<{ line: PeerLine; ours: boolean | null }>): CauseRow[] {
  const total = results.filter((r) => r.line.lic !== undefined).reduce((s, r) => s + r.line.weight, 0);
  return MATH_CAUSES.map((cause) => {
    const hit = results.filter((r) => mathDisagreementCause(r.line, r.ours) === cause);
    const weight = hit.reduce((s, r) => s + r.line.weight, 0);
    return { cause, lines: hit.length, weight, share: total ? weight / total : 0 };
  });
}

export function formatCauseTable(rows: readonly CauseRow[]): string {
  const head = '| cause | lines | population weight | share of population |\n|---|---|---|---|';
  return [
    head,
    ...rows.map((r) => `| ${r.cause} | ${r.lines} | ${r.weight.toFixed(1)} | ${(r.share * 100).toFixed(2)}% |`),
  ].join('\n');
}

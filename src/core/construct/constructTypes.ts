// Revision construction (the paper's steps I–III, Appendix A.1, Table 3): the shapes shared by the
// per-domain candidate enumerators, the selection, the intent-block rendering, the CLI and the views.
// A domain module enumerates and checks candidates; `construct.ts` selects one and renders it.
import type { BenchmarkRecord, Domain, ReferenceValue } from '../schema/records';
import type { VerifyOptions } from '../verify/verifyTypes';

/** One constraint check on one candidate: passed or not, and why, in words a reviewer can read. */
export interface CheckOutcome {
  ok: boolean;
  evidence: string;
}

/** Structured evidence a view shows beside the checks (JSON-serialisable). */
export type CandidateEvidence =
  | { kind: 'sql'; original: SqlResultTable; revised: SqlResultTable }
  | { kind: 'math-chain'; original: string; revised: string }
  | { kind: 'call-diff'; original: unknown; revised: unknown; changed: string[] }
  | {
      kind: 'code-rename';
      originalSignature: string;
      revisedSignature: string;
      tests?: { original: string; revised: string };
    };

export interface SqlResultTable {
  columns: string[];
  /** The first rows only (views show a preview); `rowCount` is the full count. */
  rows: unknown[][];
  rowCount: number;
}

/** Another value for the same target, verified: the source of `extra_proposals` (depth k = 2..4). */
export interface AlternativeValue {
  revised: string;
  reference: ReferenceValue;
}

/** One candidate revision: a target in the source, its replacement and both references, checked. */
export interface Candidate {
  /** The shard that introduces the requirement (events are inserted right after it). */
  shard_id: number;
  /** Short name of the requirement, e.g. `number of bags`, `age threshold`, `function name`. */
  requirement: string;
  /** The value as stated (e.g. `4 bags`) and the replacement (e.g. `2 bags`). */
  original: string;
  revised: string;
  reference: { original: ReferenceValue; revised: ReferenceValue };
  /** Check name → outcome. A candidate with any failed check is discarded. */
  checks: Record<string, CheckOutcome>;
  /** The first failed check's reason (a stable, short key such as `value-not-unique`), when discarded. */
  discarded?: string;
  selected: boolean;
  /** What the target is, for `--target` matching and the views: a shard id, a SQL clause, a tool argument. */
  target: string;
  /** Selection order (Appendix A.1): domain priority (lower first), longer source passage, earlier position. */
  rank: { priority: number; passageLength: number; position: number };
  /** Complete one-message prompts: S_Orig and S_Dir (the revised value substituted). */
  singleTurn: { original: string; direct_revised: string };
  /** Verified other values of the same target, in a fixed order (at most 3). */
  alternatives: AlternativeValue[];
  evidence?: CandidateEvidence;
}

/** What a domain's enumerator may use. `verify` is the one verify-options path (databases, Python, trust). */
export interface ConstructContext {
  verify: VerifyOptions;
  /** `--target` / `--value`: the candidate asked for; the enumerator must include it (checked like any other). */
  request?: { target: string; value?: string };
  signal?: AbortSignal;
}

/** Bad input for one source (unknown domain, missing keys, no database, SQL that does not run). */
export class SourceConstructionError extends Error {
  constructor(
    readonly reason: string,
    message: string,
  ) {
    super(message);
    this.name = 'SourceConstructionError';
  }
}

export interface DomainConstructor {
  domain: Domain;
  /** Every candidate of the source, each checked (`selected` false). Throws SourceConstructionError on bad input. */
  enumerate(source: BenchmarkRecord, ctx: ConstructContext): Promise<Candidate[]>;
}

/** The result for one source: its candidates, the selected index, and why none when none. */
export interface SourceConstruction {
  task_id: string;
  domain: string;
  candidates: Candidate[];
  selected: number | null;
  reason?: string;
  /** The reason in words (the input's problem, or the first-ranked candidate's failed check). */
  message?: string;
}

export interface DomainSummary {
  sources: number;
  constructed: number;
  discarded: Record<string, number>;
  /** Candidates (not sources) discarded, by their first failed check's reason. */
  candidatesDiscarded?: Record<string, number>;
}

export type ConstructSummary = Record<string, DomainSummary>;

// The candidates view's state from a construction (src/core/construct): every candidate in the
// selection's order (Appendix A.1 rank), its checks in the order the domain ran them, its evidence
// as text. vscode-free, so it is unit-tested in plain Node.
import type {
  Candidate,
  CandidateEvidence,
  SourceConstruction,
  SqlResultTable,
} from '../../core/construct/constructTypes';
import { compareRank, matchesTarget, matchesValue } from '../../core/construct/candidateChecks';
import {
  CANDIDATES_VIEW,
  type CandidateView,
  type CandidatesState,
  type Choice,
  type EvidenceView,
  type RecheckResult,
  type ResultTable,
} from '../../shared/protocol/candidates';

/** Long values (a reference program, a call list) are cut for the page; the record gets them whole. */
const MAX_TEXT = 6000;
const MAX_ROWS = 20;

function clip(s: string): string {
  return s.length > MAX_TEXT ? `${s.slice(0, MAX_TEXT)}… (${s.length - MAX_TEXT} more characters)` : s;
}

/** A reference, a cell or an argument as the page shows it: strings as they are, the rest as JSON. */
export function asText(v: unknown): string {
  if (typeof v === 'string') return clip(v);
  if (v === null || v === undefined) return 'NULL';
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return clip(JSON.stringify(v, null, 2) ?? String(v));
}

function tableView(t: SqlResultTable): ResultTable {
  return {
    columns: t.columns.map(String),
    rows: t.rows.slice(0, MAX_ROWS).map((r) => r.map(asText)),
    rowCount: t.rowCount,
  };
}

function evidenceView(e: CandidateEvidence): EvidenceView {
  switch (e.kind) {
    case 'sql':
      return { kind: 'sql', original: tableView(e.original), revised: tableView(e.revised) };
    case 'math-chain':
      return { kind: 'math-chain', original: clip(e.original), revised: clip(e.revised) };
    case 'call-diff':
      return { kind: 'call-diff', original: asText(e.original), revised: asText(e.revised), changed: e.changed };
    case 'code-rename':
      return {
        kind: 'code-rename',
        originalSignature: e.originalSignature,
        revisedSignature: e.revisedSignature,
        ...(e.tests ? { tests: e.tests } : {}),
      };
  }
}

export function candidateView(c: Candidate, index: number): CandidateView {
  return {
    index,
    target: c.target,
    requirement: c.requirement,
    shardId: c.shard_id,
    original: c.original,
    revised: c.revised,
    reference: { original: asText(c.reference.original), revised: asText(c.reference.revised) },
    checks: Object.entries(c.checks).map(([name, o]) => ({ name, ok: o.ok, evidence: clip(o.evidence) })),
    ...(c.discarded ? { discarded: c.discarded } : {}),
    selected: c.selected,
    alternatives: c.alternatives.map((a) => a.revised),
    ...(c.evidence ? { evidence: evidenceView(c.evidence) } : {}),
  };
}

export interface CandidatesContext {
  /** The records file as the user knows it (relative to the workspace). */
  file: string;
  /** Code checks run (Workspace Trust). */
  trusted: boolean;
  written?: boolean;
}

export function candidatesState(construction: SourceConstruction, ctx: CandidatesContext): CandidatesState {
  const order = construction.candidates
    .map((c, index) => ({ c, index }))
    .sort((a, b) => compareRank(a.c, b.c) || a.index - b.index);
  const notes: string[] = [];
  if (!ctx.trusted && construction.domain === 'code')
    notes.push('This workspace is not trusted: code checks that run programs were not executed.');
  return {
    view: CANDIDATES_VIEW,
    taskId: construction.task_id,
    domain: construction.domain,
    file: ctx.file,
    candidates: order.map(({ c, index }) => candidateView(c, index)),
    selected: construction.selected,
    ...(construction.reason ? { reason: construction.reason } : {}),
    ...(construction.message ? { message: construction.message } : {}),
    written: ctx.written ?? false,
    notes,
  };
}

/** The candidate a re-check with `choice` as its request produced (the core selects it, or says why not). */
export function requestedCandidate(
  construction: SourceConstruction,
  choice: Choice,
): { candidate: Candidate; index: number } | undefined {
  if (construction.selected !== null) {
    const c = construction.candidates[construction.selected];
    if (c) return { candidate: c, index: construction.selected };
  }
  // None passed: the requested one is still listed, with its failed checks.
  const index = construction.candidates.findIndex(
    (c) => matchesTarget(c, choice.target) && matchesValue(c.revised, choice.value),
  );
  return index >= 0 ? { candidate: construction.candidates[index]!, index } : undefined;
}

export function recheckResult(construction: SourceConstruction, choice: Choice): RecheckResult {
  const found = requestedCandidate(construction, choice);
  return {
    candidate: found ? candidateView(found.candidate, found.index) : null,
    ...(construction.reason ? { reason: construction.reason } : {}),
    ...(construction.message ? { message: construction.message } : {}),
  };
}

// The run diff's sides that are not a plain filter of the conversations (issue #16): the same runs
// as logged vs as re-scored (the verdict overlay), and a fork batch vs the parents it was forked
// from. Both link each B outcome to its A conversation, so a flip opens that very pair.
import type { ConversationRef } from '../load/runLogIndex';
import { verdictOfBoolean, type RescoredVerdict, type VerdictOverlay } from '../workspace/verdicts';
import type { VerdictMode } from '../annotations/adjudication';
import { describeEdit } from '../fork/forkPlan';
import { seriesSeed } from './intervals';
import type { DiffOutcome } from './runDiff';

/** The two outcome lists of a diff and how they pair (see diffRuns). */
export interface DiffInput {
  a: DiffOutcome[];
  b: DiffOutcome[];
  pairByModel: boolean;
}

/**
 * The re-scored conversations (those the re-score could decide) as logged (A) and as re-scored (B).
 * `refs` carry the logged verdicts; a logged `unscored` run has no A side (counted as only in B).
 */
export function loggedVsRescored(
  refs: readonly ConversationRef[],
  rescore: (convId: string) => Pick<RescoredVerdict, 'is_correct'> | undefined,
): DiffInput {
  const a: DiffOutcome[] = [];
  const b: DiffOutcome[] = [];
  for (const r of refs) {
    const re = rescore(r.conv_id);
    if (!re || re.is_correct === null) continue;
    a.push(r);
    b.push({ ...r, verdict: verdictOfBoolean(re.is_correct), counterpart: r.conv_id });
  }
  return { a, b, pairByModel: true };
}

/**
 * The re-scored conversations as logged (A) and as `mode` reads them now (B): the re-score, or with
 * `adjudicated` a human verdict override where there is one (the overlay's one verdict layer).
 */
export function loggedVsCurrent(
  refs: readonly ConversationRef[],
  overlay: VerdictOverlay,
  mode: VerdictMode,
): DiffInput {
  const d = loggedVsRescored(refs, (id) => overlay.get(id));
  return { ...d, b: d.b.map((o) => ({ ...o, verdict: overlay.current(o, mode).verdict })) };
}

/** The forks of one log file made with one edit (FORMAT.md's `forked_from`): what `fork --all` writes. */
export interface ForkBatch {
  id: string;
  file: string;
  edit: string;
  text?: string;
  /** The user turns the edit applied at (an --all batch picks a turn per conversation). */
  turns: number[];
  forks: number;
  parents: number;
}

/** The batch a fork belongs to; undefined for a conversation that is not a fork. */
export function forkBatchId(r: Pick<ConversationRef, 'file' | 'forkedFrom'>): string | undefined {
  const f = r.forkedFrom;
  if (!f) return undefined;
  // The replacement text can be long: a hash keeps the id short enough to travel as a choice.
  return `${f.edit}${f.text !== undefined ? `:${seriesSeed(0, f.text).toString(36)}` : ''}@${r.file}`;
}

export function forkBatches(refs: readonly ConversationRef[]): ForkBatch[] {
  const out = new Map<string, ForkBatch & { parentIds: Set<string>; turnSet: Set<number> }>();
  for (const r of refs) {
    const id = forkBatchId(r);
    if (id === undefined) continue;
    const f = r.forkedFrom!;
    let b = out.get(id);
    if (!b)
      out.set(
        id,
        (b = {
          id,
          file: r.file,
          edit: f.edit,
          ...(f.text !== undefined ? { text: f.text } : {}),
          turns: [],
          forks: 0,
          parents: 0,
          parentIds: new Set(),
          turnSet: new Set(),
        }),
      );
    b.forks++;
    b.parentIds.add(f.conv_id);
    b.turnSet.add(f.turn);
  }
  return [...out.values()]
    .map(({ parentIds, turnSet, ...b }) => ({
      ...b,
      parents: parentIds.size,
      turns: [...turnSet].sort((x, y) => x - y),
    }))
    .sort((x, y) => x.file.localeCompare(y.file) || x.edit.localeCompare(y.edit) || x.id.localeCompare(y.id));
}

/** `decision at U4 flipped · 12 fork(s) of 12 parent(s) in logs/forks.jsonl`. */
export function describeForkBatch(b: ForkBatch, fileLabel: string = b.file): string {
  const edit =
    b.turns.length === 1
      ? describeEdit({ turn: b.turns[0]!, edit: b.edit, ...(b.text !== undefined ? { text: b.text } : {}) })
      : `${b.edit}${b.text !== undefined ? ` "${b.text}"` : ''} at ${b.turns.map((t) => `U${t}`).join(', ')}`;
  return `${edit} · ${b.forks} fork(s) of ${b.parents} parent(s) in ${fileLabel}`;
}

/**
 * The parents of a batch (A) vs its forks (B). A fork is counted as its parent's instance and model:
 * a flipped decision runs Retained as Revised, and a fork may use another assistant, yet it answers
 * the question of its parent. A fork whose parent is not loaded keeps its own (and stays unpaired).
 */
export function parentVsForks(refs: readonly ConversationRef[], batchId: string): DiffInput {
  const byId = new Map(refs.map((r) => [r.conv_id, r]));
  const parents = new Map<string, ConversationRef>();
  const b: DiffOutcome[] = [];
  for (const r of refs) {
    if (forkBatchId(r) !== batchId) continue;
    const p = byId.get(r.forkedFrom!.conv_id);
    if (!p) {
      b.push(r);
      continue;
    }
    parents.set(p.conv_id, p);
    const { path: _path, k: _k, recap: _recap, ...fork } = r;
    b.push({
      ...fork,
      model: p.model,
      mode: p.mode,
      condition: p.condition,
      ...(p.path !== undefined ? { path: p.path } : {}),
      ...(p.k !== undefined ? { k: p.k } : {}),
      ...(p.recap !== undefined ? { recap: p.recap } : {}),
      counterpart: p.conv_id,
    });
  }
  return { a: [...parents.values()], b, pairByModel: true };
}

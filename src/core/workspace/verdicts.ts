// Verdicts with provenance (issue #11): a conversation's current verdict is the one its log carries
// (`logged`), or one re-scored by our verifiers (`rescored`, with the verifier version and time).
// Re-scores live in an overlay (never in the input logs), persisted as a sidecar file under
// `.intent-lens/`, so every view and the CLI read the same verdict and can say where it came from.
import { mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import type { Verdict } from '../load/runLogIndex';
import { describeOverride, type HumanOverride, type VerdictMode } from '../annotations/adjudication';
import { verdictOfBoolean, VERDICT_MARKS } from '../../shared/verdicts';

/** Bumped when a verifier's semantics change: a re-score names the verifiers that made it. */
export const VERIFIER_VERSION = 'intent-lens-verifiers/1';

/** Where the sidecar lives, relative to the workspace folder. */
export const VERDICT_SIDECAR = join('.intent-lens', 'rescored-verdicts.json');

const InactiveSpanSchema = z.object({
  value: z.string(),
  start: z.number(),
  end: z.number(),
  kind: z.string(),
  describe: z.string(),
});

export const RescoredVerdictSchema = z.looseObject({
  conv_id: z.string(),
  task_id: z.string(),
  /** The log file the conversation came from. */
  file: z.string(),
  is_correct: z.boolean().nullable(),
  /** The verdict in the log when it was re-scored (LiC math logs: from `score`). */
  previous: z.boolean().nullable(),
  extracted: z.string().nullable(),
  inactive: z.array(InactiveSpanSchema),
  /** The verifier's one-line explanation (e.g. why it could not score). */
  message: z.string(),
  verifier: z.string(),
  /** Date.now() when scored. */
  scoredAt: z.number(),
});
export type RescoredVerdict = z.infer<typeof RescoredVerdictSchema>;

const SidecarSchema = z.looseObject({ version: z.literal(1), verdicts: z.array(RescoredVerdictSchema) });

export type VerdictProvenance =
  | { source: 'logged' }
  | { source: 'rescored'; verifier: string; scoredAt: number }
  | { source: 'run' }
  | { source: 'human'; override: HumanOverride; machine: Verdict };

/** The verdict a view shows, where it came from, and the logged one beside it. */
export interface CurrentVerdict {
  verdict: Verdict;
  provenance: VerdictProvenance;
  logged: Verdict;
}

export { verdictOfBoolean, VERDICT_MARKS } from '../../shared/verdicts';

/** Where a shown verdict came from, when not from the log: `re-scored`, or `re-scored, logged ✗` when they differ. */
export function provenanceNote(v: CurrentVerdict): string | undefined {
  if (v.provenance.source === 'human') {
    const machine = v.provenance.machine === v.verdict ? '' : ` (machine ${VERDICT_MARKS[v.provenance.machine]})`;
    return describeOverride(v.provenance.override) + machine;
  }
  if (v.provenance.source !== 'rescored') return undefined;
  return v.logged === v.verdict ? 're-scored' : `re-scored, logged ${VERDICT_MARKS[v.logged]}`;
}

/** `✓`, or for a re-score `✓ re-scored, logged ✗` (`✓ re-scored` when it agrees with the log). */
export function describeVerdict(v: CurrentVerdict): string {
  const note = provenanceNote(v);
  return note ? `${VERDICT_MARKS[v.verdict]} ${note}` : VERDICT_MARKS[v.verdict];
}

/** True when a re-score and the log both have a verdict and they differ. */
export function verdictChanged(r: Pick<RescoredVerdict, 'is_correct' | 'previous'>): boolean {
  return r.is_correct !== null && r.previous !== null && r.is_correct !== r.previous;
}

/** What a batch of re-scores says, counting what it counts: `729 re-scored, 4 changed, 721 without a reference`. */
export function describeRescoreCounts(rs: readonly RescoredVerdict[]): string {
  const changed = rs.filter(verdictChanged).length;
  const unscored = rs.filter((r) => r.is_correct === null).length;
  return `${rs.length} re-scored, ${changed} changed, ${unscored} without a verdict`;
}

/** The re-scored verdicts of a workspace, by conversation. */
export class VerdictOverlay {
  private readonly byConv = new Map<string, RescoredVerdict>();
  /** Human verdicts from annotations: the adjudicated layer over the machine one. */
  private human = new Map<string, HumanOverride>();
  private readonly listeners = new Set<(convIds: string[]) => void>();

  /** Calls `listener` with the conversations whose verdict was set or removed. */
  onChange(listener: (convIds: string[]) => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  private fire(convIds: string[]): void {
    if (convIds.length) for (const l of this.listeners) l(convIds);
  }

  get(convId: string): RescoredVerdict | undefined {
    return this.byConv.get(convId);
  }

  all(): RescoredVerdict[] {
    return [...this.byConv.values()];
  }

  set(batch: readonly RescoredVerdict[]): void {
    for (const r of batch) this.byConv.set(r.conv_id, r);
    this.fire(batch.map((r) => r.conv_id));
  }

  /** Forgets some conversations (all when no ids are given). */
  clear(convIds?: readonly string[]): void {
    const ids = convIds ?? [...this.byConv.keys()];
    this.fire(ids.filter((id) => this.byConv.delete(id)));
  }

  /** Replaces the human overrides (annotations were read again); fires for every conversation whose override changed. */
  setHumanOverrides(overrides: ReadonlyMap<string, HumanOverride>): void {
    const changed = new Set<string>();
    for (const [id, o] of overrides) if (JSON.stringify(this.human.get(id)) !== JSON.stringify(o)) changed.add(id);
    for (const id of this.human.keys()) if (!overrides.has(id)) changed.add(id);
    this.human = new Map(overrides);
    this.fire([...changed]);
  }

  /** Tells the listeners that what is known about these conversations changed (their annotations). */
  notify(convIds: readonly string[]): void {
    this.fire([...convIds]);
  }

  humanOverride(convId: string): HumanOverride | undefined {
    return this.human.get(convId);
  }

  /** Number of conversations with a human verdict. */
  humanOverrideCount(): number {
    return this.human.size;
  }

  /**
   * The verdict to show for a conversation whose log says `logged`: a human override (unless `mode`
   * is `machine`), else a re-score, else the log; a re-score that could not decide (null) keeps the logged one.
   */
  current(ref: { conv_id: string; verdict: Verdict }, mode: VerdictMode = 'adjudicated'): CurrentVerdict {
    const machine = this.machine(ref);
    const o = mode === 'adjudicated' ? this.human.get(ref.conv_id) : undefined;
    return o
      ? {
          verdict: o.verdict,
          provenance: { source: 'human', override: o, machine: machine.verdict },
          logged: ref.verdict,
        }
      : machine;
  }

  private machine(ref: { conv_id: string; verdict: Verdict }): CurrentVerdict {
    const r = this.byConv.get(ref.conv_id);
    if (!r || r.is_correct === null)
      return { verdict: ref.verdict, provenance: { source: 'logged' }, logged: ref.verdict };
    return {
      verdict: verdictOfBoolean(r.is_correct),
      provenance: { source: 'rescored', verifier: r.verifier, scoredAt: r.scoredAt },
      logged: ref.verdict,
    };
  }

  /** The sidecar's text (stable: sorted by conversation). */
  toSidecar(): string {
    const verdicts = this.all().sort((a, b) => a.conv_id.localeCompare(b.conv_id));
    return JSON.stringify({ version: 1, verdicts }, null, 1) + '\n';
  }

  /** Replaces the overlay with a sidecar's content; a malformed sidecar is an error (the caller reports it). */
  loadSidecar(text: string): void {
    const parsed = SidecarSchema.parse(JSON.parse(text));
    this.byConv.clear();
    this.set(parsed.verdicts);
  }
}

/** Reads `<folder>/.intent-lens/rescored-verdicts.json` into the overlay; false when there is none. */
export async function readVerdictSidecar(folder: string, overlay: VerdictOverlay): Promise<boolean> {
  let text: string;
  try {
    text = await readFile(join(folder, VERDICT_SIDECAR), 'utf8');
  } catch {
    return false;
  }
  overlay.loadSidecar(text);
  return true;
}

/** Writes the sidecar atomically (a temp file renamed over it). */
export async function writeVerdictSidecar(folder: string, overlay: VerdictOverlay): Promise<void> {
  const path = join(folder, VERDICT_SIDECAR);
  await mkdir(dirname(path), { recursive: true });
  const tmp = `${path}.tmp-${process.pid}-${Date.now()}`;
  try {
    await writeFile(tmp, overlay.toSidecar());
    await rename(tmp, path);
  } catch (e) {
    await unlink(tmp).catch(() => undefined);
    throw e;
  }
}

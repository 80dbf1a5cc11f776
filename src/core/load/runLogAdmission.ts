// Which of two conversations with one conv_id the index keeps: the one in the earlier file (or line),
// whichever was parsed first. Files indexed in turn get that by first come, first served; files
// indexed at once on workers finish in any order, so a later file's conversation admitted first is
// taken out again when an earlier file brings the same conv_id, and its duplicate diagnostic goes to
// the file it is in, merged into that file's diagnostics in line order.
import type { Diagnostic } from '../jsonl/diagnostics';
import type { ConversationRef } from './runLogRefs';
import { diag } from './validateObject';

/** Decides whether a parsed ref joins the index (a duplicate's diagnostic goes to `diags`). */
export type Admit = (ref: ConversationRef, diags: Diagnostic[], column?: number) => boolean;

/** The diagnostic on `ref`, whose conv_id `first` already has. */
export const duplicateConvIdDiagnostic = (ref: ConversationRef, first: ConversationRef, column = 1): Diagnostic =>
  diag(
    { file: ref.file, line: ref.line, column },
    'error',
    'duplicate-conv-id',
    `conv_id \`${ref.conv_id}\` already used at ${first.file}:${first.line}`,
    'conv_id',
  );

/** What the index lends the file-order admission: its conv_ids, first come first served, and a way to drop one. */
export interface AdmissionTarget {
  byConvId: Map<string, ConversationRef>;
  /** First come, first served (the index's own rule). */
  admit(ref: ConversationRef, diags: Diagnostic[], column: number): boolean;
  /** Takes an admitted ref out of its file's list. */
  drop(ref: ConversationRef): void;
}

/**
 * An admission for files indexed at once that keeps the result of indexing them in `paths` order.
 * `admit(ref, undefined)` (a worker's refs, whose file's diagnostics come later) keeps a duplicate's
 * diagnostic aside; `lateDiagnostics` hands those back by file.
 */
export function admitInFileOrder(paths: readonly string[], index: AdmissionTarget) {
  const order = new Map(paths.map((p, i) => [p, i]));
  /** Duplicate conv_ids found out of file order, by the file they are reported in. */
  const late = new Map<string, Diagnostic[]>();
  const lateFor = (path: string) => late.get(path) ?? (late.set(path, []), late.get(path)!);
  const admit = (ref: ConversationRef, diags: Diagnostic[] | undefined, column = 1): boolean => {
    const prev = index.byConvId.get(ref.conv_id);
    const prevRank = prev ? (order.get(prev.file) ?? -1) : -1;
    if (!prev || prevRank <= (order.get(ref.file) ?? -1)) return index.admit(ref, diags ?? lateFor(ref.file), column);
    // `prev` is in a later file that was parsed first: it is the duplicate.
    index.drop(prev);
    lateFor(prev.file).push(duplicateConvIdDiagnostic(prev, ref));
    index.byConvId.delete(ref.conv_id);
    return index.admit(ref, [], column);
  };
  /** The duplicates kept aside, by file, each file's in line order. */
  const lateDiagnostics = (): Map<string, Diagnostic[]> => {
    for (const dups of late.values()) dups.sort((a, b) => a.line - b.line);
    return late;
  };
  return { admit, lateDiagnostics };
}

/**
 * The worker's diagnostics (line order) with the duplicate conv_ids found while merging: each after
 * the others of its line, where checking in line order would have put it.
 */
export function mergeByLine(diags: readonly Diagnostic[], dups: readonly Diagnostic[]): Diagnostic[] {
  if (!dups.length) return [...diags];
  const out: Diagnostic[] = [];
  let i = 0;
  for (const d of dups) {
    while (i < diags.length && diags[i]!.line <= d.line) out.push(diags[i++]!);
    out.push(d);
  }
  return out.concat(diags.slice(i));
}

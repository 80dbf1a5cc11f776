// The human layer of the verdict (issue #39): logged → re-scored → adjudicated. A conversation's
// adjudicated verdict is its most recent non-retracted `verdict` annotation (by last edit time),
// whoever made it; without one it is the machine verdict (logged or re-scored).
import type { AnnotationSet } from './annotationLog';
import type { CurrentAnnotation, HumanVerdict } from './annotationTypes';

export type VerdictMode = 'adjudicated' | 'machine';
export const VERDICT_MODES: readonly VerdictMode[] = ['adjudicated', 'machine'];

/** The human verdict that wins for one conversation, with what a view says about it. */
export interface HumanOverride {
  conv_id: string;
  verdict: HumanVerdict;
  by: string;
  /** When it was made or last edited (ISO). */
  at: string;
  reason: string;
  /** The labels the same annotator put on the conversation (e.g. verifier-wrong). */
  labels: string[];
  annotationId: string;
}

const time = (iso: string): number => {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? 0 : t;
};

/** The winning override per conversation; later annotations (by updated_at, then file order) win ties. */
export function humanOverrides(set: Pick<AnnotationSet, 'annotations'>): Map<string, HumanOverride> {
  const latest = new Map<string, CurrentAnnotation>();
  for (const a of set.annotations) {
    if (a.kind !== 'verdict') continue;
    const prev = latest.get(a.conv_id);
    if (!prev || time(a.updated_at) >= time(prev.updated_at)) latest.set(a.conv_id, a);
  }
  const out = new Map<string, HumanOverride>();
  for (const [conv, a] of latest) {
    const labels = set.annotations
      .filter((l) => l.kind === 'label' && l.conv_id === conv && l.by === a.by)
      .map((l) => l.value);
    out.set(conv, {
      conv_id: conv,
      verdict: a.value as HumanVerdict,
      by: a.by,
      at: a.updated_at,
      reason: a.reason ?? '',
      labels: [...new Set(labels)],
      annotationId: a.id,
    });
  }
  return out;
}

/** `overridden by A on 2026-12-04: verifier-wrong, comma grouped answer`. */
export function describeOverride(o: Pick<HumanOverride, 'by' | 'at' | 'reason' | 'labels'>): string {
  const why = [...o.labels, o.reason].filter((s) => s.trim()).join(', ');
  return `overridden by ${o.by} on ${o.at.slice(0, 10)}${why ? `: ${why}` : ''}`;
}

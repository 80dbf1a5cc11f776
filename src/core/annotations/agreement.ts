// Inter-annotator agreement per label (issue #39): for each pair of annotators, the conversations
// both annotated (any annotation), each one a yes/no per label (did the annotator put it on), and
// Cohen's kappa over those with its n; the conversations where they differ are the disagreements.
import type { CurrentAnnotation } from './annotationTypes';

export interface LabelAgreement {
  label: string;
  annotators: [string, string];
  /** Conversations both annotated. */
  n: number;
  /** Share of those where both agree (0–1). */
  observed: number;
  /** Cohen's kappa; null when chance agreement is 1 (both always, or never, gave the label). */
  kappa: number | null;
  /** Conversations where one gave the label and the other did not, and who gave it. */
  disagreements: Array<{ conv_id: string; labelledBy: string }>;
}

/** Cohen's kappa of two yes/no raters over paired items. */
export function cohensKappa(pairs: ReadonlyArray<readonly [boolean, boolean]>): {
  observed: number;
  kappa: number | null;
} {
  const n = pairs.length;
  if (!n) return { observed: 0, kappa: null };
  const agree = pairs.filter(([a, b]) => a === b).length / n;
  const pa = pairs.filter(([a]) => a).length / n;
  const pb = pairs.filter(([, b]) => b).length / n;
  const chance = pa * pb + (1 - pa) * (1 - pb);
  return { observed: agree, kappa: chance === 1 ? null : (agree - chance) / (1 - chance) };
}

/** Agreement per label and annotator pair; empty with fewer than two annotators. */
export function labelAgreement(annotations: readonly CurrentAnnotation[]): LabelAgreement[] {
  const convsBy = new Map<string, Set<string>>();
  const labelled = new Set<string>();
  const labels = new Set<string>();
  for (const a of annotations) {
    (convsBy.get(a.by) ?? convsBy.set(a.by, new Set()).get(a.by)!).add(a.conv_id);
    if (a.kind === 'label') {
      labels.add(a.value);
      labelled.add(`${a.by}\u0000${a.conv_id}\u0000${a.value}`);
    }
  }
  const people = [...convsBy.keys()].sort();
  const out: LabelAgreement[] = [];
  for (let i = 0; i < people.length; i++) {
    for (let j = i + 1; j < people.length; j++) {
      const [a, b] = [people[i]!, people[j]!];
      const shared = [...convsBy.get(a)!].filter((c) => convsBy.get(b)!.has(c)).sort();
      if (!shared.length) continue;
      for (const label of [...labels].sort()) {
        const pairs = shared.map(
          (c) => [labelled.has(`${a}\u0000${c}\u0000${label}`), labelled.has(`${b}\u0000${c}\u0000${label}`)] as const,
        );
        const disagreements = shared.flatMap((c, k) =>
          pairs[k]![0] !== pairs[k]![1] ? [{ conv_id: c, labelledBy: pairs[k]![0] ? a : b }] : [],
        );
        out.push({ label, annotators: [a, b], n: shared.length, ...cohensKappa(pairs), disagreements });
      }
    }
  }
  return out;
}

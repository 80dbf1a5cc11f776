// The Samples table's Annotations column and its filter (issue #39), shared with the Sources tree:
// what a run's annotations read as in one cell (the override mark, the labels, the number of
// notes) and which runs a choice of "any annotation / unannotated / overridden / has a note /
// label X" lets through (any of the chosen ones). vscode-free: the tree model's input.
import { DEFAULT_LABELS, type CurrentAnnotation, type HumanVerdict } from '../../core/annotations/annotationTypes';
import { VERDICT_MARKS } from '../../shared/verdicts';
import { ANNOTATION_CHOICES, LABEL_PREFIX, annotationChoiceName, labelChoice } from '../../shared/annotationChoices';

/** A run's annotations as the column and the filter read them. */
export interface RunAnnotations {
  /** Distinct labels, in the order they were added. */
  labels: readonly string[];
  notes: number;
  /** The human verdict that decides the run's verdict, when one does. */
  override?: HumanVerdict;
}

/** What the filter offers: the fixed choices, then one per label (the defaults and those in use). */
export function annotationChoices(labelsInUse: Iterable<string>): string[] {
  const labels = new Set<string>(DEFAULT_LABELS);
  for (const l of labelsInUse) labels.add(l);
  return [...ANNOTATION_CHOICES, ...[...labels].map(labelChoice)];
}

/** A run's annotations summed up; undefined when it has none. */
export function runAnnotations(
  annotations: readonly CurrentAnnotation[],
  override: HumanVerdict | undefined,
): RunAnnotations | undefined {
  if (!annotations.length) return undefined;
  const labels = [...new Set(annotations.filter((a) => a.kind === 'label').map((a) => a.value))];
  const notes = annotations.filter((a) => a.kind === 'note').length;
  return { labels, notes, ...(override ? { override } : {}) };
}

/** The cell's text, e.g. `⚖✓ · leaked-inactive, verifier-wrong · ✎2`; undefined when there is nothing. */
export function annotationColumnText(a: RunAnnotations | undefined): string | undefined {
  if (!a) return undefined;
  const parts: string[] = [];
  if (a.override) parts.push(`⚖${VERDICT_MARKS[a.override]}`);
  if (a.labels.length) parts.push(a.labels.join(', '));
  if (a.notes) parts.push(`✎${a.notes}`);
  return parts.length ? parts.join(' · ') : undefined;
}

/** The chosen values as one predicate (undefined: nothing chosen); a run passes when any choice holds. */
export function annotationFilterOf(
  choices: readonly string[] | undefined,
  annotationsOf: (convId: string) => RunAnnotations | undefined,
): ((convId: string) => boolean) | undefined {
  if (!choices?.length) return undefined;
  const wanted = new Set(choices);
  const labels = choices.filter((c) => c.startsWith(LABEL_PREFIX)).map((c) => c.slice(LABEL_PREFIX.length));
  return (convId) => {
    const a = annotationsOf(convId);
    if (!a) return wanted.has('unannotated');
    if (wanted.has('annotated')) return true;
    if (wanted.has('overridden') && a.override) return true;
    if (wanted.has('noted') && a.notes > 0) return true;
    return labels.some((l) => a.labels.includes(l));
  };
}

export function describeAnnotationFilter(choices: readonly string[] | undefined): string | undefined {
  return choices?.length ? `annotations: ${choices.map(annotationChoiceName).join(', ')}` : undefined;
}

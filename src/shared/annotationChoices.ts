// The annotation filter's values (issue #39) and how the Samples table names them: shared by the
// host's filter (src/extension/filters/annotationFilter.ts) and the table's page. No zod, no core.

/** The filter's values besides `label:<name>`. */
export const ANNOTATION_CHOICES = ['annotated', 'unannotated', 'overridden', 'noted'] as const;
const CHOICE_NAMES: Record<(typeof ANNOTATION_CHOICES)[number], string> = {
  annotated: 'any annotation',
  unannotated: 'unannotated',
  overridden: 'verdict overridden',
  noted: 'has a note',
};
export const LABEL_PREFIX = 'label:';

export const labelChoice = (label: string): string => `${LABEL_PREFIX}${label}`;

/** `label:leaked-inactive` → `label leaked-inactive`; `overridden` → `verdict overridden`. */
export function annotationChoiceName(choice: string): string {
  if (choice.startsWith(LABEL_PREFIX)) return `label ${choice.slice(LABEL_PREFIX.length)}`;
  return CHOICE_NAMES[choice as keyof typeof CHOICE_NAMES] ?? choice;
}

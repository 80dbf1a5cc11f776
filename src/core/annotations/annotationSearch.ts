// Full-text search over annotations (issue #39): the notes, labels and reasons a query matches,
// with the same query semantics as the message search (case, whole word, regex).
import { compileQuery, type SearchQuery } from '../search/searchQuery';
import type { CurrentAnnotation } from './annotationTypes';

export interface AnnotationHit {
  annotation: CurrentAnnotation;
  /** The matched text: `value — reason`. */
  text: string;
}

/** Annotations whose value or reason matches; `only` limits them to some conversations. Throws QueryError for a bad regex. */
export function searchAnnotations(
  annotations: readonly CurrentAnnotation[],
  query: SearchQuery,
  only?: ReadonlySet<string>,
  limit = 50,
): AnnotationHit[] {
  const { pattern } = compileQuery(query);
  const out: AnnotationHit[] = [];
  for (const a of annotations) {
    if (only && !only.has(a.conv_id)) continue;
    const text = a.reason ? `${a.value} — ${a.reason}` : a.value;
    pattern.lastIndex = 0;
    if (pattern.test(text)) out.push({ annotation: a, text });
    if (out.length >= limit) break;
  }
  return out;
}

// The inactive-content detector the compare view uses: the domain detector (`detectInactive`,
// src/core/inactive/: Math numbers, Code identifiers, Database SQL literals/predicates/columns,
// Actions argument values), adapted to the compare view's span contract. The literal stand-in
// (whole-word matches of the timeline's inactive values) remains for tests and as a fallback.
import type { InactiveSpanDetector } from '../../core/compare/inactiveSpans';
import { detectInactive } from '../../core/inactive/detectInactive';

export interface ResolvedDetector {
  name: string;
  detect: InactiveSpanDetector;
}

const domainDetector: InactiveSpanDetector = (record, spec, text, timeline) =>
  detectInactive(record, spec, text, timeline).map((s) => ({ value: s.value, start: s.start, end: s.end, kind: s.kind, describe: s.describe }));

export function compareDetector(): ResolvedDetector {
  return { name: 'detectInactive', detect: domainDetector };
}

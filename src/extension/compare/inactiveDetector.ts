// The inactive-content detector the compare view uses. The domain detector (`detectInactive`,
// src/core/inactive/) is adapted to the compare view's small span contract; until it is available
// the literal stand-in marks whole-word occurrences of the timeline's inactive values.
import { literalInactiveDetector, type InactiveSpanDetector } from '../../core/compare/inactiveSpans';

export interface ResolvedDetector {
  name: string;
  detect: InactiveSpanDetector;
}

export function compareDetector(): ResolvedDetector {
  return { name: 'literal stand-in', detect: literalInactiveDetector };
}

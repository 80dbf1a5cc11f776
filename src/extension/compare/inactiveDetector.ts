// The inactive-content detector the compare and conversation views use: the domain detector
// (`detectInactive`, src/core/inactive/: Math numbers, Code identifiers, Database SQL
// literals/predicates/columns, Actions argument values), named for the views' notes.
import { detectInactive, type InactiveSpanDetector } from '../../core/inactive/detectInactive';

export interface ResolvedDetector {
  name: string;
  detect: InactiveSpanDetector;
}

export function compareDetector(): ResolvedDetector {
  return { name: 'detectInactive', detect: detectInactive };
}

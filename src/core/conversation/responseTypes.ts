// How LiC's response classifications (`system-verification`) read in the UI.
const RESPONSE_TYPE_NAMES: Readonly<Record<string, string>> = {
  answer_attempt: 'answer attempt',
  clarification: 'clarification',
  refuse: 'refusal',
  refusal: 'refusal',
  hedge: 'hedge',
  discussion: 'discussion',
  interrogation: 'interrogation',
  missing: 'missing',
};

/** `answer_attempt` → `answer attempt`; unknown types with underscores read as words. */
export function responseTypeName(raw: string): string {
  return RESPONSE_TYPE_NAMES[raw] ?? raw.replace(/_/g, ' ');
}

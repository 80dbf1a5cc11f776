// What the conversation view adds for annotations: the adjudicated verdict in its header (with the
// override's provenance) and the conversation's annotations. vscode-free.
import type { Workspace } from '../../core/workspace/workspace';
import { provenanceNote } from '../../core/workspace/verdicts';
import type { ConversationAnnotation, ConversationState } from '../../shared/protocol/conversation';

export function withAnnotations(
  state: ConversationState,
  data: Pick<Workspace, 'annotations' | 'currentVerdict' | 'logs'>,
): ConversationState {
  const annotations: ConversationAnnotation[] = data.annotations.forConversation(state.convId).map((a) => ({
    id: a.id,
    ...(a.turn !== undefined ? { turn: a.turn } : {}),
    ...(a.span ? { span: a.span } : {}),
    kind: a.kind,
    value: a.value,
    ...(a.reason !== undefined ? { reason: a.reason } : {}),
    by: a.by,
    at: a.updated_at,
    ...(a.updated_at !== a.at ? { edited: true } : {}),
  }));
  const ref = data.logs.get(state.convId);
  const current = ref && data.currentVerdict(ref);
  const verdict =
    current?.provenance.source === 'human'
      ? {
          verdict: current.verdict,
          source: 'adjudicated' as const,
          detail: provenanceNote(current) ?? '',
          logged: current.logged,
        }
      : state.verdict;
  return { ...state, verdict, ...(annotations.length ? { annotations } : {}) };
}

// The conversation's annotations under the header: who said what on which turn (text only: notes
// are user data, never markup).
import type { ConversationAnnotation } from '../../src/shared/protocol/conversation';

function describe(a: ConversationAnnotation): string {
  const where = a.turn !== undefined ? `U${a.turn}${a.span?.text ? ` “${a.span.text}”` : ''}` : 'conversation';
  const what = a.kind === 'verdict' ? `verdict ${a.value}` : a.kind === 'label' ? a.value : `note: ${a.value}`;
  return `${where} · ${what}${a.reason ? ` — ${a.reason}` : ''} · ${a.by}, ${a.at.slice(0, 10)}`;
}

export function AnnotationList({ annotations }: { annotations: readonly ConversationAnnotation[] | undefined }) {
  if (!annotations?.length) return null;
  return (
    <ul className="il-annotations" data-testid="annotations" aria-label="Annotations">
      {annotations.map((a) => (
        <li key={a.id} data-kind={a.kind} data-turn={a.turn ?? ''}>
          {describe(a)}
        </li>
      ))}
    </ul>
  );
}

// The conversation's annotations under the header, and each turn's inline at the turn: who said
// what on which turn or span (text only: notes are user data, never markup); an edited one shows
// its new value and says so, a retracted one is not in the state at all.
import type { ConversationAnnotation } from '../../src/shared/protocol/conversation';

function describe(a: ConversationAnnotation): string {
  const where = a.turn !== undefined ? `U${a.turn}${a.span?.text ? ` “${a.span.text}”` : ''}` : 'conversation';
  const what = a.kind === 'verdict' ? `verdict ${a.value}` : a.kind === 'label' ? a.value : `note: ${a.value}`;
  return `${where} · ${what}${a.reason ? ` — ${a.reason}` : ''} · ${a.by}, ${a.at.slice(0, 10)}${a.edited ? ' (edited)' : ''}`;
}

/** The annotations on one user turn (1-based), shown in the transcript under it. */
export function TurnAnnotations({
  annotations,
  turn,
}: {
  annotations: readonly ConversationAnnotation[] | undefined;
  turn: number;
}) {
  const here = annotations?.filter((a) => a.turn === turn) ?? [];
  if (!here.length) return null;
  return (
    <ul className="il-annotations il-turn-annotations" data-testid="turn-annotations" data-turn={turn}>
      {here.map((a) => (
        <li key={a.id} data-kind={a.kind} {...(a.span ? { 'data-span': a.span.text ?? '' } : {})}>
          ✎ {a.kind === 'note' ? `note: ${a.value}` : a.value}
          {a.span?.text ? ` on “${a.span.text}”` : ''}
          {a.reason ? ` — ${a.reason}` : ''} · {a.by}
          {a.edited ? ' (edited)' : ''}
        </li>
      ))}
    </ul>
  );
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

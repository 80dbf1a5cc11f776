// A workspace's annotations by conversation, kept beside its verdict overlay: setting a new set
// (the sidecars were read again) puts the human verdicts on the overlay and tells the overlay's
// listeners which conversations' annotations changed, so every view refreshes from one event.
import type { Diagnostic } from '../jsonl/diagnostics';
import type { VerdictOverlay } from '../workspace/verdicts';
import type { AnnotationSet } from './annotationLog';
import { humanOverrides } from './adjudication';
import type { CurrentAnnotation } from './annotationTypes';

export class AnnotationIndex {
  private byConv = new Map<string, CurrentAnnotation[]>();
  private current: AnnotationSet = { annotations: [], problems: [], files: 0 };

  constructor(private readonly overlay: VerdictOverlay) {}

  /** Replaces the annotations; returns the conversations whose annotations changed. */
  set(next: AnnotationSet): string[] {
    const byConv = new Map<string, CurrentAnnotation[]>();
    for (const a of next.annotations) (byConv.get(a.conv_id) ?? byConv.set(a.conv_id, []).get(a.conv_id)!).push(a);
    const changed = new Set<string>();
    for (const [id, list] of byConv) if (JSON.stringify(this.byConv.get(id)) !== JSON.stringify(list)) changed.add(id);
    for (const id of this.byConv.keys()) if (!byConv.has(id)) changed.add(id);
    this.byConv = byConv;
    this.current = next;
    this.overlay.setHumanOverrides(humanOverrides(next));
    this.overlay.notify([...changed]);
    return [...changed];
  }

  all(): readonly CurrentAnnotation[] {
    return this.current.annotations;
  }

  problems(): readonly Diagnostic[] {
    return this.current.problems;
  }

  forConversation(convId: string): readonly CurrentAnnotation[] {
    return this.byConv.get(convId) ?? [];
  }

  count(convId: string): number {
    return this.byConv.get(convId)?.length ?? 0;
  }

  /** The labels on a conversation (any annotator), without repeats. */
  labelsOf(convId: string): string[] {
    return [
      ...new Set(
        this.forConversation(convId)
          .filter((a) => a.kind === 'label')
          .map((a) => a.value),
      ),
    ];
  }

  /** The text a full-text search matches: every note, label and reason of the conversation. */
  searchText(convId: string): string {
    return this.forConversation(convId)
      .map((a) => [a.value, a.reason ?? ''].join(' '))
      .join('\n');
  }
}

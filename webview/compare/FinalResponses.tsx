// The compare view's final responses: a word diff at once, Monaco's diff editor in its place once it
// has computed its own (it does not hold up "rendered").
import { useCallback, useState } from 'react';
import type { CompareState } from '../../src/shared/protocol/compare';
import { TextDiff } from './TextDiff';
// Monaco is most of the view's start-up cost: FinalDiff loads it lazily, after the conversation has painted.
import { FinalDiff } from './FinalDiff';
import type { CompareAppProps } from './CompareApp';

/** The final responses: a word diff at once, Monaco's diff editor in its place once it has computed its own. */
export function FinalResponses({
  state,
  onEditorDiff,
}: {
  state: CompareState;
  onEditorDiff: CompareAppProps['onEditorDiff'];
}) {
  const [editorDiff, setEditorDiff] = useState<boolean | undefined>(undefined);
  const editorDiffDone = useCallback(
    (computed: boolean) => {
      setEditorDiff((was) => {
        if (was === undefined) onEditorDiff(computed);
        return computed;
      });
    },
    [onEditorDiff],
  );
  return (
    <section className="il-final" data-diff-stop="final" tabIndex={-1} aria-label="Final responses">
      <h2>
        Final responses{' '}
        <span className="il-final-sides">
          {state.left.instanceLabel} (left) ↔ {state.right.instanceLabel} (right)
        </span>
      </h2>
      <div className="il-final-stack">
        {editorDiff !== true && (
          <TextDiff left={state.left.finalResponse?.text ?? ''} right={state.right.finalResponse?.text ?? ''} />
        )}
        <FinalDiff
          left={state.left.finalResponse}
          right={state.right.finalResponse}
          onDiffComputed={editorDiffDone}
          pending={editorDiff !== true}
        />
      </div>
    </section>
  );
}

// The final responses side by side as text, the words that differ marked (removed on the left,
// added on the right): painted with the rows, in the eager bundle, and shown until Monaco's diff
// editor has loaded and computed its own diff. Model output stays text (React text nodes only).
import { memo, useMemo } from 'react';
import { wordDiff, type DiffSegment } from '../../src/core/compare/wordDiff';

function Side({ segments, which }: { segments: DiffSegment[]; which: 'left' | 'right' }) {
  const Changed = which === 'left' ? 'del' : 'ins';
  return (
    <div className="il-text-diff-side" data-side={which}>
      {segments.map((s, i) =>
        s.kind === 'same' ? (
          <span key={i}>{s.text}</span>
        ) : (
          <Changed key={i} className={`il-text-diff-${which === 'left' ? 'removed' : 'added'}`}>
            {s.text}
          </Changed>
        ),
      )}
    </div>
  );
}

export const TextDiff = memo(function TextDiff({ left, right }: { left: string; right: string }) {
  const diff = useMemo(() => wordDiff(left, right), [left, right]);
  return (
    <div
      className="il-final-diff il-text-diff"
      data-testid="final-diff-text"
      aria-label="Final responses, words that differ marked"
    >
      <Side segments={diff.left} which="left" />
      <Side segments={diff.right} which="right" />
    </div>
  );
});

// A message with its inactive spans highlighted. Every piece is a React text node (model output
// is hostile input: never parsed as HTML or markdown); each span is a <mark data-inactive="value">
// whose hover says what it is.
import { memo } from 'react';
import { splitSegments } from '../../src/core/compare/textSegments';
import type { CompareMessage } from '../../src/shared/protocol/compare';

export const SpanText = memo(function SpanText({ message }: { message: CompareMessage }) {
  if (!message.spans.length) return <div className="il-text">{message.text}</div>;
  return (
    <div className="il-text">
      {splitSegments(message.text, message.spans).map((seg) =>
        seg.span ? (
          <mark
            key={seg.start}
            className={`il-inactive il-inactive-${seg.span.kind}`}
            data-inactive={seg.span.value}
            data-kind={seg.span.kind}
            title={seg.span.describe}
            aria-label={`${seg.text} (${seg.span.describe})`}
            tabIndex={-1}
          >
            {seg.text}
          </mark>
        ) : (
          <span key={seg.start}>{seg.text}</span>
        ),
      )}
    </div>
  );
});

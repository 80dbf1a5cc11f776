// One user turn of the transcript: the user message with its tags (shard, event, transition), the
// assistant replies with their LiC response type and logged evaluation, and the in-effect rail.
import { memo } from 'react';
import type { ConversationTurnView, ReplyMessage } from '../../src/shared/protocol/conversation';
import type { RailEntry } from '../../src/shared/protocol/compare';
import { Markdown } from './Markdown';
import { VERDICT_MARKS } from '../../src/shared/verdicts';

function Reply({ reply }: { reply: ReplyMessage }) {
  return (
    <div className="il-reply" data-trace-index={reply.traceIndex} data-testid="reply">
      <div className="il-role">
        <span className="il-role-name">assistant</span>
        {reply.responseType && (
          <span className="il-chip il-response-type" data-response-type={reply.responseType}>
            {reply.responseType}
          </span>
        )}
        {reply.evaluation && (
          <span className={`il-chip il-verdict il-verdict-${reply.evaluation}`} data-evaluation={reply.evaluation}>
            evaluated {VERDICT_MARKS[reply.evaluation]} {reply.evaluation}
            {reply.exactAnswer !== undefined ? ` · extracted: ${reply.exactAnswer}` : ''}
          </span>
        )}
        {reply.spans.length > 0 && <span className="il-chip il-inactive-count">{reply.spans.length} inactive</span>}
      </div>
      <Markdown text={reply.text} spans={reply.spans} />
    </div>
  );
}

function Rail({ rail }: { rail: RailEntry }) {
  return (
    <aside
      className={`il-rail${rail.changed ? ' il-rail-changed' : ''}`}
      data-testid="rail"
      aria-label="In effect after this turn"
    >
      <div className="il-rail-title">in effect</div>
      <div className="il-rail-value">{rail.inEffect ?? '—'}</div>
      {rail.pending.length > 0 && <div className="il-rail-pending">pending: {rail.pending.join(', ')}</div>}
      {rail.inactive.length > 0 && <div className="il-rail-inactive">inactive: {rail.inactive.join(', ')}</div>}
      {rail.changes.map((c, i) => (
        <div key={i} className="il-rail-change">
          {c}
        </div>
      ))}
      {rail.note && (
        <div className="il-rail-note" data-testid="rail-note">
          {rail.note}
        </div>
      )}
    </aside>
  );
}

export const TurnRow = memo(function TurnRow({
  turn,
  current,
  canFork,
  onFork,
}: {
  turn: ConversationTurnView;
  current: boolean;
  canFork: boolean;
  onFork: (turn: number) => void;
}) {
  return (
    <section
      className={`il-turn${current ? ' il-turn-current' : ''}`}
      data-turn={turn.index}
      data-testid="turn"
      tabIndex={-1}
      aria-label={`${turn.label} ${turn.tags.join(', ')}`}
    >
      <div className="il-turn-main">
        <div className="il-user" data-trace-index={turn.user.traceIndex}>
          <div className="il-role">
            <span className="il-turn-label">{turn.label}</span>
            <span className="il-role-name">user</span>
            {turn.tags.map((t) => (
              <span key={t} className={`il-chip il-tag${turn.event ? ` il-event-${turn.event}` : ''}`} data-tag={t}>
                {t}
              </span>
            ))}
            {canFork && (
              <button
                type="button"
                className="il-link-button"
                data-testid="fork-from-here"
                onClick={() => onFork(turn.index + 1)}
                title={`Fork from ${turn.label}: keep the turns before it, edit it, and run the rest again (F on the current turn)`}
                aria-label={`Fork from here (${turn.label})…`}
              >
                Fork from here…
              </button>
            )}
          </div>
          <Markdown text={turn.user.text} spans={turn.user.spans} />
        </div>
        {turn.replies.map((r) => (
          <Reply key={r.traceIndex} reply={r} />
        ))}
        {turn.replies.length === 0 && <div className="il-empty">no assistant reply after this turn</div>}
      </div>
      {turn.rail && <Rail rail={turn.rail} />}
    </section>
  );
});

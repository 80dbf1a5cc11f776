// The compare view's aligned rows: the shared prefix folded behind one line that says whether it is
// identical, then the later turns side by side, each with an "in effect" rail per side, the branch
// point row marked loudly.
import { Fragment, useMemo } from 'react';
import type {
  AlignedRowMessage,
  CompareSide,
  CompareState,
  CompareTurn,
  RailEntry,
} from '../../src/shared/protocol/compare';
import { SpanText } from './SpanText';

function Rail({ entry, requirement }: { entry: RailEntry | undefined; requirement: string | undefined }) {
  if (!entry) return <div className="il-rail il-rail-empty" aria-hidden="true" />;
  const title = `In effect after this user turn${requirement ? ` (${requirement})` : ''}: ${entry.inEffect ?? 'not stated yet'}${entry.pending.length ? `; pending: ${entry.pending.join(', ')}` : ''}${entry.inactive.length ? `; no longer in effect: ${entry.inactive.join(', ')}` : ''}${entry.note ? `. ${entry.note}` : ''}`;
  return (
    <div
      className={`il-rail${entry.changed ? ' il-rail-changed' : ''}`}
      data-testid="rail"
      data-in-effect={entry.inEffect ?? ''}
      title={title}
    >
      <span className="il-rail-caption">in effect</span>
      <span className="il-rail-value">{entry.inEffect ?? '—'}</span>
      {entry.pending.map((p) => (
        <span key={p} className="il-rail-pending">
          pending {p}
        </span>
      ))}
      {entry.note && (
        <span className="il-rail-note" data-testid="rail-note" title={entry.note}>
          replaced by hand
        </span>
      )}
    </div>
  );
}

function TurnBody({ turn, side }: { turn: CompareTurn; side: CompareSide }) {
  return (
    <div className="il-turn">
      <div className="il-msg il-user" data-role="user">
        <span className="il-role">User · {turn.label}</span>
        <SpanText message={turn.user} />
      </div>
      {turn.assistant.map((m) => (
        <div key={m.traceIndex} className="il-msg il-assistant" data-role="assistant" data-trace-index={m.traceIndex}>
          <span className="il-role">{side.model}</span>
          <SpanText message={m} />
        </div>
      ))}
      {turn.assistant.length === 0 && <div className="il-msg il-missing">no assistant reply</div>}
    </div>
  );
}

function Cell({
  side,
  turn,
  which,
  requirement,
}: {
  side: CompareSide;
  turn: CompareTurn | undefined;
  which: 'left' | 'right';
  requirement: string | undefined;
}) {
  if (!turn)
    return (
      <div className="il-cell il-cell-absent" data-side={which}>
        no such turn in {side.instanceLabel}
      </div>
    );
  return (
    <div className="il-cell" data-side={which}>
      <Rail entry={turn.rail} requirement={requirement} />
      <TurnBody turn={turn} side={side} />
    </div>
  );
}

const KIND_TEXT: Record<AlignedRowMessage['kind'], string> = {
  identical: 'identical',
  'same-turn': 'same turn, different text',
  changed: 'different turns',
  'left-only': 'left only',
  'right-only': 'right only',
};

function RowView({
  state,
  row,
  index,
  branch,
  prefix,
}: {
  state: CompareState;
  row: AlignedRowMessage;
  index: number;
  branch: boolean;
  prefix: boolean;
}) {
  const l = row.left !== undefined ? state.left.turns[row.left] : undefined;
  const r = row.right !== undefined ? state.right.turns[row.right] : undefined;
  const turnNo = (t: CompareTurn | undefined) => (t ? `U${t.index + 1}` : '—');
  const isStop = !prefix && row.kind !== 'identical';
  if (prefix && row.kind === 'identical' && l) {
    // Identical on both sides: shown once.
    return (
      <div className="il-row il-row-identical il-row-merged" data-row={index} data-row-kind={row.kind} tabIndex={-1}>
        <div className="il-row-head">
          {turnNo(l)} · {l.label} <span className="il-same">identical on both sides</span>
        </div>
        <div className="il-cell il-cell-merged">
          <Rail entry={l.rail} requirement={state.intent?.requirement} />
          <TurnBody turn={l} side={state.left} />
        </div>
      </div>
    );
  }
  return (
    <div
      className={`il-row il-row-${row.kind}${branch ? ' il-branch' : ''}`}
      data-row={index}
      data-row-kind={row.kind}
      {...(isStop ? { 'data-diff-stop': 'row' } : {})}
      {...(branch ? { 'data-branch-point': 'true', 'data-testid': 'branch-point' } : {})}
      tabIndex={-1}
    >
      {branch && (
        <div className="il-branch-banner" role="heading" aria-level={2}>
          <span className="il-branch-icon codicon codicon-git-branch" aria-hidden="true" />
          <strong>BRANCH POINT</strong>
          <span>{state.branchSummary}</span>
        </div>
      )}
      <div className="il-row-head">
        {turnNo(l)} · {l?.label ?? '—'} ↔ {turnNo(r)} · {r?.label ?? '—'}{' '}
        <span className={`il-kind il-kind-${row.kind}`}>{KIND_TEXT[row.kind]}</span>
      </div>
      <div className="il-cells">
        <Cell side={state.left} turn={l} which="left" requirement={state.intent?.requirement} />
        <Cell side={state.right} turn={r} which="right" requirement={state.intent?.requirement} />
      </div>
    </div>
  );
}

/** The aligned rows: the shared prefix folded behind one line (when there is one), then the rest, the branch point marked. */
export function AlignedRows({
  state,
  prefixOpen,
  togglePrefix,
}: {
  state: CompareState;
  prefixOpen: boolean;
  togglePrefix: () => void;
}) {
  const prefixRows = useMemo(() => state.rows.slice(0, state.prefixEnd), [state]);
  const restRows = useMemo(() => state.rows.slice(state.prefixEnd), [state]);
  return (
    <section className="il-conversation" aria-label="Aligned conversations">
      {state.prefixEnd > 0 && (
        <div
          className="il-prefix"
          data-testid="shared-prefix"
          data-collapsed={prefixOpen ? 'false' : 'true'}
          data-identical={state.prefixIdentical ? 'true' : 'false'}
        >
          <button type="button" className="il-prefix-toggle" aria-expanded={prefixOpen} onClick={togglePrefix}>
            <span aria-hidden="true">{prefixOpen ? '▾' : '▸'}</span> Shared prefix: {state.prefixEnd} user turn
            {state.prefixEnd === 1 ? '' : 's'} ·{' '}
            {state.prefixIdentical ? (
              <span className="il-same">identical (user turns and replies)</span>
            ) : (
              <span className="il-differs">same user turns, replies differ</span>
            )}
          </button>
          {prefixOpen &&
            prefixRows.map((row, i) => <RowView key={i} state={state} row={row} index={i} branch={false} prefix />)}
        </div>
      )}
      {restRows.map((row, j) => {
        const i = state.prefixEnd + j;
        return (
          <Fragment key={i}>
            <RowView state={state} row={row} index={i} branch={i === state.branchRow} prefix={false} />
          </Fragment>
        );
      })}
    </section>
  );
}

// The transcript's rows: laid out in flow for the first render (the prerendered HTML and its
// hydration), positioned by the virtualiser from the next render on. One element type in both
// cases, so React keeps the hydrated rows (and their parsed Markdown) when it positions them.
import type { Virtualizer } from '@tanstack/react-virtual';
import type { ConversationState, LogLine } from '../../src/shared/protocol/conversation';
import { TurnRow } from './TurnRow';
import { Markdown } from './Markdown';
import { TurnAnnotations } from './AnnotationList';
import type { Row } from './useTranscriptRows';

/** A system message has no inactive spans: one array, so its memoised Markdown is not parsed again on each render. */
const NO_SPANS: readonly never[] = [];

function LogLines({ title, lines, folded }: { title: string; lines: LogLine[]; folded: boolean }) {
  if (!lines.length) return null;
  const body = (
    <ul className="il-log-lines">
      {lines.map((l) => (
        <li key={l.traceIndex}>
          <code>{l.type}</code> <span className="il-log-summary">{l.summary}</span>
        </li>
      ))}
    </ul>
  );
  return folded ? (
    <details className="il-bookkeeping" data-testid="bookkeeping">
      <summary>
        {title} ({lines.length}, folded)
      </summary>
      {body}
    </details>
  ) : (
    <div className="il-standalone">
      <div className="il-role-name">{title}</div>
      {body}
    </div>
  );
}
/** One virtualised row: the system prompt, a user turn with its replies, or the other log entries. */
function RowContent({
  row,
  state,
  currentTurn,
  onFork,
}: {
  row: Row;
  state: ConversationState;
  currentTurn: number;
  onFork: (turn: number) => void;
}) {
  return (
    <>
      {row.kind === 'system' &&
        state.system.map((m) => (
          <div key={m.traceIndex} className="il-system" data-trace-index={m.traceIndex}>
            <div className="il-role-name">{m.role}</div>
            <Markdown text={m.text} spans={NO_SPANS} />
          </div>
        ))}
      {row.kind === 'turn' && (
        <>
          <TurnRow
            turn={state.turns[row.turn]!}
            current={row.turn === currentTurn}
            canFork={state.canFork}
            onFork={onFork}
          />
          <TurnAnnotations annotations={state.annotations} turn={row.turn + 1} />
        </>
      )}
      {row.kind === 'logs' && (
        <>
          <LogLines title="other log entries" lines={state.standalone} folded={false} />
          <LogLines title="bookkeeping" lines={state.bookkeeping} folded />
        </>
      )}
    </>
  );
}

interface TranscriptRowsProps {
  rows: readonly Row[];
  positioned: boolean;
  firstRows: readonly number[];
  virtualizer: Virtualizer<HTMLDivElement, Element>;
  state: ConversationState;
  currentTurn: number;
  onFork: (turn: number) => void;
}

export function TranscriptRows({
  rows,
  positioned,
  firstRows,
  virtualizer,
  state,
  currentTurn,
  onFork,
}: TranscriptRowsProps) {
  const rowContent = (row: Row) => <RowContent row={row} state={state} currentTurn={currentTurn} onFork={onFork} />;
  return positioned ? (
    <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
      {virtualizer.getVirtualItems().map((item) => (
        <div
          key={item.key}
          data-index={item.index}
          ref={virtualizer.measureElement}
          className="il-row"
          style={{
            position: 'absolute',
            top: 0,
            left: 0,
            width: '100%',
            transform: `translateY(${item.start}px)`,
          }}
        >
          {rowContent(rows[item.index]!)}
        </div>
      ))}
    </div>
  ) : (
    <div>
      {firstRows.map((index) => (
        <div key={index} data-index={index} className="il-row">
          {rowContent(rows[index]!)}
        </div>
      ))}
    </div>
  );
}

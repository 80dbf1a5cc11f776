// The Samples table's toolbar: the row count and filter, and the commands on the selected rows.
import type { SampleFilters, SamplesState } from '../../src/shared/protocol/samples';
import type { SamplesAppProps } from './SamplesApp';

export function SamplesToolbar(props: {
  state: SamplesState;
  selectedRows: number[];
  open: () => void;
  onFilters: (f: SampleFilters) => void;
  onCommand: SamplesAppProps['onCommand'];
}) {
  const { state, selectedRows, onCommand } = props;
  const version = state.version;
  const filtered = state.visibleCount !== state.count;
  return (
    <div className="il-toolbar">
      <strong data-testid="row-count">
        {filtered ? `${state.visibleCount} of ${state.count}` : state.count} conversations
      </strong>
      {state.description && (
        <span className="il-filter-description" data-testid="filter-description">
          filtered: {state.description}
        </span>
      )}
      {filtered && <button onClick={() => props.onFilters({})}>Clear Filters</button>}
      {filtered && (
        <button
          title="Copy a link that opens this filter in the Sources tree and this table"
          onClick={() => onCommand('copyFilterLink', {})}
        >
          Copy Link
        </button>
      )}
      <span className="il-spacer" />
      <span>{selectedRows.length} selected</span>
      <button disabled={!selectedRows.length} onClick={props.open}>
        Open
      </button>
      <button
        disabled={selectedRows.length !== 2}
        title="Select exactly two conversations"
        onClick={() => onCommand('compare', { version, left: selectedRows[0]!, right: selectedRows[1]! })}
      >
        Compare Pair
      </button>
      <button disabled={!selectedRows.length} onClick={() => onCommand('rescore', { version, rows: selectedRows })}>
        Re-score
      </button>
      <button
        disabled={!selectedRows.length}
        title="Run the instance of each selected conversation again (the default provider)"
        onClick={() => onCommand('runAgain', { version, rows: selectedRows })}
      >
        Run Again…
      </button>
    </div>
  );
}

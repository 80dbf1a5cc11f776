// The Samples table's header row: a sort button and the column's filter under each title.
import type { Ref } from 'react';
import type { SampleFilters, SamplesState } from '../../src/shared/protocol/samples';
import { COLUMNS, GRID_MIN_WIDTH, nextSort, type SortSpec } from './gridModel';
import { ColumnFilter } from './ColumnFilter';

export function GridHead(props: {
  headRef: Ref<HTMLDivElement>;
  template: string;
  state: SamplesState;
  sort: SortSpec | undefined;
  onSort: (s: SortSpec | undefined) => void;
  onFilterChanges: (changes: SampleFilters) => void;
}) {
  const { sort, state } = props;
  return (
    <div className="il-grid-head-clip">
      <div
        className="il-grid-head"
        role="row"
        ref={props.headRef}
        style={{ gridTemplateColumns: props.template, minWidth: GRID_MIN_WIDTH }}
      >
        {COLUMNS.map((c) => (
          <div
            key={c.id}
            className="il-head-cell"
            role="columnheader"
            aria-sort={sort?.column === c.id ? (sort.descending ? 'descending' : 'ascending') : 'none'}
            data-column={c.id}
          >
            <button className="il-sort" onClick={() => props.onSort(nextSort(sort, c.id))}>
              {c.title} {sort?.column === c.id ? (sort.descending ? '▼' : '▲') : ''}
            </button>
            <ColumnFilter
              column={c}
              filters={state.filters}
              options={{ ...state.options, annotations: state.options.annotations ?? [], verdicts: ['correct', 'incorrect', 'unscored'] }}
              onChange={props.onFilterChanges}
            />
          </div>
        ))}
      </div>
    </div>
  );
}

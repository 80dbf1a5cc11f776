// Entry of the Samples webview: reads the inlined state, renders, keeps the sort in the webview
// state, sends filter edits to the host and applies the visible rows it answers with.
import '../shared/scriptStart';
import * as z from 'zod/mini';
import { connectView, webviewState } from '../shared/bridge';
import { viewRoot } from '../shared/viewRoot';
import { SamplesView, type SamplesState } from '../../src/shared/protocol/samples';
import { SamplesApp } from './SamplesApp';
import type { SortSpec } from './gridModel';
import '../shared/base.css';
import '../shared/fullHeight.css';
import '../shared/buttons.css';
import './samples.css';

const Persisted = z.object({ sort: z.optional(z.object({ column: z.string(), descending: z.boolean() })) });
const persisted = Persisted.safeParse(webviewState.get());
const initialSort = persisted.success ? (persisted.data.sort as SortSpec | undefined) : undefined;

const bridge = connectView(SamplesView);
const show = viewRoot(bridge);
let current: SamplesState | undefined;

function render(state: SamplesState): void {
  current = state;
  show(
    <SamplesApp
      state={state}
      initialSort={initialSort}
      onSortChanged={(sort) => webviewState.set({ sort })}
      onFilters={(filters) => bridge.postCommand('setFilters', { filters })}
      onFilterChanges={(changes) => bridge.postCommand('changeFilters', { changes })}
      onCommand={(command, params) => bridge.postCommand(command, params)}
      requestIds={async (rows) => (await bridge.request('convIds', { version: state.version, rows })).ids}
      onRendered={() => {
        if (state.timing) document.body.dataset.hostBuildMs = state.timing.buildMs.toFixed(0);
        document.body.dataset.visibleRows = String(state.visibleCount);
        // The command's time only for the first render of the state it opened with.
        bridge.rendered(document.body.dataset.rendered ? undefined : state.timing);
      }}
    />
  );
}

const initial = bridge.readInitialState();
if (initial) render(initial);
bridge.onNotification('state', ({ state }) => render(state));
bridge.onNotification('visible', (v) => current && render({ ...current, ...v }));
bridge.announceReady();

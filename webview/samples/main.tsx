// Entry of the Samples webview: reads the inlined state, renders, keeps the sort in the webview
// state, sends filter edits to the host and applies the visible rows it answers with.
import { createRoot } from 'react-dom/client';
import { z } from 'zod';
import { announceReady, onNotification, postCommand, readInitialState, webviewState } from '../shared/bridge';
import { SAMPLES_VIEW, SamplesStateSchema, SamplesVisibleSchema, type SamplesState } from '../../src/shared/protocol/samples';
import { SamplesApp } from './SamplesApp';
import type { SortSpec } from './gridModel';
import './samples.css';

const scriptStart = performance.now();
const Persisted = z.object({ sort: z.object({ column: z.string(), descending: z.boolean() }).optional() });
const persisted = Persisted.safeParse(webviewState.get());
const initialSort = persisted.success ? (persisted.data.sort as SortSpec | undefined) : undefined;

const root = createRoot(document.getElementById('root')!);
let current: SamplesState | undefined;

function render(state: SamplesState): void {
  current = state;
  root.render(
    <SamplesApp
      state={state}
      initialSort={initialSort}
      onSortChanged={(sort) => webviewState.set({ sort })}
      onFilters={(filters) => postCommand('setFilters', { filters })}
      onCommand={(command, params) => postCommand(command, params)}
      onRendered={() => {
        const ms = performance.now() - scriptStart;
        document.body.dataset.rendered = 'true';
        document.body.dataset.visibleRows = String(state.visible.length);
        postCommand('rendered', { view: SAMPLES_VIEW, ms, rows: state.rows.length });
      }}
    />,
  );
}

const initial = readInitialState(SamplesStateSchema);
if (initial) render(initial);
onNotification('state', z.object({ state: SamplesStateSchema }), ({ state }) => render(state));
onNotification('visible', SamplesVisibleSchema, (v) => current && render({ ...current, ...v }));
announceReady(SAMPLES_VIEW);

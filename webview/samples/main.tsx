// Entry of the Samples webview: reads the inlined state, renders, keeps the sort in the webview
// state, sends filter edits to the host and applies the visible rows it answers with.
import { createRoot } from 'react-dom/client';
import { z } from 'zod';
import { connectView, webviewState } from '../shared/bridge';
import { ErrorBoundary } from '../shared/ErrorBoundary';
import { ConvIdsResultSchema, SAMPLES_VIEW, SamplesView, type SamplesState } from '../../src/shared/protocol/samples';
import { SamplesApp } from './SamplesApp';
import type { SortSpec } from './gridModel';
import '../shared/base.css';
import '../shared/fullHeight.css';
import './samples.css';

const scriptStart = performance.now();
const Persisted = z.object({ sort: z.object({ column: z.string(), descending: z.boolean() }).optional() });
const persisted = Persisted.safeParse(webviewState.get());
const initialSort = persisted.success ? (persisted.data.sort as SortSpec | undefined) : undefined;

const bridge = connectView(SamplesView);
const root = createRoot(document.getElementById('root')!);
let current: SamplesState | undefined;

function render(state: SamplesState): void {
  current = state;
  root.render(
    <ErrorBoundary view={SAMPLES_VIEW} report={(m) => bridge.log('error', m)}>
    <SamplesApp
      state={state}
      initialSort={initialSort}
      onSortChanged={(sort) => webviewState.set({ sort })}
      onFilters={(filters) => bridge.postCommand('setFilters', { filters })}
      onCommand={(command, params) => bridge.postCommand(command, params)}
      requestIds={async (rows) => (await bridge.request('convIds', { version: state.version, rows }, ConvIdsResultSchema)).ids}
      onRendered={() => {
        const ms = performance.now() - scriptStart;
        // The command's time only for the first render of the state it opened with.
        const sinceCommandMs = state.timing && !document.body.dataset.rendered ? Date.now() - state.timing.commandAt : undefined;
        document.body.dataset.rendered = 'true';
        document.body.dataset.renderedMs = ms.toFixed(0);
        if (sinceCommandMs !== undefined) document.body.dataset.sinceCommandMs = sinceCommandMs.toFixed(0);
        if (state.timing) document.body.dataset.hostBuildMs = state.timing.buildMs.toFixed(0);
        document.body.dataset.visibleRows = String(state.visibleCount);
        bridge.postCommand('rendered', { view: SAMPLES_VIEW, ms, rows: state.count, ...(sinceCommandMs !== undefined ? { sinceCommandMs } : {}) });
      }}
    />
    </ErrorBoundary>,
  );
}

const initial = bridge.readInitialState();
if (initial) render(initial);
bridge.onNotification('state', ({ state }) => render(state));
bridge.onNotification('visible', (v) => current && render({ ...current, ...v }));
bridge.announceReady();

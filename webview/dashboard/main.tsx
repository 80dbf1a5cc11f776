// Entry of the dashboard webview: reads the inlined state, renders, announces `ready`, and applies
// the host's pushes (a new state whenever the logs change, a busy flag while it recomputes).
import { createRoot } from 'react-dom/client';
import { z } from 'zod';
import { announceReady, onNotification, postCommand, readInitialState, request } from '../shared/bridge';
import { DASHBOARD_VIEW, DashboardStateSchema, RefreshResult, type DashboardState } from '../../src/shared/protocol/dashboard';
import { DashboardApp } from './DashboardApp';
import './dashboard.css';

const started = performance.now();
const root = createRoot(document.getElementById('root')!);
let state: DashboardState = readInitialState(DashboardStateSchema) ?? { view: DASHBOARD_VIEW, report: null, computedAt: null, error: 'no initial state' };
let busy = false;

function render(): void {
  root.render(<DashboardApp state={state} busy={busy} onRefresh={() => void request('refresh', {}, RefreshResult).then((s) => ((state = s), render()))} />);
}

onNotification('state', z.object({ state: DashboardStateSchema }), (p) => {
  state = p.state;
  render();
});
onNotification('busy', z.object({ busy: z.boolean() }), (p) => {
  busy = p.busy;
  render();
});

render();
requestAnimationFrame(() => {
  postCommand('rendered', { view: DASHBOARD_VIEW, ms: performance.now() - started });
  announceReady(DASHBOARD_VIEW);
});

// Entry of the dashboard webview: reads the inlined state, renders, announces `ready`, and applies
// the host's pushes (a new state whenever the logs change, a busy flag while it recomputes).
import '../shared/scriptStart';
import { bridge } from './dashboardBridge';
import { viewRoot } from '../shared/viewRoot';
import { DASHBOARD_VIEW, type DashboardState } from '../../src/shared/protocol/dashboard';
import { DashboardApp } from './DashboardApp';
import '../shared/base.css';
import './dashboard.css';

const show = viewRoot(bridge);
let state: DashboardState = bridge.readInitialState() ?? {
  view: DASHBOARD_VIEW,
  report: null,
  computedAt: null,
  error: 'no initial state',
};
// The open command's host times, for the first render's "rendered" (pushed states carry none).
const opened = state.timing;
let busy = false;

function render(): void {
  show(
    <DashboardApp
      state={state}
      busy={busy}
      onRefresh={() => void bridge.request('refresh', {}).then((s) => ((state = s), render()))}
      onVerdictMode={(mode) => void bridge.request('setVerdictMode', { mode }).then((s) => ((state = s), render()))}
    />,
  );
}

bridge.onNotification('state', (p) => {
  state = p.state;
  render();
});
bridge.onNotification('busy', (p) => {
  busy = p.busy;
  render();
});

render();
requestAnimationFrame(() => {
  bridge.rendered(opened);
  bridge.announceReady();
});

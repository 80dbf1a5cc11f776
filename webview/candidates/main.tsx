// Entry of the candidates view: binds the view (CandidatesApp) to its contract through the bridge.
import '../shared/scriptStart';
import '@vscode-elements/elements/dist/vscode-badge/index.js';
import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-textfield/index.js';
import '@vscode-elements/elements/dist/vscode-collapsible/index.js';
import '@vscode-elements/elements/dist/vscode-progress-ring/index.js';
import { connectView } from '../shared/bridge';
import { viewRoot } from '../shared/viewRoot';
import { CandidatesView } from '../../src/shared/protocol/candidates';
import { CandidatesApp, type CandidatesApi } from './CandidatesApp';
import '../shared/base.css';
import './candidates.css';

const bridge = connectView(CandidatesView);

const api: CandidatesApi = {
  recheck: (choice) => bridge.request('recheck', choice),
  write: (choice) => bridge.request('write', choice),
  onState: (listener) => bridge.onNotification('state', (p) => listener(p.state)),
  rendered: () => void bridge.rendered(),
};

const initial = bridge.readInitialState();
if (initial) viewRoot(bridge)(<CandidatesApp initial={initial} api={api} />);
else document.getElementById('root')!.textContent = 'No candidates to show.';
bridge.announceReady();

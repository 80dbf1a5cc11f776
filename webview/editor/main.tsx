// Entry of the revision editor webview: reads the inlined state, renders, announces `ready`, and
// follows host notifications (another record, or this one changed in the document).
import '../shared/scriptStart';
import { renderInitialState } from '../shared/initialState';
import { connectView } from '../shared/bridge';
import { viewRoot } from '../shared/viewRoot';
import { followVsCodeTheme, setupMonacoEnvironment } from '../shared/monacoSetup';
import '../../node_modules/monaco-editor/esm/vs/base/browser/ui/codicons/codicon/codicon.css';
import { EditorView, type EditorState } from '../../src/shared/protocol/editor';
import { EditorApp } from './EditorApp';
import type { EditorActions } from './editorActions';
import '../shared/base.css';
import './editor.css';

setupMonacoEnvironment();
followVsCodeTheme();

const bridge = connectView(EditorView);
const actions: EditorActions = {
  apply: (intent, baseRaw, save) => bridge.request('apply', { intent, baseRaw, save }),
  review: (intent, baseRaw, status, note) =>
    bridge.request('review', { intent, baseRaw, status, ...(note ? { note } : {}) }),
  checkReferences: (intent) => bridge.request('checkReferences', { intent }),
  reload: () => bridge.request('reload', {}),
  next: (reviewed) => bridge.postCommand('reviewNext', reviewed ? { reviewed } : {}),
  pending: (intent, baseRaw) => bridge.postCommand('pending', { intent, baseRaw }),
};

const show = viewRoot(bridge);
const render = (state: EditorState) => show(<EditorApp state={state} actions={actions} />);

if (renderInitialState(bridge.readInitialState(), render, 'the revision editor state'))
  requestAnimationFrame(() => bridge.rendered());
bridge.onNotification('state', ({ state }) => render(state));
bridge.announceReady();

// Entry of the revision editor webview: reads the inlined state, renders, announces `ready`, and
// follows host notifications (another record, or this one changed in the document).
import { createRoot } from 'react-dom/client';
import { z } from 'zod';
import { announceReady, onNotification, postCommand, readInitialState, request } from '../shared/bridge';
import { followVsCodeTheme, setupMonacoEnvironment } from '../shared/monacoSetup';
import '../../node_modules/monaco-editor/esm/vs/base/browser/ui/codicons/codicon/codicon.css';
import { ApplyResult, CheckReferencesResult, EDITOR_VIEW, EditorStateSchema, type EditorState } from '../../src/shared/protocol/editor';
import { EditorApp, type EditorActions } from './EditorApp';
import './editor.css';

const started = performance.now();
setupMonacoEnvironment();
followVsCodeTheme();

const actions: EditorActions = {
  apply: (intent, baseRaw, save) => request('apply', { intent, baseRaw, save }, ApplyResult),
  review: (intent, baseRaw, status, note) => request('review', { intent, baseRaw, status, ...(note ? { note } : {}) }, ApplyResult),
  checkReferences: async (intent) => (await request('checkReferences', { intent }, CheckReferencesResult)).issues,
  reload: () => request('reload', {}, EditorStateSchema),
  next: (reviewed) => postCommand('reviewNext', reviewed ? { reviewed } : {}),
  pending: (intent, baseRaw) => postCommand('pending', { intent, baseRaw }),
};

const root = createRoot(document.getElementById('root')!);
const render = (state: EditorState) => root.render(<EditorApp state={state} actions={actions} />);

const initial = readInitialState(EditorStateSchema);
if (initial) {
  render(initial);
  requestAnimationFrame(() => {
    document.body.dataset.rendered = 'true';
    postCommand('rendered', { view: EDITOR_VIEW, ms: performance.now() - started });
  });
} else {
  const p = document.createElement('p');
  p.textContent = 'Intent Lens: the revision editor state could not be read (see the Intent Lens output).';
  document.getElementById('root')!.append(p);
}
onNotification('state', z.object({ state: EditorStateSchema }), ({ state }) => render(state));
announceReady(EDITOR_VIEW);

// Entry of the compare webview: reads the inlined state, renders, announces `ready`, follows the
// VS Code theme, applies host notifications (new state, keyboard navigation), and reports the time
// from script start to fully rendered.
import { scriptStart } from './scriptStart';
import { createRoot } from 'react-dom/client';
import { announceReady, onNotification, postCommand, readInitialState, request, webviewState } from '../shared/bridge';
import { followVsCodeTheme, monaco, setupMonacoEnvironment } from '../shared/monacoSetup';
import 'monaco-editor/editor/browser/widget/diffEditor/diffEditor.contribution';
import 'monaco-editor/editor/contrib/hover/browser/hoverContribution';
import '../../node_modules/monaco-editor/esm/vs/base/browser/ui/codicons/codicon/codicon.css';
import { z } from 'zod';
import { COMPARE_VIEW, CompareStateSchema, NavigateActionSchema, ReloadResult, type CompareRenderedParams, type CompareState, type NavigateAction } from '../../src/shared/protocol/compare';
import { CompareApp } from './CompareApp';
import './compare.css';

setupMonacoEnvironment();
// Start the diff worker now, so its ~1 MB script boots while React renders the rows; Monaco gets
// this worker on its first request.
const monacoEnv = (self as unknown as { MonacoEnvironment: monaco.Environment }).MonacoEnvironment;
const makeWorker = monacoEnv.getWorker!.bind(monacoEnv);
let prewarmed: Worker | Promise<Worker> | undefined = makeWorker('prewarm', 'editorWorkerService');
monacoEnv.getWorker = (workerId, label) => {
  const w = prewarmed ?? makeWorker(workerId, label);
  prewarmed = undefined;
  return w;
};
followVsCodeTheme();
// F7/F8 belong to the view's navigation (VS Code keybindings), not to Monaco's accessible diff viewer.
for (const command of ['-accessibleDiffViewer.next', '-accessibleDiffViewer.prev']) {
  try {
    monaco.editor.addKeybindingRule({ keybinding: command.endsWith('next') ? monaco.KeyCode.F7 : monaco.KeyMod.Shift | monaco.KeyCode.F7, command });
  } catch {
    // Older Monaco without the accessible diff viewer: nothing to unbind.
  }
}

const PersistedSchema = z.object({ prefixOpen: z.boolean() }).partial();
const persisted = PersistedSchema.safeParse(webviewState.get());
const prefs = persisted.success ? persisted.data : {};

const navigateListeners = new Set<(a: NavigateAction) => void>();
onNotification('navigate', z.object({ action: NavigateActionSchema }), ({ action }) => {
  for (const l of navigateListeners) l(action);
});
const subscribeNavigate = (l: (a: NavigateAction) => void) => {
  navigateListeners.add(l);
  return () => void navigateListeners.delete(l);
};

const root = createRoot(document.getElementById('root')!);

function render(state: CompareState): void {
  root.render(
    <CompareApp
      state={state}
      initialPrefixOpen={prefs.prefixOpen ?? false}
      onPrefixToggled={(open) => webviewState.set({ ...prefs, prefixOpen: open })}
      onCommand={(command, params) => postCommand(command, params)}
      onReload={async () => render(await request('reload', {}, ReloadResult))}
      subscribeNavigate={subscribeNavigate}
      onRendered={(diffComputed) => {
        const now = performance.now();
        const params: CompareRenderedParams = {
          view: COMPARE_VIEW,
          ms: now - scriptStart,
          sincePanelCreatedMs: Date.now() - state.timing.panelCreatedAt,
          sinceCommandMs: Date.now() - state.timing.commandAt,
          diffComputed,
        };
        // For end-to-end tests and the bench: readable from the page without the host.
        document.body.dataset.rendered = 'true';
        document.body.dataset.renderedMs = params.ms.toFixed(1);
        document.body.dataset.sincePanelCreatedMs = params.sincePanelCreatedMs.toFixed(1);
        document.body.dataset.sinceCommandMs = params.sinceCommandMs.toFixed(1);
        document.body.dataset.diffComputed = String(diffComputed);
        postCommand('rendered', params);
      }}
    />,
  );
}

const initial = readInitialState(CompareStateSchema);
if (initial) render(initial);
else {
  const p = document.createElement('p');
  p.textContent = 'Intent Lens: the compare state could not be read (see the Intent Lens output).';
  document.getElementById('root')!.append(p);
}

onNotification('state', z.object({ state: CompareStateSchema }), ({ state }) => render(state));
announceReady(COMPARE_VIEW);

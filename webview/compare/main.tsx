// Entry of the compare webview: reads the inlined state, renders, announces `ready`, follows the
// VS Code theme, applies host notifications (new state, keyboard navigation), and reports the time
// from script start to fully rendered.
import '../shared/scriptStart';
import { renderInitialState } from '../shared/initialState';
import { connectView, webviewState } from '../shared/bridge';
import { reusableViewRoot } from '../shared/viewRoot';
import { sinceViewStart } from '../shared/renderTiming';
import * as z from 'zod/mini';
import { CompareView, type CompareState, type NavigateAction } from '../../src/shared/protocol/compare';
import { CompareApp } from './CompareApp';
import { preloadFinalDiffEditor } from './FinalDiff';
import '../shared/base.css';
import '../shared/buttons.css';
import './compare.css';

performance.mark('il:modules-evaluated');
// Monaco (the bulk of the code) is a lazy module loaded for the final-response diff, and so is the
// worker's source: the conversation paints first while both load.
void import('./workerPrewarm').then((w) => w.prewarmWorker());
// Fetch and compile Monaco now, in parallel with the first paint, rather than when the diff's
// placeholder mounts (FinalDiff takes this same promise's module).
void preloadFinalDiffEditor();

const PersistedSchema = z.partial(z.object({ prefixOpen: z.boolean() }));
const persisted = PersistedSchema.safeParse(webviewState.get());
const prefs = persisted.success ? persisted.data : {};

const navigateListeners = new Set<(a: NavigateAction) => void>();
const bridge = connectView(CompareView);
bridge.onNotification('navigate', ({ action }) => {
  for (const l of navigateListeners) l(action);
});
const subscribeNavigate = (l: (a: NavigateAction) => void) => {
  navigateListeners.add(l);
  return () => void navigateListeners.delete(l);
};

const show = reusableViewRoot(bridge);

function render(state: CompareState): void {
  show(
    <CompareApp
      state={state}
      initialPrefixOpen={prefs.prefixOpen ?? false}
      onPrefixToggled={(open) => webviewState.set({ ...prefs, prefixOpen: open })}
      onCommand={(command, params) => bridge.postCommand(command, params)}
      onReload={async () => render(await bridge.request('reload', {}))}
      subscribeNavigate={subscribeNavigate}
      onRendered={() => bridge.rendered(state.timing)}
      onEditorDiff={(computed) => {
        // Monaco's diff replaced the text diff (or, with its worker blocked, never came).
        document.body.dataset.diffComputed = String(computed);
        document.body.dataset.editorDiffMs = sinceViewStart().toFixed(1);
        if (!computed) bridge.log('warn', 'compare: the diff editor computed no diff within 5 s; the text diff stays');
      }}
    />,
    state.timing.commandAt,
  );
}

renderInitialState(bridge.readInitialState(), render, 'the compare state');

bridge.onNotification('state', ({ state }) => render(state));
bridge.announceReady();

// Entry of the conversation webview: reads the inlined state, renders, announces `ready`, applies
// host notifications (new state, keyboard navigation, scroll to a turn) and reports its render time.
import '../shared/scriptStart';
import { createRoot } from 'react-dom/client';
import { renderInitialState } from '../shared/initialState';
import { connectView } from '../shared/bridge';
import { ErrorBoundary } from '../shared/ErrorBoundary';
import { countStateApplied, markRendered, restartRenderTiming } from '../shared/renderTiming';
import { CONVERSATION_VIEW, ConversationView, type ConversationNavigate, type ConversationState } from '../../src/shared/protocol/conversation';
import { ConversationApp } from './ConversationApp';
import '../shared/base.css';
import '../shared/fullHeight.css';
import './conversation.css';

performance.mark('il:modules-evaluated');

function listeners<T>() {
  const set = new Set<(v: T) => void>();
  return {
    emit: (v: T) => {
      for (const l of set) l(v);
    },
    subscribe: (l: (v: T) => void) => {
      set.add(l);
      return () => void set.delete(l);
    },
  };
}
const navigation = listeners<ConversationNavigate>();
const scrolls = listeners<number>();
const bridge = connectView(ConversationView);
bridge.onNotification('navigate', ({ action }) => navigation.emit(action));
bridge.onNotification('scrollToTurn', ({ turn }) => scrolls.emit(turn));

const root = createRoot(document.getElementById('root')!);
/**
 * The command whose conversation is shown: a state for another one (a reused view) mounts the view
 * afresh (scroll, current turn); a refresh of the same conversation comes without timing and keeps them.
 */
let shownCommandAt: number | undefined;
let mount = 0;

function render(state: ConversationState): void {
  if (state.timing && state.timing.commandAt !== shownCommandAt) {
    if (shownCommandAt !== undefined) restartRenderTiming();
    shownCommandAt = state.timing.commandAt;
    mount++;
  }
  root.render(
    <ErrorBoundary key={mount} view={CONVERSATION_VIEW} report={(m) => bridge.log('error', m)}>
    <ConversationApp
      state={state}
      onCommand={(command, params) => bridge.postCommand(command, params)}
      subscribeNavigate={navigation.subscribe}
      subscribeScroll={scrolls.subscribe}
      onRendered={() => {
        const t = markRendered(state.timing);
        bridge.postCommand('rendered', { view: CONVERSATION_VIEW, turns: state.turns.length, ...t });
      }}
    />
    </ErrorBoundary>,
  );
}

renderInitialState(bridge.readInitialState(), render, 'the conversation');
bridge.onNotification('state', ({ state }) => {
  countStateApplied();
  render(state);
});
bridge.announceReady();

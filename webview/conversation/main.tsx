// Entry of the conversation webview: reads the inlined state, renders, announces `ready`, applies
// host notifications (new state, keyboard navigation, scroll to a turn) and reports its render time.
import '../shared/scriptStart';
import { renderInitialState } from '../shared/initialState';
import { bridge } from './conversationBridge';
import { viewRoot } from '../shared/viewRoot';
import { countStateApplied, restartRenderTiming } from '../shared/renderTiming';
import { type ConversationNavigate, type ConversationState } from '../../src/shared/protocol/conversation';
import { ConversationApp } from './ConversationApp';
import '../shared/base.css';
import '../shared/fullHeight.css';
import '../shared/buttons.css';
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
bridge.onNotification('navigate', ({ action }) => navigation.emit(action));
bridge.onNotification('scrollToTurn', ({ turn }) => scrolls.emit(turn));

const show = viewRoot(bridge);
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
  show(
    <ConversationApp
      state={state}
      onCommand={(command, params) => bridge.postCommand(command, params)}
      subscribeNavigate={navigation.subscribe}
      subscribeScroll={scrolls.subscribe}
      onRendered={() => bridge.rendered(state.timing)}
    />,
    mount,
  );
}

renderInitialState(bridge.readInitialState(), render, 'the conversation');
bridge.onNotification('state', ({ state }) => {
  countStateApplied();
  render(state);
});
bridge.announceReady();

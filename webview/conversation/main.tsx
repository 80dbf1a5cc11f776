// Entry of the conversation webview: reads the inlined state, renders, announces `ready`, applies
// host notifications (new state, keyboard navigation, scroll to a turn) and reports its render time.
import '../shared/scriptStart';
import { renderInitialState } from '../shared/initialState';
import { bridge } from './conversationBridge';
import { reusableViewRoot } from '../shared/viewRoot';
import { type ConversationNavigate, type ConversationState } from '../../src/shared/protocol/conversation';
import { ConversationApp } from './ConversationApp';
import { LinkOpener } from './linkOpener';
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

const show = reusableViewRoot(bridge);
const openLink = (uri: string) => bridge.postCommand('openExternalDocument', { uri });

function render(state: ConversationState): void {
  show(
    <LinkOpener.Provider value={openLink}>
      <ConversationApp
        state={state}
        onCommand={(command, params) => bridge.postCommand(command, params)}
        subscribeNavigate={navigation.subscribe}
        subscribeScroll={scrolls.subscribe}
        onRendered={() => bridge.rendered(state.timing)}
      />
    </LinkOpener.Provider>,
    state.timing?.commandAt,
  );
}

renderInitialState(bridge.readInitialState(), render, 'the conversation');
bridge.onNotification('state', ({ state }) => render(state));
bridge.announceReady();

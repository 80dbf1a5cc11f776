// Entry of the conversation webview: reads the inlined state, renders, announces `ready`, applies
// host notifications (new state, keyboard navigation, scroll to a turn) and reports its render time.
import { createRoot } from 'react-dom/client';
import { z } from 'zod';
import { announceReady, onNotification, postCommand, readInitialState } from '../shared/bridge';
import { CONVERSATION_VIEW, ConversationNavigateSchema, ConversationStateSchema, type ConversationNavigate, type ConversationState } from '../../src/shared/protocol/conversation';
import { ConversationApp } from './ConversationApp';
import './conversation.css';

const scriptStart = performance.now();

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
onNotification('navigate', z.object({ action: ConversationNavigateSchema }), ({ action }) => navigation.emit(action));
onNotification('scrollToTurn', z.object({ turn: z.number().int().nonnegative() }), ({ turn }) => scrolls.emit(turn));

const root = createRoot(document.getElementById('root')!);

function render(state: ConversationState): void {
  root.render(
    <ConversationApp
      state={state}
      onCommand={(command, params) => postCommand(command, params)}
      subscribeNavigate={navigation.subscribe}
      subscribeScroll={scrolls.subscribe}
      onRendered={() => {
        const ms = performance.now() - scriptStart;
        // For end-to-end tests: readable from the page without the host.
        document.body.dataset.rendered = 'true';
        document.body.dataset.renderedMs = ms.toFixed(1);
        postCommand('rendered', { view: CONVERSATION_VIEW, ms, turns: state.turns.length });
      }}
    />,
  );
}

const initial = readInitialState(ConversationStateSchema);
if (initial) render(initial);
else {
  const p = document.createElement('p');
  p.textContent = 'Intent Lens: the conversation could not be read (see the Intent Lens output).';
  document.getElementById('root')!.append(p);
}
onNotification('state', z.object({ state: ConversationStateSchema }), ({ state }) => render(state));
announceReady(CONVERSATION_VIEW);

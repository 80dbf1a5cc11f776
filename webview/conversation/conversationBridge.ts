// The conversation page's one bridge to the host, typed by its contract: the entry and the message
// renderer (links open through the host) share it.
import { connectView } from '../shared/bridge';
import { ConversationView } from '../../src/shared/protocol/conversation';

export const bridge = connectView(ConversationView);

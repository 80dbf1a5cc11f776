// The conversation model's public API: `parseConversation(entry, source?)` and its types.
export type {
  Conversation,
  ConversationReply,
  ConversationTurn,
  LogEntryAt,
  LoggedEvaluation,
  OtherMessage,
  TraceText,
} from './conversationTypes';
export { instanceSpecOf } from './instanceOfLog';
export { parseConversation, messageText, normalizeText, turnOfTraceIndex } from './parseConversation';
export { conversationTimeline, isEvolvingPlan, turnTags, type TimelineSource } from './conversationTimeline';
export { responseTypeName } from './responseTypes';

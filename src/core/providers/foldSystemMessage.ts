// For chat APIs without a system role (the VS Code Language Model API): the system message goes
// in front of the first user message, so the model still sees the domain instructions first.
import type { ChatMessage } from './chatProvider';

export function foldSystemMessage(
  messages: readonly ChatMessage[],
): Array<{ role: 'user' | 'assistant'; content: string }> {
  const system = messages
    .filter((m) => m.role === 'system')
    .map((m) => m.content)
    .join('\n\n');
  const rest = messages
    .filter((m) => m.role !== 'system')
    .map((m) => ({ role: m.role as 'user' | 'assistant', content: m.content }));
  if (!system) return rest;
  const first = rest.findIndex((m) => m.role === 'user');
  if (first < 0) return [{ role: 'user', content: system }, ...rest];
  rest[first] = { role: 'user', content: `${system}\n\n${rest[first]!.content}` };
  return rest;
}

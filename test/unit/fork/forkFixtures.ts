// A scripted conversation world for fork tests on the local OpenAI-compatible server: the
// simulator rephrases the first shard it is offered, and the assistant "falls for" a rejected
// proposal (answers the proposed value) unless the conversation holds no proposal or accepts it.
import { readFile } from 'node:fs/promises';
import { OpenAICompatibleProvider } from '../../../src/core/providers/openaiProvider';
import type { ChatProvider } from '../../../src/core/providers/chatProvider';
import {
  eligibleShardsInPrompt,
  type FakeHandler,
  type FakeReply,
  type RecordedRequest,
} from '../runner/fakeOpenAIServer';
import { mathRecord } from '../runner/runnerFixtures';

export const ASSISTANT = 'asst';
export const SIMULATOR = 'sim';

/** The final number the scripted assistant gives for a conversation so far. */
export function scriptedAnswer(messages: ReadonlyArray<{ role: string; content: string }>): number {
  const said = messages.filter((m) => m.role === 'user').map((m) => m.content);
  const it = mathRecord.intent!;
  if (said.includes(it.accept)) return 60;
  if (said.includes(it.proposal)) return 60; // wrong under Retained: the rejected value leaks
  return 120;
}

export function worldHandler(onAssistant?: (req: RecordedRequest) => void): FakeHandler {
  return (req): FakeReply => {
    if (req.body.model === SIMULATOR) {
      const s = eligibleShardsInPrompt(req.body.messages[0]!.content)[0];
      return {
        kind: 'chat',
        text: JSON.stringify(
          s ? { response: `fyi ${s.shard}`, shard_id: s.shard_id } : { response: 'nothing else to add', shard_id: -1 },
        ),
      };
    }
    onAssistant?.(req);
    return {
      kind: 'chat',
      text: `Let me see. Final answer: ${scriptedAnswer(req.body.messages)}`,
      usage: { prompt_tokens: 100, completion_tokens: 10 },
    };
  };
}

export function worldProviders(baseUrl: string): { assistant: ChatProvider; simulator: ChatProvider } {
  const common = { baseUrl, maxRetries: 0, timeoutMs: 5000 };
  return {
    assistant: new OpenAICompatibleProvider({ id: 'local', model: ASSISTANT, ...common }),
    simulator: new OpenAICompatibleProvider({ id: 'local', model: SIMULATOR, ...common }),
  };
}

export async function readLines(file: string): Promise<string[]> {
  return (await readFile(file, 'utf8')).split('\n').filter((l) => l.trim() !== '');
}

// A rough call and token estimate shown before a run or batch is confirmed. Tokens are counted as
// characters / 4 (a common rule of thumb); a fork is estimated from its parent's logged turns, a
// fresh run from the rendered messages with a typical reply length.
import type { TraceMessage } from '../schema/runlog';
import type { RenderedInstance } from '../render/instances';
import { addCost, costOf, type PriceTable } from './priceTable';

export interface CallEstimate {
  conversations: number;
  assistantCalls: number;
  simulatorCalls: number;
  inputTokens: number;
  outputTokens: number;
}

const CHARS_PER_TOKEN = 4;
/** The simulator prompt's fixed instructions (src/core/simulator/simulatorPrompt.ts), about. */
const SIMULATOR_PROMPT_TOKENS = 900;
const SIMULATOR_REPLY_TOKENS = 40;
/** A typical assistant reply when nothing was logged yet. */
const TYPICAL_REPLY_TOKENS = 300;

const tokens = (text: string) => Math.ceil(text.length / CHARS_PER_TOKEN);

export const emptyEstimate = (): CallEstimate => ({
  conversations: 0,
  assistantCalls: 0,
  simulatorCalls: 0,
  inputTokens: 0,
  outputTokens: 0,
});

/** What continuing a logged conversation from user turn `fromTurn` (1-based) costs, judged by the log. */
export function estimateFork(trace: readonly TraceMessage[], fromTurn: number): CallEstimate {
  const e = { ...emptyEstimate(), conversations: 1 };
  let context = 0;
  let userTurn = 0;
  for (const m of trace) {
    const text = typeof m.content === 'string' ? m.content : '';
    if (m.role === 'user') {
      userTurn++;
      if (userTurn >= fromTurn && (m as { source?: unknown }).source !== 'event' && userTurn > 1) {
        e.simulatorCalls++;
        e.inputTokens += SIMULATOR_PROMPT_TOKENS + context;
        e.outputTokens += SIMULATOR_REPLY_TOKENS;
      }
    }
    if (m.role === 'assistant' && userTurn >= fromTurn) {
      e.assistantCalls++;
      e.inputTokens += context;
      e.outputTokens += tokens(text);
    }
    if (m.role !== 'log') context += tokens(text);
  }
  return e;
}

/** What running a rendered instance from scratch costs, about. */
export function estimateRun(rendered: RenderedInstance): CallEstimate {
  const e = { ...emptyEstimate(), conversations: 1 };
  let context = rendered.system ? tokens(rendered.system) : 0;
  rendered.messages.forEach((m, i) => {
    if (m.kind === 'shard' && i > 0) {
      e.simulatorCalls++;
      e.inputTokens += SIMULATOR_PROMPT_TOKENS + context;
      e.outputTokens += SIMULATOR_REPLY_TOKENS;
    }
    context += tokens(m.content);
    e.assistantCalls++;
    e.inputTokens += context;
    e.outputTokens += TYPICAL_REPLY_TOKENS;
    context += TYPICAL_REPLY_TOKENS;
  });
  return e;
}

export function addEstimates(a: CallEstimate, b: CallEstimate): CallEstimate {
  return {
    conversations: a.conversations + b.conversations,
    assistantCalls: a.assistantCalls + b.assistantCalls,
    simulatorCalls: a.simulatorCalls + b.simulatorCalls,
    inputTokens: a.inputTokens + b.inputTokens,
    outputTokens: a.outputTokens + b.outputTokens,
  };
}

/** One line for a confirmation: counts, calls, tokens, and the price when the model has one. */
export function describeEstimate(e: CallEstimate, prices: PriceTable = {}, model?: string): string {
  const cost = model
    ? addCost(undefined, costOf(prices, model, { input_tokens: e.inputTokens, output_tokens: e.outputTokens }))
    : undefined;
  const k = (n: number) => (n >= 10_000 ? `${Math.round(n / 1000)}k` : String(n));
  return `${e.conversations} conversation(s), about ${e.assistantCalls + e.simulatorCalls} calls (${e.assistantCalls} assistant, ${e.simulatorCalls} simulator), ~${k(e.inputTokens)} input and ~${k(e.outputTokens)} output tokens${cost !== undefined ? `, ~$${cost.toFixed(2)}` : ''}`;
}

// The Intent-Eval protocol for one instance (Sections 2.1 and 2.3, Appendix B.2 and C): shard 1
// verbatim; then the user simulator reveals one shard a turn (checked, with a fallback to the
// stored shard text); the condition's event messages, as renderInstance defines them, go in
// verbatim right after the assistant's reply to the target shard's message; after an event, and
// after consecutive turns that revealed nothing, the next turn must reveal a shard. Single-turn
// controls are one message. The final response is scored. The result is one log line in memory.
import { randomBytes } from 'node:crypto';
import { renderInstance, type RenderedMessage } from '../render/instances';
import { shardText } from '../schema/records';
import type { TraceMessage } from '../schema/runlog';
import type { ChatMessage, CompletionResult, TokenUsage } from '../providers/chatProvider';
import { GENERATION_DEFAULTS } from '../providers/chatProvider';
import { ProviderError } from '../providers/providerErrors';
import { buildSimulatorPrompt, type PromptShard } from './simulatorPrompt';
import { checkSimulatorReply } from './simulatorReply';
import type { RunInstanceInput, RunInstanceResult, RunProgress, RunUsage, ScoreResult, ScriptedUserMessage, UserMessageSource } from './runTypes';
import { lastAssistantText } from '../conversation/lastAssistant';

export class RunAbortedError extends Error {
  constructor() {
    super('run cancelled');
    this.name = 'RunAbortedError';
  }
}

export function newConversationId(): string {
  return randomBytes(12).toString('hex');
}

function addUsage(into: TokenUsage & { calls: number }, u: TokenUsage | undefined): void {
  into.calls++;
  if (u?.input_tokens !== undefined) into.input_tokens = (into.input_tokens ?? 0) + u.input_tokens;
  if (u?.output_tokens !== undefined) into.output_tokens = (into.output_tokens ?? 0) + u.output_tokens;
}

function usageField(u: TokenUsage | undefined): { usage?: TokenUsage } {
  return u && (u.input_tokens !== undefined || u.output_tokens !== undefined) ? { usage: u } : {};
}

export async function runInstance(input: RunInstanceInput): Promise<RunInstanceResult> {
  const { record, spec, assistant, signal } = input;
  const now = input.now ?? (() => new Date());
  const stamp = () => now().toISOString();
  const emit = (p: RunProgress) => input.onProgress?.(p);
  const checkAbort = () => {
    if (signal?.aborted) throw new RunAbortedError();
  };
  const rendered = renderInstance(record, spec);
  const isMulti = rendered.mode === 'multi';
  const aSettings = {
    temperature: input.assistantSettings?.temperature ?? GENERATION_DEFAULTS.assistant.temperature,
    maxTokens: input.assistantSettings?.maxTokens ?? (isMulti ? GENERATION_DEFAULTS.assistant.maxTokensMulti : GENERATION_DEFAULTS.assistant.maxTokensSingle),
    seed: input.assistantSettings?.seed ?? GENERATION_DEFAULTS.assistant.seed,
  };
  const sSettings = {
    temperature: input.simulatorSettings?.temperature ?? GENERATION_DEFAULTS.simulator.temperature,
    maxTokens: input.simulatorSettings?.maxTokens ?? GENERATION_DEFAULTS.simulator.maxTokens,
    seed: input.simulatorSettings?.seed ?? GENERATION_DEFAULTS.simulator.seed,
  };
  const startedAt = stamp();
  const trace: TraceMessage[] = [];
  const history: ChatMessage[] = [];
  const usage: RunUsage = { assistant: { calls: 0 }, simulator: { calls: 0 } };
  const fallbacks: RunInstanceResult['fallbacks'] = [];
  const resume = input.resume;
  let turn = 0;
  let lastAssistant = '';
  const revealed = new Set<number>();
  // Events already said (in a fork's prefix or script) or dropped are not sent again.
  const skippedEvents = new Set<string>(resume?.skippedEvents ?? []);
  let lastUserWasEvent = resume?.prefixEndsWithEvent ?? false;
  if (resume) {
    for (const m of resume.prefix) {
      trace.push(m);
      if ((m.role === 'system' || m.role === 'user' || m.role === 'assistant') && typeof m.content === 'string') history.push({ role: m.role, content: m.content });
    }
    lastAssistant = lastAssistantText(resume.prefix) ?? '';
    turn = resume.prefixTurns;
    for (const id of resume.revealed) revealed.add(id);
    for (const m of resume.scripted) if (m.event) skippedEvents.add(`${m.event}:${m.block ?? 1}`);
  } else if (rendered.system !== undefined) {
    trace.push({ role: 'system', content: rendered.system, timestamp: stamp() });
    history.push({ role: 'system', content: rendered.system });
  }

  const sendUser = (content: string, source: UserMessageSource, tag: Pick<RenderedMessage, 'shard_id' | 'event' | 'block'>, plannedTurns: number, fallbackReason?: string) => {
    turn++;
    trace.push({ role: 'user', content, timestamp: stamp(), source });
    history.push({ role: 'user', content });
    if (fallbackReason !== undefined) trace.push({ role: 'log', content: { type: 'simulator-fallback', reason: fallbackReason, shard_id: tag.shard_id }, timestamp: stamp() });
    if (tag.shard_id !== undefined) trace.push({ role: 'log', content: { type: 'shard_revealed', shard_id: tag.shard_id }, timestamp: stamp() });
    if (tag.event) trace.push({ role: 'log', content: { type: 'event', event: tag.event, block: tag.block ?? 1 }, timestamp: stamp() });
    emit({ type: 'user', turn, plannedTurns, content, source, ...(tag.shard_id !== undefined ? { shardId: tag.shard_id } : {}), ...(tag.event ? { event: tag.event } : {}), ...(fallbackReason ? { fallbackReason } : {}) });
  };

  const askAssistant = async () => {
    checkAbort();
    emit({ type: 'assistant-start', turn });
    const res: CompletionResult = await assistant.complete(history, {
      temperature: aSettings.temperature,
      maxTokens: aSettings.maxTokens,
      // Multi-turn seeds are derived from the base seed, one per turn (Table 5).
      ...(aSettings.seed !== undefined ? { seed: isMulti ? aSettings.seed + turn - 1 : aSettings.seed } : {}),
      ...(signal ? { signal } : {}),
      onToken: (delta) => emit({ type: 'assistant-token', turn, delta }),
    });
    checkAbort();
    addUsage(usage.assistant, res.usage);
    lastAssistant = res.text;
    trace.push({ role: 'assistant', content: res.text, timestamp: stamp(), ...usageField(res.usage) });
    history.push({ role: 'assistant', content: res.text });
    emit({ type: 'assistant', turn, text: res.text });
  };

  const sendScripted = async (m: ScriptedUserMessage, plannedTurns: number) => {
    sendUser(m.content, m.source, m, plannedTurns);
    if (m.shard_id !== undefined) revealed.add(m.shard_id);
    lastUserWasEvent = m.event !== undefined;
    await askAssistant();
  };

  try {
    if (!isMulti) {
      if (resume) for (const m of resume.scripted) await sendScripted(m, 1);
      else {
        sendUser(rendered.messages[0]!.content, 'prompt', {}, 1);
        await askAssistant();
      }
    } else {
      await runMultiTurn();
    }
  } catch (e) {
    if (signal?.aborted || (e instanceof ProviderError && e.kind === 'cancelled')) throw new RunAbortedError();
    throw e;
  }

  async function runMultiTurn(): Promise<void> {
    const msgs = rendered.messages;
    const shardMsgs = msgs.filter((m) => m.kind === 'shard');
    const events = msgs.filter((m) => m.kind === 'event' && !skippedEvents.has(`${m.event}:${m.block ?? 1}`));
    const firstEvent = msgs.findIndex((m) => m.kind === 'event');
    // The target shard is the one the events follow (one definition: renderInstance).
    const targetShardId = firstEvent > 0 ? msgs[firstEvent - 1]!.shard_id : record.intent?.shard_id;
    const targetIndex = targetShardId === undefined ? -1 : shardMsgs.findIndex((m) => m.shard_id === targetShardId);
    const holdBack = input.holdBackAfterTarget !== false && targetIndex >= 0;
    const planned = msgs.length;
    let eventsSent = events.length === 0;
    let mustReveal = false;
    let idleTurns = 0;
    const recoveryAfter = Math.max(1, input.recoveryAfter ?? 2);
    const maxTurns = planned + 2 * shardMsgs.length * (recoveryAfter + 1) + 4;

    if (resume) {
      for (const m of resume.scripted) await sendScripted(m, planned);
      // After the last event the next turn must reveal, as after inserted events.
      mustReveal = lastUserWasEvent && eventsSent;
    } else {
      const first = shardMsgs[0]!;
      sendUser(first.content, 'verbatim', { shard_id: first.shard_id }, planned);
      revealed.add(first.shard_id!);
      await askAssistant();
    }

    for (;;) {
      checkAbort();
      if (turn > maxTurns) throw new Error(`conversation exceeded ${maxTurns} turns without finishing disclosure`);
      if (!eventsSent && targetShardId !== undefined && revealed.has(targetShardId)) {
        // Inserted verbatim, one user turn each, right after the reply to the target shard.
        for (const ev of events) {
          sendUser(ev.content, 'event', { event: ev.event, block: ev.block }, planned);
          await askAssistant();
        }
        eventsSent = true;
        mustReveal = true;
        continue;
      }
      const unrevealed = shardMsgs.filter((m) => !revealed.has(m.shard_id!));
      if (unrevealed.length === 0) break;
      // Matched across conditions: Original holds back the same shards until the target is in.
      const released = !holdBack || (revealed.has(targetShardId!) && eventsSent);
      const eligible = unrevealed.filter((m) => released || shardMsgs.indexOf(m) <= targetIndex);
      const mandatory = mustReveal || idleTurns >= recoveryAfter;
      const reply = await simulatorTurn(eligible, mandatory);
      sendUser(reply.content, reply.source, reply.shardId !== -1 ? { shard_id: reply.shardId } : {}, planned, reply.fallbackReason);
      if (reply.shardId !== -1) {
        revealed.add(reply.shardId);
        idleTurns = 0;
        mustReveal = false;
      } else idleTurns++;
      await askAssistant();
    }
  }

  async function simulatorTurn(eligible: RenderedMessage[], mandatory: boolean): Promise<{ content: string; shardId: number; source: UserMessageSource; fallbackReason?: string }> {
    const fallback = (reason: string) => {
      const s = eligible[0]!;
      fallbacks.push({ turn: turn + 1, reason });
      return { content: s.content, shardId: s.shard_id!, source: 'fallback' as const, fallbackReason: reason };
    };
    const simulator = input.simulator;
    if (!simulator) throw new ProviderError('unavailable', 'a multi-turn run needs a user-simulator model');
    checkAbort();
    emit({ type: 'simulator-start', turn: turn + 1, mandatory });
    const toShard = (m: RenderedMessage): PromptShard => ({ shard_id: m.shard_id!, text: m.content });
    const revealedShards = record.shards.filter((s) => revealed.has(s.shard_id)).map((s) => ({ shard_id: s.shard_id, text: shardText(s) }));
    const prompt = buildSimulatorPrompt({ history, revealed: revealedShards, eligible: eligible.map(toShard), mandatory });
    // One seed per user turn from the base seed, as for the assistant: the simulator writes turn + 1.
    const res = await simulator.complete([{ role: 'user', content: prompt }], { temperature: sSettings.temperature, maxTokens: sSettings.maxTokens, seed: sSettings.seed + turn, ...(signal ? { signal } : {}) });
    checkAbort();
    addUsage(usage.simulator, res.usage);
    const checked = checkSimulatorReply(res.text, new Set(eligible.map((m) => m.shard_id!)), mandatory);
    if (!checked.ok) return fallback(`${checked.reason}: ${checked.detail}`);
    return { content: checked.response, shardId: checked.shardId, source: 'simulator' };
  }

  checkAbort();
  let score: ScoreResult;
  try {
    score = await input.scoreFinal(record, spec, lastAssistant);
  } catch (e) {
    // The conversation is complete and worth keeping; the verdict stays open and says why.
    score = { is_correct: null, extracted: null, details: { error: e instanceof Error ? e.message : String(e) } };
  }
  checkAbort();
  emit({ type: 'scored', result: score });
  const numericScore = score.is_correct === null ? null : score.is_correct ? 1 : 0;
  trace.push({ role: 'log', content: { type: 'answer-evaluation', exact_answer: score.extracted ?? null, is_correct: score.is_correct, score: numericScore, evaluation_return: score.details ?? null }, timestamp: stamp() });
  const simulatorModel = input.simulator?.model;
  const entry: RunInstanceResult['entry'] = {
    conv_id: input.convId ?? newConversationId(),
    conv_type: 'intent-eval',
    task: record.task,
    task_id: record.task_id,
    assistant_model: assistant.model,
    user_model: simulatorModel ?? 'none',
    system_model: simulatorModel ?? 'none',
    mode: rendered.mode,
    condition: rendered.condition,
    ...(rendered.path ? { path: rendered.path, k: rendered.k ?? 0 } : {}),
    trace,
    is_correct: score.is_correct,
    score: numericScore,
    started_at: startedAt,
    finished_at: stamp(),
    assistant_provider: { id: assistant.id, kind: assistant.kind, model: assistant.model },
    ...(input.simulator && isMulti ? { user_provider: { id: input.simulator.id, kind: input.simulator.kind, model: input.simulator.model } } : {}),
    generation: { assistant: aSettings, ...(isMulti ? { user: sSettings } : {}) },
    usage,
    simulator_fallbacks: fallbacks.length,
    ...(input.costMeter?.costUsd !== undefined ? { cost_usd: input.costMeter.costUsd } : {}),
    ...(input.extraFields ?? {}),
  };
  return { entry, score, finalText: lastAssistant, usage, fallbacks };
}

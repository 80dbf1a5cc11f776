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
import type {
  RunInstanceInput,
  RunInstanceResult,
  RunProgress,
  RunUsage,
  ScoreResult,
  ScriptedUserMessage,
  UserMessageSource,
} from './runTypes';
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

/** The generation settings of both models: the run's, else the paper's defaults (Table 5). */
function generationSettings(input: RunInstanceInput, isMulti: boolean) {
  const a = input.assistantSettings;
  const s = input.simulatorSettings;
  const defaults = GENERATION_DEFAULTS;
  const assistant = {
    temperature: a?.temperature ?? defaults.assistant.temperature,
    maxTokens: a?.maxTokens ?? (isMulti ? defaults.assistant.maxTokensMulti : defaults.assistant.maxTokensSingle),
    seed: a?.seed ?? defaults.assistant.seed,
  };
  const simulator = {
    temperature: s?.temperature ?? defaults.simulator.temperature,
    maxTokens: s?.maxTokens ?? defaults.simulator.maxTokens,
    seed: s?.seed ?? defaults.simulator.seed,
  };
  return { assistant, simulator };
}

type SimulatorReply = { content: string; shardId: number; source: UserMessageSource; fallbackReason?: string };

/** One instance's conversation as it is run: the trace written, the history sent, the shards revealed. */
class InstanceConversation {
  readonly trace: TraceMessage[] = [];
  readonly history: ChatMessage[] = [];
  readonly usage: RunUsage = { assistant: { calls: 0 }, simulator: { calls: 0 } };
  readonly fallbacks: RunInstanceResult['fallbacks'] = [];
  readonly revealed = new Set<number>();
  /** Events already said (in a fork's prefix or script) or dropped are not sent again. */
  readonly skippedEvents: Set<string>;
  turn = 0;
  lastAssistant = '';
  lastUserWasEvent: boolean;
  readonly rendered: ReturnType<typeof renderInstance>;
  readonly isMulti: boolean;
  readonly settings: ReturnType<typeof generationSettings>;

  constructor(
    private readonly input: RunInstanceInput,
    readonly stamp: () => string,
  ) {
    this.rendered = renderInstance(input.record, input.spec);
    this.isMulti = this.rendered.mode === 'multi';
    this.settings = generationSettings(input, this.isMulti);
    const resume = input.resume;
    this.skippedEvents = new Set<string>(resume?.skippedEvents ?? []);
    this.lastUserWasEvent = resume?.prefixEndsWithEvent ?? false;
    if (resume) {
      for (const m of resume.prefix) {
        this.trace.push(m);
        if ((m.role === 'system' || m.role === 'user' || m.role === 'assistant') && typeof m.content === 'string')
          this.history.push({ role: m.role, content: m.content });
      }
      this.lastAssistant = lastAssistantText(resume.prefix) ?? '';
      this.turn = resume.prefixTurns;
      for (const id of resume.revealed) this.revealed.add(id);
      for (const m of resume.scripted) if (m.event) this.skippedEvents.add(`${m.event}:${m.block ?? 1}`);
    } else if (this.rendered.system !== undefined) {
      this.trace.push({ role: 'system', content: this.rendered.system, timestamp: this.stamp() });
      this.history.push({ role: 'system', content: this.rendered.system });
    }
  }

  emit(p: RunProgress): void {
    this.input.onProgress?.(p);
  }

  checkAbort(): void {
    if (this.input.signal?.aborted) throw new RunAbortedError();
  }

  sendUser(
    content: string,
    source: UserMessageSource,
    tag: Pick<RenderedMessage, 'shard_id' | 'event' | 'block'>,
    plannedTurns: number,
    fallbackReason?: string,
  ): void {
    const turn = ++this.turn;
    const timestamp = this.stamp();
    this.trace.push({ role: 'user', content, timestamp, source });
    this.history.push({ role: 'user', content });
    const log = (content: TraceMessage['content']) =>
      this.trace.push({ role: 'log', content, timestamp: this.stamp() });
    if (fallbackReason !== undefined)
      log({ type: 'simulator-fallback', reason: fallbackReason, shard_id: tag.shard_id });
    if (tag.shard_id !== undefined) log({ type: 'shard_revealed', shard_id: tag.shard_id });
    if (tag.event) log({ type: 'event', event: tag.event, block: tag.block ?? 1 });
    this.emit({
      type: 'user',
      turn,
      plannedTurns,
      content,
      source,
      ...(tag.shard_id !== undefined ? { shardId: tag.shard_id } : {}),
      ...(tag.event ? { event: tag.event } : {}),
      ...(fallbackReason ? { fallbackReason } : {}),
    });
  }

  async askAssistant(): Promise<void> {
    const { assistant, signal } = this.input;
    const settings = this.settings.assistant;
    const turn = this.turn;
    this.checkAbort();
    this.emit({ type: 'assistant-start', turn });
    const res: CompletionResult = await assistant.complete(this.history, {
      temperature: settings.temperature,
      maxTokens: settings.maxTokens,
      // Multi-turn seeds are derived from the base seed, one per turn (Table 5).
      ...(settings.seed !== undefined ? { seed: this.isMulti ? settings.seed + turn - 1 : settings.seed } : {}),
      ...(signal ? { signal } : {}),
      onToken: (delta) => this.emit({ type: 'assistant-token', turn, delta }),
    });
    this.checkAbort();
    addUsage(this.usage.assistant, res.usage);
    this.lastAssistant = res.text;
    this.trace.push({ role: 'assistant', content: res.text, timestamp: this.stamp(), ...usageField(res.usage) });
    this.history.push({ role: 'assistant', content: res.text });
    this.emit({ type: 'assistant', turn, text: res.text });
  }

  async sendScripted(m: ScriptedUserMessage, plannedTurns: number): Promise<void> {
    this.sendUser(m.content, m.source, m, plannedTurns);
    if (m.shard_id !== undefined) this.revealed.add(m.shard_id);
    this.lastUserWasEvent = m.event !== undefined;
    await this.askAssistant();
  }

  async runSingleTurn(): Promise<void> {
    const resume = this.input.resume;
    if (resume) for (const m of resume.scripted) await this.sendScripted(m, 1);
    else {
      this.sendUser(this.rendered.messages[0]!.content, 'prompt', {}, 1);
      await this.askAssistant();
    }
  }

  async runMultiTurn(): Promise<void> {
    const { input } = this;
    const msgs = this.rendered.messages;
    const shardMsgs = msgs.filter((m) => m.kind === 'shard');
    const events = msgs.filter((m) => m.kind === 'event' && !this.skippedEvents.has(`${m.event}:${m.block ?? 1}`));
    const firstEvent = msgs.findIndex((m) => m.kind === 'event');
    // The target shard is the one the events follow (one definition: renderInstance).
    const targetShardId = firstEvent > 0 ? msgs[firstEvent - 1]!.shard_id : input.record.intent?.shard_id;
    const targetIndex = targetShardId === undefined ? -1 : shardMsgs.findIndex((m) => m.shard_id === targetShardId);
    const holdBack = input.holdBackAfterTarget !== false && targetIndex >= 0;
    const planned = msgs.length;
    let eventsSent = events.length === 0;
    let mustReveal = false;
    let idleTurns = 0;
    const recoveryAfter = Math.max(1, input.recoveryAfter ?? 2);
    const maxTurns = planned + 2 * shardMsgs.length * (recoveryAfter + 1) + 4;

    if (input.resume) {
      for (const m of input.resume.scripted) await this.sendScripted(m, planned);
      // After the last event the next turn must reveal, as after inserted events.
      mustReveal = this.lastUserWasEvent && eventsSent;
    } else {
      const first = shardMsgs[0]!;
      this.sendUser(first.content, 'verbatim', { shard_id: first.shard_id }, planned);
      this.revealed.add(first.shard_id!);
      await this.askAssistant();
    }

    for (;;) {
      this.checkAbort();
      if (this.turn > maxTurns) throw new Error(`conversation exceeded ${maxTurns} turns without finishing disclosure`);
      if (!eventsSent && targetShardId !== undefined && this.revealed.has(targetShardId)) {
        // Inserted verbatim, one user turn each, right after the reply to the target shard.
        for (const ev of events) {
          this.sendUser(ev.content, 'event', { event: ev.event, block: ev.block }, planned);
          await this.askAssistant();
        }
        eventsSent = true;
        mustReveal = true;
        continue;
      }
      const unrevealed = shardMsgs.filter((m) => !this.revealed.has(m.shard_id!));
      if (unrevealed.length === 0) break;
      // Matched across conditions: Original holds back the same shards until the target is in.
      const released = !holdBack || (this.revealed.has(targetShardId!) && eventsSent);
      const eligible = unrevealed.filter((m) => released || shardMsgs.indexOf(m) <= targetIndex);
      const mandatory = mustReveal || idleTurns >= recoveryAfter;
      const reply = await this.simulatorTurn(eligible, mandatory);
      const tag = reply.shardId !== -1 ? { shard_id: reply.shardId } : {};
      this.sendUser(reply.content, reply.source, tag, planned, reply.fallbackReason);
      if (reply.shardId !== -1) {
        this.revealed.add(reply.shardId);
        idleTurns = 0;
        mustReveal = false;
      } else idleTurns++;
      await this.askAssistant();
    }
  }

  async simulatorTurn(eligible: RenderedMessage[], mandatory: boolean): Promise<SimulatorReply> {
    const { simulator, signal, record } = this.input;
    const fallback = (reason: string) => {
      const s = eligible[0]!;
      this.fallbacks.push({ turn: this.turn + 1, reason });
      return { content: s.content, shardId: s.shard_id!, source: 'fallback' as const, fallbackReason: reason };
    };
    if (!simulator) throw new ProviderError('unavailable', 'a multi-turn run needs a user-simulator model');
    this.checkAbort();
    this.emit({ type: 'simulator-start', turn: this.turn + 1, mandatory });
    const toShard = (m: RenderedMessage): PromptShard => ({ shard_id: m.shard_id!, text: m.content });
    const revealedShards = record.shards
      .filter((s) => this.revealed.has(s.shard_id))
      .map((s) => ({ shard_id: s.shard_id, text: shardText(s) }));
    const prompt = buildSimulatorPrompt({
      history: this.history,
      revealed: revealedShards,
      eligible: eligible.map(toShard),
      mandatory,
    });
    const settings = this.settings.simulator;
    // One seed per user turn from the base seed, as for the assistant: the simulator writes turn + 1.
    const res = await simulator.complete([{ role: 'user', content: prompt }], {
      temperature: settings.temperature,
      maxTokens: settings.maxTokens,
      seed: settings.seed + this.turn,
      ...(signal ? { signal } : {}),
    });
    this.checkAbort();
    addUsage(this.usage.simulator, res.usage);
    const checked = checkSimulatorReply(res.text, new Set(eligible.map((m) => m.shard_id!)), mandatory);
    if (!checked.ok) return fallback(`${checked.reason}: ${checked.detail}`);
    return { content: checked.response, shardId: checked.shardId, source: 'simulator' };
  }
}

/** The final response's verdict; a scorer that fails leaves it open and says why (the conversation is kept). */
async function scoreFinal(input: RunInstanceInput, finalText: string): Promise<ScoreResult> {
  try {
    return await input.scoreFinal(input.record, input.spec, finalText);
  } catch (e) {
    return { is_correct: null, extracted: null, details: { error: e instanceof Error ? e.message : String(e) } };
  }
}

/** The run's log line (FORMAT.md §2) around the finished conversation. */
function logEntry(input: RunInstanceInput, c: InstanceConversation, score: ScoreResult, startedAt: string) {
  const { record, assistant, simulator } = input;
  const { rendered, isMulti } = c;
  const numericScore = score.is_correct === null ? null : score.is_correct ? 1 : 0;
  const evaluation = {
    type: 'answer-evaluation',
    exact_answer: score.extracted ?? null,
    is_correct: score.is_correct,
    score: numericScore,
    evaluation_return: score.details ?? null,
  };
  c.trace.push({ role: 'log', content: evaluation, timestamp: c.stamp() });
  const entry: RunInstanceResult['entry'] = {
    conv_id: input.convId ?? newConversationId(),
    conv_type: 'intent-eval',
    task: record.task,
    task_id: record.task_id,
    assistant_model: assistant.model,
    user_model: simulator?.model ?? 'none',
    system_model: simulator?.model ?? 'none',
    mode: rendered.mode,
    condition: rendered.condition,
    ...(rendered.path ? { path: rendered.path, k: rendered.k ?? 0 } : {}),
    trace: c.trace,
    is_correct: score.is_correct,
    score: numericScore,
    started_at: startedAt,
    finished_at: c.stamp(),
    assistant_provider: { id: assistant.id, kind: assistant.kind, model: assistant.model },
    ...(simulator && isMulti
      ? { user_provider: { id: simulator.id, kind: simulator.kind, model: simulator.model } }
      : {}),
    generation: { assistant: c.settings.assistant, ...(isMulti ? { user: c.settings.simulator } : {}) },
    usage: c.usage,
    simulator_fallbacks: c.fallbacks.length,
    ...(input.costMeter?.costUsd !== undefined ? { cost_usd: input.costMeter.costUsd } : {}),
    ...(input.extraFields ?? {}),
  };
  return entry;
}

export async function runInstance(input: RunInstanceInput): Promise<RunInstanceResult> {
  const now = input.now ?? (() => new Date());
  const stamp = () => now().toISOString();
  const startedAt = stamp();
  const c = new InstanceConversation(input, stamp);
  try {
    if (c.isMulti) await c.runMultiTurn();
    else await c.runSingleTurn();
  } catch (e) {
    if (input.signal?.aborted || (e instanceof ProviderError && e.kind === 'cancelled')) throw new RunAbortedError();
    throw e;
  }
  c.checkAbort();
  const score = await scoreFinal(input, c.lastAssistant);
  c.checkAbort();
  c.emit({ type: 'scored', result: score });
  const entry = logEntry(input, c, score, startedAt);
  return { entry, score, finalText: c.lastAssistant, usage: c.usage, fallbacks: c.fallbacks };
}

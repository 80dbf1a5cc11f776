// The Intent-Eval protocol through real HTTP to a local OpenAI-compatible server: shard 1
// verbatim, checked simulator replies with fallback, events right after the reply to the target
// shard for every condition and extended path, mandatory disclosure and recovery, single-turn
// controls, scoring, cancellation without a partial line, and no key in the log.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OpenAICompatibleProvider } from '../../../src/core/providers/openaiProvider';
import { runInstance, RunAbortedError } from '../../../src/core/simulator/runInstance';
import { runInstanceToLog } from '../../../src/core/simulator/runToLog';
import { appendRunLogLine } from '../../../src/core/simulator/runLogAppender';
import { checkSimulatorReply, isBareAcknowledgement } from '../../../src/core/simulator/simulatorReply';
import { extendedInstances, renderInstance, type InstanceSpec } from '../../../src/core/render/instances';
import { tagsFromRendered } from '../../../src/core/state/intentTimeline';
import { parseConversation, turnTags } from '../../../src/core/conversation';
import { validateRunLogEntry } from '../../../src/core/load/validateRunLog';
import type { TraceMessage } from '../../../src/core/schema/runlog';
import {
  eligibleShardsInPrompt,
  isMandatoryPrompt,
  startFakeServer,
  type FakeHandler,
  type FakeReply,
  type FakeServer,
  type RecordedRequest,
} from './fakeOpenAIServer';
import { lastNumberScorer, mathRecord } from './runnerFixtures';

const ASSISTANT = 'assistant-m';
const SIMULATOR = 'sim-m';

type SimulatorScript = (prompt: string, call: number) => string;

/** A simulator that rephrases the first shard it is offered. */
const goodSimulator: SimulatorScript = (prompt) => {
  const s = eligibleShardsInPrompt(prompt)[0];
  return s
    ? JSON.stringify({ response: `fyi ${s.shard}`, shard_id: s.shard_id })
    : JSON.stringify({ response: 'nothing else to add', shard_id: -1 });
};

let server: FakeServer;
let dir: string;
let simulatorCalls: string[];

function conversationHandler(
  simulator: SimulatorScript,
  assistantText = (n: number) => `Working on it (reply ${n}). Current total: 120`,
): FakeHandler {
  let assistantCalls = 0;
  return (req: RecordedRequest): FakeReply => {
    if (req.body.model === SIMULATOR) {
      const prompt = req.body.messages[0]!.content;
      simulatorCalls.push(prompt);
      return { kind: 'chat', text: simulator(prompt, simulatorCalls.length) };
    }
    assistantCalls++;
    return { kind: 'chat', text: assistantText(assistantCalls) };
  };
}

function providers(apiKey?: string, stream = false) {
  const common = { baseUrl: server.baseUrl, maxRetries: 0, timeoutMs: 5000, stream, ...(apiKey ? { apiKey } : {}) };
  return {
    assistant: new OpenAICompatibleProvider({ id: 'local-assistant', model: ASSISTANT, ...common }),
    simulator: new OpenAICompatibleProvider({ id: 'local-sim', model: SIMULATOR, ...common }),
  };
}

function userMessages(trace: readonly TraceMessage[]): Array<TraceMessage & { source?: string }> {
  return trace.filter((m) => m.role === 'user') as Array<TraceMessage & { source?: string }>;
}

beforeAll(async () => {
  server = await startFakeServer(conversationHandler(goodSimulator));
  dir = await mkdtemp(join(tmpdir(), 'intent-lens-runner-'));
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(() => {
  simulatorCalls = [];
  server.setHandler(conversationHandler(goodSimulator));
});

describe('simulator reply checks', () => {
  const eligible = new Set([2, 3]);
  it('accepts a JSON reply revealing an eligible shard, also fenced', () => {
    expect(checkSimulatorReply('{"response": "its 6 sacks", "shard_id": 2}', eligible, true)).toEqual({
      ok: true,
      response: 'its 6 sacks',
      shardId: 2,
    });
    expect(
      checkSimulatorReply('```json\n{"response": "its 6 sacks", "shard_id": "3"}\n```', eligible, false),
    ).toMatchObject({ ok: true, shardId: 3 });
  });
  it('rejects bad format, ineligible shards, empty text, bare acknowledgements and -1 on a mandatory turn', () => {
    expect(checkSimulatorReply('sure, 6 sacks', eligible, false)).toMatchObject({ ok: false, reason: 'format' });
    expect(checkSimulatorReply('{"response": "x y z", "shard_id": 4}', eligible, false)).toMatchObject({
      ok: false,
      reason: 'ineligible-shard',
    });
    expect(checkSimulatorReply('{"response": "  ", "shard_id": 2}', eligible, false)).toMatchObject({
      ok: false,
      reason: 'empty',
    });
    expect(checkSimulatorReply('{"response": "Ok, thanks!", "shard_id": 2}', eligible, false)).toMatchObject({
      ok: false,
      reason: 'acknowledgement',
    });
    expect(checkSimulatorReply('{"response": "I don\'t know", "shard_id": -1}', eligible, true)).toMatchObject({
      ok: false,
      reason: 'no-disclosure',
    });
    expect(checkSimulatorReply('{"response": "I don\'t know", "shard_id": -1}', eligible, false)).toMatchObject({
      ok: true,
      shardId: -1,
    });
  });
  it('tells acknowledgements from short answers', () => {
    expect(isBareAcknowledgement('got it, sounds good')).toBe(true);
    expect(isBareAcknowledgement('yes 6 sacks')).toBe(false);
    expect(isBareAcknowledgement("I don't know")).toBe(false);
  });
});

describe('multi-turn protocol', () => {
  it('sends shard 1 verbatim, then simulator messages, and logs reveals after each user message', async () => {
    const { assistant, simulator } = providers();
    const before = server.requests.length;
    const r = await runInstance({
      record: mathRecord,
      spec: { mode: 'multi', condition: 'original' },
      assistant,
      simulator,
      scoreFinal: lastNumberScorer,
    });
    const sent = server.requests.slice(before);
    const users = userMessages(r.entry.trace);
    expect(users[0]!.content).toBe('work out what the baker spent on flour');
    expect(users[0]!.source).toBe('verbatim');
    expect(users.slice(1).map((u) => u.content)).toEqual([
      'fyi the baker bought 6 sacks of flour',
      'fyi every sack holds 10 kilograms',
      'fyi flour costs $2 per kilogram',
    ]);
    expect(users.slice(1).every((u) => u.source === 'simulator')).toBe(true);
    expect(r.fallbacks).toEqual([]);
    // The simulator sees the conversation and the revealed shards, and only eligible shards.
    expect(simulatorCalls[0]).toContain('[User]\nwork out what the baker spent on flour');
    expect(simulatorCalls[0]).toContain('"shard_id":1');
    expect(eligibleShardsInPrompt(simulatorCalls[0]!).map((s) => s.shard_id)).toEqual([2]);
    expect(eligibleShardsInPrompt(simulatorCalls[1]!).map((s) => s.shard_id)).toEqual([3, 4]);
    // Repeatable: the simulator and the assistant both run at temperature 0 with one seed per user
    // turn (the simulator writes U2–U4, the assistant answers U1–U4); token limits are the paper's.
    const settings = (model: string) =>
      sent
        .filter((q) => q.body.model === model)
        .map((q) => ({ temperature: q.body.temperature, seed: q.body.seed, max_tokens: q.body.max_tokens }));
    expect(settings(SIMULATOR)).toEqual([1, 2, 3].map((seed) => ({ temperature: 0, seed, max_tokens: 192 })));
    expect(settings(ASSISTANT)).toEqual([0, 1, 2, 3].map((seed) => ({ temperature: 0, seed, max_tokens: 4096 })));
    expect(r.entry.generation).toEqual({
      assistant: { temperature: 0, maxTokens: 4096, seed: 0 },
      user: { temperature: 0, maxTokens: 192, seed: 0 },
    });
    const asReq = sent.filter((q) => q.body.model === ASSISTANT).at(-1)!;
    expect(asReq.body.messages[0]).toEqual({ role: 'system', content: 'Solve the math problem step by step.' });
    expect(r.entry.is_correct).toBe(true);
    expect(r.entry.score).toBe(1);
    const evalLog = r.entry.trace.at(-1)!;
    expect(evalLog).toMatchObject({
      role: 'log',
      content: { type: 'answer-evaluation', exact_answer: '120', is_correct: true, score: 1 },
    });
    expect(
      validateRunLogEntry(JSON.parse(JSON.stringify(r.entry)), { file: 'x', line: 1, column: 1 }).diagnostics,
    ).toEqual([]);
  });

  it('falls back to the stored text of the first eligible shard when a reply fails a check', async () => {
    const bad = [
      'not json at all',
      JSON.stringify({ response: 'every sack is 10kg', shard_id: 3 }),
      JSON.stringify({ response: 'ok', shard_id: 3 }),
    ];
    server.setHandler(
      conversationHandler((prompt, call) => (call <= bad.length ? bad[call - 1]! : goodSimulator(prompt, call))),
    );
    const { assistant, simulator } = providers();
    const r = await runInstance({
      record: mathRecord,
      spec: { mode: 'multi', condition: 'original' },
      assistant,
      simulator,
      scoreFinal: lastNumberScorer,
    });
    const users = userMessages(r.entry.trace);
    // Call 1: not JSON -> shard 2 verbatim. Call 2: shard 3 is eligible now and fine. Call 3: bare ack -> shard 4 verbatim.
    expect(users.map((u) => [u.source, u.content])).toEqual([
      ['verbatim', 'work out what the baker spent on flour'],
      ['fallback', 'the baker bought 6 sacks of flour'],
      ['simulator', 'every sack is 10kg'],
      ['fallback', 'flour costs $2 per kilogram'],
    ]);
    expect(r.fallbacks.map((f) => f.reason.split(':')[0])).toEqual(['format', 'acknowledgement']);
    expect(
      r.entry.trace.filter((m) => m.role === 'log' && (m.content as { type: string }).type === 'simulator-fallback'),
    ).toHaveLength(2);
  });

  it('holds shards after the target back until the event is in: a reply revealing one falls back', async () => {
    server.setHandler(
      conversationHandler((prompt) =>
        prompt.includes('"shard_id":2,')
          ? JSON.stringify({ response: 'its 10 kg a sack', shard_id: 3 })
          : goodSimulator(prompt, 0),
      ),
    );
    const { assistant, simulator } = providers();
    const r = await runInstance({
      record: mathRecord,
      spec: { mode: 'multi', condition: 'retained' },
      assistant,
      simulator,
      scoreFinal: lastNumberScorer,
    });
    expect(r.fallbacks[0]!.reason).toMatch(/^ineligible-shard/);
    expect(userMessages(r.entry.trace)[1]!.content).toBe('the baker bought 6 sacks of flour');
  });

  it('requires disclosure after an event and recovers after consecutive idle turns', async () => {
    server.setHandler(
      conversationHandler(() => JSON.stringify({ response: "I don't know, whatever you think", shard_id: -1 })),
    );
    const { assistant, simulator } = providers();
    const r = await runInstance({
      record: mathRecord,
      spec: { mode: 'multi', condition: 'neutral' },
      assistant,
      simulator,
      scoreFinal: lastNumberScorer,
      recoveryAfter: 2,
    });
    const seq = userMessages(r.entry.trace).map((u) => u.source);
    // Before the target: two idle turns, then a recovery turn (mandatory, falls back to shard 2);
    // then the two neutral events; then every turn after the event must disclose (fallback).
    expect(seq).toEqual([
      'verbatim',
      'simulator',
      'simulator',
      'fallback',
      'event',
      'event',
      'fallback',
      'simulator',
      'simulator',
      'fallback',
    ]);
    expect(simulatorCalls.map(isMandatoryPrompt)).toEqual([false, false, true, true, false, false, true]);
    expect(r.fallbacks.map((f) => f.reason.split(':')[0])).toEqual(['no-disclosure', 'no-disclosure', 'no-disclosure']);
  });

  const baseSpecs: InstanceSpec[] = [
    { mode: 'multi', condition: 'original' },
    { mode: 'multi', condition: 'neutral' },
    { mode: 'multi', condition: 'retained' },
    { mode: 'multi', condition: 'revised' },
  ];
  const specs: InstanceSpec[] = [...baseSpecs, ...extendedInstances(mathRecord)];
  it.each(specs.map((s) => [`${s.condition}${s.path ? ` ${s.path} k=${s.k}` : ''}`, s] as const))(
    'puts the events of %s in the rendered order, right after the reply to the target shard',
    async (_label, spec) => {
      const { assistant, simulator } = providers(undefined, true);
      const r = await runInstance({ record: mathRecord, spec, assistant, simulator, scoreFinal: lastNumberScorer });
      const rendered = renderInstance(mathRecord, spec);
      const strip = (t: { shard_ids: number[]; event?: string; block?: number }) => ({
        shard_ids: t.shard_ids,
        event: t.event,
        block: t.block,
      });
      expect(turnTags(parseConversation(r.entry).turns).map(strip)).toEqual(tagsFromRendered(rendered).map(strip));
      // Event texts verbatim, each sent after an assistant reply and answered.
      const trace = r.entry.trace;
      const renderedEvents = rendered.messages.filter((m) => m.kind === 'event');
      const eventUsers = trace
        .map((m, i) => [m, i] as const)
        .filter(([m]) => m.role === 'user' && (m as { source?: string }).source === 'event');
      expect(eventUsers.map(([m]) => m.content)).toEqual(renderedEvents.map((m) => m.content));
      for (const [, i] of eventUsers) {
        const before = trace
          .slice(0, i)
          .filter((m) => m.role !== 'log')
          .at(-1)!;
        expect(before.role).toBe('assistant');
      }
      if (renderedEvents.length) {
        // The first event follows the assistant's reply to the user message that revealed shard 2.
        const reveal2 = trace.findIndex((m) => m.role === 'log' && (m.content as { shard_id?: number }).shard_id === 2);
        const between = trace.slice(reveal2 + 1, eventUsers[0]![1]).filter((m) => m.role !== 'log');
        expect(between.map((m) => m.role)).toEqual(['assistant']);
      }
      expect(r.entry).toMatchObject({
        mode: 'multi',
        condition: rendered.condition,
        ...(spec.path ? { path: spec.path, k: spec.k } : {}),
      });
      expect(r.entry.is_correct).toBe(rendered.active === 'original');
      expect(
        validateRunLogEntry(JSON.parse(JSON.stringify(r.entry)), { file: 'x', line: 1, column: 1 }).diagnostics,
      ).toEqual([]);
    },
  );
});

describe('single-turn controls', () => {
  it.each(['original', 'direct', 'revised', 'retained'] as const)(
    'sends %s as one message with the single-turn budget',
    async (condition) => {
      const start = server.requests.length;
      const { assistant, simulator } = providers();
      const r = await runInstance({
        record: mathRecord,
        spec: { mode: 'single', condition },
        assistant,
        simulator,
        scoreFinal: lastNumberScorer,
      });
      const users = userMessages(r.entry.trace);
      expect(users).toHaveLength(1);
      expect(users[0]!.content).toBe(renderInstance(mathRecord, { mode: 'single', condition }).messages[0]!.content);
      const sent = server.requests.slice(start);
      expect(sent.map((q) => q.body.model)).toEqual([ASSISTANT]);
      expect(sent[0]!.body.max_tokens).toBe(1000);
      expect(r.entry.mode).toBe('single');
    },
  );
});

describe('writing the log line', () => {
  it('writes one complete line, and never the API key', async () => {
    const out = join(dir, 'key', 'run.jsonl');
    const secret = 'sk-SECRET-do-not-log-4242';
    const { assistant, simulator } = providers(secret);
    const r = await runInstanceToLog(
      {
        record: mathRecord,
        spec: { mode: 'multi', condition: 'revised' },
        assistant,
        simulator,
        scoreFinal: lastNumberScorer,
      },
      out,
    );
    const text = await readFile(out, 'utf8');
    expect(text.endsWith('\n')).toBe(true);
    expect(text.trim().split('\n')).toHaveLength(1);
    expect(text).not.toContain(secret);
    expect(text).not.toContain('SECRET');
    expect(server.requests.at(-1)!.headers.authorization).toBe(`Bearer ${secret}`);
    const line = JSON.parse(text) as Record<string, unknown>;
    expect(line).toMatchObject({
      conv_id: r.entry.conv_id,
      task_id: mathRecord.task_id,
      assistant_model: ASSISTANT,
      user_model: SIMULATOR,
      condition: 'revised',
      is_correct: false,
      score: 0,
    });
    expect(line.usage).toMatchObject({
      assistant: { calls: 6, input_tokens: 66, output_tokens: 42 },
      simulator: { calls: 3 },
    });
  });

  it('writes nothing when the run is cancelled mid-conversation', async () => {
    const out = join(dir, 'cancel', 'run.jsonl');
    await appendRunLogLine(out, { conv_id: 'existing', task: 'math', task_id: 'x', trace: [] });
    const before = await readFile(out, 'utf8');
    let assistantCalls = 0;
    const ac = new AbortController();
    server.setHandler((req) => {
      if (req.body.model === SIMULATOR) return { kind: 'chat', text: goodSimulator(req.body.messages[0]!.content, 0) };
      assistantCalls++;
      if (assistantCalls === 3) {
        setTimeout(() => ac.abort(), 50);
        return { kind: 'hang' };
      }
      return { kind: 'chat', text: 'fine' };
    });
    const { assistant, simulator } = providers();
    await expect(
      runInstanceToLog(
        {
          record: mathRecord,
          spec: { mode: 'multi', condition: 'retained' },
          assistant,
          simulator,
          scoreFinal: lastNumberScorer,
          signal: ac.signal,
        },
        out,
      ),
    ).rejects.toBeInstanceOf(RunAbortedError);
    expect(await readFile(out, 'utf8')).toBe(before);
  });

  it('writes nothing when a provider fails', async () => {
    const out = join(dir, 'fail', 'run.jsonl');
    server.setHandler((req) =>
      req.body.model === SIMULATOR ? { kind: 'status', status: 500 } : { kind: 'chat', text: 'fine' },
    );
    const { assistant, simulator } = providers();
    await expect(
      runInstanceToLog(
        {
          record: mathRecord,
          spec: { mode: 'multi', condition: 'original' },
          assistant,
          simulator,
          scoreFinal: lastNumberScorer,
        },
        out,
      ),
    ).rejects.toThrow(/500/);
    await expect(stat(out)).rejects.toThrow();
  });

  it('keeps concurrent appends whole, and ends an unterminated last line first', async () => {
    const out = join(dir, 'concurrent.jsonl');
    await writeFile(out, '{"conv_id":"a","task":"math","task_id":"t","trace":[]}');
    const big = 'x'.repeat(200_000);
    await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        appendRunLogLine(out, { conv_id: `c${i}`, task: 'math', task_id: 't', trace: [], pad: big }),
      ),
    );
    const lines = (await readFile(out, 'utf8')).split('\n');
    expect(lines.at(-1)).toBe('');
    const parsed = lines.slice(0, -1).map((l) => JSON.parse(l) as { conv_id: string });
    expect(parsed.map((p) => p.conv_id).sort()).toEqual(['a', ...Array.from({ length: 25 }, (_, i) => `c${i}`)].sort());
  });
});

// Issue 40.2: the first user turn of a multi-turn conversation reveals shard 1 (FORMAT.md: sent
// verbatim as the first user message), with or without a log entry for it. A fork / resumed run
// must not send it again, shard-first must move the next unrevealed shard, and the In Effect rail
// must show a requirement of shard 1 in effect from U1 — all read from the one parse.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInstance } from '../../../src/core/simulator/runInstance';
import { runForkToLog } from '../../../src/core/fork/runFork';
import { planFork } from '../../../src/core/fork/forkPlan';
import { parseConversation } from '../../../src/core/conversation';
import { inEffectFromLog } from '../../../src/extension/evolving/inEffectState';
import { RunLogEntrySchema, type RunLogEntry, type TraceMessage } from '../../../src/core/schema/runlog';
import type { BenchmarkRecord } from '../../../src/core/schema/records';
import { eligibleShardsInPrompt, startFakeServer, type FakeServer } from '../runner/fakeOpenAIServer';
import { lastNumberScorer, mathRecord } from '../runner/runnerFixtures';
import { SIMULATOR, readLines, worldHandler, worldProviders } from './forkFixtures';

const isRevealOf = (m: TraceMessage, id: number) =>
  m.role === 'log' &&
  typeof m.content === 'object' &&
  m.content !== null &&
  (m.content as { shard_id?: unknown }).shard_id === id &&
  /revealed$/.test(String((m.content as { type?: unknown }).type));

/** The logged conversation without its reveal entry for shard 1 (as some real logs are). */
function withoutShard1Entry(e: RunLogEntry): RunLogEntry {
  return RunLogEntrySchema.parse({
    ...e,
    conv_id: `${e.conv_id}-no-entry`,
    trace: e.trace.filter((m) => !isRevealOf(m, 1)),
  });
}

/** LiC's snowball style: `hint_revealed` logged before the user message it belongs to. */
function withHintBefore(e: RunLogEntry): RunLogEntry {
  const trace = e.trace.filter((m) => !isRevealOf(m, 1));
  const firstUser = trace.findIndex((m) => m.role === 'user');
  trace.splice(firstUser, 0, { role: 'log', content: { type: 'hint_revealed', shard_id: 1 } });
  return RunLogEntrySchema.parse({ ...e, conv_id: `${e.conv_id}-hint`, trace });
}

let server: FakeServer;
let dir: string;
let parent: RunLogEntry;

beforeAll(async () => {
  server = await startFakeServer(worldHandler());
  dir = await mkdtemp(join(tmpdir(), 'intent-lens-fork-shard1-'));
  const r = await runInstance({
    record: mathRecord,
    spec: { mode: 'multi', condition: 'retained' },
    ...worldProviders(server.baseUrl),
    scoreFinal: lastNumberScorer,
  });
  parent = r.entry;
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

describe('shard 1 is revealed by the first user turn', () => {
  it('the parse puts shard 1 on U1 whether the log has no entry, a hint_revealed before it, or a shard_revealed', () => {
    for (const e of [parent, withoutShard1Entry(parent), withHintBefore(parent)]) {
      const turns = parseConversation(e).turns;
      expect(turns[0]!.shardIds).toEqual([1]);
      expect(turns.filter((t) => t.shardIds.includes(1))).toHaveLength(1);
    }
  });

  it('a fork plan counts shard 1 as revealed before the edit; shard-first moves the next unrevealed shard', () => {
    const bare = withoutShard1Entry(parent);
    expect(planFork(mathRecord, bare, { kind: 'drop-proposal' }).resume.revealed).toEqual(
      expect.arrayContaining([1, 2]),
    );
    const moved = planFork(mathRecord, bare, { kind: 'shard-first' }, 3).resume.scripted;
    expect(moved.map((m) => m.shard_id)).toEqual([3]);
  });

  it('a fork without the entry sends only the remaining shards, in order, and never offers shard 1 again', async () => {
    const bare = withoutShard1Entry(parent);
    const parentFile = join(dir, 'parent.jsonl');
    await writeFile(parentFile, JSON.stringify(bare) + '\n');
    const before = server.requests.length;
    const out = join(dir, 'fork.jsonl');
    const r = await runForkToLog(
      {
        record: mathRecord,
        parent: bare,
        edit: { kind: 'drop-proposal' },
        ...worldProviders(server.baseUrl),
        scoreFinal: lastNumberScorer,
      },
      out,
    );
    const [line] = await readLines(out);
    const entry = JSON.parse(line!) as RunLogEntry;
    const sent = entry.trace.slice(r.plan.prefixLength);
    expect(sent.filter((m) => m.role === 'user').map((m) => m.content)).toEqual([
      'fyi every sack holds 10 kilograms',
      'fyi flour costs $2 per kilogram',
    ]);
    expect(
      sent
        .filter((m) => m.role === 'log')
        .map((m) => (m.content as { type: string; shard_id?: number }).shard_id)
        .filter((id) => id !== undefined),
    ).toEqual([3, 4]);
    expect(sent.some((m) => m.role === 'log' && (m.content as { type: string }).type === 'simulator-fallback')).toBe(
      false,
    );
    const offered = server.requests
      .slice(before)
      .filter((q) => q.body.model === SIMULATOR)
      .flatMap((q) => eligibleShardsInPrompt(q.body.messages[0]!.content).map((s) => s.shard_id));
    expect(offered).not.toContain(1);
  });
});

describe('the In Effect rail', () => {
  // The requirement lives in shard 1: the rail must show it in effect from U1 on.
  const record: BenchmarkRecord = {
    ...mathRecord,
    shards: [
      { shard_id: 1, shard_text: 'work out what the baker spent on 6 sacks of flour' },
      ...mathRecord.shards.slice(2),
    ],
    intent: { ...mathRecord.intent!, shard_id: 1 },
  };
  const entry = RunLogEntrySchema.parse({
    conv_id: 'rail-1',
    task: 'math',
    task_id: record.task_id,
    mode: 'multi',
    condition: 'retained',
    trace: [
      { role: 'user', content: record.shards[0]!.shard_text },
      { role: 'assistant', content: 'Noted.' },
      { role: 'user', content: record.intent!.proposal },
      { role: 'log', content: { type: 'event', event: 'proposal', block: 1 } },
      { role: 'assistant', content: 'Shall I use 3 sacks?' },
      { role: 'user', content: record.intent!.reject },
      { role: 'log', content: { type: 'event', event: 'reject', block: 1 } },
      { role: 'assistant', content: 'Keeping 6 sacks.' },
    ],
    is_correct: null,
  });

  it('shows a requirement of shard 1 in effect from U1 when the log has no reveal entry for it', () => {
    const state = inEffectFromLog(entry, record);
    expect(state.turns[0]!.label).toBe('shard 1');
    expect(state.turns[0]!.requirements[0]!.inEffect).toBe('6 sacks');
    expect(state.turns[2]!.requirements[0]!.inEffect).toBe('6 sacks');
    expect(state.turns[2]!.requirements[0]!.values.find((v) => v.value === '3 sacks')?.status).toBe('rejected');
  });

  it('a single-turn prompt is not a shard turn', () => {
    const single = RunLogEntrySchema.parse({
      ...entry,
      conv_id: 'rail-single',
      mode: 'single',
      trace: entry.trace.slice(0, 2),
    });
    expect(parseConversation(single, record).turns[0]!.shardIds).toEqual([]);
  });
});

// Forks of a logged Retained failure through real HTTP to the local OpenAI-compatible server: the
// prefix stays byte-identical as logged, the edit lands at the right turn, the remaining shards
// and events follow render's order, and the fork is scored and written with `forked_from`.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInstance } from '../../../src/core/simulator/runInstance';
import { runForkToLog, type ForkInput } from '../../../src/core/fork/runFork';
import { ForkError, describeEdit } from '../../../src/core/fork/forkPlan';
import { parseJsonSpans, type JsonNode } from '../../../src/core/jsonl/jsonSpans';
import { renderInstance } from '../../../src/core/render/instances';
import { tagsFromRendered } from '../../../src/core/state/intentTimeline';
import { parseConversation, turnTags } from '../../../src/core/conversation';
import { validateRunLogEntry } from '../../../src/core/load/validateRunLog';
import { RunLogEntrySchema, type RunLogEntry, type TraceMessage } from '../../../src/core/schema/runlog';
import { buildCompareState } from '../../../src/extension/compare/buildCompareState';
import { detectInactive } from '../../../src/core/inactive/detectInactive';
import { CompareStateSchema } from '../../../src/shared/protocol/compare';
import { jsonSchemas } from '../../../src/core/schema/jsonSchemas';
import { startFakeServer, isMandatoryPrompt, type FakeServer } from '../runner/fakeOpenAIServer';
import { lastNumberScorer, mathRecord } from '../runner/runnerFixtures';
import { ASSISTANT, SIMULATOR, readLines, worldHandler, worldProviders } from './forkFixtures';

let server: FakeServer;
let dir: string;
let parentText: string;
let parent: RunLogEntry;
const it_ = mathRecord.intent!;

function traceItems(lineText: string): string[] {
  const root = parseJsonSpans(lineText);
  const trace = root.type === 'object' ? root.members.find((m) => m.key === 'trace')!.value : undefined;
  return (trace as Extract<JsonNode, { type: 'array' }>).items.map((n) => lineText.slice(n.start, n.end));
}
const users = (trace: readonly TraceMessage[]) =>
  trace.filter((m) => m.role === 'user') as Array<TraceMessage & { source?: string }>;
const strip = (t: { shard_ids: number[]; event?: string; block?: number }) => ({
  shard_ids: t.shard_ids,
  event: t.event,
  block: t.block,
});

beforeAll(async () => {
  server = await startFakeServer(worldHandler());
  dir = await mkdtemp(join(tmpdir(), 'intent-lens-fork-'));
  const { assistant, simulator } = worldProviders(server.baseUrl);
  const r = await runInstance({
    record: mathRecord,
    spec: { mode: 'multi', condition: 'retained' },
    assistant,
    simulator,
    scoreFinal: lastNumberScorer,
  });
  // Escapes JSON.parse + JSON.stringify would not reproduce: only a verbatim copy keeps them.
  parentText = JSON.stringify(r.entry)
    .replace('"work out what', '"work\\u0020out what')
    .replace(/"role":"user"/g, '"role" : "user"');
  await writeFile(join(dir, 'parent.jsonl'), parentText + '\n');
  parent = RunLogEntrySchema.parse(JSON.parse(parentText));
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(() => server.setHandler(worldHandler()));

function forkInput(edit: ForkInput['edit'], turn?: number): ForkInput {
  return {
    record: mathRecord,
    parent,
    parentText,
    edit,
    ...(turn !== undefined ? { turn } : {}),
    ...worldProviders(server.baseUrl),
    scoreFinal: lastNumberScorer,
  };
}

describe('fork from a turn', () => {
  it('the parent is the failure the script implies: proposal at U3, reject at U4, answer 60 ≠ 120', () => {
    expect(parent.is_correct).toBe(false);
    expect(turnTags(parseConversation(parent).turns).map((t) => t.event)).toEqual([
      undefined,
      undefined,
      'proposal',
      'reject',
      undefined,
      undefined,
    ]);
  });

  it('drop-proposal: keeps U1–U2 byte-identical, removes the proposal and its reject, and recovers', async () => {
    const out = join(dir, 'drop-proposal.jsonl');
    const before = server.requests.length;
    const r = await runForkToLog(forkInput({ kind: 'drop-proposal' }), out);
    const [line] = await readLines(out);
    const forkItems = traceItems(line!);
    const parentItems = traceItems(parentText);
    expect(r.plan.turn).toBe(3);
    expect(r.plan.prefixLength).toBeGreaterThan(4);
    expect(forkItems.slice(0, r.plan.prefixLength)).toEqual(parentItems.slice(0, r.plan.prefixLength));
    expect(forkItems[1]).toContain('work\\u0020out');
    const entry = JSON.parse(line!) as RunLogEntry & Record<string, unknown>;
    expect(users(entry.trace).map((u) => u.content)).toEqual([
      users(parent.trace)[0]!.content,
      users(parent.trace)[1]!.content,
      'fyi every sack holds 10 kilograms',
      'fyi flour costs $2 per kilogram',
    ]);
    expect(entry.trace.some((m) => m.role === 'log' && (m.content as { type: string }).type === 'event')).toBe(false);
    expect(entry).toMatchObject({
      condition: 'retained',
      is_correct: true,
      score: 1,
      forked_from: { conv_id: parent.conv_id, turn: 3, edit: 'drop-proposal' },
    });
    expect(entry.conv_id).not.toBe(parent.conv_id);
    // Only the continuation costs calls: two assistant and two simulator turns.
    expect(r.usage.assistant.calls).toBe(2);
    expect(server.requests.length - before).toBe(4);
    // Repeatable: temperature 0, and the seeds of the turns they write (U3, U4), as in a fresh run.
    const sent = server.requests
      .slice(before)
      .map((q) => ({ model: q.body.model, temperature: q.body.temperature, seed: q.body.seed }));
    expect(sent).toEqual([
      { model: SIMULATOR, temperature: 0, seed: 2 },
      { model: ASSISTANT, temperature: 0, seed: 2 },
      { model: SIMULATOR, temperature: 0, seed: 3 },
      { model: ASSISTANT, temperature: 0, seed: 3 },
    ]);
    expect(validateRunLogEntry(entry, { file: out, line: 1, column: 1 }).diagnostics).toEqual([]);
  });

  it('flip-decision: finds the reject, sends the accept at U4, becomes Revised, and is scored against the revised reference', async () => {
    const sims: string[] = [];
    server.setHandler((req, i) => {
      if (req.body.model !== ASSISTANT) sims.push(req.body.messages[0]!.content);
      return worldHandler()(req, i);
    });
    const r = await runForkToLog(forkInput({ kind: 'flip-decision' }), join(dir, 'flip.jsonl'));
    expect(r.plan.turn).toBe(4);
    const u = users(r.entry.trace);
    expect(u[3]).toMatchObject({ content: it_.accept, source: 'event' });
    expect(u[2]!.content).toBe(it_.proposal);
    expect(r.entry).toMatchObject({ condition: 'revised', is_correct: true });
    expect(turnTags(parseConversation(r.entry).turns).map(strip)).toEqual(
      tagsFromRendered(renderInstance(mathRecord, { mode: 'multi', condition: 'revised' })).map(strip),
    );
    // The turn after the decision must reveal, as after inserted events.
    expect(sims.map(isMandatoryPrompt)).toEqual([true, false]);
    expect(describeEdit(r.plan.forkedFrom)).toBe('decision at U4 flipped');
  });

  it('replace-user: the new wording stands in for the reject (same event tag) and the rest follows', async () => {
    const text = 'Absolutely not. It is 6 sacks, final.';
    const r = await runForkToLog(forkInput({ kind: 'replace-user', text }, 4), join(dir, 'replace.jsonl'));
    const u = users(r.entry.trace);
    expect(u[3]).toMatchObject({ content: text, source: 'edit' });
    expect(turnTags(parseConversation(r.entry).turns).map(strip)).toEqual(
      turnTags(parseConversation(parent).turns).map(strip),
    );
    expect((r.entry as Record<string, unknown>).forked_from).toEqual({
      conv_id: parent.conv_id,
      turn: 4,
      edit: 'replace-user',
      text,
    });
    expect(r.entry.is_correct).toBe(false);
  });

  it('shard-first: the next shard goes in verbatim at U3, then the proposal and reject, then the rest', async () => {
    const r = await runForkToLog(forkInput({ kind: 'shard-first' }, 3), join(dir, 'shard-first.jsonl'));
    const tags = turnTags(parseConversation(r.entry).turns).map(strip);
    expect(tags.map((t) => t.event ?? `s${t.shard_ids.join()}`)).toEqual([
      's1',
      's2',
      's3',
      'proposal',
      'reject',
      's4',
    ]);
    expect(users(r.entry.trace)[2]).toMatchObject({ content: 'every sack holds 10 kilograms', source: 'verbatim' });
  });

  it('drop-user: a dropped shard turn is revealed later by the simulator, in render order', async () => {
    const r = await runForkToLog(forkInput({ kind: 'drop-user' }, 2), join(dir, 'drop-user.jsonl'));
    expect(turnTags(parseConversation(r.entry).turns).map(strip)).toEqual(
      tagsFromRendered(renderInstance(mathRecord, { mode: 'multi', condition: 'retained' })).map(strip),
    );
    expect(users(r.entry.trace)[1]!.content).toBe('fyi the baker bought 6 sacks of flour');
  });

  it('refuses edits that do not fit the turn, writing nothing', async () => {
    const out = join(dir, 'refused.jsonl');
    await expect(runForkToLog(forkInput({ kind: 'drop-user' }, 1), out)).rejects.toThrow(ForkError);
    await expect(runForkToLog(forkInput({ kind: 'flip-decision' }, 3), out)).rejects.toThrow(
      /U3 is not an accept or reject decision \(see U4\)/,
    );
    await expect(runForkToLog(forkInput({ kind: 'replace-user', text: 'x' }, 9), out)).rejects.toThrow(/U1\.\.U6/);
    await expect(readFile(out, 'utf8')).rejects.toThrow();
  });

  it('parent ↔ fork compare: the branch point is the edited turn and says what was edited', async () => {
    const r = await runForkToLog(forkInput({ kind: 'drop-proposal' }), join(dir, 'compare.jsonl'));
    const ref = (conv_id: string) => ({ conv_id, file: '/ws/logs/x.jsonl', line: 1 });
    const state = buildCompareState({
      record: mathRecord,
      left: { ref: ref(parent.conv_id), entry: parent },
      right: { ref: ref(r.entry.conv_id), entry: r.entry },
      detector: detectInactive,
      detectorName: 'detectInactive',
      timing: { commandAt: 1, panelCreatedAt: 2 },
    });
    expect(CompareStateSchema.safeParse(state).success).toBe(true);
    expect(state.branchSummary).toBe('Fork at U3: proposal at U3 and its decision dropped');
    const row = state.rows[state.branchRow!]!;
    expect(row.left).toBe(2);
    expect(state.prefixEnd).toBe(state.branchRow);
    expect([state.left.verdict, state.right.verdict]).toEqual(['incorrect', 'correct']);
  });

  it('the run-log JSON Schema reads the optional forked_from', () => {
    const schema = JSON.stringify(jsonSchemas()['run-log']);
    expect(schema).toContain('"forked_from"');
    expect(
      RunLogEntrySchema.safeParse({ ...parent, forked_from: { conv_id: 'p', turn: 0, edit: 'drop-user' } }).success,
    ).toBe(false);
    expect(
      RunLogEntrySchema.safeParse({
        ...parent,
        forked_from: { conv_id: 'p', turn: 2, edit: 'a-later-edit', note: 'kept' },
      }).success,
    ).toBe(true);
  });
});

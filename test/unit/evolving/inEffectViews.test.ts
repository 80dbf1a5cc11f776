// The In Effect state and the Sources-tree nodes for evolving-intent plans, from the samples.
import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseEvolvingText } from '../../../src/core/load/dataFiles';
import { RunLogIndex } from '../../../src/core/load/runLogIndex';
import { inEffectFromLog, inEffectFromPlan } from '../../../src/extension/evolving/inEffectState';
import { InEffectStateSchema } from '../../../src/shared/protocol/inEffect';
import { BenchmarkRecordSchema } from '../../../src/core/schema/records';
import { RunLogEntrySchema } from '../../../src/core/schema/runlog';

const root = resolve(__dirname, '../../..');
const planFile = resolve(root, 'samples/evolving/sample.evolving.jsonl');
const logFile = resolve(root, 'samples/logs/evolving/model-a.jsonl');
const plans = parseEvolvingText(planFile, readFileSync(planFile, 'utf8')).items.map((i) => ({
  plan: i.value,
  file: planFile,
  line: i.line,
}));
const reading = plans.find((p) => p.plan.task_id === 'sample-evolving-math/reading')!.plan;

async function loadLog() {
  const index = new RunLogIndex();
  await index.indexFile(logFile);
  return index;
}

describe('In Effect state', () => {
  it('a plan as written: one rail turn per user turn, changes marked, inactive listed', () => {
    const s = inEffectFromPlan(reading, 'oracle');
    expect(InEffectStateSchema.safeParse(s).success).toBe(true);
    expect(s.turns.map((t) => t.label)).toEqual(['initial', 'switch', 'revise', 'reveal', 'switch']);
    const sw = s.turns[1]!;
    expect(sw.functionChanged).toBe(true);
    expect(sw.functions).toEqual([
      { name: 'total_pages_read', status: 'superseded' },
      { name: 'days_to_finish', status: 'in-effect' },
    ]);
    expect(sw.requirements.find((r) => r.name === 'days')).toMatchObject({
      changed: true,
      values: [{ value: '8', status: 'superseded' }],
    });
    const revise = s.turns[2]!;
    expect(revise.requirements.filter((r) => r.changed).map((r) => r.name)).toEqual(['pages_per_day']);
    expect(revise.user).toContain('Before answering, recall that the goal is');
    expect(s.inactive.filter((i) => i.isFunction).map((i) => i.value)).toEqual(['total_pages_read', 'days_to_finish']);
  });

  it('a logged run: user and assistant text per turn, trace indices, verdict', async () => {
    const index = await loadLog();
    const ref = index.conversations().find((r) => r.task_id === reading.task_id && r.recap === 'none')!;
    const s = inEffectFromLog(await index.readConversation(ref), reading, ref);
    expect(InEffectStateSchema.safeParse(s).success).toBe(true);
    expect(s.verdict).toBe('incorrect');
    expect(s.instanceLabel).toBe('evolving · recap none');
    expect(s.turns[0]!.traceIndex).toBe(1);
    expect(s.turns[0]!.user).toBe(reading.turns[0]!.user);
    expect(s.turns[0]!.assistant).toContain('200');
    expect(s.notes).toEqual([]);
  });

  it('an Intent-Eval run: labels from shards and events; a missing record is a note', () => {
    const record = BenchmarkRecordSchema.parse({
      task_id: 't',
      task: 'math',
      shards: [
        { shard_id: 1, shard_text: 'goal' },
        { shard_id: 2, shard_text: '4 bags' },
      ],
      intent: {
        shard_id: 2,
        requirement: 'bags',
        original: '4 bags',
        revised: '2 bags',
        proposal: 'p',
        accept: 'a',
        reject: 'r',
        neutral: ['n1', 'n2'],
        single_turn: { original: 'o', direct_revised: 'd' },
        reference: { original: 300, revised: 150 },
      },
    });
    const entry = RunLogEntrySchema.parse({
      conv_id: 'c',
      task: 'math',
      task_id: 't',
      condition: 'retained',
      trace: [
        { role: 'user', content: 'goal' },
        { role: 'log', content: { type: 'shard_revealed', shard_id: 1 } },
        { role: 'assistant', content: 'ok' },
        { role: 'user', content: '4 bags' },
        { role: 'log', content: { type: 'shard_revealed', shard_id: 2 } },
        { role: 'user', content: 'p' },
        { role: 'log', content: { type: 'event', event: 'proposal', block: 1 } },
        { role: 'user', content: 'r' },
        { role: 'log', content: { type: 'event', event: 'reject', block: 1 } },
      ],
    });
    const s = inEffectFromLog(entry, record);
    expect(s.benchmark).toBe('intent-eval');
    expect(s.turns.map((t) => t.label)).toEqual(['shard 1', 'shard 2', 'proposal', 'reject']);
    expect(s.turns[3]!.requirements[0]!.values.map((v) => v.status)).toEqual(['in-effect', 'rejected']);
    expect(s.instanceLabel).toBe('Retained');
    expect(inEffectFromLog(entry, undefined).notes[0]).toContain('No record loaded');
  });
});

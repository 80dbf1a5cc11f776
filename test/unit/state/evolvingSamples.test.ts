// The evolving-intent samples: plans load cleanly, every logged conversation's timeline (from its
// intent_transition entries) equals its plan's, and the analysis reads the sample log.
import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseEvolvingText } from '../../../src/core/load/dataFiles';
import { RunLogIndex } from '../../../src/core/load/runLogIndex';
import { evolvingTimeline } from '../../../src/core/state/evolvingTimeline';
import { parseConversation } from '../../../src/core/conversation';
import { evolvingStats } from '../../../src/core/stats/evolving';
import { evolvingUserTurns } from '../../../src/core/render/evolving';

/** The timeline the conversation model reads from a logged entry. */
const timelineOfLog = (
  entry: Parameters<typeof parseConversation>[0],
  source: Parameters<typeof parseConversation>[1],
) => parseConversation(entry, source).timeline;

const root = resolve(__dirname, '../../..');
const planFile = resolve(root, 'samples/evolving/sample.evolving.jsonl');
const logFile = resolve(root, 'samples/logs/evolving/model-a.jsonl');

describe('evolving-intent samples', () => {
  const loaded = parseEvolvingText(planFile, readFileSync(planFile, 'utf8'));
  const plans = new Map(loaded.items.map((i) => [i.value.task_id, i.value]));

  it('plans load without diagnostics and use all three transitions, in math and database', () => {
    expect(loaded.diagnostics).toEqual([]);
    expect(new Set([...plans.values()].map((p) => p.task))).toEqual(new Set(['math', 'database']));
    for (const p of plans.values()) expect(p.turns.some((t) => t.transition === 'switch')).toBe(true);
    const kinds = new Set([...plans.values()].flatMap((p) => p.turns.map((t) => t.transition)));
    expect([...kinds].sort()).toEqual(['initial', 'reveal', 'revise', 'switch']);
  });

  it('every logged conversation follows its plan and yields the plan timeline', async () => {
    const index = new RunLogIndex();
    const r = await index.indexFile(logFile);
    expect(r.diagnostics).toEqual([]);
    expect(r.added.length).toBe(12);
    for (const ref of r.added) {
      const plan = plans.get(ref.task_id)!;
      expect(plan).toBeDefined();
      const entry = await index.readConversation(ref);
      const users = entry.trace.filter((m) => m.role === 'user').map((m) => m.content);
      expect(users).toEqual(evolvingUserTurns(plan, ref.recap).map((u) => u.content));
      // Read from the log alone (no plan): the states must be the plan's.
      expect(timelineOfLog(entry, undefined).snapshots).toEqual(evolvingTimeline(plan, ref.recap).snapshots);
    }
    const stats = evolvingStats(index, plans.values());
    expect(stats.conversations).toBe(12);
    expect(stats.byRecap.filter((b) => b.scenario === 'all').map((b) => [b.recap, b.n, b.correct])).toEqual([
      ['none', 4, 1],
      ['prompt', 4, 3],
      ['oracle', 4, 4],
    ]);
  });
});

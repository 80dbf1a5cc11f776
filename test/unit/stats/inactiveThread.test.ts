// Fig. 4's inactive-content check on the stats worker thread gives the verdicts the calling thread
// gives (same reader, same detector), on the real sample logs; without a worker the caller is told
// to judge in its own thread.
import { afterEach, describe, expect, it } from 'vitest';
import { buildStatsWorker } from '../workerBuild';
import { join, resolve } from 'node:path';
import { Workspace } from '../../../src/core/workspace/workspace';
import { computeStats } from '../../../src/core/stats/computeStats';
import { statsDetectors } from '../../../src/core/stats/statsDetectors';
import { BootstrapThread } from '../../../src/core/stats/bootstrapThread';

const samples = resolve(__dirname, '../../../samples');

let thread: BootstrapThread | undefined;
afterEach(() => thread?.dispose());

describe('inactive-content check on the stats worker thread', () => {
  it('gives the same Fig. 4 rows as the calling thread', async () => {
    const ws = await Workspace.open([join(samples, 'logs')], [join(samples, 'intent.records.jsonl')]);
    const recordOf = (id: string) => ws.record(id)?.record;
    const refs = ws.conversations();
    const inThread = statsDetectors(recordOf);
    const expected = await computeStats(refs, { hasInactive: inThread.hasInactive! });
    await inThread.close();
    // The samples have new errors the detector judges, some with inactive content.
    const all = expected.inactive.filter((r) => r.model === '*' && r.domain === '*');
    expect(all.reduce((n, r) => n + r.new_errors, 0)).toBeGreaterThan(0);

    thread = new BootstrapThread(buildStatsWorker);
    let calls = 0;
    const offThread = await computeStats(refs, {
      judgeInactive: async (batch) => {
        calls++;
        const v = await thread!.inactive(batch, recordOf);
        expect(v).toBeDefined();
        return v!;
      },
    });
    expect(calls).toBe(1);
    expect(offThread.inactive).toEqual(expected.inactive);
  });

  it('answers undefined without a worker, so the caller judges in-thread', async () => {
    thread = new BootstrapThread(() => undefined);
    const ws = await Workspace.open([join(samples, 'logs')], [join(samples, 'intent.records.jsonl')]);
    expect(await thread.inactive(ws.conversations().slice(0, 2), (id) => ws.record(id)?.record)).toBeUndefined();
  });
});

// The dashboard's report cache: a reopen with unchanged data gets the same report at once (no
// recompute, no reads), a data change recomputes, and every stage is announced to the open panel.
import { describe, expect, it } from 'vitest';
import { join, resolve } from 'node:path';
import { Workspace } from '../../../src/core/workspace/workspace';
import { DashboardStats } from '../../../src/extension/dashboard/dashboardReport';
import type { WorkspaceData } from '../../../src/extension/data/workspaceData';
import type { StatsStage } from '../../../src/core/stats/computeStats';

const samples = resolve(__dirname, '../../../samples');

async function statsOn(): Promise<DashboardStats> {
  const ws = await Workspace.open([join(samples, 'logs')], [join(samples, 'intent.records.jsonl')]);
  // DashboardStats reads only the core Workspace plus ensureLoaded (already loaded here).
  return new DashboardStats(Object.assign(ws, { ensureLoaded: async () => undefined }) as unknown as WorkspaceData);
}

describe('dashboard stats cache', () => {
  it('announces the grid first and the complete report last, and reuses it until the data changes', async () => {
    const stats = await statsOn();
    const seen: Array<readonly string[]> = [];
    const sub = stats.onStage((s: StatsStage) => seen.push([...s.pending]));
    const first = await stats.current();
    expect(first.pending).toContain('inactive');
    const complete = await stats.complete();
    expect(complete).toBe(first.report);
    expect(seen[0]).toEqual(['inference', 'inactive']);
    expect(seen.at(-1)).toEqual([]);
    expect(complete.inactive.some((r) => r.with_inactive !== null)).toBe(true);

    // A reopen: the finished report, at once, with nothing recomputed or announced.
    const announced = seen.length;
    const again = await stats.current();
    expect(again.report).toBe(complete);
    expect(again.pending).toEqual([]);
    expect(seen.length).toBe(announced);

    // The data changed: a new report (equal numbers here), announced again from its first stage.
    stats.invalidate();
    const next = await stats.current();
    expect(next.report).not.toBe(complete);
    expect((await stats.complete()).cells).toEqual(complete.cells);
    expect(seen.slice(announced)[0]).toEqual(['inference', 'inactive']);
    sub.dispose();
    stats.dispose();
  });
});

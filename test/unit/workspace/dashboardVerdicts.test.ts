// The dashboard counts current verdicts: a re-score that overturns a logged verdict moves its grid
// cell, and the header note says how many verdicts were re-scored and changed.
import { describe, expect, it } from 'vitest';
import { join, resolve } from 'node:path';
import { Workspace } from '../../../src/core/workspace/workspace';
import { DashboardStats } from '../../../src/extension/dashboard/dashboardReport';
import type { WorkspaceData } from '../../../src/extension/data/workspaceData';
import { VERIFIER_VERSION } from '../../../src/core/workspace/verdicts';

const samples = resolve(__dirname, '../../../samples');

async function dashboardOn(ws: Workspace): Promise<DashboardStats> {
  // DashboardStats reads only the core Workspace plus ensureLoaded (already loaded here).
  return new DashboardStats(Object.assign(ws, { ensureLoaded: async () => undefined }) as unknown as WorkspaceData);
}

describe('dashboard verdicts', () => {
  it('counts a re-scored verdict in its cell and says what it counts', async () => {
    const ws = await Workspace.open([join(samples, 'logs/math')], [join(samples, 'intent.records.jsonl')]);
    const stats = await dashboardOn(ws);
    expect(stats.verdictNote()).toBe('verdicts as logged');
    const before = await stats.compute();
    const wrong = ws.conversations().find((r) => r.verdict === 'incorrect');
    expect(wrong).toBeDefined();
    const cellOf = (r: typeof before) =>
      r.cells.find(
        (c) =>
          c.model === wrong!.model && c.domain === 'math' && c.mode === wrong!.mode && c.condition === wrong!.condition,
      );
    const cellBefore = cellOf(before)!;
    expect(cellBefore).toBeDefined();

    ws.verdicts.set([
      {
        conv_id: wrong!.conv_id,
        task_id: wrong!.task_id,
        file: wrong!.file,
        is_correct: true,
        previous: false,
        extracted: null,
        inactive: [],
        message: 'test',
        verifier: VERIFIER_VERSION,
        scoredAt: 1,
      },
    ]);
    const after = cellOf(await stats.compute())!;
    expect(after.correct).toBe(cellBefore.correct + 1);
    expect(after.n).toBe(cellBefore.n);
    expect(stats.verdictNote()).toBe('verdicts: 1 re-scored, 1 changed, 0 without a verdict (kept logged)');
    expect(
      DashboardStats.forWebview(await stats.compute(), 'none', [], undefined, stats.verdictNote()).verdicts,
    ).toContain('1 changed');
  });
});

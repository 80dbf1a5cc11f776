// The compare view shows the workspace's current verdict (re-scored where re-scored) and says so.
import { describe, it, expect } from 'vitest';
import { buildCompareState } from '../../../src/extension/compare/buildCompareState';
import { detectInactive } from '../../../src/core/inactive/detectInactive';
import { CompareStateSchema } from '../../../src/shared/protocol/compare';
import { VerdictOverlay, VERIFIER_VERSION } from '../../../src/core/workspace/verdicts';
import { retainedRevisedPair } from './compareFixtures';

describe('compare view verdicts', () => {
  it('shows a re-scored verdict marked against the logged one, and the logged one elsewhere', () => {
    const { record, retained, revised } = retainedRevisedPair();
    const overlay = new VerdictOverlay();
    overlay.set([
      {
        conv_id: retained.conv_id,
        task_id: retained.task_id,
        file: 'f',
        is_correct: true,
        previous: false,
        extracted: '300',
        inactive: [],
        message: '',
        verifier: VERIFIER_VERSION,
        scoredAt: 1,
      },
    ]);
    const state = buildCompareState({
      record,
      left: { ref: { conv_id: retained.conv_id, file: 'f', line: 1 }, entry: retained },
      right: { ref: { conv_id: revised.conv_id, file: 'f', line: 2 }, entry: revised },
      detector: detectInactive,
      detectorName: 'detectInactive',
      timing: { commandAt: 1, panelCreatedAt: 2 },
      currentVerdict: (ref) => overlay.current(ref),
    });
    expect(CompareStateSchema.safeParse(state).success).toBe(true);
    expect([state.left.verdict, state.left.verdictNote]).toEqual(['correct', 're-scored, logged ✗']);
    expect([state.right.verdict, state.right.verdictNote]).toEqual(['correct', undefined]);
  });
});

import { describe, it, expect } from 'vitest';
import { buildCompareState } from '../../../src/extension/compare/buildCompareState';
import { detectInactive } from '../../../src/core/inactive/detectInactive';
import { CompareStateSchema } from '../../../src/shared/protocol/compare';
import { conversation, onionRecord, retainedRevisedPair } from './compareFixtures';
import { compareDetector } from '../../../src/extension/compare/inactiveDetector';

const timing = { commandAt: 1, panelCreatedAt: 2 };
const ref = (conv_id: string) => ({ conv_id, file: '/ws/logs/math/model-a.jsonl', line: 1 });

describe('buildCompareState', () => {
  const { record, retained, revised } = retainedRevisedPair();
  const state = buildCompareState({
    record,
    left: { ref: ref(retained.conv_id), entry: retained },
    right: { ref: ref(revised.conv_id), entry: revised },
    detector: detectInactive,
    detectorName: 'detectInactive',
    timing,
  });

  it('produces a state the webview schema accepts', () => {
    expect(CompareStateSchema.safeParse(state).success).toBe(true);
  });

  it('summarises the branch point and the prefix', () => {
    expect(state.branchRow).toBe(3);
    expect(state.branchSummary).toBe('Retained rejects · Revised accepts');
    expect(state.prefixEnd).toBe(3);
    expect(state.prefixIdentical).toBe(true);
  });

  it('gives each side its verdict, active reference, active value and extracted answer', () => {
    expect([state.left.verdict, state.right.verdict]).toEqual(['incorrect', 'correct']);
    expect([state.left.activeReference, state.right.activeReference]).toEqual(['300', '150']);
    expect([state.left.activeValue, state.right.activeValue]).toEqual(['4 bags', '2 bags']);
    expect(state.left.extractedAnswer).toBe('150');
  });

  it('builds the in-effect rail from the timeline: pending at the proposal, then decided', () => {
    const rail = (side: typeof state.left) =>
      side.turns.map((t) => [t.label, t.rail?.inEffect, t.rail?.pending.join()]);
    expect(rail(state.left)).toEqual([
      ['shard 1', undefined, ''],
      ['shard 2', '4 bags', ''],
      ['proposal', '4 bags', '2 bags'],
      ['reject', '4 bags', ''],
      ['shard 3', '4 bags', ''],
      ['shard 4', '4 bags', ''],
    ]);
    expect(state.right.turns[3]!.rail?.inEffect).toBe('2 bags');
    expect(state.right.turns[3]!.rail?.inactive).toEqual(['4 bags']);
  });

  it("marks a fork's hand-replaced turn on its rail: the entry follows the message's role, not its words", () => {
    // The fork replaced the proposal at U3 with a plain confirmation; the simulator still treats it as the proposal.
    const fork = {
      ...retained,
      conv_id: 'onions-retained-fork',
      forked_from: { conv_id: retained.conv_id, turn: 3, edit: 'replace-user', text: 'Yes, that is all.' },
    };
    const forkState = buildCompareState({
      record,
      left: { ref: ref(retained.conv_id), entry: retained },
      right: { ref: ref(fork.conv_id), entry: fork },
      detector: detectInactive,
      detectorName: 'detectInactive',
      timing,
    });
    expect(CompareStateSchema.safeParse(forkState).success).toBe(true);
    const notes = (side: typeof state.left) => side.turns.map((t) => t.rail?.note);
    expect(notes(forkState.right)).toEqual([
      undefined,
      undefined,
      'U3 replaced by hand: the rail follows its role as the proposal, not its new wording',
      undefined,
      undefined,
      undefined,
    ]);
    expect(notes(forkState.left).every((n) => n === undefined)).toBe(true);
    // Other edits leave the rail as the timeline says.
    const dropped = { ...fork, forked_from: { conv_id: retained.conv_id, turn: 3, edit: 'drop-user' } };
    const droppedState = buildCompareState({
      record,
      left: { ref: ref(retained.conv_id), entry: retained },
      right: { ref: ref(fork.conv_id), entry: dropped },
      detector: detectInactive,
      detectorName: 'detectInactive',
      timing,
    });
    expect(notes(droppedState.right).every((n) => n === undefined)).toBe(true);
  });

  it('puts inactive spans on assistant messages only, and on the final response', () => {
    const final = state.left.finalResponse!;
    // The domain detector marks the number of the rejected value and the rejected reference.
    expect(final.spans.map((s) => [final.text.slice(s.start, s.end), s.value])).toEqual([
      ['2', '2 bags'],
      ['2', '2 bags'],
      ['$150', '150'],
    ]);
    expect(final.spans[0]!.describe).toMatch(/rejected proposal value/);
    for (const t of state.left.turns) expect(t.user.spans).toEqual([]);
    // Revised: 2 bags is in effect, nothing inactive in the same final text.
    expect(state.right.finalResponse!.spans).toEqual([]);
  });

  it('survives a detector that throws, with a note', () => {
    const s = buildCompareState({
      record,
      left: { ref: ref(retained.conv_id), entry: retained },
      right: { ref: ref(revised.conv_id), entry: revised },
      detector: () => {
        throw new Error('boom');
      },
      detectorName: 'broken',
      timing,
    });
    expect(s.notes.some((n) => n.includes('boom'))).toBe(true);
    expect(s.left.finalResponse!.spans).toEqual([]);
  });

  it('works without a record (plain LiC logs): no references, no rail', () => {
    const s = buildCompareState({
      left: { ref: ref('a'), entry: retained },
      right: { ref: ref('b'), entry: revised },
      detector: detectInactive,
      detectorName: 'detectInactive',
      timing,
    });
    expect(s.left.activeReference).toBeUndefined();
    expect(s.left.turns[0]!.rail).toBeUndefined();
    expect(s.branchRow).toBe(3);
  });

  it('checks each reply only against what was inactive when it was written', () => {
    const rec = onionRecord();
    const says = () => 'Using 2 bags: 2 bags × 50 pounds.';
    const retainedSays = conversation(rec, {
      convId: 'r2',
      spec: { mode: 'multi', condition: 'retained' },
      reply: says,
    });
    const s = buildCompareState({
      record: rec,
      left: { ref: ref('r2'), entry: retainedSays },
      right: { ref: ref(revised.conv_id), entry: revised },
      detector: detectInactive,
      detectorName: 'detectInactive',
      timing,
    });
    const counts = s.left.turns.map((t) => [t.label, t.assistant[0]!.spans.length]);
    // Proposal pending at turn 3: 2 bags is not inactive yet; from the reject on it is.
    expect(counts).toEqual([
      ['shard 1', 0],
      ['shard 2', 0],
      ['proposal', 0],
      ['reject', 2],
      ['shard 3', 2],
      ['shard 4', 2],
    ]);
  });

  it('uses the domain detector (math numbers) when wired', () => {
    const detector = compareDetector();
    expect(detector.name).toBe('detectInactive');
    const s = buildCompareState({
      record,
      left: { ref: ref('a'), entry: retained },
      right: { ref: ref('b'), entry: revised },
      detector: detector.detect,
      detectorName: detector.name,
      timing,
    });
    const final = s.left.finalResponse!;
    const marked = final.spans.map((sp) => final.text.slice(sp.start, sp.end));
    expect(marked).toContain('2');
    expect(marked.some((m) => m.includes('150'))).toBe(true);
    expect(s.right.finalResponse!.spans).toEqual([]);
  });
});

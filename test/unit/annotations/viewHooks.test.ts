// The views' share of annotations, without VS Code: the workspace's index puts human verdicts on
// the overlay and tells listeners; the tree shows the override (with provenance and a badge); the
// conversation header says "adjudicated".
import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Workspace } from '../../../src/core/workspace/workspace';
import { foldSidecars } from '../../../src/core/annotations/annotationLog';
import { adjudicatedRun } from '../../../src/extension/annotations/treeHooks';
import { withAnnotations } from '../../../src/extension/annotations/conversationHooks';
import { applyRescore } from '../../../src/extension/tree/runVerdicts';
import { describeRun } from '../../../src/extension/tree/treeDescriptions';
import type { ConversationState } from '../../../src/shared/protocol/conversation';
import { mathLogLine } from './annotationFixtures';
import type { RunNode } from '../../../src/extension/tree/treeItems';

const basis = { verdict_source: 'logged', log_file: 'x', log_line: 1 };
const events = [
  {
    event: 'add',
    annotation: {
      id: 'v',
      conv_id: 'c1',
      kind: 'verdict',
      value: 'correct',
      reason: 'comma grouped',
      by: 'ann',
      at: '2026-12-04T10:00:00Z',
      basis,
    },
  },
  {
    event: 'add',
    annotation: {
      id: 'l',
      conv_id: 'c1',
      turn: 1,
      kind: 'label',
      value: 'verifier-wrong',
      by: 'ann',
      at: '2026-12-04T10:00:00Z',
      basis,
    },
  },
];

async function workspace(): Promise<Workspace> {
  const dir = mkdtempSync(join(tmpdir(), 'il-annot-views-'));
  writeFileSync(join(dir, 'run.jsonl'), [mathLogLine('c1', false), mathLogLine('c2', false)].join('\n') + '\n');
  return Workspace.open([join(dir, 'run.jsonl')]);
}

describe('annotations in the views', () => {
  it('the index sets human verdicts and notifies only the conversations that changed', async () => {
    const ws = await workspace();
    const fired: string[][] = [];
    ws.verdicts.onChange((ids) => fired.push(ids));
    ws.annotations.set(foldSidecars([{ file: 's', text: events.map((e) => JSON.stringify(e)).join('\n') + '\n' }]));
    expect(ws.conversationsWithCurrentVerdicts().map((r) => [r.conv_id, r.verdict])).toEqual([
      ['c1', 'correct'],
      ['c2', 'incorrect'],
    ]);
    expect(ws.conversationsWithCurrentVerdicts('machine').map((r) => r.verdict)).toEqual(['incorrect', 'incorrect']);
    expect(fired.flat()).toEqual(['c1', 'c1']);
    expect(ws.annotations.count('c1')).toBe(2);
    expect(ws.annotations.labelsOf('c1')).toEqual(['verifier-wrong']);
    expect(ws.annotations.searchText('c1')).toContain('comma grouped');
    fired.length = 0;
    ws.annotations.set(foldSidecars([{ file: 's', text: events.map((e) => JSON.stringify(e)).join('\n') + '\n' }]));
    expect(fired.flat()).toEqual([]);
  });

  it('the tree shows the adjudicated verdict with its provenance and a badge', async () => {
    const ws = await workspace();
    ws.annotations.set(foldSidecars([{ file: 's', text: events.map((e) => JSON.stringify(e)).join('\n') + '\n' }]));
    const ref = ws.logs.get('c1')!;
    const run = adjudicatedRun(undefined, ws.verdicts.humanOverride('c1'))!;
    const { conv, rescore } = applyRescore(ref, run);
    expect(conv.verdict).toBe('correct');
    const node = { kind: 'run', verdict: conv.verdict, turns: 2, rescore, annotations: 2 } as unknown as RunNode;
    expect(describeRun(node)).toBe('correct · 2 turns · adjudicated: ✗→✓ · ✎2');
    expect(adjudicatedRun(undefined, undefined)).toBeUndefined();
  });

  it('the conversation header says adjudicated, with the override and the machine verdict', async () => {
    const ws = await workspace();
    ws.annotations.set(foldSidecars([{ file: 's', text: events.map((e) => JSON.stringify(e)).join('\n') + '\n' }]));
    const base = {
      convId: 'c1',
      verdict: { verdict: 'incorrect', source: 'logged', detail: 'is_correct: false in the log' },
    } as unknown as ConversationState;
    const state = withAnnotations(base, ws);
    expect(state.verdict).toEqual({
      verdict: 'correct',
      source: 'adjudicated',
      detail: 'overridden by ann on 2026-12-04: verifier-wrong, comma grouped (machine ✗)',
      logged: 'incorrect',
    });
    expect(state.annotations?.map((a) => [a.kind, a.value, a.turn])).toEqual([
      ['verdict', 'correct', undefined],
      ['label', 'verifier-wrong', 1],
    ]);
    expect(withAnnotations({ ...base, convId: 'c2' }, ws).verdict.source).toBe('logged');
  });
});

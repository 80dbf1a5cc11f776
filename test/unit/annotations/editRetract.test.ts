// Edit and retract (issue #39) through the same locked append the commands use: the sidecar only
// grows (add, edit, retract lines), and every view's reading of it follows the folded events: an
// edited label shows its new value (conversation list, Samples column and filter, search text), an
// edited override decides the verdict, a retracted annotation is gone and its override with it.
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Workspace } from '../../../src/core/workspace/workspace';
import { readSidecars } from '../../../src/core/annotations/annotationLog';
import {
  addEvent,
  appendAnnotationEvents,
  editEvent,
  retractEvent,
} from '../../../src/core/annotations/annotationWriter';
import { withAnnotations } from '../../../src/extension/annotations/conversationHooks';
import {
  runAnnotations,
  annotationFilterOf,
  annotationColumnText,
} from '../../../src/extension/filters/annotationFilter';
import type { ConversationState } from '../../../src/shared/protocol/conversation';
import { mathLogLine } from './annotationFixtures';

describe('edit and retract annotations', () => {
  it('appends edit and retract events; every reader shows the new value and drops the retracted', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'il-annot-edit-'));
    writeFileSync(join(dir, 'run.jsonl'), mathLogLine('c1') + '\n');
    const ws = await Workspace.open([join(dir, 'run.jsonl')]);
    const sidecar = join(dir, '.intent-lens', 'annotations.jsonl');
    const basis = { verdict_source: 'logged', log_file: join(dir, 'run.jsonl'), log_line: 1 };
    const t0 = Date.parse('2026-12-04T10:00:00Z');
    const label = addEvent({
      conv_id: 'c1',
      turn: 1,
      kind: 'label',
      value: 'refusal',
      by: 'ann',
      basis,
      at: new Date(t0),
    });
    const verdict = addEvent({
      conv_id: 'c1',
      kind: 'verdict',
      value: 'correct',
      reason: 'comma grouped',
      by: 'ann',
      basis,
      at: new Date(t0 + 1000),
    });
    const id = (e: typeof label) => (e.event === 'add' ? e.annotation.id : '');
    await appendAnnotationEvents(sidecar, [label, verdict]);
    const reload = async () => ws.annotations.set(await readSidecars([sidecar]));
    const state = () =>
      withAnnotations(
        {
          convId: 'c1',
          verdict: { verdict: 'incorrect', source: 'logged', detail: '' },
        } as unknown as ConversationState,
        ws,
      );
    const summary = () =>
      runAnnotations(ws.annotations.forConversation('c1'), ws.verdicts.humanOverride('c1')?.verdict);
    await reload();
    expect(state().verdict.verdict).toBe('correct');
    expect(annotationColumnText(summary())).toBe('⚖✓ · refusal');

    await appendAnnotationEvents(sidecar, [
      editEvent(id(label), 'bob', { value: 'leaked-inactive' }, new Date(t0 + 2000)),
      editEvent(id(verdict), 'bob', { value: 'incorrect', reason: 'really wrong' }, new Date(t0 + 3000)),
    ]);
    await reload();
    expect(state().annotations?.map((a) => [a.kind, a.value, a.reason ?? ''])).toEqual([
      ['label', 'leaked-inactive', ''],
      ['verdict', 'incorrect', 'really wrong'],
    ]);
    expect(state().verdict).toMatchObject({ verdict: 'incorrect', source: 'adjudicated' });
    expect(annotationColumnText(summary())).toBe('⚖✗ · leaked-inactive');
    expect(annotationFilterOf(['label:refusal'], () => summary())!('c1')).toBe(false);
    expect(annotationFilterOf(['label:leaked-inactive'], () => summary())!('c1')).toBe(true);
    expect(ws.annotations.searchText('c1')).toContain('really wrong');

    await appendAnnotationEvents(sidecar, [retractEvent(id(verdict), 'bob', undefined, new Date(t0 + 4000))]);
    await reload();
    expect(state().annotations?.map((a) => a.value)).toEqual(['leaked-inactive']);
    expect(state().verdict.source).toBe('logged');
    expect(ws.verdicts.humanOverride('c1')).toBeUndefined();
    expect(annotationFilterOf(['overridden'], () => summary())!('c1')).toBe(false);

    await appendAnnotationEvents(sidecar, [retractEvent(id(label), 'ann', 'mistake', new Date(t0 + 5000))]);
    await reload();
    expect(state().annotations).toBeUndefined();
    expect(summary()).toBeUndefined();
    // The sidecar only grew: the two adds are still there, byte for byte, before the edits and retractions.
    const lines = readFileSync(sidecar, 'utf8').trim().split('\n');
    expect(lines.map((l) => (JSON.parse(l) as { event: string }).event)).toEqual([
      'add',
      'add',
      'edit',
      'edit',
      'retract',
      'retract',
    ]);
    expect(lines[0]).toBe(JSON.stringify(label));
  });

  it('refuses an edit event without an id', () => {
    expect(() => editEvent('', 'ann', { value: 'x' })).toThrow();
  });
});

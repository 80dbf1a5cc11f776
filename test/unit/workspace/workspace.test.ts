// The one workspace in core: every data file by its kind, records and plans joined once per change
// (the same map until a file changes), conversations parsed with their record or plan.
import { describe, it, expect } from 'vitest';
import { mkdtempSync, writeFileSync, appendFileSync, readFileSync, cpSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Workspace } from '../../../src/core/workspace/workspace';

const ROOT = resolve(__dirname, '../../..');

describe('Workspace', () => {
  it('opens the samples folder: records, plans and logs each by kind', async () => {
    const ws = await Workspace.open(
      [join(ROOT, 'samples/logs/math'), join(ROOT, 'samples/evolving'), join(ROOT, 'samples/logs/evolving')],
      [join(ROOT, 'samples/intent.records.jsonl')],
    );
    const kinds = ws.dataFiles().map((f) => [f.path.slice(ROOT.length + 1), f.kind]);
    expect(kinds).toEqual([
      ['samples/evolving/sample.evolving.jsonl', 'evolving'],
      ['samples/intent.records.jsonl', 'records'],
      ['samples/logs/evolving/model-a.jsonl', 'logs'],
      ['samples/logs/math/model-a.jsonl', 'logs'],
      ['samples/logs/math/model-b.jsonl', 'logs'],
    ]);
    expect(ws.record('sample-math/muffin-trays')?.record.task).toBe('math');
    expect(ws.plans().has('sample-evolving-math/orchard')).toBe(true);
    const evolvingRun = ws.conversations().find((c) => c.mode === 'evolving')!;
    const parsed = await ws.conversation(evolvingRun.conv_id);
    expect(parsed!.conversation.timeline.benchmark).toBe('evolving');
    expect(parsed!.conversation.reference).toBeDefined();
    const mathRun = ws
      .conversations()
      .find((c) => c.task_id === 'sample-math/muffin-trays' && c.condition === 'revised' && c.mode === 'multi')!;
    expect((await ws.conversation(mathRun.conv_id))!.conversation.activeTask).toBe('revised');
  });

  it('joins records once per change, not on every lookup, and forgets removed files', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'il-ws-'));
    const recFile = join(dir, 'a.records.jsonl');
    cpSync(join(ROOT, 'samples/intent.records.jsonl'), recFile);
    const ws = new Workspace();
    expect(await ws.loadFile(recFile)).toBe('records');
    const first = ws.records();
    expect(ws.records()).toBe(first);
    const lines = readFileSync(recFile, 'utf8').trim().split('\n');
    const extra = JSON.parse(lines[0]!) as { task_id: string };
    extra.task_id = 'added/1';
    appendFileSync(recFile, JSON.stringify(extra) + '\n');
    await ws.loadFile(recFile);
    expect(ws.records()).not.toBe(first);
    expect(ws.record('added/1')).toBeDefined();
    ws.removeFile(recFile);
    expect(ws.records().size).toBe(0);
    // A file of unknown kind is skipped, not guessed.
    const odd = join(dir, 'notes.jsonl');
    writeFileSync(odd, '{"hello": 1}\n');
    expect(await ws.loadFile(odd)).toBeUndefined();
    expect(ws.dataFiles()).toEqual([]);
  });
});

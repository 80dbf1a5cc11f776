// The committed samples are what the e2e tests and newcomers see: they must load cleanly, the bad
// files must produce exactly their deliberate problems, and the logs must show the divergence
// samples/README.md describes.
import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseRecordsText } from '../../../src/core/load/recordsFile';
import { RunLogIndex } from '../../../src/core/load/runLogIndex';
import { listDataFiles } from '../../../src/core/load/dataFiles';
import { SourceTreeModel, newErrorsOf } from '../../../src/extension/tree/sourceTreeModel';
import { analyzeConversation } from '../../../src/extension/tree/conversationTurns';
import { parseConversation } from '../../../src/core/conversation';
import { baseInstances } from '../../../src/core/render/instances';

const SAMPLES = resolve(__dirname, '../../../samples');

async function loadSamples() {
  const files = await listDataFiles([SAMPLES]);
  const records = parseRecordsText(join(SAMPLES, 'intent.records.jsonl'), readFileSync(join(SAMPLES, 'intent.records.jsonl'), 'utf8'));
  const index = new RunLogIndex();
  // The Intent-Eval logs made by scripts/make-samples.mjs (other features add their own samples).
  for (const f of files.filter((f) => /\/logs\/(math|code|database|actions)\//.test(f))) await index.indexFile(f);
  return { records, index };
}

describe('samples', () => {
  it('load without problems: 8 records in four domains, two models, all eight instances each', async () => {
    const { records, index } = await loadSamples();
    expect(records.diagnostics).toEqual([]);
    expect(new Set(records.items.map((i) => i.value.task))).toEqual(new Set(['math', 'code', 'database', 'actions']));
    expect(index.diagnostics()).toEqual([]);
    const convs = index.conversations();
    expect(new Set(convs.map((c) => c.model))).toEqual(new Set(['illustrative/model-a', 'illustrative/model-b']));
    for (const { value: rec } of records.items) {
      for (const model of ['illustrative/model-a', 'illustrative/model-b']) {
        const mine = convs.filter((c) => c.task_id === rec.task_id && c.model === model && !c.path);
        expect(mine.map((c) => `${c.mode}/${c.condition}`).sort()).toEqual(baseInstances(rec).map((s) => `${s.mode}/${s.condition}`).sort());
      }
    }
    expect(convs.some((c) => c.path && c.file.endsWith('.json'))).toBe(true);
    expect(convs.filter((c) => c.verdict === 'unscored')).toHaveLength(1);
  });

  it('diverge in Retained: model A has new errors, model B none', async () => {
    const { records, index } = await loadSamples();
    const model = new SourceTreeModel({ records: new Map(records.items.map((i) => [i.value.task_id, { record: i.value, file: 'r', line: i.line }])), conversations: index.conversations() });
    const withErrors = model.searchableSources().filter((s) => newErrorsOf(index.conversations().filter((c) => c.task_id === s.taskId)).size > 0);
    expect(withErrors.length).toBeGreaterThanOrEqual(4);
    for (const s of withErrors) expect([...newErrorsOf(index.conversations().filter((c) => c.task_id === s.taskId)).keys()]).toEqual(['illustrative/model-a']);
  });

  it('carry FORMAT.md trace entries that the tree folds into turns', async () => {
    const { index } = await loadSamples();
    const ref = index.conversations().find((c) => c.task_id === 'sample-math/muffin-trays' && c.condition === 'retained' && c.mode === 'multi' && !c.path && c.model === 'illustrative/model-a')!;
    const entry = await index.readConversation(ref);
    const a = analyzeConversation(parseConversation(entry));
    const labels = a.turns.map((t) => [t.role, ...t.tags, t.responseType ?? ''].join(' ').trim());
    expect(labels).toContain('user proposal · block 1');
    expect(labels).toContain('user reject · block 1');
    expect(labels.at(-1)).toBe('assistant answer attempt');
    expect(a.turns.at(-1)!.evaluation).toBe('incorrect');
    expect(entry.trace.some((m) => m.role === 'assistant' && typeof m.content === 'string' && m.content.includes('$120'))).toBe(true);
    expect(a.bookkeeping.some((b) => b.logType === 'state_transition')).toBe(true);
  });

  it('bad files produce their deliberate problems and still load the good lines', async () => {
    const bad = join(SAMPLES, 'bad/broken.records.jsonl');
    const r = parseRecordsText(bad, readFileSync(bad, 'utf8'));
    expect(r.items.map((i) => i.value.task_id)).toEqual(['bad-sample/valid-first', 'bad-sample/valid-second']);
    expect(r.diagnostics.map((d) => [d.line, d.code, d.path])).toEqual([
      [2, 'json-syntax', ''],
      [3, 'schema', 'shards'],
      [4, 'schema', 'shards[0].shard_id'],
      [5, 'duplicate-task-id', 'task_id'],
      [7, 'incomplete-line', ''],
    ]);
    const idx = new RunLogIndex();
    const l = await idx.indexFile(join(SAMPLES, 'logs/bad/broken.jsonl'));
    expect(l.added.map((c) => c.conv_id)).toEqual(['bad-valid-first']);
    expect(l.diagnostics.map((d) => [d.line, d.code, d.path])).toEqual([
      [2, 'json-syntax', ''],
      [3, 'schema', 'task_id'],
      [4, 'schema', 'is_correct'],
      [5, 'duplicate-conv-id', 'conv_id'],
      [6, 'schema', 'trace[2].content.event'],
      [7, 'incomplete-line', ''],
    ]);
  });
});

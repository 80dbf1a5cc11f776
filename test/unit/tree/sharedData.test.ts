// The tree over the real LiC-style logs in ../shared/data (skipped when absent): every conversation
// is placed, sources without records show, and the snowball simulator's entries fold into turns.
import { describe, it, expect } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { listDataFiles } from '../../../src/core/load/dataFiles';
import { RunLogIndex } from '../../../src/core/load/runLogIndex';
import { parseRecordsText } from '../../../src/core/load/recordsFile';
import { SourceTreeModel } from '../../../src/extension/tree/sourceTreeModel';
import { analyzeConversation, turnLabel } from '../../../src/extension/tree/conversationTurns';
import { parseConversation } from '../../../src/core/conversation';
import type { SourceNode } from '../../../src/extension/tree/treeItems';

const SHARED = resolve(__dirname, '../../../../shared/data');

describe.skipIf(!existsSync(SHARED))('Sources tree over ../shared/data', () => {
  it('places all real conversations, with and without records, and folds their log entries', async () => {
    const index = new RunLogIndex();
    for (const f of await listDataFiles([join(SHARED, 'logs')])) await index.indexFile(f);
    const recFile = join(SHARED, 'intent-sample.records.jsonl');
    const recs = parseRecordsText(recFile, readFileSync(recFile, 'utf8'));
    const model = new SourceTreeModel({
      records: new Map(recs.items.map((i) => [i.value.task_id, { record: i.value, file: recFile, line: i.line }])),
      conversations: index.conversations(),
    });
    const convs = index.conversations();
    expect(convs.length).toBe(729);
    let placed = 0;
    for (const domain of model.roots()) {
      for (const src of model.children(domain) as SourceNode[]) {
        for (const inst of model.children(src)) placed += model.children(inst).filter((r) => r.kind === 'run').length;
      }
    }
    expect(placed).toBe(729);
    expect(model.sourceNode('sharded-GSM8K/248')!.hasRecord).toBe(true);
    const logOnly = model.sourceNode(
      convs.find((c) => !recs.items.some((i) => i.value.task_id === c.task_id))!.task_id,
    )!;
    expect(logOnly.hasRecord).toBe(false);

    model.runNode(convs[0]!.conv_id);
    const entry = await index.readConversation(convs[0]!);
    const a = analyzeConversation(parseConversation(entry));
    const users = a.turns.filter((t) => t.role === 'user');
    expect(users[0]!.tags).toEqual(['shard 1']);
    expect(a.turns.filter((t) => t.role === 'assistant').every((t) => t.responseType !== undefined)).toBe(true);
    expect(a.bookkeeping.length).toBeGreaterThan(0);
    expect(a.turns.some((t) => t.logType === 'state_transition')).toBe(false);
    expect(turnLabel(a.turns.find((t) => t.role === 'assistant')!)).toMatch(
      /^assistant · (refusal|answer attempt|clarification|hedge|discussion)/,
    );
  });
});

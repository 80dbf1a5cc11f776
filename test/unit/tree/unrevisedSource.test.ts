// A source whose record has no `intent` is its own kind of tree row (`intentLens.source.unrevised`):
// "New Revision From Source…" shows on it and only on it, the review commands do not, and the
// commands every source row has (Reveal Record, Re-score) still do.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SourceTreeModel, type TreeRecord } from '../../../src/extension/tree/sourceTreeModel';
import { CONTEXT_VALUES, contextValueOf, type SourceNode } from '../../../src/extension/tree/treeItems';
import type { BenchmarkRecord } from '../../../src/core/schema/records';

interface MenuItem {
  command: string;
  when?: string;
}
const manifest = JSON.parse(readFileSync(join(__dirname, '../../../package.json'), 'utf8')) as {
  contributes: { menus: Record<string, MenuItem[]> };
};

/** Whether a Sources-tree `when` clause's `viewItem` part lets a row with this context value through. */
function viewItemAllows(when: string, value: string): boolean {
  const eq = /viewItem == ([\w.]+)/.exec(when);
  if (eq) return eq[1] === value;
  const re = /viewItem =~ \/(.+?)\/(?:\s|$)/.exec(when);
  if (!re) throw new Error(`no viewItem test in: ${when}`);
  return new RegExp(re[1]!).test(value);
}

function shownOn(command: string, value: string): boolean {
  const items = manifest.contributes.menus['view/item/context']!.filter((i) => i.command === command);
  return items.some((i) => viewItemAllows(i.when!, value));
}

function record(taskId: string, withIntent: boolean): TreeRecord {
  const rec: BenchmarkRecord = {
    task_id: taskId,
    task: 'math',
    shards: [{ shard_id: 1, shard_text: 'bought 4 bags' }],
  };
  if (withIntent) {
    rec.intent = {
      shard_id: 1,
      requirement: 'bags',
      original: '4 bags',
      revised: '2 bags',
      proposal: 'p',
      accept: 'a',
      reject: 'r',
      neutral: ['q1', 'q2'],
      single_turn: { original: 'o', direct_revised: 'd' },
      reference: { original: 300, revised: 150 },
    };
  }
  return { record: rec, file: '/w/r.records.jsonl', line: 1 };
}

describe('unrevised sources in the Sources tree', () => {
  const model = new SourceTreeModel({
    records: new Map([
      ['m/src', record('m/src', false)],
      ['m/rev', record('m/rev', true)],
    ]),
    conversations: [],
  });
  const nodes = model.children(model.roots()[0]) as SourceNode[];
  const value = (id: string) => contextValueOf(nodes.find((n) => n.taskId === id)!);

  it('marks a record without intent, and only it', () => {
    expect(value('m/src')).toBe(CONTEXT_VALUES.unrevisedSource);
    expect(value('m/rev')).toBe(CONTEXT_VALUES.source);
  });

  it('offers New Revision From Source on unrevised sources only, the review commands on revised ones only', () => {
    expect(shownOn('intentLens.construct.newRevision', CONTEXT_VALUES.unrevisedSource)).toBe(true);
    expect(shownOn('intentLens.construct.newRevision', CONTEXT_VALUES.source)).toBe(false);
    for (const review of [
      'intentLens.review.editRevision',
      'intentLens.review.approve',
      'intentLens.review.applyTemplates',
    ]) {
      expect({ review, shown: shownOn(review, CONTEXT_VALUES.unrevisedSource) }).toEqual({ review, shown: false });
      expect({ review, shown: shownOn(review, CONTEXT_VALUES.source) }).toEqual({ review, shown: true });
    }
    expect(shownOn('intentLens.construct.forFile', CONTEXT_VALUES.recordsFile)).toBe(true);
  });

  it('keeps the commands every source row has', () => {
    for (const cmd of ['intentLens.revealRecord', 'intentLens.rescore', 'intentLens.compare.with'])
      expect({ cmd, shown: shownOn(cmd, CONTEXT_VALUES.unrevisedSource) }).toEqual({ cmd, shown: true });
  });
});

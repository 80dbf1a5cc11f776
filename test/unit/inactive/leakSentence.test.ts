// The leak in words: from the sample Retained failure (the model answered the rejected 10 trays'
// reference, 120) and from hand-made spans for each kind of inactive content.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describeLeak, type LeakSpan } from '../../../src/core/inactive/leakSentence';
import type { InactiveItem } from '../../../src/core/state/intentTimeline';
import { buildConversationState } from '../../../src/extension/conversation/buildConversationState';
import { buildCompareState } from '../../../src/extension/compare/buildCompareState';
import { compareDetector } from '../../../src/extension/compare/inactiveDetector';
import { RunLogEntrySchema } from '../../../src/core/schema/runlog';
import { BenchmarkRecordSchema } from '../../../src/core/schema/records';

const samples = join(__dirname, '../../../samples');
const lines = (file: string) =>
  readFileSync(join(samples, file), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as unknown);

describe('describeLeak on the sample Retained failure', () => {
  const record = BenchmarkRecordSchema.parse(
    lines('intent.records.jsonl').find((r) => (r as { task_id: string }).task_id === 'sample-math/muffin-trays'),
  );
  const entry = RunLogEntrySchema.parse(
    lines('logs/math/model-a.jsonl').find((e) => (e as { conv_id: string }).conv_id === '1d342438c7c8a0a005f65ebd'),
  );
  const detector = compareDetector();
  const base = {
    ref: { file: '/ws/logs/math/model-a.jsonl', line: 3 },
    fileLabel: 'logs/math/model-a.jsonl',
    detector: detector.detect,
    detectorName: detector.name,
    canFork: true,
  };

  it('says the final answer gives the rejected change’s reference, and where the change was proposed', () => {
    const state = buildConversationState({ ...base, entry, source: record });
    expect(state.leak?.sentence).toBe(
      'the final answer gives $120, the reference of the rejected change to 10 trays, proposed at U3; it also uses 10 trays.',
    );
    // U3 is the proposal turn (0-based 2): the header's link goes there.
    expect(state.leak?.turn).toBe(2);
    expect(state.turns[2]!.tags.join(' ')).toMatch(/proposal/);
  });

  it('says nothing when the final answer holds no inactive content (the Revised sibling)', () => {
    const revised = RunLogEntrySchema.parse(
      lines('logs/math/model-a.jsonl').find((e) => (e as { conv_id: string }).conv_id === '88d908191db18b42d41ed558'),
    );
    expect(buildConversationState({ ...base, entry: revised, source: record }).leak).toBeUndefined();
  });

  it('is said on the compare view’s side whose final answer leaks, with the same turn', () => {
    const revised = RunLogEntrySchema.parse(
      lines('logs/math/model-a.jsonl').find((e) => (e as { conv_id: string }).conv_id === '88d908191db18b42d41ed558'),
    );
    const state = buildCompareState({
      record,
      left: { ref: { conv_id: entry.conv_id, file: '/ws/l.jsonl', line: 3 }, entry },
      right: { ref: { conv_id: revised.conv_id, file: '/ws/l.jsonl', line: 4 }, entry: revised },
      detector: detector.detect,
      detectorName: detector.name,
      timing: { commandAt: 0, panelCreatedAt: 0 },
    });
    expect(state.left.leak).toEqual(buildConversationState({ ...base, entry, source: record }).leak);
    expect(state.right.leak).toBeUndefined();
  });

  it('holds whether or not the log extracted an answer', () => {
    const withoutExtraction = {
      ...entry,
      trace: entry.trace.filter((m) => !(m.role === 'log' && JSON.stringify(m.content).includes('answer-evaluation'))),
    };
    const state = buildConversationState({ ...base, entry: withoutExtraction, source: record });
    expect(state.extractedAnswer).toBeUndefined();
    expect(state.leak?.sentence).toMatch(
      /^the final answer gives \$120, the reference of the rejected change to 10 trays, proposed at U3/,
    );
  });
});

describe('describeLeak', () => {
  const rejected: InactiveItem = {
    value: '3 sacks',
    kind: 'rejected',
    requirement: 'sacks',
    saidAt: 4,
    describe: 'rejected proposal value "3 sacks"',
  };
  const original: InactiveItem = {
    value: '5 sacks',
    kind: 'superseded',
    requirement: 'number of sacks',
    saidAt: 1,
    describe: 'superseded original value "5 sacks"',
  };
  const origRef: InactiveItem = {
    value: '100',
    kind: 'superseded',
    requirement: 'number of sacks',
    isReference: true,
    reference: 100,
    describe: 'reference answer of the superseded original task',
  };
  const span = (text: string, needle: string, item: InactiveItem, suffix = ''): LeakSpan => {
    const start = text.lastIndexOf(needle);
    return { value: item.value, start, end: start + needle.length, kind: item.kind, describe: item.describe + suffix };
  };

  it('names a rejected value used as it is, with the proposal turn', () => {
    const text = 'Using 3 sacks the total is 60.';
    const leak = describeLeak(text, [span(text, '3 sacks', rejected)], [rejected]);
    expect(leak).toEqual({
      sentence: 'the final answer uses the rejected change to 3 sacks, proposed at U5.',
      turn: 4,
      shown: ['3 sacks'],
    });
  });

  it('names the superseded original task’s reference and where its value was stated', () => {
    const text = 'So the answer is 100.';
    const leak = describeLeak(text, [span(text, '100', origRef, ' (= 100)')], [original, origRef]);
    expect(leak?.sentence).toBe(
      'the final answer gives 100, the reference of the original task (5 sacks), which a later change superseded; 5 sacks was stated at U2.',
    );
    expect(leak?.turn).toBe(1);
  });

  it('is undefined without spans, or with spans no timeline item explains', () => {
    expect(describeLeak('nothing here', [], [rejected])).toBeUndefined();
    expect(
      describeLeak('7 apples', [{ value: '7 apples', start: 0, end: 8, kind: 'rejected', describe: 'x' }], [rejected]),
    ).toBeUndefined();
  });
});

// The fork's preview (shown before any provider call) and the id Add Provider suggests.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { forkPreview } from '../../../src/core/fork/forkPreview';
import { planFork } from '../../../src/core/fork/forkPlan';
import { suggestProviderId } from '../../../src/core/providers/providerConfig';
import { RunLogEntrySchema } from '../../../src/core/schema/runlog';
import { BenchmarkRecordSchema } from '../../../src/core/schema/records';

const samples = join(__dirname, '../../../samples');
const lines = (file: string) =>
  readFileSync(join(samples, file), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { task_id?: string; conv_id?: string });
const record = BenchmarkRecordSchema.parse(
  lines('intent.records.jsonl').find((r) => r.task_id === 'sample-math/muffin-trays'),
);
const entry = RunLogEntrySchema.parse(
  lines('logs/math/model-a.jsonl').find((e) => e.conv_id === '1d342438c7c8a0a005f65ebd'),
);

describe('forkPreview', () => {
  it('lists the kept turns, then the edit with the new wording in full, then what runs', () => {
    const edit = { kind: 'replace-user' as const, text: 'Keep the tray count as it was, please.' };
    const plan = planFork(record, entry, edit, 3);
    const preview = forkPreview(entry, plan, edit, 'asst on local answers');
    expect(preview[0]).toBe('Kept as logged (U1–U2):');
    expect(preview[1]).toBe('  U1 user: how much money did the bakery make from its muffins today?');
    expect(preview[2]).toMatch(/^ {5}assistant: I can't work that out yet/);
    expect(preview.filter((l) => /^ {2}U\d user/.test(l))).toHaveLength(2);
    expect(preview).toContain('Edit: U3 replaced by "Keep the tray count as it was, please.".');
    expect(preview.at(-1)).toBe('Then asst on local answers from U3 on, and the final answer is scored.');
    // Nothing of the replaced message or after it is in the kept part.
    expect(preview.join('\n')).not.toContain(record.intent!.proposal);
  });

  it('keeps the ends of a long prefix and says how many turns it left out', () => {
    const plan = planFork(record, entry, { kind: 'drop-user' }, 6);
    const preview = forkPreview(entry, plan, { kind: 'drop-user' }, 'x');
    expect(preview[0]).toBe('Kept as logged (U1–U5):');
    expect(preview.some((l) => l.includes('more turns kept'))).toBe(false);
    const long = { ...entry, trace: [...entry.trace, ...entry.trace.slice(1)] };
    const longPlan = planFork(record, long, { kind: 'drop-user' }, 11);
    const longPreview = forkPreview(long, longPlan, { kind: 'drop-user' }, 'x');
    expect(longPreview).toContain('  … 5 more turns kept …');
    expect(longPreview.filter((l) => /^ {2}U\d+ user/.test(l))).toHaveLength(5);
    expect(longPreview).toContain('Edit: U11 dropped.');
  });

  it('says when nothing is kept', () => {
    const edit = { kind: 'replace-user' as const, text: 'hi' };
    expect(forkPreview(entry, planFork(record, entry, edit, 1), edit, 'x')[0]).toBe(
      'Nothing is kept: the fork starts at U1.',
    );
  });
});

describe('suggestProviderId', () => {
  it('names a local server by its port, a hosted one by its domain, and avoids taken ids', () => {
    expect(suggestProviderId('openai', 'http://127.0.0.1:8000/v1', new Set())).toBe('local-8000');
    expect(suggestProviderId('openai', 'https://api.openai.com/v1', new Set())).toBe('openai');
    expect(suggestProviderId('anthropic', undefined, new Set(['anthropic']))).toBe('anthropic-2');
    expect(suggestProviderId('openai', 'http://localhost:11434/v1', new Set(['local-11434', 'local-11434-2']))).toBe(
      'local-11434-3',
    );
  });
});

// `export-opsd --exclude-label L` (issue #39): conversations an annotator labelled L (in a sidecar
// written by `annotate`) are left out of the Intent-OPSD export, and only those: other labels and
// unlabelled conversations export as before. Once on a small log, once on the real logs when present.
import { beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import exportOpsdCommand from '../../../src/cli/exportOpsdCommand';
import { annotateAs, chefRecord as record } from '../fixtures/chefRecord';
import { runCli } from '../fixtures/cliOutput';

const conv = (id: string, mode: string, condition: string, correct: boolean, answer = 'The answer is 8') =>
  JSON.stringify({
    conv_id: id,
    task: 'math',
    task_id: 'm/1',
    assistant_model: 'alpha',
    mode,
    condition,
    trace: [
      { role: 'system', content: 'Solve step by step.' },
      { role: 'user', content: 'how much did the chef spend' },
      { role: 'assistant', content: 'I need more information.' },
      { role: 'user', content: 'the chef bought 4 bags' },
      { role: 'assistant', content: answer },
    ],
    is_correct: correct,
  });

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'il-opsd-exclude-'));
});

async function label(logs: string, sidecar: string, convId: string, value: string): Promise<void> {
  expect((await annotateAs(logs, sidecar, convId, '--label', value)).code).toBe(0);
}

/** The conv_ids of the export (one line per example), with what the command said on stderr. */
async function exported(records: string, logs: string, sidecar: string, ...extra: string[]) {
  const out = join(dir, `opsd-${Math.random().toString(36).slice(2)}.jsonl`);
  const r = await runCli(() =>
    exportOpsdCommand.run(['--records', records, '--logs', logs, '--out', out, '--annotations', sidecar, ...extra]),
  );
  expect(r.code).toBe(0);
  const text = readFileSync(out, 'utf8');
  return {
    ids: text
      ? text
          .trim()
          .split('\n')
          .map((l) => (JSON.parse(l) as { conv_id: string }).conv_id)
      : [],
    err: r.err,
  };
}

describe('export-opsd --exclude-label', () => {
  it('leaves out exactly the conversations with that label', async () => {
    const records = join(dir, 'bench.records.jsonl');
    const logs = join(dir, 'run.jsonl');
    writeFileSync(records, JSON.stringify(record) + '\n');
    writeFileSync(
      logs,
      [
        conv('s-orig', 'single', 'original', true),
        conv('s-dir', 'single', 'direct', true, '4'),
        conv('m-orig', 'multi', 'original', true),
        conv('m-ret', 'multi', 'retained', false, 'With 2 bags: 4'),
        conv('m-rev', 'multi', 'revised', true, '4'),
      ].join('\n') + '\n',
    );
    const sidecar = join(dir, 'annotations.jsonl');
    const all = await exported(records, logs, sidecar);
    expect(all.ids).toEqual(['m-orig', 'm-ret', 'm-rev']);

    await label(logs, sidecar, 'm-ret', 'simulator-error');
    await label(logs, sidecar, 'm-rev', 'refusal');
    // Labels alone change nothing; the exclusion does, for its label only.
    expect((await exported(records, logs, sidecar)).ids).toEqual(all.ids);
    const without = await exported(records, logs, sidecar, '--exclude-label', 'simulator-error');
    expect(without.ids).toEqual(['m-orig', 'm-rev']);
    expect(without.err).toMatch(/excluded 1 conversation\(s\) labelled simulator-error/);
    const both = await exported(
      records,
      logs,
      sidecar,
      '--exclude-label',
      'simulator-error',
      '--exclude-label',
      'refusal',
    );
    expect(both.ids).toEqual(['m-orig']);
  });

  const data = resolve(__dirname, '../../../../shared/data');
  const realRecords = join(data, 'intent-sample.records.jsonl');
  const realLog = join(data, 'logs/math/snowball-stateful/snowball-stateful_math_google_gemini-2.5-flash.jsonl');
  it.skipIf(!existsSync(realRecords) || !existsSync(realLog))(
    'on the real logs: the labelled conversation goes',
    async () => {
      const sidecar = join(dir, 'real-annotations.jsonl');
      const all = await exported(realRecords, realLog, sidecar);
      expect(all.ids.length).toBeGreaterThan(0);
      const gone = all.ids[0]!;
      await label(realLog, sidecar, gone, 'simulator-error');
      const without = await exported(realRecords, realLog, sidecar, '--exclude-label', 'simulator-error');
      expect(without.ids).toEqual(all.ids.filter((id) => id !== gone));
    },
  );
});

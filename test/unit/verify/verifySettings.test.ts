// Issue 38.1: one verdict whichever road an answer takes. Re-score (rescoreConversation), Run and
// Fork (verifierScorer) and the CLI's score/run/fork flags all build their options with
// verifyOptionsOf; with lenient actions parsing on, the same prose-wrapped answer is correct on
// every road, and wrong on every road without it (test/host/suite/oneVerdict.test.ts runs the real
// Run, Re-score and Fork in the extension host). test/unit/architecture/settings.test.ts proves
// that each extension path takes its options from settings/verifySettings.ts.
import { describe, expect, it } from 'vitest';
import { isAbsolute, join, resolve } from 'node:path';
import { readFileSync } from 'node:fs';
import { databasesFolderFor, verifyOptionsOf } from '../../../src/core/verify/verifySettings';
import { verifierScorer } from '../../../src/core/simulator/verifierScorer';
import { rescoreConversation } from '../../../src/core/verify/rescore';
import { verifyOptionsOfFlags } from '../../../src/cli/verifyFlags';
import { parseRecordsText } from '../../../src/core/load/recordsFile';
import { RunLogEntrySchema, type RunLogEntry } from '../../../src/core/schema/runlog';

const ROOT = resolve(__dirname, '../../..');
const recordLine = readFileSync(join(ROOT, 'samples/intent.records.jsonl'), 'utf8')
  .split('\n')
  .find((l) => l.includes('"sample-actions/weather-cities"'))!;
const record = parseRecordsText('intent.records.jsonl', recordLine + '\n').items[0]!.value;
const answer =
  "Sure, here are the calls: [get_weather(city='Paris', unit='celsius'), get_weather(city='Rome', unit='celsius')] Let me know!";

function loggedConversation(text: string): RunLogEntry {
  return RunLogEntrySchema.parse({
    conv_id: 'lenient-1',
    conv_type: 'intent-eval-scripted',
    task: 'actions',
    task_id: record.task_id,
    assistant_model: 'm',
    mode: 'single',
    condition: 'original',
    trace: [
      { role: 'user', content: 'question', timestamp: '2026-01-01 00:00:00' },
      { role: 'assistant', content: text, timestamp: '2026-01-01 00:00:01' },
    ],
    is_correct: null,
  });
}

/** The verdict of one answer through each road, with the given options. */
async function verdicts(lenientActions: boolean): Promise<Array<boolean | null>> {
  const hostOptions = verifyOptionsOf({ execute: true, lenientActions, python: 'python3.99-not-installed' });
  const cliOptions = verifyOptionsOfFlags({ 'lenient-actions': lenientActions, python: 'python3.99-not-installed' });
  expect(cliOptions).toEqual(hostOptions);
  const spec = { mode: 'single', condition: 'original' } as const;
  const run = await verifierScorer(hostOptions)(record, spec, answer);
  const fork = await verifierScorer(cliOptions)(record, spec, answer);
  const rescore = await rescoreConversation(record, loggedConversation(answer), hostOptions);
  return [run.is_correct, fork.is_correct, rescore.is_correct];
}

describe('one verdict on every road (verifyOptionsOf)', () => {
  it('lenient actions parsing on: correct through Run, Fork and Re-score', async () => {
    expect(await verdicts(true)).toEqual([true, true, true]);
  });

  it('the paper protocol (default): incorrect through all three', async () => {
    expect(await verdicts(false)).toEqual([false, false, false]);
  });

  it('carries python, unisolated execution, the databases folder and the time limit', () => {
    expect(
      verifyOptionsOf({
        execute: false,
        python: ' /opt/py/bin/python ',
        allowUnisolated: true,
        databasesDir: '/db',
        followDatabaseLinks: true,
        timeoutMs: 500,
      }),
    ).toEqual({
      trusted: false,
      lenientActionsFormat: false,
      followDatabaseLinks: true,
      python: { pythonPath: '/opt/py/bin/python', allowUnisolated: true, timeoutMs: 500 },
      databasesDir: '/db',
    });
    expect(verifyOptionsOfFlags({ 'no-exec': true, databases: 'dbs' }, 500)).toEqual({
      trusted: false,
      lenientActionsFormat: false,
      followDatabaseLinks: false,
      python: { timeoutMs: 500 },
      databasesDir: resolve('dbs'),
    });
    // Links out of the databases folder are followed only when the user says so (--follow-db-links).
    expect(verifyOptionsOfFlags({ 'follow-db-links': true }).followDatabaseLinks).toBe(true);
  });
});

describe('databasesFolderFor: the one rule', () => {
  it('absolute as it is, relative under the base folder, none when empty or without a folder', () => {
    const abs = resolve('/srv/spider/database');
    expect(databasesFolderFor(abs, '/ws')).toBe(abs);
    expect(databasesFolderFor('databases', resolve('/ws/a'))).toBe(resolve('/ws/a/databases'));
    expect(isAbsolute(databasesFolderFor('../dbs', resolve('/ws/a'))!)).toBe(true);
    expect(databasesFolderFor('  ', '/ws')).toBeUndefined();
    expect(databasesFolderFor('databases', undefined)).toBeUndefined();
  });
});

// Issue 38.1 in the extension host: with non-default settings (lenient actions parsing on, a
// non-default python), one prose-wrapped actions answer gets one verdict through Run, Re-score
// and Fork. Before the settings module, Run and Fork scored it with the paper protocol (incorrect)
// while Re-score read the setting (correct). The model is a local OpenAI-compatible fake.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activatedApi as api } from './activatedApi';
import { startFakeServer, type FakeServer } from '../../unit/runner/fakeOpenAIServer';
import { runOneInstance } from '../../../src/extension/runner/runSession';
import { runForks } from '../../../src/extension/fork/forkSession';
import type { RescoreSummary } from '../../../src/extension/scoring/registerScoring';
import type { ProviderConfig } from '../../../src/core/providers/providerConfig';

const ANSWER =
  "Sure, here are the calls: [get_weather(city='Paris', unit='celsius'), get_weather(city='Rome', unit='celsius')] Let me know!";
const TASK = 'sample-actions/weather-cities';
const SETTINGS = { 'actions.lenientParsing': true, python: '/usr/bin/python3' } as const;

async function until<T>(what: string, get: () => T | undefined, timeoutMs = 20000): Promise<T> {
  const t0 = Date.now();
  for (;;) {
    const v = get();
    if (v !== undefined) return v;
    if (Date.now() - t0 > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('One verdict on every road (issue 38.1)', function () {
  this.timeout(120000);
  let model: FakeServer;
  const config = () => vscode.workspace.getConfiguration('intentLens');

  before(async () => {
    model = await startFakeServer(() => ({ kind: 'chat', text: ANSWER }));
    for (const [k, v] of Object.entries(SETTINGS)) await config().update(k, v, vscode.ConfigurationTarget.Workspace);
  });
  after(async () => {
    for (const k of Object.keys(SETTINGS)) await config().update(k, undefined, vscode.ConfigurationTarget.Workspace);
    await model.close();
  });

  it('Run, Re-score and Fork agree with lenient actions parsing on', async () => {
    const { services } = await api();
    const record = services.data.record(TASK);
    assert.ok(record, `${TASK} not loaded`);
    const provider = {
      id: 'local',
      kind: 'openai',
      baseUrl: model.baseUrl,
      model: 'asst',
      maxRetries: 0,
    } as ProviderConfig;
    const signal = new AbortController().signal;

    const run = await runOneInstance(services, { record, spec: { mode: 'single', condition: 'original' } }, provider, {
      signal,
    });
    assert.equal(run.result.score.is_correct, true, `Run: ${JSON.stringify(run.result.score.details)}`);

    const convId = run.result.entry.conv_id;
    const ref = await until('the run indexed', () => services.data.conversations().find((c) => c.conv_id === convId));
    const summary = await vscode.commands.executeCommand<RescoreSummary>('intentLens.rescore', { convIds: [convId] });
    assert.equal(summary?.correct, 1, `Re-score: ${JSON.stringify(summary)}`);
    assert.equal(summary?.changed, 0);

    const forked = await runForks(services, {
      jobs: [{ parent: ref, record: record.record }],
      edit: { kind: 'replace-user', text: 'Weather in Paris and Rome today, in celsius?' },
      turn: 1,
      providerCfg: provider,
      model: 'asst',
      signal,
    });
    const item = forked.items[0];
    assert.ok(
      item && item.status === 'forked',
      `Fork: ${JSON.stringify(item && 'message' in item ? item.message : item?.status)}`,
    );
    assert.equal(item.result.score.is_correct, true, `Fork: ${JSON.stringify(item.result.score.details)}`);
  });
});

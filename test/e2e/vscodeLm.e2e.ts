// kind: vscode-lm, proven: a test-only extension (test/lmTestExtension) registers a chat model with
// vscode.lm.registerLanguageModelChatProvider, answered by the local OpenAI-compatible test server.
// An instance run from the Test Explorer with a vscode-lm provider reaches that model through the
// VS Code LM API: VS Code asks whether Intent Lens may use the model (answered Allow, as a user
// would; refused first, the run fails with a message saying how to allow it), the conversation runs (the user simulator through the same model), is scored, and is
// appended to the run log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  missingE2eTools,
  openWorkbench,
  screenshotOnFailure,
  startCodeServer,
  type CodeServer,
  type Workbench,
} from './harness';
import { eligibleShardsInPrompt, startFakeServer, type FakeServer } from '../unit/runner/fakeOpenAIServer';
import { mathRecord } from '../unit/runner/runnerFixtures';

const missing = missingE2eTools();
const TEST_EXTENSION = 'test/lmTestExtension';
const TEST_EXTENSION_ID = 'intent-lens-test.lm-test-provider';

function logFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.jsonl'))
    .map((e) => join(e.parentPath, e.name));
}

describe.skipIf(missing.length > 0)('vscode-lm: an instance through the VS Code Language Model API', () => {
  let workspace: string;
  let server: CodeServer;
  let wb: Workbench;
  let model: FakeServer;
  screenshotOnFailure(() => wb);

  beforeAll(async () => {
    // The simulator's prompt comes folded into the first user message (the LM API has no system role).
    model = await startFakeServer((req) => {
      const first = req.body.messages[0]?.content ?? '';
      if (first.includes('You are simulating a user')) {
        const s = eligibleShardsInPrompt(first)[0];
        return {
          kind: 'chat',
          text: JSON.stringify({ response: `so ${s?.shard ?? 'nothing more'}`, shard_id: s?.shard_id ?? -1 }),
        };
      }
      return { kind: 'chat', text: 'Step by step: 6 sacks * 10 kg * $2 = $120. Final answer: 120' };
    });
    workspace = mkdtempSync(join(tmpdir(), 'intent-lens-vscode-lm-'));
    writeFileSync(join(workspace, 'lm.records.jsonl'), JSON.stringify(mathRecord) + '\n');
    mkdirSync(join(workspace, 'logs'), { recursive: true });
    server = await startCodeServer({
      workspace,
      extraExtensions: [TEST_EXTENSION],
      extraArgs: ['--enable-proposed-api', TEST_EXTENSION_ID],
      env: { INTENT_LENS_TEST_LM_URL: model.baseUrl, INTENT_LENS_TEST_LM_MODELS: 'asst' },
      settings: {
        // The harness turns chat off for quiet workbenches; the LM API needs it on.
        'chat.disableAIFeatures': false,
        'intentLens.providers': [{ id: 'vslm', kind: 'vscode-lm', model: 'asst' }],
        'intentLens.runs.defaultProvider': 'vslm',
      },
    });
    wb = await openWorkbench(server, { suite: 'vscodeLm', timeoutMs: 120_000 });
    await wb.openView('Intent Lens');
    await wb.extensionsActivated();
  }, 300_000);

  afterAll(async () => {
    await wb?.close();
    await server?.stop();
    await model?.close();
    if (workspace) rmSync(workspace, { recursive: true, force: true });
  });

  it('refused, the run fails saying how to allow the model; allowed, it runs, is scored and logged', async () => {
    const page = wb.page;
    await wb.runCommand('Testing: Focus on Test Explorer View');
    const explorer = page.locator('.test-explorer');
    const source = explorer.locator('.monaco-list-row', { hasText: mathRecord.task_id }).first();
    await source.waitFor({ state: 'visible', timeout: wb.timeoutMs });
    if ((await source.getAttribute('aria-expanded')) === 'false') await source.locator('.monaco-tl-twistie').click();
    const retained = explorer.locator('.monaco-list-row', { hasText: /^\s*Retained \(multi\)/ }).first();
    await retained.waitFor({ state: 'visible', timeout: wb.timeoutMs });
    const run = async () => {
      await retained.hover();
      await retained.locator('.action-label[aria-label^="Run Test"]').click();
    };
    // VS Code's consent prompt for the model's provider.
    const consent = page.locator('.monaco-dialog-box', { hasText: /Intent Lens/ });

    // Refused first: the run fails with the message that says how to allow it, and nothing is logged.
    await run();
    await consent.waitFor({ state: 'visible', timeout: wb.timeoutMs });
    await consent.getByRole('button', { name: 'Cancel' }).click();
    // A provider error ends the test as errored (not failed); the Test Results panel says why.
    await retained
      .locator('.codicon-testing-error-icon, .codicon-testing-failed-icon')
      .first()
      .waitFor({ state: 'visible', timeout: wb.timeoutMs });
    await page
      .locator('.part.panel .monaco-list-row', { hasText: /VS Code did not grant Intent Lens access/ })
      .first()
      .waitFor({ state: 'visible', timeout: wb.timeoutMs });
    expect(logFiles(join(workspace, 'logs'))).toEqual([]);

    // Then allowed, as a user would on the second try.
    await run();
    await consent.waitFor({ state: 'visible', timeout: wb.timeoutMs });
    await wb.screenshot('consent');
    const prompt = await consent.innerText();
    await consent
      .getByRole('button', { name: /^Allow/ })
      .first()
      .click();

    await retained.locator('.codicon-testing-passed-icon').waitFor({ state: 'visible', timeout: wb.timeoutMs });
    expect(prompt).toMatch(/Intent Lens Test LM|Intent Lens tests/);
    // The model was reached through the LM API: the assistant and the simulator's requests.
    expect(model.requests.length).toBeGreaterThanOrEqual(2);
    expect(model.requests.every((r) => r.body.model === 'asst')).toBe(true);

    const logs = logFiles(join(workspace, 'logs'));
    expect(logs).toHaveLength(1);
    const lines = readFileSync(logs[0]!, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { mode: string; condition: string; is_correct: boolean; assistant_model: string });
    expect(lines.map((l) => [l.mode, l.condition, l.is_correct])).toEqual([['multi', 'retained', true]]);
    expect(lines[0]!.assistant_model).toMatch(/asst/);
  });
});

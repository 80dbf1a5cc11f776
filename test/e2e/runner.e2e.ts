// The runner in a real VS Code (code-server): an API key set through "Intent Lens: Set API Key"
// (SecretStorage), instances run from the Test Explorer against a local OpenAI-compatible server
// (multi-turn with the user simulator, and a single-turn control that fails), the tree showing the
// new run, and the run log holding whole lines without the key.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openWorkbench, screenshotOnFailure, startCodeServer, type CodeServer, type Workbench } from './harness';
import { eligibleShardsInPrompt, startFakeServer, type FakeServer } from '../unit/runner/fakeOpenAIServer';
import { mathRecord } from '../unit/runner/runnerFixtures';

const SECRET = 'sk-e2e-secret-5150';

describe('runner: Test Explorer against a local OpenAI-compatible server', () => {
  let workspace: string;
  let server: CodeServer;
  let workbench: Workbench;
  let model: FakeServer;
  screenshotOnFailure(() => workbench);

  beforeAll(async () => {
    model = await startFakeServer((req) => {
      const first = req.body.messages[0]?.content ?? '';
      if (first.startsWith('You are simulating a user')) {
        const s = eligibleShardsInPrompt(first)[0];
        return {
          kind: 'chat',
          text: JSON.stringify({ response: `so ${s?.shard ?? 'nothing more'}`, shard_id: s?.shard_id ?? -1 }),
        };
      }
      return { kind: 'chat', text: 'Step by step: 6 sacks * 10 kg * $2 = $120. Final answer: 120' };
    });
    workspace = mkdtempSync(join(tmpdir(), 'intent-lens-runner-'));
    writeFileSync(join(workspace, 'runner.records.jsonl'), JSON.stringify(mathRecord) + '\n');
    mkdirSync(join(workspace, 'logs'), { recursive: true });
    server = await startCodeServer({
      workspace,
      settings: {
        'intentLens.providers': [
          { id: 'local', kind: 'openai', baseUrl: model.baseUrl, model: 'asst', stream: true, maxRetries: 0 },
        ],
        'intentLens.runs.defaultProvider': 'local',
      },
    });
    workbench = await openWorkbench(server, { suite: 'runner', timeoutMs: 120_000 });
    await workbench.openView('Intent Lens');
    await workbench.extensionsActivated();
  });

  afterAll(async () => {
    await workbench?.close();
    await server?.stop();
    await model?.close();
    if (workspace) rmSync(workspace, { recursive: true, force: true });
  });

  it('stores an API key through the Set API Key command', async () => {
    await workbench.runCommand('Intent Lens: Set API Key');
    const page = workbench.page;
    await page
      .locator('.quick-input-list .monaco-list-row', { hasText: /^\s*local/ })
      .first()
      .click();
    const password = page.locator('.quick-input-widget input[type="password"]');
    await password.waitFor({ state: 'visible', timeout: workbench.timeoutMs });
    await password.fill(SECRET);
    await password.press('Enter');
    // The notification helper opens the palette: wait until the key box has closed first.
    await password.waitFor({ state: 'hidden', timeout: workbench.timeoutMs });
    expect(await workbench.notification(/stored the API key of "local"/)).toContain('local');
  });

  it('runs instances from the Test Explorer: multi-turn passes, S_Dir fails; the tree shows the runs', async () => {
    const page = workbench.page;
    await workbench.runCommand('Testing: Focus on Test Explorer View');
    const explorer = page.locator('.test-explorer');
    await explorer.waitFor({ state: 'visible', timeout: workbench.timeoutMs });
    const source = explorer.locator('.monaco-list-row', { hasText: mathRecord.task_id }).first();
    await source.waitFor({ state: 'visible', timeout: workbench.timeoutMs });
    if ((await source.getAttribute('aria-expanded')) === 'false') await source.locator('.monaco-tl-twistie').click();

    const runRow = async (label: RegExp) => {
      const row = explorer.locator('.monaco-list-row', { hasText: label }).first();
      await row.waitFor({ state: 'visible', timeout: workbench.timeoutMs });
      await row.hover();
      await row.locator('.action-label[aria-label^="Run Test"]').click();
      return row;
    };
    const retained = await runRow(/^\s*Retained \(multi\)/);
    await retained.locator('.codicon-testing-passed-icon').waitFor({ state: 'visible', timeout: 60_000 });
    const direct = await runRow(/^\s*S_Dir/);
    await direct.locator('.codicon-testing-failed-icon').waitFor({ state: 'visible', timeout: 60_000 });
    await workbench.screenshot('test-explorer-after-runs');

    // The log: two whole lines, scored, with the simulator's turns; the key sent but never written.
    const log = join(workspace, 'logs/runs/math/asst.jsonl');
    expect(existsSync(log)).toBe(true);
    const text = readFileSync(log, 'utf8');
    expect(text).not.toContain(SECRET);
    const lines = text
      .trim()
      .split('\n')
      .map(
        (l) =>
          JSON.parse(l) as {
            condition: string;
            mode: string;
            is_correct: boolean;
            trace: Array<{ role: string; content: unknown }>;
          },
      );
    expect(lines.map((l) => [l.mode, l.condition, l.is_correct])).toEqual([
      ['multi', 'retained', true],
      ['single', 'direct', false],
    ]);
    const events = lines[0]!.trace
      .filter((m) => m.role === 'log' && (m.content as { type: string }).type === 'event')
      .map((m) => (m.content as { event: string }).event);
    expect(events).toEqual(['proposal', 'reject']);
    expect(model.requests.some((r) => r.headers.authorization === `Bearer ${SECRET}`)).toBe(true);

    // The appended log gives the instances runs: the rebuild keeps their items (same record) and
    // makes them expandable, with the run under each.
    for (const [label, verdict] of [
      [/^\s*Retained \(multi\)/, /✓/],
      [/^\s*S_Dir/, /✗/],
    ] as const) {
      const row = explorer.locator('.monaco-list-row', { hasText: label }).first();
      await expect.poll(async () => row.getAttribute('aria-expanded'), { timeout: 30_000 }).not.toBeNull();
      if ((await row.getAttribute('aria-expanded')) === 'false') await row.locator('.monaco-tl-twistie').click();
      const run = explorer.locator('.monaco-list-row[aria-level="3"]', { hasText: /^\s*asst/ }).first();
      await run.waitFor({ state: 'visible', timeout: workbench.timeoutMs });
      expect(await run.innerText()).toMatch(verdict);
      await workbench.screenshot(`test-explorer-runs-${verdict.source === '✓' ? 'retained' : 'direct'}`);
      await row.locator('.monaco-tl-twistie').click();
    }

    // The Sources tree (watching logs/) shows the new runs under the source.
    await workbench.openView('Intent Lens');
    const treeSource = await workbench.treeRow(mathRecord.task_id);
    await expect.poll(async () => treeSource.innerText(), { timeout: 30_000 }).toMatch(/asst ✓1 ✗1/);
    await workbench.screenshot('tree-after-runs');
  });
});

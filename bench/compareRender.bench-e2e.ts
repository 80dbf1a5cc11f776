// Benchmark: command → fully rendered compare view (rows painted, final-response diff computed in
// Monaco's worker) for two 40-turn conversations, in a real VS Code (code-server). Records, does not
// assert: the numbers go to test-results/compare-bench.json and are summarised in bench/compare.md.
// Run: node scripts/build.mjs && npx vitest run --config bench/vitest.compare.config.ts
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  missingE2eTools,
  openWorkbench,
  repoRoot,
  startCodeServer,
  testResultsDir,
  type CodeServer,
  type Workbench,
} from '../test/e2e/harness';
import { conversation, onionRecord } from '../test/unit/compare/compareFixtures';

const RUNS = 6;
const FILLER =
  'To keep the calculation transparent I restate what we know so far, check the units, and note which quantities are still missing before committing to a number. ' +
  'Weights are in pounds, prices in dollars per pound, and the count of bags multiplies everything else. ';

function workspace(): { dir: string; userTurns: number } {
  const dir = mkdtempSync(join(tmpdir(), 'intent-lens-compare-bench-'));
  // 4 task shards + 34 side notes + proposal + decision = 40 user turns.
  const record = onionRecord(34);
  const reply = (drift: boolean) => (turn: number, message: string, isLast: boolean) => {
    if (isLast) {
      const bags = drift ? 2 : 4;
      return `Step by step:\n1. Each bag weighs 50 pounds, so ${bags} bags weigh ${bags * 50} pounds.\n2. At $1.50 a pound that is ${bags * 50} × 1.50 = $${bags * 75}.\n\nThe chef spent $${bags * 75}.`;
    }
    const leak = drift && turn > 4 && turn % 4 === 0 ? ' Going with 2 bags, that is 100 pounds so far.' : '';
    return `Turn ${turn + 1}: noted — "${message}". ${FILLER.repeat(2)}${leak}`;
  };
  const retained = conversation(record, {
    convId: 'bench-retained',
    model: 'bench-model',
    spec: { mode: 'multi', condition: 'retained' },
    reply: reply(true),
    isCorrect: false,
    exactAnswer: '150',
  });
  const revised = conversation(record, {
    convId: 'bench-revised',
    model: 'bench-model',
    spec: { mode: 'multi', condition: 'revised' },
    reply: reply(false),
    isCorrect: false,
    exactAnswer: '300',
  });
  writeFileSync(join(dir, 'bench.records.jsonl'), JSON.stringify(record) + '\n');
  mkdirSync(join(dir, 'logs', 'math'), { recursive: true });
  writeFileSync(
    join(dir, 'logs', 'math', 'bench-model.jsonl'),
    [retained, revised].map((e) => JSON.stringify(e)).join('\n') + '\n',
  );
  return { dir, userTurns: retained.trace.filter((m) => m.role === 'user').length };
}

describe.skipIf(missingE2eTools().length > 0)('bench: compare view render, 2 × 40 turns', () => {
  let ws: ReturnType<typeof workspace>;
  let server: CodeServer;
  let wb: Workbench;

  beforeAll(async () => {
    ws = workspace();
    server = await startCodeServer({ workspace: ws.dir });
    wb = await openWorkbench(server, { suite: 'compare-bench' });
    await wb.extensionsActivated();
  });

  afterAll(async () => {
    await wb?.close();
    await server?.stop();
    if (ws) rmSync(ws.dir, { recursive: true, force: true });
  });

  it('measures command → rendered over repeated opens', async () => {
    expect(ws.userTurns).toBe(40);
    const runs: Array<Record<string, number>> = [];
    for (let i = 0; i < RUNS; i++) {
      await wb.runCommand('Intent Lens: Compare Retained ↔ Revised');
      const input = wb.page.locator('.quick-input-widget input');
      await input.waitFor({ state: 'visible' });
      await input.fill('sample-math/onions');
      await wb.page
        .locator('.quick-input-list .monaco-list-row', { hasText: 'sample-math/onions' })
        .first()
        .waitFor({ state: 'visible' });
      await wb.page.keyboard.press('Enter');
      const frame = wb.webviewFrame();
      await frame.locator('body[data-rendered="true"]').waitFor({ state: 'attached', timeout: 60000 });
      // Monaco's diff replaces the text diff after "rendered": wait for it too (its time is editorDiffMs).
      await frame.locator('body[data-diff-computed]').waitFor({ state: 'attached', timeout: 60000 });
      const d = await frame.locator('body').evaluate((b) => ({ ...(b as HTMLElement).dataset }));
      const dom = await frame.locator('body').evaluate((b) => ({
        nodes: b.querySelectorAll('*').length,
        spans: b.querySelectorAll('[data-inactive]').length,
        rows: b.querySelectorAll('[data-row]').length,
      }));
      expect(d.diffComputed).toBe('true');
      runs.push({
        scriptToRenderedMs: Number(d.renderedMs),
        panelCreatedToRenderedMs: Number(d.sincePanelCreatedMs),
        commandToRenderedMs: Number(d.sinceCommandMs),
        scriptToEditorDiffMs: Number(d.editorDiffMs),
        domNodes: dom.nodes,
        inactiveSpans: dom.spans,
        rows: dom.rows,
        // Phases since script start (ms): where the time goes.
        ...Object.fromEntries(
          Object.entries(JSON.parse(d.phases ?? '{}') as Record<string, number>).map(([k, v]) => [`phase.${k}`, v]),
        ),
      });
      await wb.runCommand('View: Close All Editors');
      await wb.page
        .locator('iframe.webview.ready:visible')
        .waitFor({ state: 'detached' })
        .catch(() => undefined);
    }
    const median = (k: string, from = 1) => {
      const v = runs
        .slice(from)
        .map((r) => r[k]!)
        .sort((a, b) => a - b);
      return v[Math.floor(v.length / 2)]!;
    };
    const bundle = (f: string) => statSync(join(repoRoot, 'dist', 'webview', f)).size;
    const summary = {
      userTurnsPerSide: ws.userTurns,
      runs,
      warmMedian: {
        scriptToRenderedMs: median('scriptToRenderedMs'),
        panelCreatedToRenderedMs: median('panelCreatedToRenderedMs'),
        commandToRenderedMs: median('commandToRenderedMs'),
      },
      bundleBytes: { js: bundle('compare.js'), css: bundle('compare.css') },
    };
    mkdirSync(testResultsDir, { recursive: true });
    writeFileSync(join(testResultsDir, 'compare-bench.json'), JSON.stringify(summary, null, 2) + '\n');
    console.log(JSON.stringify(summary, null, 2));
  });
});

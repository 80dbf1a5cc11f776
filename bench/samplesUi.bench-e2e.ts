// The Samples table at 100,000 conversations in a real VS Code (code-server): a generated workspace
// of small logs (100 files × 1,000 conversations; INTENT_LENS_BENCH_ROWS changes the count), then
// command → first rows on screen, script start → rendered (the webview's own clock), and in the
// page: sort clicks, a scroll to the middle and the end, and a set filter's round trip through the
// host (the tree's filter model) until the count changes. Records to
// test-results/samples-ui-bench.json with the load average; never asserts (see bench/samples.md).
import { afterAll, beforeAll, describe, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Frame } from 'playwright-core';
import {
  missingE2eTools,
  openWorkbench,
  startCodeServer,
  testResultsDir,
  type CodeServer,
  type Workbench,
} from '../test/e2e/harness';

const ROWS = Number(process.env.INTENT_LENS_BENCH_ROWS ?? 100_000);
const FILES = 100;
const load = () => loadavg().map((l) => +l.toFixed(2));

function generate(dir: string): void {
  const perFile = Math.ceil(ROWS / FILES);
  for (let f = 0; f < FILES; f++) {
    const model = `provider/model-${f % 10}`;
    const lines: string[] = [];
    for (let j = 0; j < perFile && f * perFile + j < ROWS; j++) {
      const i = f * perFile + j;
      const source = Math.floor(i / 40);
      const trace = [
        { role: 'user', content: `q${i}` },
        { role: 'assistant', content: `a${i}` },
      ];
      for (let t = 0; t < i % 5; t++)
        trace.push({ role: 'user', content: 'more' }, { role: 'assistant', content: 'ok' });
      lines.push(
        JSON.stringify({
          conv_id: `${(0x6a33d392 + f).toString(16)}642cb156${j.toString(16).padStart(8, '0')}`,
          task: ['math', 'code', 'database', 'actions'][source % 4],
          task_id: `sharded-GSM8K/${source}`,
          assistant_model: model,
          trace,
          is_correct: (i * 7) % 3 === 0,
        }),
      );
    }
    mkdirSync(join(dir, 'logs', `part-${f % 10}`), { recursive: true });
    writeFileSync(join(dir, 'logs', `part-${f % 10}`, `run-${f}.jsonl`), lines.join('\n') + '\n');
  }
}

type Act = { click: string } | { scroll: 'middle' | 'end' };
/** Done when the element's attribute has the value, its text matches (or not), or rows show in the grid. */
type Done =
  | { selector: string; attribute: string; value: string }
  | { selector: string; text: string; matches: boolean }
  | { rowsOnScreen: true };

/**
 * Runs `act` in the page and resolves with ms until `done` holds on a painted frame (measured with
 * the page's clock; plain functions: the webview's CSP allows no eval).
 */
async function inPage(frame: Frame, act: Act, done: Done): Promise<number> {
  return frame.evaluate(
    async ([a, d]) => {
      const grid = document.querySelector<HTMLElement>('[data-testid="grid"]')!;
      const holds = () => {
        if ('rowsOnScreen' in d) {
          const g = grid.getBoundingClientRect();
          return [...grid.querySelectorAll('[role=row]')].some((r) => {
            const b = r.getBoundingClientRect();
            return b.bottom > g.top && b.top < g.bottom;
          });
        }
        const el = document.querySelector(d.selector);
        if (!el) return false;
        return 'attribute' in d
          ? el.getAttribute(d.attribute) === d.value
          : new RegExp(d.text).test(el.textContent ?? '') === d.matches;
      };
      const t0 = performance.now();
      if ('click' in a) document.querySelector<HTMLElement>(a.click)!.click();
      else grid.scrollTop = a.scroll === 'end' ? grid.scrollHeight : grid.scrollHeight / 2;
      for (;;) {
        await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
        if (holds()) return performance.now() - t0;
        if (performance.now() - t0 > 120000) return -1;
      }
    },
    [act, done] as const,
  );
}

describe.skipIf(missingE2eTools().length > 0)('bench: Samples table at scale', () => {
  let dir: string;
  let server: CodeServer;
  let wb: Workbench;
  const result: Record<string, unknown> = { rows: ROWS, loadAverageAtStart: load() };
  const save = () => {
    mkdirSync(testResultsDir, { recursive: true });
    writeFileSync(
      join(testResultsDir, 'samples-ui-bench.json'),
      JSON.stringify({ ...result, loadAverageAtEnd: load() }, null, 2),
    );
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'intent-lens-samples-bench-'));
    generate(dir);
    server = await startCodeServer({ workspace: dir });
    wb = await openWorkbench(server, { suite: 'samples-ui-bench', timeoutMs: 600000 });
    await wb.openView('Intent Lens');
    await wb.extensionsActivated();
    await wb.page
      .locator('.part.statusbar .statusbar-item', { hasText: `${ROWS} conversations` })
      .first()
      .waitFor({ state: 'visible', timeout: 600000 });
  }, 1800000);

  afterAll(async () => {
    save();
    await wb?.close();
    await server?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('opens, sorts, scrolls and filters', async () => {
    const t0 = Date.now();
    await wb.runCommand('Intent Lens: Open Samples Table');
    const locator = await wb.webviewFrameOf('samples', 600000);
    await locator
      .locator('body[data-rendered="true"] [data-testid="grid"] [role="row"]')
      .first()
      .waitFor({ state: 'attached', timeout: 600000 });
    result.commandToFirstRowsMs = Date.now() - t0;
    const frame = (await (await locator.owner().elementHandle())!.contentFrame())!;
    const timing = await frame.evaluate(() => ({ ...document.body.dataset }));
    result.scriptStartToRenderedMs = Number(timing.renderedMs);
    result.hostCommandToRenderedMs = Number(timing.sinceCommandMs);
    result.hostStateBuildMs = Number(timing.hostBuildMs);
    result.stateChars = await frame.evaluate(() => document.getElementById('initial-state')?.textContent?.length ?? 0);
    save();
    const header = (c: string): Act => ({ click: `[data-column="${c}"] .il-sort` });
    const sorted = (c: string, value: string): Done => ({
      selector: `[data-column="${c}"]`,
      attribute: 'aria-sort',
      value,
    });
    result.sortTaskIdMs = await inPage(frame, header('taskId'), sorted('taskId', 'ascending'));
    result.sortTaskIdDescMs = await inPage(frame, header('taskId'), sorted('taskId', 'descending'));
    result.sortTurnsMs = await inPage(frame, header('turns'), sorted('turns', 'ascending'));
    result.sortFileMs = await inPage(frame, header('file'), sorted('file', 'ascending'));
    result.scrollMiddleMs = await inPage(frame, { scroll: 'middle' }, { rowsOnScreen: true });
    result.scrollEndMs = await inPage(frame, { scroll: 'end' }, { rowsOnScreen: true });
    save();
    // A set filter's round trip: the host filters through the tree's model and answers with a bitmap.
    await frame.locator('[data-column="model"] .il-filter-button').click();
    const option: Act = { click: '.il-filter-option input' };
    result.filterRoundTripMs = await inPage(frame, option, {
      selector: '[data-testid="row-count"]',
      text: ' of ',
      matches: true,
    });
    result.clearFilterRoundTripMs = await inPage(frame, option, {
      selector: '[data-testid="row-count"]',
      text: ' of ',
      matches: false,
    });
    await wb.screenshot('samples-ui-bench');
    save();
  });
});

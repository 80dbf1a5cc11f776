// The UI bench's drivers for the views it opens through the palette (compare, conversation, samples
// table, search). Every wait is on a condition with a bounded limit that fails with a message naming
// the step, so a changed quick-pick flow shows up as an error and a screenshot, not as a hang.
import type { FrameLocator, Locator } from 'playwright-core';
import type { Workbench } from '../test/e2e/harness';

/** Waits for the locator, failing with what was awaited (Playwright's own message names only the selector). */
export async function waitFor(what: string, locator: Locator, timeoutMs: number, state: 'visible' | 'attached' | 'hidden' | 'detached' = 'visible'): Promise<void> {
  try {
    await locator.waitFor({ state, timeout: timeoutMs });
  } catch (e) {
    throw new Error(`bench: ${what} did not happen within ${timeoutMs} ms (${e instanceof Error ? e.message.split('\n')[0] : String(e)})`);
  }
}

/** The quick input showing a given title (a pick of one command, not the palette or another pick). */
function quickPickTitled(wb: Workbench, title: RegExp): Locator {
  return wb.page.locator('.quick-input-widget').filter({ has: wb.page.locator('.quick-input-title', { hasText: title }) });
}

/** Types into the open quick pick and clicks the row holding `rowText` (a click takes that row, Enter the focused one). */
async function pick(wb: Workbench, what: string, picker: Locator, text: string, rowText: string | RegExp, timeoutMs: number): Promise<void> {
  await waitFor(`${what}: the quick pick`, picker, timeoutMs);
  await picker.locator('input').fill(text);
  const row = picker.locator('.monaco-list-row', { hasText: rowText }).first();
  await waitFor(`${what}: a row matching ${String(rowText)}`, row, timeoutMs);
  await row.click();
}

export interface RenderedTimes {
  scriptToRenderedMs: number;
  panelCreatedToRenderedMs: number;
  commandToRenderedMs: number;
  [phase: string]: number;
}

/** The render times a view wrote on its `<body data-*>` (compare and conversation views). */
async function renderedTimes(frame: FrameLocator): Promise<RenderedTimes> {
  const d = await frame.locator('body').evaluate((b) => ({ ...(b as HTMLElement).dataset }) as Record<string, string | undefined>);
  const phases = Object.entries(JSON.parse(d.phases ?? '{}') as Record<string, number>).map(([k, v]) => [`phase.${k}`, v] as const);
  return { scriptToRenderedMs: Number(d.renderedMs), panelCreatedToRenderedMs: Number(d.sincePanelCreatedMs), commandToRenderedMs: Number(d.sinceCommandMs), ...Object.fromEntries(phases) };
}

/** Closes every editor and waits until no webview shows (a closed view goes in seconds). */
export async function closeAllEditors(wb: Workbench, timeoutMs: number): Promise<void> {
  await wb.runCommand('View: Close All Editors');
  await wb.page.locator('iframe.webview.ready:visible').first().waitFor({ state: 'detached', timeout: timeoutMs }).catch(() => undefined);
}

/**
 * "Compare Retained ↔ Revised" on a source: the source pick, then the model pick when several
 * models have both runs (the first model), then the rendered view.
 */
export async function openCompare(wb: Workbench, source: string, timeoutMs: number): Promise<RenderedTimes> {
  await wb.runCommand('Intent Lens: Compare Retained ↔ Revised');
  await pick(wb, 'compare: source', quickPickTitled(wb, /^\s*Compare Retained ↔ Revised\s*$/), source, source, timeoutMs);
  // Either the model pick shows or (one model) the view opens at once.
  const models = quickPickTitled(wb, /^\s*Compare Retained ↔ Revised: /);
  const first = await Promise.race([
    models.waitFor({ state: 'visible', timeout: timeoutMs }).then(() => 'models' as const),
    wb.webviewFrameOf('compare', timeoutMs).then(() => 'view' as const),
  ]).catch((e: unknown) => {
    throw new Error(`bench: compare: neither the model pick nor the view showed within ${timeoutMs} ms (${e instanceof Error ? e.message.split('\n')[0] : String(e)})`);
  });
  if (first === 'models') {
    const row = models.locator('.monaco-list-row').first();
    await waitFor('compare: the first model row', row, timeoutMs);
    await row.click();
  }
  const frame = await wb.webviewFrameOf('compare', timeoutMs);
  await waitFor('compare: body[data-rendered]', frame.locator('body[data-rendered="true"]'), timeoutMs, 'attached');
  const times = await renderedTimes(frame);
  // Monaco's diff editor replaces the text diff after "rendered": when, for the record.
  await waitFor('compare: body[data-diff-computed]', frame.locator('body[data-diff-computed]'), timeoutMs, 'attached');
  times.scriptToEditorDiffMs = Number(await frame.locator('body').getAttribute('data-editor-diff-ms'));
  return times;
}

/** "Open Conversation" from the palette, picking the conversation whose row holds `rowText`. */
export async function openConversation(wb: Workbench, query: string, rowText: string | RegExp, timeoutMs: number): Promise<RenderedTimes> {
  await wb.runCommand('Intent Lens: Open Conversation');
  await pick(wb, 'conversation: pick', quickPickTitled(wb, /Open Conversation/), query, rowText, timeoutMs);
  const frame = await wb.webviewFrameOf('conversation', timeoutMs);
  await waitFor('conversation: body[data-rendered]', frame.locator('body[data-rendered="true"]'), timeoutMs, 'attached');
  return renderedTimes(frame);
}

/** "Open Samples Table": ms from the command to the first grid row visible. */
export async function openSamples(wb: Workbench, timeoutMs: number): Promise<{ frame: FrameLocator; commandToRowsMs: number }> {
  const t0 = Date.now();
  await wb.runCommand('Intent Lens: Open Samples Table');
  const frame = await wb.webviewFrameOf('samples', timeoutMs);
  await waitFor('samples: a grid row', frame.locator('[data-testid="grid"] [role="row"]').first(), timeoutMs);
  return { frame, commandToRowsMs: Date.now() - t0 };
}

/**
 * Scrolls the grid to its end and measures, inside the page, the time until rows cover the bottom of
 * the viewport (the virtualiser rendered the last screen) and a frame was painted.
 */
export async function scrollSamplesToEnd(frame: FrameLocator, timeoutMs: number): Promise<number> {
  return frame.locator('[data-testid="grid"]').evaluate(
    (grid, limit) =>
      new Promise<number>((resolve, reject) => {
        const t0 = performance.now();
        grid.scrollTop = grid.scrollHeight;
        const check = () => {
          const bottom = grid.getBoundingClientRect().bottom;
          const rows = [...grid.querySelectorAll('[role="row"]')].map((r) => r.getBoundingClientRect());
          const atEnd = grid.scrollTop + grid.clientHeight >= grid.scrollHeight - 1;
          if (atEnd && rows.some((r) => r.top < bottom && r.bottom >= bottom - 1)) return requestAnimationFrame(() => resolve(performance.now() - t0));
          if (performance.now() - t0 > limit) return reject(new Error(`bench: samples: no rows at the end of the grid after ${limit} ms`));
          requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
    timeoutMs,
  );
}

/** "Search Conversations…": ms from the query typed to the first result row. */
export async function searchLatency(wb: Workbench, query: string, timeoutMs: number): Promise<number> {
  await wb.runCommand('Intent Lens: Search Conversations…');
  const widget = quickPickTitled(wb, /Search/);
  await waitFor('search: the quick pick', widget, timeoutMs);
  const input = widget.locator('input');
  const t0 = Date.now();
  await input.fill(query);
  // A result names a turn ("U3 user · …"); the placeholder rows ("Type to search", "No message matches") do not.
  await waitFor(`search: a result row for "${query}"`, widget.locator('.monaco-list-row', { hasText: /\bU\d+ (user|assistant)\b/ }).first(), timeoutMs);
  const ms = Date.now() - t0;
  await input.press('Escape');
  return ms;
}

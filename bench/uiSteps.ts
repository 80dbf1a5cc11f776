// The UI bench's drivers for the views it opens through the palette (compare, conversation, samples
// table, search). Every wait is on a condition with a bounded limit that fails with a message naming
// the step, so a changed quick-pick flow shows up as an error and a screenshot, not as a hang.
import type { FrameLocator, Locator } from 'playwright-core';
import type { CodeServer, Workbench } from '../test/e2e/harness';
import { nextRenderReport } from './hostLogs';

/** Waits for the locator, failing with what was awaited (Playwright's own message names only the selector). */
export async function waitFor(
  what: string,
  locator: Locator,
  timeoutMs: number,
  state: 'visible' | 'attached' | 'hidden' | 'detached' = 'visible',
): Promise<void> {
  try {
    await locator.waitFor({ state, timeout: timeoutMs });
  } catch (e) {
    throw new Error(
      `bench: ${what} did not happen within ${timeoutMs} ms (${e instanceof Error ? e.message.split('\n')[0] : String(e)})`,
      { cause: e },
    );
  }
}

/** Loads the workbench again in the same tab (the browser keeps running), e.g. on a restarted server; returns when it shows. */
export async function reloadWorkbench(wb: Workbench, server: CodeServer, timeoutMs: number): Promise<void> {
  await wb.page.goto(`${server.url}?folder=${encodeURIComponent(server.workspace)}`, { waitUntil: 'commit' });
  await waitFor('the reloaded workbench', wb.page.locator('.monaco-workbench'), timeoutMs);
}

/** The quick input showing a given title (a pick of one command, not the palette or another pick). */
function quickPickTitled(wb: Workbench, title: RegExp): Locator {
  return wb.page
    .locator('.quick-input-widget')
    .filter({ has: wb.page.locator('.quick-input-title', { hasText: title }) });
}

/** Types into the open quick pick and clicks the row holding `rowText` (a click takes that row, Enter the focused one). */
async function pick(
  wb: Workbench,
  what: string,
  picker: Locator,
  text: string,
  rowText: string | RegExp,
  timeoutMs: number,
): Promise<void> {
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

/** The render times a view wrote on its `<body data-*>` (compare, conversation and dashboard views). */
export async function renderedTimes(frame: FrameLocator): Promise<RenderedTimes> {
  const d = await frame
    .locator('body')
    .evaluate((b) => ({ ...(b as HTMLElement).dataset }) as Record<string, string | undefined>);
  const prefixed = (prefix: string, json: string | undefined) =>
    Object.entries(JSON.parse(json ?? '{}') as Record<string, number>).map(([k, v]) => [`${prefix}.${k}`, v] as const);
  return {
    scriptToRenderedMs: Number(d.renderedMs),
    panelCreatedToRenderedMs: Number(d.sincePanelCreatedMs),
    commandToRenderedMs: Number(d.sinceCommandMs),
    ...Object.fromEntries(prefixed('phase', d.phases)),
    // Panel created → script start, in parts (webview/shared/renderTiming.ts pageLoad).
    ...Object.fromEntries(prefixed('page', d.pageLoad)),
  };
}

/**
 * VS Code's own marks in the outer webview frame (its `index.html`) of the view rendered in `frame`,
 * in ms since the panel was created: its script start, the HTML's arrival from the extension host
 * (`content/started`), the webview service worker ready (`content/workerReady`, the later of the
 * two; a fresh browser profile installs the worker on its first webview) and the inner frame loaded.
 */
export async function webviewHostMarks(
  wb: Workbench,
  frame: FrameLocator,
  times: RenderedTimes,
): Promise<Record<string, number>> {
  const inner = await frame.locator('body').evaluate(() => ({ id: new URL(location.href).searchParams.get('id') }));
  const panelCreatedAt = await panelCreatedAtOf(frame, times);
  const outer = wb.page
    .frames()
    .find((f) => inner.id && /\/index\.html\?/.test(f.url()) && new URL(f.url()).searchParams.get('id') === inner.id);
  if (!outer) return {};
  const marks = await outer.evaluate(() => ({
    origin: performance.timeOrigin,
    marks: performance.getEntriesByType('mark').map((m) => [m.name, m.startTime] as const),
  }));
  const out: Record<string, number> = { 'webview.navigationStart': Math.round(marks.origin - panelCreatedAt) };
  for (const [name, at] of marks.marks)
    out[`webview.${name.replace(/^webview\/index\.html\//, '')}`] = Math.round(marks.origin + at - panelCreatedAt);
  return out;
}

/** When (epoch ms, the page's clock) the panel of the view rendered in `frame` was created. */
export async function panelCreatedAtOf(frame: FrameLocator, times: RenderedTimes): Promise<number> {
  return (
    (await frame.locator('body').evaluate(() => performance.timeOrigin)) -
    times['page.navigationStartSincePanelCreated']!
  );
}

/** Closes every editor and waits until no webview shows (a closed view goes in seconds). */
export async function closeAllEditors(wb: Workbench, timeoutMs: number): Promise<void> {
  await wb.runCommand('View: Close All Editors');
  await wb.page
    .locator('iframe.webview.ready:visible')
    .first()
    .waitFor({ state: 'detached', timeout: timeoutMs })
    .catch(() => undefined);
}

/** Which open of a view this is: in a new panel (generation 1) or the nth content of a reused one. */
export interface OpenOptions {
  /** `<body data-view-generation>` the rendered content must carry (1: a new panel). */
  generation?: number;
  /**
   * The server's run folder: from the command until the page has reported its render on the output
   * channel, the step then leaves the browser alone (nextRenderReport says why).
   */
  hostLog?: string;
}

/** The frame's render times once the content of `generation` is rendered (a reused view's earlier content does not count). */
async function renderedFrame(
  wb: Workbench,
  view: string,
  generation: number,
  timeoutMs: number,
  reported?: Promise<void>,
): Promise<{ frame: FrameLocator; times: RenderedTimes }> {
  await reported;
  const frame = await wb.webviewFrameOf(view, timeoutMs);
  await waitFor(
    `${view}: body[data-rendered] of content ${generation}`,
    frame.locator(`body[data-rendered="true"][data-view-generation="${generation}"]`),
    timeoutMs,
    'attached',
  );
  return { frame, times: await renderedTimes(frame) };
}

/** With `opts.hostLog`: settles when the view's page reports its next render (counted from now, before the command). */
const renderReport = (opts: OpenOptions, view: string, timeoutMs: number): Promise<void> | undefined =>
  opts.hostLog ? nextRenderReport(opts.hostLog, view, timeoutMs) : undefined;

/**
 * "Compare Retained ↔ Revised" on a source: the source pick, then the model pick when several
 * models have both runs (the row `modelRow`, the first by default), then the rendered view.
 */
export async function openCompare(
  wb: Workbench,
  source: string,
  timeoutMs: number,
  opts: OpenOptions & { modelRow?: number } = {},
): Promise<RenderedTimes> {
  const generation = opts.generation ?? 1;
  const reported = renderReport(opts, 'compare', timeoutMs);
  await wb.runCommand('Intent Lens: Compare Retained ↔ Revised');
  await pick(
    wb,
    'compare: source',
    quickPickTitled(wb, /^\s*Compare Retained ↔ Revised\s*$/),
    source,
    source,
    timeoutMs,
  );
  // Either the model pick shows or (one model) the view opens at once; a reused view is on screen
  // already, so then the model pick is awaited (the bench's workspaces have several models).
  const models = quickPickTitled(wb, /^\s*Compare Retained ↔ Revised: /);
  const first =
    generation > 1 || opts.modelRow !== undefined
      ? await waitFor('compare: the model pick', models, timeoutMs).then(() => 'models' as const)
      : await Promise.race([
          models.waitFor({ state: 'visible', timeout: timeoutMs }).then(() => 'models' as const),
          (reported ?? wb.webviewFrameOf('compare', timeoutMs)).then(() => 'view' as const),
        ]).catch((e: unknown) => {
          throw new Error(
            `bench: compare: neither the model pick nor the view showed within ${timeoutMs} ms (${e instanceof Error ? e.message.split('\n')[0] : String(e)})`,
          );
        });
  if (first === 'models') {
    const row = models.locator(`.monaco-list-row[data-index="${opts.modelRow ?? 0}"]`);
    await waitFor(`compare: model row ${opts.modelRow ?? 0}`, row, timeoutMs);
    await row.click();
  }
  const { frame, times } = await renderedFrame(wb, 'compare', generation, timeoutMs, reported);
  // Monaco's diff editor replaces the text diff after "rendered": when, for the record.
  await waitFor('compare: body[data-diff-computed]', frame.locator('body[data-diff-computed]'), timeoutMs, 'attached');
  times.scriptToEditorDiffMs = Number(await frame.locator('body').getAttribute('data-editor-diff-ms'));
  return times;
}

/** "Open Conversation" from the palette, picking the conversation whose row holds `rowText`. */
export async function openConversation(
  wb: Workbench,
  query: string,
  rowText: string | RegExp,
  timeoutMs: number,
  opts: OpenOptions = {},
): Promise<RenderedTimes> {
  const reported = renderReport(opts, 'conversation', timeoutMs);
  await wb.runCommand('Intent Lens: Open Conversation');
  await pick(wb, 'conversation: pick', quickPickTitled(wb, /Open Conversation/), query, rowText, timeoutMs);
  return (await renderedFrame(wb, 'conversation', opts.generation ?? 1, timeoutMs, reported)).times;
}

/** The bench's yardstick extension (bench/floorWebview): its output channel, and its views by whether the script is inlined. */
export const FLOOR_CHANNEL = 'Intent Lens Bench Floor';
export type FloorView = 'floor' | 'floor-linked';

/** The emptiest webview an extension can open (bench/floorWebview), from the palette, timed as the views are. */
export async function openFloor(
  wb: Workbench,
  view: FloorView,
  timeoutMs: number,
  opts: OpenOptions = {},
): Promise<RenderedTimes> {
  const reported = opts.hostLog ? nextRenderReport(opts.hostLog, view, timeoutMs, FLOOR_CHANNEL) : undefined;
  await wb.runCommand(
    view === 'floor'
      ? 'Bench Floor: Open Empty Webview (inline script)'
      : 'Bench Floor: Open Empty Webview (script from its URL)',
  );
  return (await renderedFrame(wb, view, 1, timeoutMs, reported)).times;
}

/** "Open Samples Table": ms from the command to the first grid row visible. */
export async function openSamples(
  wb: Workbench,
  timeoutMs: number,
): Promise<{ frame: FrameLocator; commandToRowsMs: number }> {
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
          if (atEnd && rows.some((r) => r.top < bottom && r.bottom >= bottom - 1))
            return requestAnimationFrame(() => resolve(performance.now() - t0));
          if (performance.now() - t0 > limit)
            return reject(new Error(`bench: samples: no rows at the end of the grid after ${limit} ms`));
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
  await waitFor(
    `search: a result row for "${query}"`,
    widget.locator('.monaco-list-row', { hasText: /\bU\d+ (user|assistant)\b/ }).first(),
    timeoutMs,
  );
  const ms = Date.now() - t0;
  await input.press('Escape');
  return ms;
}

/** When a user's click on an activity-bar entry happened, and how late the workbench's thread took it. */
export interface UserClick {
  /** Epoch ms at which the mouse event was sent (the user's click). */
  at: number;
  /** From the harness's first look for the entry to the click: Playwright's checks, which a user does not wait for. */
  harnessMs: number;
  /** From the event's creation to the page's first handler (the workbench's thread busy meanwhile). */
  eventToHandlerMs: number | undefined;
}

/**
 * Clicks Intent Lens's activity-bar entry once the entries have stopped moving: its test controller
 * adds the Testing entry above it right after activation, and a click sent as it came once landed there.
 */
export async function clickIntentLensEntry(wb: Workbench, timeoutMs: number): Promise<UserClick> {
  await wb.activityBarItem('Testing').waitFor({ state: 'visible', timeout: timeoutMs });
  return clickActivityBarEntry(wb, 'Intent Lens', timeoutMs);
}

/**
 * Opens a view container as a user's click does: once Playwright's checks found the entry visible,
 * stable and the one hit at its centre (a trial click, which clicks nothing), the mouse event is sent
 * there at once. The view opens from that moment; a plain `click()` would run the same checks again
 * first (on a workbench still starting they wait for stable animation frames: 0.2–1.8 s in the bench).
 */
export async function clickActivityBarEntry(wb: Workbench, title: string, timeoutMs: number): Promise<UserClick> {
  const started = Date.now();
  const item = wb.activityBarItem(title);
  await waitFor(`the activity-bar entry "${title}"`, item, timeoutMs);
  if ((await item.getAttribute('aria-selected')) === 'true')
    throw new Error(`bench: "${title}" is already open; the step needs it closed`);
  // Entries move while extensions add theirs during start-up: the point is taken again until it
  // hits the entry (the clock has not started yet).
  let point: { x: number; y: number } | undefined;
  let hit = '';
  for (let tries = 0; !point; tries++) {
    if (Date.now() - started > timeoutMs || tries === 50)
      throw new Error(`bench: the click at the entry "${title}" would hit "${hit}"`);
    if (tries) await wb.page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await item.click({ trial: true, timeout: timeoutMs });
    const box = await item.boundingBox();
    if (!box) throw new Error(`bench: the activity-bar entry "${title}" has no box`);
    const at = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    hit = await wb.page.evaluate(
      ({ x, y, title }) => {
        const labelOf = (e: Element | null) =>
          e?.closest('.action-item')?.querySelector('a.action-label')?.getAttribute('aria-label') ?? '';
        const label = labelOf(document.elementFromPoint(x, y));
        if (!label.startsWith(title)) return label;
        const w = window as unknown as { __benchClick?: [number, number, string] };
        delete w.__benchClick;
        document.addEventListener(
          'mousedown',
          (e) => (w.__benchClick = [e.timeStamp, performance.now(), labelOf(e.target as Element | null)]),
          { capture: true, once: true },
        );
        return label;
      },
      { ...at, title },
    );
    if (hit.startsWith(title)) point = at;
  }
  const { x, y } = point;
  const at = Date.now();
  await wb.page.mouse.click(x, y);
  const times = await wb.page.evaluate(
    () => (window as unknown as { __benchClick?: [number, number, string] }).__benchClick,
  );
  // The entry can still move between the hit test and the event: a miss fails the step at once
  // instead of waiting for rows that will not come.
  if (times && !times[2].startsWith(title))
    throw new Error(`bench: the click at the entry "${title}" hit "${times[2]}"`);
  return { at, harnessMs: at - started, eventToHandlerMs: times ? Math.round(times[1] - times[0]) : undefined };
}

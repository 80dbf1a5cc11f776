// A view's "rendered" moment, written on `<body data-*>` (end-to-end tests and the UI bench read it
// without the host) and returned for the `rendered` command (`ViewBridge.rendered` sends it): script
// start → rendered, and panel created / command run on the host → rendered (host and webview share
// the machine's clock).
// A reused view (new content posted to an open page) counts from the new content's arrival, and
// `data-view-generation` says which content the times are for.
import { scriptStart } from './scriptStart';
import type { RenderedParams } from '../../src/shared/protocol';

/** Host clock (ms since epoch) from a view's state: when the user's command ran and, where the view knows it, when the panel was created. */
export interface HostTiming {
  commandAt: number;
  panelCreatedAt?: number;
}

/** Where this view's times count from: script start, or when a reused view got its new content. */
let viewStart = scriptStart;
/** 1 for the content the page loaded with, +1 for each new content a reused view was given. */
let generation = 1;

/**
 * A reused view was given new content (a state for another command, not a refresh): its times
 * count from now, and it is not "rendered" until the new content is.
 */
export function restartRenderTiming(): void {
  viewStart = performance.now();
  generation++;
  const data = document.body.dataset;
  for (const k of [
    'rendered',
    'renderedMs',
    'sincePanelCreatedMs',
    'sinceCommandMs',
    'phases',
    'pageLoad',
    'diffComputed',
    'editorDiffMs',
  ])
    delete data[k];
}

/** Counts the states the host pushed on `<body data-states-applied>`, so end-to-end tests know one arrived. */
export function countStateApplied(): void {
  const data = document.body.dataset;
  data.statesApplied = String(Number(data.statesApplied ?? 0) + 1);
}

/** Ms since this view's content started (script start, or the new content of a reused view). */
export const sinceViewStart = () => performance.now() - viewStart;

export function markRendered(timing: HostTiming | undefined): RenderedParams {
  const ms = sinceViewStart();
  const now = Date.now();
  const times: RenderedParams = {
    ms,
    ...(timing?.panelCreatedAt !== undefined ? { sincePanelCreatedMs: now - timing.panelCreatedAt } : {}),
    ...(timing ? { sinceCommandMs: now - timing.commandAt } : {}),
  };
  const data = document.body.dataset;
  data.viewGeneration = String(generation);
  data.rendered = 'true';
  data.renderedMs = ms.toFixed(1);
  if (times.sincePanelCreatedMs !== undefined) data.sincePanelCreatedMs = times.sincePanelCreatedMs.toFixed(1);
  if (times.sinceCommandMs !== undefined) data.sinceCommandMs = times.sinceCommandMs.toFixed(1);
  // Phases since the view's start (`performance.mark('il:…')`), for the bench's breakdown.
  const phases: Record<string, number> = {};
  for (const m of performance.getEntriesByType('mark'))
    if (m.name.startsWith('il:') && m.startTime >= viewStart)
      phases[m.name.slice(3)] = Math.round(m.startTime - viewStart);
  data.phases = JSON.stringify(phases);
  // The page's own load is part of a fresh view only.
  if (timing?.panelCreatedAt !== undefined && generation === 1)
    data.pageLoad = JSON.stringify(pageLoad(timing.panelCreatedAt, timing.commandAt));
  return times;
}

/**
 * Where "panel created → script start" goes, for the bench's breakdown (ms, rounded): the frame's
 * navigation start after the panel was created (VS Code building the webview element, its outer
 * frame and service worker), then, since that navigation start, the document's arrival and each of
 * the page's own resources (fetched through the webview's service worker) from request to last byte.
 */
export function pageLoad(panelCreatedAt: number, commandAt?: number): Record<string, number> {
  const out: Record<string, number> = {
    navigationStartSincePanelCreated: Math.round(performance.timeOrigin - panelCreatedAt),
    scriptStart: Math.round(scriptStart),
  };
  const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  if (nav) {
    out['document.responseEnd'] = Math.round(nav.responseEnd);
    out['document.domInteractive'] = Math.round(nav.domInteractive);
  }
  // A prerendered page (shared/viewRoot.tsx) is shown, and paints its content, before its script
  // starts: each moment since the navigation and, where known, since the command.
  const moment = (name: string, entry: PerformanceEntry | undefined) => {
    if (!entry) return;
    out[name] = Math.round(entry.startTime);
    if (commandAt !== undefined)
      out[`${name}SinceCommand`] = Math.round(performance.timeOrigin + entry.startTime - commandAt);
  };
  moment('contentShown', performance.getEntriesByName('il:content-shown')[0]);
  moment('firstContentfulPaint', performance.getEntriesByName('first-contentful-paint', 'paint')[0]);
  for (const r of performance.getEntriesByType('resource') as PerformanceResourceTiming[]) {
    const name = r.name.split(/[?#]/)[0]!.split('/').pop() ?? r.name;
    out[`${name}.start`] = Math.round(r.startTime);
    out[`${name}.end`] = Math.round(r.responseEnd);
  }
  return out;
}

/**
 * For a view that can be reused (compare, conversation): the mount key of the content for the
 * command that asked for it. Content for another command (a reused view) gets a new key, so it
 * mounts afresh, and its render times start over; a refresh of the same content (no timing, or the
 * same command) keeps the key and what the user scrolled or opened.
 */
export function commandMounts(): (commandAt: number | undefined) => number {
  let shown: number | undefined;
  let mount = 0;
  return (commandAt) => {
    if (commandAt !== undefined && commandAt !== shown) {
      if (shown !== undefined) restartRenderTiming();
      shown = commandAt;
      mount++;
    }
    return mount;
  };
}

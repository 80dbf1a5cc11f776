// A view's "rendered" moment, written on `<body data-*>` (end-to-end tests and the UI bench read it
// without the host) and returned for the `rendered` command (`ViewBridge.rendered` sends it): script
// start → rendered, and panel created / command run on the host → rendered (host and webview share
// the machine's clock).
import { scriptStart } from './scriptStart';
import type { RenderedParams } from '../../src/shared/protocol';

/** Host clock (ms since epoch) from a view's state: when the user's command ran and, where the view knows it, when the panel was created. */
export interface HostTiming {
  commandAt: number;
  panelCreatedAt?: number;
}

export function markRendered(timing: HostTiming | undefined): RenderedParams {
  const ms = performance.now() - scriptStart;
  const now = Date.now();
  const times: RenderedParams = {
    ms,
    ...(timing?.panelCreatedAt !== undefined ? { sincePanelCreatedMs: now - timing.panelCreatedAt } : {}),
    ...(timing ? { sinceCommandMs: now - timing.commandAt } : {}),
  };
  const data = document.body.dataset;
  data.rendered = 'true';
  data.renderedMs = ms.toFixed(1);
  if (times.sincePanelCreatedMs !== undefined) data.sincePanelCreatedMs = times.sincePanelCreatedMs.toFixed(1);
  if (times.sinceCommandMs !== undefined) data.sinceCommandMs = times.sinceCommandMs.toFixed(1);
  // Phases since script start (`performance.mark('il:…')`), for the bench's breakdown.
  const phases: Record<string, number> = {};
  for (const m of performance.getEntriesByType('mark')) if (m.name.startsWith('il:')) phases[m.name.slice(3)] = Math.round(m.startTime - scriptStart);
  data.phases = JSON.stringify(phases);
  return times;
}

// A view's "rendered" moment, written on `<body data-*>` (end-to-end tests and the UI bench read it
// without the host) and returned for the view's `rendered` command: script start → rendered, and
// panel created / command run on the host → rendered (host and webview share the machine's clock).
import { scriptStart } from './scriptStart';
import type { ViewTiming } from '../../src/shared/protocol';

export interface RenderedTimes {
  ms: number;
  sincePanelCreatedMs?: number;
  sinceCommandMs?: number;
}

export function markRendered(timing: ViewTiming | undefined): RenderedTimes {
  const ms = performance.now() - scriptStart;
  const times: RenderedTimes = { ms, ...(timing ? { sincePanelCreatedMs: Date.now() - timing.panelCreatedAt, sinceCommandMs: Date.now() - timing.commandAt } : {}) };
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

// A page's first content rendered on the host, for views that have a prerender bundle
// (dist/prerender/<view>.js, built from webview/<view>/prerender.tsx): the page shows it as soon as
// VS Code shows the frame, before its script has loaded, evaluated and rendered; then the script
// hydrates the same DOM (webviewPanelHost.ts loads it once the page is shown). The bundle is loaded
// on first use through V8's code cache (saved after the first render, when its code is compiled).
// Never required: without the bundle, or when it throws, the page renders itself as before.
// `INTENT_LENS_WEBVIEW_PRERENDER=0` turns it off (the bench's A/B). The panels render through
// ./prerenderThread, off the extension host's thread; this module is what either thread runs.
import { join } from 'node:path';
import { requireWithCodeCache } from '../bootstrap/codeCache';

interface PrerenderModule {
  prerender(state: unknown): string;
}

/** The views with a prerender bundle. */
export type PrerenderedView = 'conversation' | 'compare';

export interface Prerendered {
  html: string;
  ms: number;
}

/** By bundle path: loaded once per extension host. */
const modules = new Map<string, PrerenderModule | null>();

function moduleOf(view: PrerenderedView, distDir: string): PrerenderModule | null {
  const file = join(distDir, 'prerender', `${view}.js`);
  let mod = modules.get(file);
  if (mod !== undefined) return mod;
  try {
    const loaded = requireWithCodeCache<PrerenderModule>(file);
    mod = typeof loaded.exports.prerender === 'function' ? loaded.exports : null;
    // After this call's render has compiled what a render runs.
    if (mod && loaded.cache !== 'used') setTimeout(() => loaded.save(), 0).unref();
  } catch {
    mod = null;
  }
  modules.set(file, mod);
  return mod;
}

/** The view's first content rendered in this thread: the HTML and its time, an error, or nothing (no bundle). */
export type RenderOutcome = Prerendered | { error: string } | undefined;

export function renderInThisThread(view: PrerenderedView, state: unknown, distDir: string): RenderOutcome {
  const mod = moduleOf(view, distDir);
  if (!mod) return undefined;
  const t0 = performance.now();
  try {
    return { html: mod.prerender(state), ms: performance.now() - t0 };
  } catch (e) {
    return { error: e instanceof Error ? e.message : String(e) };
  }
}

/** An outcome as the panel takes it: HTML, or undefined with the reason reported. */
export function settle(
  view: PrerenderedView,
  outcome: RenderOutcome,
  onError: (message: string) => void,
): Prerendered | undefined {
  if (outcome && 'error' in outcome) {
    onError(`the ${view} view's first content could not be prerendered (the page renders it): ${outcome.error}`);
    return undefined;
  }
  return outcome;
}

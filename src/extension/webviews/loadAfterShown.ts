// The script of a prerendered page (./prerender): text of an inline script, kept apart from the host
// module so that plain Node can run it against a stand-in page (test/unit/webviews/loadAfterShown.test.ts).
import { SOURCE_MAP_COMMENT } from './pageAssets';

/** The message in which the host sends a prerendered page its script's text, right after its HTML. */
export const PAGE_SCRIPT_MESSAGE = 'intent-lens/page-script';

/** How long a shown page waits for the host's message before it fetches its script itself (ms). */
export const PAGE_SCRIPT_WAIT_MS = 150;

/**
 * A prerendered page's script starts once the page is on screen. VS Code keeps a webview's new frame
 * hidden until its `load` event (or 200 ms), and a page's scripts delay that event: run at once, the
 * view's script would hide the prerendered content while it loads, evaluates and hydrates. Nor is it
 * inlined: the HTML's way into VS Code's frame takes longer the bigger it is, and the first paint
 * needs only the content and the stylesheet.
 *
 * Where the page's `data-script-posted` says so, the host posts the script's text right after the
 * HTML: VS Code holds a new page's messages until its `load`, so the text is there as the page is
 * shown, without the page's own request, which goes through VS Code's service worker and the
 * workbench's thread only after the navigation. Otherwise, or when the message has not come
 * PAGE_SCRIPT_WAIT_MS after the page is shown, the page fetches the text (a fetch does not delay
 * `load`), and if that fails adds the script from its URL. The text runs, with the page's nonce,
 * after `load` and the frame that shows the page (at the latest 250 ms after the page was parsed,
 * as VS Code's own fallback), marking `il:content-shown` and `il:script-text` for the render times.
 */
export const LOAD_AFTER_SHOWN = `(() => {
  const nonce = document.currentScript.nonce;
  const src = document.currentScript.dataset.viewScript;
  const posted = document.currentScript.dataset.scriptPosted === '1';
  const fetched = () => fetch(src).then((r) => (r.ok ? r.text() : undefined)).catch(() => undefined).then((body) => ({ body, by: 'fetch' }));
  let fromHost;
  const message = new Promise((resolve) => (fromHost = resolve));
  const onMessage = (e) => {
    const d = e.data;
    // From VS Code's frame around the page (same origin; the page's \`parent\` is hidden from it), not the page itself.
    if (e.origin !== location.origin || e.source === window || !d || d.type !== '${PAGE_SCRIPT_MESSAGE}' || typeof d.text !== 'string') return;
    e.stopImmediatePropagation();
    removeEventListener('message', onMessage);
    fromHost({ body: d.text, by: 'message' });
  };
  if (posted) addEventListener('message', onMessage);
  const early = posted ? undefined : fetched();
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    performance.mark('il:content-shown');
    const text = early || Promise.race([message, new Promise((r) => setTimeout(r, ${PAGE_SCRIPT_WAIT_MS})).then(fetched)]);
    text.then(({ body, by }) => {
      if (body !== undefined) performance.mark('il:script-text', { detail: by });
      const s = document.createElement('script');
      s.type = 'module';
      s.nonce = nonce;
      if (body === undefined) s.src = src;
      else s.textContent = body.replace(/${SOURCE_MAP_COMMENT.source}/, (_, map) => '//# sourceMappingURL=' + new URL(map, src));
      document.body.append(s);
    });
  };
  addEventListener('load', () => requestAnimationFrame(start), { once: true });
  setTimeout(start, 250);
})();`;

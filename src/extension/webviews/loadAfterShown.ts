// The script of a prerendered page (./prerender): text of an inline script, kept apart from the host
// module so that plain Node can run it against a stand-in page (test/unit/webviews/loadAfterShown.test.ts).
import { SOURCE_MAP_COMMENT } from './pageAssets';

/**
 * A prerendered page's script starts once the page is on screen. VS Code keeps a webview's new frame
 * hidden until its `load` event (or 200 ms), and a page's scripts delay that event: run at once, the
 * view's script would hide the prerendered content while it loads, evaluates and hydrates. Nor is it
 * inlined: the HTML's way into VS Code's frame takes longer the bigger it is, and the first paint
 * needs only the content and the stylesheet. So the script's text is fetched at once (a fetch does
 * not delay `load`: its way through VS Code's service worker overlaps the first paint) and runs, with
 * the page's nonce, after `load` and the frame that shows the page (at the latest 250 ms after the
 * page was parsed, as VS Code's own fallback), marking `il:content-shown` for the render times. If
 * the fetch fails the script is added from its URL.
 */
export const LOAD_AFTER_SHOWN = `(() => {
  const nonce = document.currentScript.nonce;
  const src = document.currentScript.dataset.viewScript;
  const text = fetch(src).then((r) => (r.ok ? r.text() : undefined)).catch(() => undefined);
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    performance.mark('il:content-shown');
    text.then((body) => {
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

// The floor page's script (extension.js): inlined, or loaded from its URL by the linked variant.
// "Rendered" is the first animation frame after the script starts, as the views mark it after their
// first commit; the times are written once the first paint is known too.
const timing = JSON.parse(document.getElementById('timing').textContent);
const scriptStart = performance.now();
requestAnimationFrame(() => {
  const renderedAt = performance.now();
  const now = Date.now();
  new PerformanceObserver((list, observer) => {
    const fcp = list.getEntriesByName('first-contentful-paint')[0];
    if (!fcp) return;
    observer.disconnect();
    const nav = performance.getEntriesByType('navigation')[0];
    const load = {
      navigationStartSincePanelCreated: Math.round(performance.timeOrigin - timing.panelCreatedAt),
      scriptStart: Math.round(scriptStart),
    };
    if (nav) load['document.responseEnd'] = Math.round(nav.responseEnd);
    load.firstContentfulPaint = Math.round(fcp.startTime);
    load.firstContentfulPaintSinceCommand = Math.round(performance.timeOrigin + fcp.startTime - timing.commandAt);
    const d = document.body.dataset;
    d.viewGeneration = '1';
    d.renderedMs = (renderedAt - scriptStart).toFixed(1);
    d.sincePanelCreatedMs = (now - timing.panelCreatedAt).toFixed(1);
    d.sinceCommandMs = (now - timing.commandAt).toFixed(1);
    d.phases = '{}';
    d.pageLoad = JSON.stringify(load);
    d.rendered = 'true';
    acquireVsCodeApi().postMessage({ rendered: d.sinceCommandMs });
  }).observe({ type: 'paint', buffered: true });
});

// Mounts an Observable Plot figure (SVG, no remote assets, fine under the strict CSP). Theme colours
// are read from the --vscode-* variables at render time (SVG attributes do not resolve var()), and
// the figure is redrawn when the theme changes. Clicking while a tip points at a datum picks it.
// Plot (with d3, most of the dashboard's code) is a lazy chunk: the tables paint before it loads.
import { useEffect, useRef, useState } from 'react';

export type PlotModule = typeof import('./plotModule');
let plotModule: Promise<PlotModule> | undefined;
const loadPlot = () => (plotModule ??= import('./plotModule'));

export function themeColor(name: string, fallback: string): string {
  const v = getComputedStyle(document.body).getPropertyValue(name).trim();
  return v || fallback;
}

/** Re-renders when VS Code switches theme (it changes the body's class). */
export function useThemeVersion(): number {
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const mo = new MutationObserver(() => setVersion((v) => v + 1));
    mo.observe(document.body, { attributes: true, attributeFilter: ['class'] });
    return () => mo.disconnect();
  }, []);
  return version;
}

export function PlotFigure<T>(props: {
  make: (plot: PlotModule) => (SVGSVGElement | HTMLElement) & { value?: unknown };
  onPick?: (datum: T) => void;
  label: string;
  deps: unknown[];
}) {
  const host = useRef<HTMLDivElement>(null);
  const theme = useThemeVersion();
  const { make, onPick } = props;
  useEffect(() => {
    const el = host.current;
    if (!el) return;
    let fig: ((SVGSVGElement | HTMLElement) & { value?: unknown }) | undefined;
    let disposed = false;
    const click = () => {
      if (fig?.value != null && onPick) onPick(fig.value as T);
    };
    void loadPlot().then((plot) => {
      if (disposed) return;
      fig = make(plot);
      // Plot puts a <style> in each figure: give it the page's nonce (the CSP allows no other inline style).
      const nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce;
      if (nonce) for (const s of fig.querySelectorAll('style')) s.nonce = nonce;
      el.replaceChildren(fig);
      fig.addEventListener('click', click);
    });
    return () => {
      disposed = true;
      fig?.removeEventListener('click', click);
      fig?.remove();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [theme, ...props.deps]);
  return <div className="il-plot" ref={host} role="img" aria-label={props.label} />;
}

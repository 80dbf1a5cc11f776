// The gallery icon (Marketplace and Open VSX show none for an SVG): media/intent-lens.svg, the
// activity-bar glyph, drawn in the brand colour on a rounded tile and rasterised to a 128×128 PNG
// with resvg. A build output (dist/icon.png, named by package.json "icon"), never committed: the
// SVG stays the one source of the drawing.
import { Resvg } from '@resvg/resvg-js';
import { readFile, writeFile } from 'node:fs/promises';

export const ICON_SIZE = 128;
const TILE = '#1e3a5f';
const GLYPH = '#ffffff';

/** The glyph's 24-unit drawing placed on a tile with a margin, its `currentColor` made explicit. */
export function iconSvg(glyphSvg) {
  const open = glyphSvg.match(/<svg\b([^>]*)>/);
  const inner = glyphSvg.slice(glyphSvg.indexOf('>', open.index) + 1, glyphSvg.lastIndexOf('</svg>'));
  const attrs = open[1].match(/\b(fill|stroke|stroke-width|stroke-linecap|stroke-linejoin)="[^"]*"/g) ?? [];
  const glyphAttrs = attrs.join(' ').replace(/currentColor/g, GLYPH);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${ICON_SIZE}" height="${ICON_SIZE}" viewBox="0 0 32 32">` +
    `<rect width="32" height="32" rx="7" fill="${TILE}"/>` +
    `<g transform="translate(4 4)" ${glyphAttrs}>${inner}</g></svg>`
  );
}

export async function writeIcon(svgPath, pngPath) {
  const svg = iconSvg(await readFile(svgPath, 'utf8'));
  const png = new Resvg(svg, { fitTo: { mode: 'width', value: ICON_SIZE } }).render().asPng();
  await writeFile(pngPath, png);
  return png.length;
}

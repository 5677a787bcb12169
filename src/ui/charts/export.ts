// Exporting a chart: its <svg> panels as one standalone SVG file (styles inlined, a white
// background, the title and the legend drawn in), a PNG rasterized from it at 2× through a
// canvas, and its data as CSV. Everything happens in the page: no network, no web fonts.
import type { DataTable } from '../../core/text/data-table.ts';
import { csvTable } from '../../core/text/csv.ts';
import { CARRIED_DASH, markerPath, patternStrokes } from './palette.ts';
import type { LegendEntry } from './types.ts';

const SVG_NS = 'http://www.w3.org/2000/svg';
const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif';

/** Presentation properties copied from the page's computed styles into each exported element. */
const STYLE_PROPS = [
  'fill',
  'fill-opacity',
  'stroke',
  'stroke-width',
  'stroke-dasharray',
  'stroke-opacity',
  'stroke-linecap',
  'stroke-linejoin',
  'opacity',
  'font-size',
  'font-weight',
  'text-anchor',
  'dominant-baseline',
  'paint-order',
  'visibility',
];

export interface ExportPanel {
  svg: SVGSVGElement;
  /** A panel's own title (small multiples). */
  title?: string;
}

export interface StandaloneSvg {
  text: string;
  width: number;
  height: number;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A copy of a live element with its computed presentation styles written inline. */
function inlined(live: SVGSVGElement): SVGSVGElement {
  const copy = live.cloneNode(true) as SVGSVGElement;
  const from = [live, ...live.querySelectorAll('*')];
  const to = [copy, ...copy.querySelectorAll('*')];
  from.forEach((el, i) => {
    const target = to[i]!;
    const computed = getComputedStyle(el);
    const style = STYLE_PROPS.map((p) => [p, computed.getPropertyValue(p)] as const)
      // A url() fill keeps its attribute (the pattern is copied along), the rest is written out.
      .filter(([, v]) => v && !v.includes('url('))
      .map(([p, v]) => `${p}:${v}`)
      .join(';');
    target.setAttribute('style', style);
    // Page-only attributes: focus, classes, and references to the page's own ids.
    for (const name of ['tabindex', 'class', 'aria-labelledby']) target.removeAttribute(name);
  });
  return copy;
}

/** Lay out the legend in rows that fit `width`; returns its SVG and height. */
function legendSvg(entries: readonly LegendEntry[], width: number, top: number): { svg: string; height: number } {
  const parts: string[] = [];
  let x = 0;
  let y = 0;
  entries.forEach((e, i) => {
    const w = 34 + e.label.length * 6.6 + 18;
    if (x > 0 && x + w > width) {
      x = 0;
      y += 20;
    }
    const at = `translate(${x},${top + y})`;
    let swatch = '';
    if (e.kind === 'line') swatch = `<line x1="0" x2="26" y1="0" y2="0" stroke="${e.color}" stroke-width="2" stroke-dasharray="${e.dash}"/><path d="${markerPath(e.marker, 40)}" transform="translate(13,0)" fill="${e.color}"/>`;
    else if (e.kind === 'bar') {
      const id = `legend-pattern-${i}`;
      swatch = `<defs><pattern id="${id}" patternUnits="userSpaceOnUse" width="6" height="6"><rect width="6" height="6" fill="${e.color}"/><path d="${patternStrokes(e.pattern)}" stroke="#ffffff" stroke-width="1.6" stroke-linecap="round"/></pattern></defs><rect x="0" y="-7" width="26" height="14" fill="url(#${id})" stroke="#1b1f24" stroke-width="0.5"/>`;
    } else if (e.kind === 'carried') swatch = `<line x1="0" x2="26" y1="0" y2="0" stroke="#5b6470" stroke-width="2" stroke-dasharray="${CARRIED_DASH}"/><circle cx="13" cy="0" r="3.5" fill="#ffffff" stroke="#5b6470" stroke-width="1.5"/>`;
    else swatch = `<line x1="0" x2="26" y1="0" y2="0" stroke="#8a94a1" stroke-width="1.5"/>`;
    parts.push(`<g transform="${at}">${swatch}<text x="32" y="4" font-size="12" fill="#1b1f24">${esc(e.label)}</text></g>`);
    x += w;
  });
  return { svg: parts.join(''), height: entries.length ? y + 20 : 0 };
}

/** One SVG document holding the panels in a grid, with the title above and the legend below. */
export function standaloneSvg(options: { title: string; panels: readonly ExportPanel[]; legend: readonly LegendEntry[]; columns?: number }): StandaloneSvg {
  const { title, panels, legend } = options;
  const pad = 16;
  const titleHeight = 32;
  const panelTitleHeight = panels.some((p) => p.title) ? 18 : 0;
  const sizes = panels.map((p) => ({ w: p.svg.width.baseVal.value || 300, h: p.svg.height.baseVal.value || 200 }));
  const cellW = Math.max(1, ...sizes.map((s) => s.w));
  const cellH = Math.max(1, ...sizes.map((s) => s.h)) + panelTitleHeight;
  const columns = Math.max(1, Math.min(options.columns ?? (panels.length > 1 ? 3 : 1), panels.length));
  const rows = Math.ceil(panels.length / columns);
  const gap = 12;
  const gridW = columns * cellW + (columns - 1) * gap;
  const width = Math.ceil(Math.max(gridW, 320) + 2 * pad);
  const gridTop = pad + titleHeight;
  const gridH = rows * cellH + (rows - 1) * gap;
  const legendTop = gridTop + gridH + 18;
  const leg = legendSvg(legend, width - 2 * pad, 0);
  const height = Math.ceil(legendTop + leg.height + pad);

  const cells = panels
    .map((p, i) => {
      const x = pad + (i % columns) * (cellW + gap);
      const y = gridTop + Math.floor(i / columns) * (cellH + gap);
      const svg = inlined(p.svg);
      svg.setAttribute('x', '0');
      svg.setAttribute('y', String(panelTitleHeight));
      const heading = p.title ? `<text x="0" y="13" font-size="13" font-weight="600" fill="#1b1f24">${esc(p.title)}</text>` : '';
      return `<g transform="translate(${x},${y})">${heading}${new XMLSerializer().serializeToString(svg)}</g>`;
    })
    .join('');

  const text =
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<svg xmlns="${SVG_NS}" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${esc(FONT)}">` +
    `<title>${esc(title)}</title>` +
    `<rect width="100%" height="100%" fill="#ffffff"/>` +
    `<text x="${pad}" y="${pad + 16}" font-size="16" font-weight="700" fill="#1b1f24">${esc(title)}</text>` +
    cells +
    `<g transform="translate(${pad},${legendTop})">${leg.svg}</g>` +
    `</svg>\n`;
  return { text, width, height };
}

/** Rasterize an SVG document to PNG at `scale` × its size. */
export async function svgToPng(svg: StandaloneSvg, scale = 2): Promise<Blob> {
  const img = new Image();
  img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg.text)}`;
  await img.decode();
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(svg.width * scale);
  canvas.height = Math.round(svg.height * scale);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('this browser cannot draw on a canvas');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('the PNG could not be made'))), 'image/png'));
}

/** A figure's table as CSV (header row, then one row per plotted value). */
export const tableCsv = (table: DataTable) => csvTable(table.columns.map((c) => c.label), table.rows);

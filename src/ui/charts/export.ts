// Exporting a chart: its <svg> panels as one standalone SVG file (styles inlined, a white
// background, the title and the legend drawn in), a PNG rasterized from it at 2× through a
// canvas, and its data as CSV. Everything happens in the page: no network, no web fonts.
// Nothing is cut: the title and panel titles wrap to the figure's width (measured in the
// page's font), legend rows are measured, and a panel whose drawing reaches past its own box
// (a long axis label) is exported with its box grown to hold it.
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

let context: CanvasRenderingContext2D | null | undefined;

/** A text's width in the export's font (measured on a canvas, 4% to spare; an estimate where no canvas draws). */
export function measureText(text: string, size: number, weight: number | string = 400): number {
  if (context === undefined) context = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  if (!context) return text.length * size * 0.62;
  context.font = `${weight} ${size}px ${FONT}`;
  return context.measureText(text).width * 1.04;
}

/** Words wrapped greedily into lines no wider than `width` (a word wider than that has a line of its own). */
export function wrapText(text: string, width: number, size: number, weight: number | string = 400): string[] {
  const lines: string[] = [];
  // A separator (·, –, —) stays with the words on both sides of it: no line ends or starts on one.
  const words = text
    .split(/\s+/)
    .filter(Boolean)
    .reduce<string[]>((out, w, i, all) => {
      const sep = (x: string | undefined) => x !== undefined && /^[·–—|]$/.test(x);
      if (out.length && (sep(w) || sep(all[i - 1]))) out[out.length - 1] = `${out.at(-1)} ${w}`;
      else out.push(w);
      return out;
    }, []);
  for (const word of words) {
    const last = lines.at(-1);
    if (last !== undefined && measureText(`${last} ${word}`, size, weight) <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines.length ? lines : [''];
}

/** Text on several lines, `lineHeight` apart, the first baseline at `y`. */
const textLines = (lines: readonly string[], x: number, y: number, lineHeight: number, attrs: string) =>
  `<text x="${x}" y="${y}" ${attrs}>${lines.length === 1 ? esc(lines[0]!) : lines.map((l, i) => `<tspan x="${x}" y="${y + i * lineHeight}">${esc(l)}</tspan>`).join('')}</text>`;

/** A legend entry's width: swatch, gap, label and the space after it. */
const entryWidth = (e: LegendEntry) => 32 + measureText(e.label, 12) + 18;

/** Lay out the legend in rows that fit `width`; returns its SVG and height. */
function legendSvg(entries: readonly LegendEntry[], width: number, top: number): { svg: string; height: number } {
  const parts: string[] = [];
  let x = 0;
  let y = 0;
  entries.forEach((e, i) => {
    const w = entryWidth(e);
    if (x > 0 && x + w > width) {
      x = 0;
      y += 20;
    }
    const at = `translate(${x},${top + y})`;
    let swatch = '';
    if (e.kind === 'line')
      swatch = `<line x1="0" x2="26" y1="0" y2="0" stroke="${e.color}" stroke-width="2" stroke-dasharray="${e.dash}"/><path d="${markerPath(e.marker, 40)}" transform="translate(13,0)" fill="${e.color}"/>`;
    else if (e.kind === 'bar') {
      const id = `legend-pattern-${i}`;
      swatch = `<defs><pattern id="${id}" patternUnits="userSpaceOnUse" width="6" height="6"><rect width="6" height="6" fill="${e.color}"/><path d="${patternStrokes(e.pattern)}" stroke="#ffffff" stroke-width="1.6" stroke-linecap="round"/></pattern></defs><rect x="0" y="-7" width="26" height="14" fill="url(#${id})" stroke="#1b1f24" stroke-width="0.5"/>`;
    } else if (e.kind === 'carried')
      swatch = `<line x1="0" x2="26" y1="0" y2="0" stroke="#5b6470" stroke-width="2" stroke-dasharray="${CARRIED_DASH}"/><circle cx="13" cy="0" r="3.5" fill="#ffffff" stroke="#5b6470" stroke-width="1.5"/>`;
    else swatch = `<line x1="0" x2="26" y1="0" y2="0" stroke="#8a94a1" stroke-width="1.5"/>`;
    parts.push(`<g transform="${at}">${swatch}<text x="32" y="4" font-size="12" fill="#1b1f24">${esc(e.label)}</text></g>`);
    x += w;
  });
  return { svg: parts.join(''), height: entries.length ? y + 20 : 0 };
}

/**
 * The box a panel draws in, in its own user units: its viewBox (or its size), grown to hold
 * everything it draws (with 3 units for text halos). A panel not rendered (display: none)
 * cannot be measured and keeps its box.
 */
function panelBox(svg: SVGSVGElement): { x: number; y: number; w: number; h: number; sx: number; sy: number } {
  const w = svg.width.baseVal.value || 300;
  const h = svg.height.baseVal.value || 200;
  const vb = svg.viewBox.baseVal;
  const box = vb && vb.width > 0 && vb.height > 0 ? { x: vb.x, y: vb.y, w: vb.width, h: vb.height } : { x: 0, y: 0, w, h };
  const sx = w / box.w;
  const sy = h / box.h;
  let content: DOMRect | null = null;
  try {
    content = svg.getBBox();
  } catch {
    content = null; // not rendered
  }
  if (!content || (content.width === 0 && content.height === 0)) return { ...box, sx, sy };
  const halo = 3;
  const x0 = Math.min(box.x, content.x - halo);
  const y0 = Math.min(box.y, content.y - halo);
  const x1 = Math.max(box.x + box.w, content.x + content.width + halo);
  const y1 = Math.max(box.y + box.h, content.y + content.height + halo);
  return { x: x0, y: y0, w: x1 - x0, h: y1 - y0, sx, sy };
}

/** One SVG document holding the panels in a grid, with the title above and the legend below. */
export function standaloneSvg(options: { title: string; panels: readonly ExportPanel[]; legend: readonly LegendEntry[]; columns?: number }): StandaloneSvg {
  const { title, panels, legend } = options;
  const pad = 16;
  const boxes = panels.map((p) => panelBox(p.svg));
  const sizes = boxes.map((b) => ({ w: Math.ceil(b.w * b.sx), h: Math.ceil(b.h * b.sy) }));
  const columns = Math.max(1, Math.min(options.columns ?? (panels.length > 1 ? 3 : 1), panels.length));
  const rows = Math.ceil(panels.length / columns);
  const gap = 12;
  // The grid's width, then the figure's: at least the widest legend entry and 320 units.
  const cellW = Math.max(1, ...sizes.map((s) => s.w));
  const gridW = columns * cellW + (columns - 1) * gap;
  const width = Math.ceil(Math.max(gridW, 320, ...legend.map(entryWidth)) + 2 * pad);
  const inner = width - 2 * pad;
  // The title wraps to the figure's width (a word too long for it widens nothing: it is measured below).
  const titleLines = wrapText(title, inner, 16, 700);
  const titleWidest = Math.max(...titleLines.map((l) => measureText(l, 16, 700)));
  const panelTitleLines = panels.map((p) => (p.title ? wrapText(p.title, cellW, 13, 600) : []));
  const panelTitleHeight = Math.max(0, ...panelTitleLines.map((l) => l.length)) * 16 + (panelTitleLines.some((l) => l.length) ? 4 : 0);
  const cellH = Math.max(1, ...sizes.map((s) => s.h)) + panelTitleHeight;
  const titleHeight = titleLines.length * 20 + 12;
  const gridTop = pad + titleHeight;
  const gridH = rows * cellH + (rows - 1) * gap;
  const legendTop = gridTop + gridH + 18;
  const leg = legendSvg(legend, inner, 0);
  const height = Math.ceil(legendTop + leg.height + pad);
  const fullWidth = Math.ceil(Math.max(width, titleWidest + 2 * pad, ...panelTitleLines.flat().map((l) => measureText(l, 13, 600) + 2 * pad)));

  const cells = panels
    .map((p, i) => {
      const x = pad + (i % columns) * (cellW + gap);
      const y = gridTop + Math.floor(i / columns) * (cellH + gap);
      const svg = inlined(p.svg);
      const b = boxes[i]!;
      svg.setAttribute('x', '0');
      svg.setAttribute('y', String(panelTitleHeight));
      svg.setAttribute('width', String(sizes[i]!.w));
      svg.setAttribute('height', String(sizes[i]!.h));
      svg.setAttribute('viewBox', `${b.x} ${b.y} ${sizes[i]!.w / b.sx} ${sizes[i]!.h / b.sy}`);
      const heading = panelTitleLines[i]!.length ? textLines(panelTitleLines[i]!, 0, 13, 16, 'font-size="13" font-weight="600" fill="#1b1f24"') : '';
      return `<g transform="translate(${x},${y})">${heading}${new XMLSerializer().serializeToString(svg)}</g>`;
    })
    .join('');

  const text =
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<svg xmlns="${SVG_NS}" width="${fullWidth}" height="${height}" viewBox="0 0 ${fullWidth} ${height}" font-family="${esc(FONT)}">` +
    `<title>${esc(title)}</title>` +
    `<rect width="100%" height="100%" fill="#ffffff"/>` +
    textLines(titleLines, pad, pad + 16, 20, 'font-size="16" font-weight="700" fill="#1b1f24"') +
    cells +
    `<g transform="translate(${pad},${legendTop})">${leg.svg}</g>` +
    `</svg>\n`;
  return { text, width: fullWidth, height };
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
export const tableCsv = (table: DataTable) =>
  csvTable(
    table.columns.map((c) => c.label),
    table.rows,
  );

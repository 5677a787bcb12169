// The study's figure (docs/prism.md, "Designs"): a panel per map and measure — ρ over concepts,
// recall@3 of the weakest concepts, recall@5 of the weakest cells — with each design's mean over
// the seeds against the evaluations, and the band from its worst to its best seed.
import type { StudyRow } from './study.ts';

const COLORS: Record<string, string> = { tree: '#1b6ca8', uniform: '#c0392b', stratified: '#2e8b57' };
const MEASURES: { key: 'rho' | 'recall' | 'recallCells'; label: string; min: number }[] = [
  { key: 'rho', label: 'ρ, concepts', min: -0.2 },
  { key: 'recall', label: 'recall@3, weakest concepts', min: 0 },
  { key: 'recallCells', label: 'recall@5, weakest cells', min: 0 },
];

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

export function designCurves(rows: readonly StudyRow[], designs: readonly string[], budgets: readonly number[], maps: readonly string[]): string {
  const pw = 230;
  const ph = 150;
  const left = 56;
  const top = 48;
  const gapX = 56;
  const gapY = 52;
  const width = left + maps.length * (pw + gapX) + 20;
  const height = top + MEASURES.length * (ph + gapY) + 10;
  const maxB = Math.max(...budgets);
  const x = (b: number, col: number) => left + col * (pw + gapX) + (b / maxB) * pw;
  const parts: string[] = [];
  parts.push(`<text x="${left}" y="20" font-size="14" font-weight="600">Tree search against uniform and stratified sampling, by evaluations per model</text>`);
  designs.forEach((d, i) => {
    const lx = left + i * 150;
    parts.push(
      `<line x1="${lx}" y1="34" x2="${lx + 22}" y2="34" stroke="${COLORS[d] ?? '#555'}" stroke-width="2.5"/><text x="${lx + 28}" y="38" font-size="12">${esc(d)}</text>`,
    );
  });
  MEASURES.forEach((m, row) => {
    const y0 = top + row * (ph + gapY) + 14;
    const y = (v: number) => y0 + ph - ((Math.max(m.min, Math.min(1, v)) - m.min) / (1 - m.min)) * ph;
    maps.forEach((map, col) => {
      const x0 = left + col * (pw + gapX);
      parts.push(`<text x="${x0}" y="${y0 - 6}" font-size="12" font-weight="600">${esc(`${map} · ${m.label}`)}</text>`);
      parts.push(`<rect x="${x0}" y="${y0}" width="${pw}" height="${ph}" fill="none" stroke="#bbb"/>`);
      for (const t of [m.min < 0 ? 0 : 0.5, 1])
        parts.push(
          `<line x1="${x0}" x2="${x0 + pw}" y1="${y(t)}" y2="${y(t)}" stroke="#eee"/><text x="${x0 - 6}" y="${y(t) + 4}" font-size="10" text-anchor="end">${t}</text>`,
        );
      if (m.key === 'rho')
        parts.push(
          `<line x1="${x0}" x2="${x0 + pw}" y1="${y(0.8)}" y2="${y(0.8)}" stroke="#888" stroke-dasharray="3 3"/><text x="${x0 - 6}" y="${y(0.8) + 4}" font-size="10" text-anchor="end">0.8</text>`,
        );
      // Tick labels that would touch the one before are left out (the lines still pass through every budget).
      let lastX = -Infinity;
      for (const b of budgets) {
        if (x(b, col) - lastX < 24) continue;
        lastX = x(b, col);
        parts.push(`<text x="${lastX}" y="${y0 + ph + 14}" font-size="10" text-anchor="middle">${b}</text>`);
      }
      for (const d of designs) {
        const stats = budgets.map((b) => {
          const vs = rows.filter((r) => r.design === d && r.budget === b && r.map === map).map((r) => r[m.key] ?? 0);
          return { b, mean: vs.reduce((a, c) => a + c, 0) / Math.max(1, vs.length), lo: Math.min(...vs), hi: Math.max(...vs) };
        });
        const band = [...stats.map((s) => `${x(s.b, col)},${y(s.hi)}`), ...stats.reverse().map((s) => `${x(s.b, col)},${y(s.lo)}`)].join(' ');
        stats.reverse();
        parts.push(`<polygon points="${band}" fill="${COLORS[d] ?? '#555'}" opacity="0.08"/>`);
        parts.push(
          `<polyline points="${stats.map((s) => `${x(s.b, col)},${y(s.mean)}`).join(' ')}" fill="none" stroke="${COLORS[d] ?? '#555'}" stroke-width="2"/>`,
        );
      }
    });
  });
  parts.push(
    `<text x="${width / 2}" y="${height - 12}" font-size="11" text-anchor="middle">node evaluations per model (lines: mean over seeds; bands: worst to best seed; ρ below −0.2 drawn at −0.2)</text>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" font-family="system-ui, sans-serif"><rect width="100%" height="100%" fill="#fff"/>${parts.join('')}</svg>\n`;
}

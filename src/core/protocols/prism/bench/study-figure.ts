// The designs study's figure (docs/prism.md, "Designs"): a panel per map and measure — the
// share of seeds with ρ ≥ 0.8, with recall@3 ≥ 2/3, and (maps with planted structure) with all
// of it found — against the evaluations per model, each design a line with its 95 % bootstrap
// band over the seeds.
import { ALL_PROFILES } from '../simulated/maps.ts';
import type { StudyRow } from './study-run.ts';
import { allFound, bootstrap } from './study-stats.ts';

const PALETTE = ['#1b6ca8', '#7fa7c9', '#c0392b', '#2e8b57', '#e59866', '#8e44ad', '#c39bd3', '#d4ac0d'];
const MEASURES: { label: string; value: (r: StudyRow) => number; planted?: true }[] = [
  { label: 'P(ρ ≥ 0.8)', value: (r) => ((r.rho ?? -1) >= 0.8 ? 1 : 0) },
  { label: 'P(recall@3 ≥ 2/3)', value: (r) => (r.recall >= 2 / 3 - 1e-9 ? 1 : 0) },
  { label: 'P(planted found)', value: (r) => (allFound(r.found) === null ? 0 : 1), planted: true },
];

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

export function designCurves(rows: readonly StudyRow[], designs: readonly string[], budgets: readonly number[], maps: readonly string[]): string {
  const pw = 200;
  const ph = 120;
  const left = 48;
  const top = 70;
  const gapX = 40;
  const gapY = 44;
  const color = (d: string) => PALETTE[designs.indexOf(d) % PALETTE.length]!;
  const width = left + maps.length * (pw + gapX);
  const height = top + MEASURES.length * (ph + gapY) + 20;
  const maxB = Math.max(...budgets);
  const x = (b: number, col: number) => left + col * (pw + gapX) + (b / maxB) * pw;
  const parts: string[] = [];
  parts.push(`<text x="${left}" y="20" font-size="14" font-weight="600">PrismBench designs: share of seeds meeting each bar, by evaluations per model</text>`);
  designs.forEach((d, i) => {
    const lx = left + (i % 6) * 150;
    const ly = 38 + Math.floor(i / 6) * 16;
    parts.push(
      `<line x1="${lx}" y1="${ly}" x2="${lx + 22}" y2="${ly}" stroke="${color(d)}" stroke-width="2.5"/><text x="${lx + 28}" y="${ly + 4}" font-size="12">${esc(d)}</text>`,
    );
  });
  MEASURES.forEach((m, row) => {
    const y0 = top + row * (ph + gapY) + 14;
    const y = (v: number) => y0 + ph - Math.max(0, Math.min(1, v)) * ph;
    maps.forEach((map, col) => {
      if (m.planted && !ALL_PROFILES[map]?.planted?.length) return;
      const x0 = left + col * (pw + gapX);
      parts.push(`<text x="${x0}" y="${y0 - 6}" font-size="11" font-weight="600">${esc(`${map} · ${m.label}`)}</text>`);
      parts.push(`<rect x="${x0}" y="${y0}" width="${pw}" height="${ph}" fill="none" stroke="#bbb"/>`);
      for (const t of [0, 0.5, 1])
        parts.push(
          `<line x1="${x0}" x2="${x0 + pw}" y1="${y(t)}" y2="${y(t)}" stroke="#eee"/><text x="${x0 - 5}" y="${y(t) + 4}" font-size="9" text-anchor="end">${t}</text>`,
        );
      let lastX = -Infinity;
      for (const b of budgets) {
        if (x(b, col) - lastX < 22) continue;
        lastX = x(b, col);
        parts.push(`<text x="${lastX}" y="${y0 + ph + 12}" font-size="9" text-anchor="middle">${b}</text>`);
      }
      for (const d of designs) {
        const stats = budgets
          .map((b) => ({ b, rs: rows.filter((r) => r.design === d && r.budget === b && r.map === map) }))
          .filter((s) => s.rs.length)
          .map((s) => ({ b: s.b, ...bootstrap(s.rs.map(m.value), `${d}|${s.b}|${map}|${m.label}`) }));
        if (!stats.length) continue;
        const band = [...stats.map((s) => `${x(s.b, col)},${y(s.hi)}`), ...[...stats].reverse().map((s) => `${x(s.b, col)},${y(s.lo)}`)].join(' ');
        parts.push(`<polygon points="${band}" fill="${color(d)}" opacity="0.07"/>`);
        parts.push(`<polyline points="${stats.map((s) => `${x(s.b, col)},${y(s.mean)}`).join(' ')}" fill="none" stroke="${color(d)}" stroke-width="1.8"/>`);
      }
    });
  });
  parts.push(
    `<text x="${width / 2}" y="${height - 6}" font-size="11" text-anchor="middle">node evaluations per model (lines: share of seeds; bands: 95 % bootstrap interval over seeds)</text>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" font-family="system-ui, sans-serif"><rect width="100%" height="100%" fill="#fff"/>${parts.join('')}</svg>\n`;
}

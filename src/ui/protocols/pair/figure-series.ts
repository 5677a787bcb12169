// From the figures' data (core/protocols/pair/figures.ts) to what the charts draw: series,
// bar rows, legends and the docs anchors the figure descriptions link to.
import {
  CLOSURE_BUCKETS,
  type ClosureBar,
  type CumulativeFix,
  type FigureModel,
  type HccBar,
  type InstanceTrajectories,
} from '../../../core/protocols/pair/figures.ts';
import { LEVELS, type HintLevel } from '../../../core/protocols/shared/hint-levels.ts';
import { metricHref, slug } from '../../docs/docs.ts';
import { OKABE_ITO, seriesStyle, type SeriesStyle } from '../../charts/palette.ts';
import { pct, type BarRow, type BarStyle, type LegendEntry, type LineSeries } from '../../charts/types.ts';

/** Where docs/metrics.md explains each figure (its "### Fig. n: …" headings). */
export const FIGURE_DOCS = {
  fig3: metricHref(slug('Fig. 3: the level at which scenarios closed')),
  fig4: metricHref(slug('Fig. 4: HintedClosedCoverage')),
  baselines: metricHref(slug('Figs. 3 and 4 under the baselines')),
  fig5: metricHref(slug('Fig. 5: pass-rate trajectories per instance')),
  fig6: metricHref(slug('Fig. 6: cumulative Final Fix by turn')),
};

/** One style per model, by manifest order, shared by every figure. */
export const modelStyles = (models: readonly FigureModel[]) => new Map(models.map((m, i) => [m.id, seriesStyle(i)]));

const styleOf = (styles: Map<string, SeriesStyle>, id: string) => styles.get(id) ?? seriesStyle(0);

export const modelLegend = (models: readonly FigureModel[], styles: Map<string, SeriesStyle>, kind: 'line' | 'bar'): LegendEntry[] =>
  models.map((m) => {
    const s = styleOf(styles, m.id);
    return kind === 'line'
      ? { kind, key: m.id, label: m.label, color: s.color, marker: s.marker, dash: s.dash }
      : { kind, key: m.id, label: m.label, color: s.color, pattern: s.pattern };
  });

// ---- Fig. 3 ----

/** Levels from shallow to deep in light-to-dark order; unresolved stands apart. */
export const CLOSURE_STYLES: Record<(typeof CLOSURE_BUCKETS)[number], BarStyle> = {
  L1: { color: OKABE_ITO.skyBlue, pattern: 'solid' },
  L2: { color: OKABE_ITO.blue, pattern: 'diagonal' },
  L3: { color: OKABE_ITO.bluishGreen, pattern: 'dots' },
  L4: { color: OKABE_ITO.yellow, pattern: 'horizontal' },
  L5: { color: OKABE_ITO.orange, pattern: 'vertical' },
  L6: { color: OKABE_ITO.vermillion, pattern: 'backslash' },
  unresolved: { color: OKABE_ITO.reddishPurple, pattern: 'crosshatch' },
};

const bucketName = (b: (typeof CLOSURE_BUCKETS)[number], k: number) =>
  b === 'unresolved' ? 'unresolved (never closed)' : `${b} ${LEVELS[(k + 1) as HintLevel].name.toLowerCase()}`;

export const closureLegend: LegendEntry[] = CLOSURE_BUCKETS.map((b, k) => ({ kind: 'bar', key: b, label: bucketName(b, k), ...CLOSURE_STYLES[b] }));

export function closureRows(bars: readonly ClosureBar[]): BarRow[] {
  return bars.map((b) => ({
    key: b.model.id,
    label: b.model.label,
    end: b.attempted ? `n = ${b.attempted}` : 'no attempted scenario',
    segments: CLOSURE_BUCKETS.map((bucket, k) => ({
      series: bucket,
      value: b.shares[k]!,
      short: bucket === 'unresolved' ? 'unres.' : bucket,
      text: `${b.model.label}: ${b.counts[k]} of ${b.attempted} attempted scenarios ${bucket === 'unresolved' ? 'unresolved' : `closed at ${bucket}`} (${pct(b.shares[k]!)})`,
    })),
  }));
}

// ---- Fig. 4 ----

export function hccRows(bars: readonly HccBar[]): BarRow[] {
  return bars.map((b) => ({
    key: b.model.id,
    label: b.model.label,
    end: b.hcc === null ? 'not defined (no initially failing item)' : pct(b.hcc),
    segments: b.hcc === null ? [] : [{ series: b.model.id, value: b.hcc, text: `${b.model.label}: HCC ${pct(b.hcc)}` }],
  }));
}

export const hccStyles = (models: readonly FigureModel[], styles: Map<string, SeriesStyle>): Record<string, BarStyle> =>
  Object.fromEntries(
    models.map((m) => {
      const { color, pattern } = styleOf(styles, m.id);
      return [m.id, { color, pattern }];
    }),
  );

// ---- Figs. 5 and 6 ----

/** A model's line: its key, label, colour, marker and dash. */
function lineStyle(model: FigureModel, styles: Map<string, SeriesStyle>) {
  const style = styleOf(styles, model.id);
  return { key: model.id, label: model.label, color: style.color, marker: style.marker, dash: style.dash };
}

export function trajectorySeries(figure: InstanceTrajectories, styles: Map<string, SeriesStyle>): LineSeries[] {
  return figure.series
    .filter((s) => s.points.length)
    .map((s) => ({
      ...lineStyle(s.model, styles),
      points: s.points.map((p) => ({
        x: p.turn,
        y: p.passRate,
        carried: p.carried,
        text: `${s.model.label}, ${figure.title}, turn ${p.turn}: pass rate ${pct(p.passRate)}${p.carried ? ' (carried forward: the item had stopped)' : ''}`,
      })),
    }));
}

/** The legend of Fig. 5; `buggy` names the reference line's value when there is one instance. */
export const trajectoryLegend = (models: readonly FigureModel[], styles: Map<string, SeriesStyle>, buggy?: number | null): LegendEntry[] => [
  ...modelLegend(models, styles, 'line'),
  { kind: 'carried', key: 'carried', label: 'carried forward (item had stopped)' },
  { kind: 'reference', key: 'buggy', label: buggy === undefined || buggy === null ? 'buggy program' : `buggy program (${pct(buggy)})` },
];

/** A Fig. 5 panel's title: the instance and its buggy program's pass rate. */
export const panelTitle = (figure: InstanceTrajectories) => (figure.buggy === null ? figure.title : `${figure.title} · buggy ${pct(figure.buggy, 0)}`);

export function cumulativeSeries(lines: readonly CumulativeFix[], styles: Map<string, SeriesStyle>): LineSeries[] {
  return lines
    .filter((l) => l.items > 0)
    .map((l) => ({
      ...lineStyle(l.model, styles),
      points: l.points.map((p) => ({
        x: p.turn,
        y: p.share,
        text: `${l.model.label}, by turn ${p.turn}: ${p.fixed} of ${l.items} items fixed (${pct(p.share)})`,
      })),
    }));
}

// Cells and values that carry how many observations they rest on, so a chart can say how much
// to trust each one (a heatmap prints n in its cells and hatches those below a minimum).
import type { HeatCell } from './types.ts';

export interface CountedCell extends HeatCell {
  /** Observations behind the value (evaluations); printed in the cell when it fits. */
  n?: number;
}

/** An interval of rates in whole percent, e.g. "21–94%". */
export const pctRange = (ci: { lo: number; hi: number } | null) => (ci ? `${Math.round(ci.lo * 100)}–${Math.round(ci.hi * 100)}%` : '');

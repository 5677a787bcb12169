// Series styles for the charts: the Okabe–Ito colour-blind-safe palette, plus a marker shape
// and a fill pattern per series, so that no series is told apart by colour alone.
import { symbol, symbolCircle, symbolCross, symbolDiamond, symbolSquare, symbolStar, symbolTriangle, symbolWye, type SymbolType } from 'd3';

export const OKABE_ITO = {
  black: '#000000',
  orange: '#E69F00',
  skyBlue: '#56B4E9',
  bluishGreen: '#009E73',
  yellow: '#F0E442',
  blue: '#0072B2',
  vermillion: '#D55E00',
  reddishPurple: '#CC79A7',
} as const;

/** Series colours in order of use; yellow last (it is faint on white). */
const SERIES_COLORS = [
  OKABE_ITO.blue,
  OKABE_ITO.vermillion,
  OKABE_ITO.bluishGreen,
  OKABE_ITO.reddishPurple,
  OKABE_ITO.orange,
  OKABE_ITO.skyBlue,
  OKABE_ITO.black,
  OKABE_ITO.yellow,
];

export type Marker = 'circle' | 'square' | 'triangle' | 'diamond' | 'cross' | 'star' | 'wye';
const MARKERS: Marker[] = ['circle', 'square', 'triangle', 'diamond', 'cross', 'star', 'wye'];
const SYMBOLS: Record<Marker, SymbolType> = {
  circle: symbolCircle,
  square: symbolSquare,
  triangle: symbolTriangle,
  diamond: symbolDiamond,
  cross: symbolCross,
  star: symbolStar,
  wye: symbolWye,
};

/** Fill patterns for bars (drawn over the colour in white). */
export type Pattern = 'solid' | 'diagonal' | 'dots' | 'crosshatch' | 'horizontal' | 'vertical' | 'backslash';
const PATTERNS: Pattern[] = ['solid', 'diagonal', 'dots', 'crosshatch', 'horizontal', 'vertical', 'backslash'];

/** Dash patterns for lines (stroke-dasharray); '' is solid. Dotted is kept for carried segments. */
const DASHES = ['', '8 3', '12 3 3 3', '4 4', '10 3 2 3 2 3', '14 4'];

/** Carried-forward segments (an item that already stopped): dotted and faint. */
export const CARRIED_DASH = '1.5 3';

export interface SeriesStyle {
  color: string;
  marker: Marker;
  pattern: Pattern;
  dash: string;
}

/** The i-th series' style: colour, marker, pattern and dash all change with i. */
export function seriesStyle(i: number): SeriesStyle {
  return {
    color: SERIES_COLORS[i % SERIES_COLORS.length]!,
    marker: MARKERS[i % MARKERS.length]!,
    pattern: PATTERNS[i % PATTERNS.length]!,
    dash: DASHES[i % DASHES.length]!,
  };
}

/** A marker's outline as an SVG path centred on 0,0; `area` in square pixels. */
export function markerPath(marker: Marker, area = 48): string {
  return symbol(SYMBOLS[marker], area)() ?? '';
}

/** The white strokes that draw a pattern over its colour, in a 6 × 6 tile. */
export function patternStrokes(pattern: Pattern): string {
  switch (pattern) {
    case 'solid':
      return '';
    case 'diagonal':
      return 'M-1,1 l2,-2 M0,6 l6,-6 M5,7 l2,-2';
    case 'backslash':
      return 'M-1,5 l2,2 M0,0 l6,6 M5,-1 l2,2';
    case 'crosshatch':
      return 'M0,6 l6,-6 M0,0 l6,6';
    case 'horizontal':
      return 'M0,3 h6';
    case 'vertical':
      return 'M3,0 v6';
    case 'dots':
      return 'M2,2 h0.01 M5,5 h0.01';
  }
}

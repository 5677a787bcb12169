// The width a label takes in a chart, measured with the charts' own font, so that margins and
// layouts follow the labels rather than a guess of pixels per character. Outside a browser (unit
// tests) a label is taken at 0.6 em a character.

export const CHART_FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif";

let context: CanvasRenderingContext2D | null | undefined;

function canvas(): CanvasRenderingContext2D | null {
  if (context === undefined) context = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  return context;
}

/** Width in pixels of `text` at `size` px (and a CSS font weight). */
export function textWidth(text: string, size: number, weight = 400): number {
  const ctx = canvas();
  if (!ctx) return text.length * size * 0.6;
  ctx.font = `${weight} ${size}px ${CHART_FONT}`;
  return ctx.measureText(text).width;
}

export type Measure = (text: string) => number;

/** A measure at one size and weight. */
export const measureAt =
  (size: number, weight = 400): Measure =>
  (text) =>
    textWidth(text, size, weight);

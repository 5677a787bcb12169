// The text inside a graph's node, fitted to the node's inner width by measured widths: its label
// wrapped between words (a word longer than a line is cut, never dropped), and its small marks
// side by side while they fit, then on the next line.
import type { Measure } from './text-width.ts';

/** A word longer than a line, cut into pieces that fit. */
function pieces(word: string, inner: number, measure: Measure): string[] {
  const out: string[] = [];
  let piece = '';
  for (const ch of word) {
    if (piece && measure(piece + ch) > inner) {
      out.push(piece);
      piece = '';
    }
    piece += ch;
  }
  return piece ? [...out, piece] : out;
}

export function wrapLabel(text: string, inner: number, measure: Measure): string[] {
  const out: string[] = [];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const last = out.at(-1);
    if (last !== undefined && measure(`${last} ${word}`) <= inner) out[out.length - 1] = `${last} ${word}`;
    else out.push(...pieces(word, inner, measure));
  }
  return out.length ? out : [''];
}

export interface MarkPlace {
  x: number;
  line: number;
}

export function flowMarks(symbols: readonly string[], inner: number, measure: Measure, gap = 10): MarkPlace[] {
  let x = 0;
  let line = 0;
  return symbols.map((s) => {
    const w = measure(s);
    if (x > 0 && x + w > inner) {
      x = 0;
      line++;
    }
    const at = { x, line };
    x += w + gap;
    return at;
  });
}

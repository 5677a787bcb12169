// Reasoning effort: how much a reasoning model thinks before it answers. Families take
// different sets of values (capabilities.ts keeps them per model); an effort a model does not
// take is never dropped in silence: it moves to the nearest value the model takes, and every
// request says so (docs/providers.md, "Reasoning effort").

/** Every effort a provider takes, from least to most thinking. */
export const REASONING_EFFORTS = ['none', 'minimal', 'low', 'medium', 'high', 'xhigh'] as const;
export type ReasoningEffort = (typeof REASONING_EFFORTS)[number];

export const isEffort = (x: string): x is ReasoningEffort => (REASONING_EFFORTS as readonly string[]).includes(x);

/**
 * The value of `allowed` nearest to `asked` on the scale above; between two as near, the one
 * with more thinking (so a move never takes reasoning away that was asked for). Null when
 * nothing is allowed.
 */
export function nearestEffort(asked: ReasoningEffort, allowed: readonly ReasoningEffort[]): ReasoningEffort | null {
  const at = REASONING_EFFORTS.indexOf(asked);
  let best: ReasoningEffort | null = null;
  let bestDistance = Infinity;
  for (const value of allowed) {
    const distance = Math.abs(REASONING_EFFORTS.indexOf(value) - at);
    if (distance < bestDistance || (distance === bestDistance && best !== null && REASONING_EFFORTS.indexOf(value) > REASONING_EFFORTS.indexOf(best))) {
      best = value;
      bestDistance = distance;
    }
  }
  return best;
}

/** The effort sent for an asked one: itself when allowed (or nothing is known), else the nearest allowed. */
export function effortToSend(asked: ReasoningEffort, allowed: readonly ReasoningEffort[] | undefined): ReasoningEffort | null {
  if (!allowed || allowed.includes(asked)) return asked;
  return nearestEffort(asked, allowed);
}

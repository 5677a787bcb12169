// The six hint levels of PAIR (Table II of the paper): what each reveals, what evidence the
// feedback model is given (its evidence mask), and what the hint may not reveal (its boundary).

export type HintLevel = 1 | 2 | 3 | 4 | 5 | 6;
export const HINT_LEVELS: readonly HintLevel[] = [1, 2, 3, 4, 5, 6];

/** What the feedback model is given at a level. Each level adds to the one below. */
export interface EvidenceMask {
  /** Expected-vs-actual comparison features: "too large", "extra line", the exception type. */
  symptoms: true;
  /** The sampled failing inputs (and a few passing ones, for contrast). */
  failingInputs: boolean;
  /** The reference program. */
  reference: boolean;
  /** The candidate's current code, with line numbers. */
  candidateCode: boolean;
}

/** What a hint at this level may reveal; everything else belongs to a higher level. */
export interface Boundary {
  /** The kind of input that triggers the failure. */
  inputPattern: boolean;
  /** The information the program fails to keep or update. */
  state: boolean;
  /** A place in the candidate's code (line numbers, a named loop or condition). */
  location: boolean;
  /** The missing invariant or condition. */
  concept: boolean;
  /** A concrete implementation direction (never code, pseudocode or an exact patch). */
  direction: boolean;
}

export interface LevelSpec {
  level: HintLevel;
  name: string;
  reveals: string;
  example: string;
  evidence: EvidenceMask;
  boundary: Boundary;
}

const from = (level: HintLevel, threshold: HintLevel) => level >= threshold;

function spec(level: HintLevel, name: string, reveals: string, example: string): LevelSpec {
  return {
    level,
    name,
    reveals,
    example,
    evidence: { symptoms: true, failingInputs: from(level, 2), reference: from(level, 3), candidateCode: from(level, 4) },
    boundary: { inputPattern: from(level, 2), state: from(level, 3), location: from(level, 4), concept: from(level, 5), direction: from(level, 6) },
  };
}

export const LEVELS: Record<HintLevel, LevelSpec> = {
  1: spec(
    1,
    'Symptom',
    'only the observed wrong behaviour: no input pattern, cause or location',
    'The output is larger than expected, suggesting that something may be counted extra.',
  ),
  2: spec(2, 'Input pattern', 'the kind of input or edge case that triggers the failure', 'This failure occurs when the input contains duplicate values.'),
  3: spec(
    3,
    'State tracking',
    'the information the solution fails to keep or update',
    'The solution does not keep enough information about repeated values across iterations.',
  ),
  4: spec(
    4,
    'Fault location',
    'the suspicious region of the candidate code',
    'The issue is likely in the loop that updates the count after reading each value.',
  ),
  5: spec(
    5,
    'Conceptual correction',
    'the missing invariant, condition or reasoning',
    'The solution needs to distinguish between seeing a value once and seeing it multiple times.',
  ),
  6: spec(
    6,
    'Repair direction',
    'a concrete implementation direction, with no code, pseudocode or exact patch',
    'Revise the update logic so repeated values are accumulated rather than overwritten.',
  ),
};

export function isHintLevel(x: unknown): x is HintLevel {
  return typeof x === 'number' && Number.isInteger(x) && x >= 1 && x <= 6;
}

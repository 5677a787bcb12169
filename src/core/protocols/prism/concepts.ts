// The space a search maps: programming concepts and ordered difficulty levels (the paper's ten
// concepts and five levels by default, both editable), their short names for the tree's labels,
// and the three difficulty groups the paper's tables use (Very Easy/Easy, Medium, Hard/Very Hard).

/** The paper's concepts (Sec. 4.2), in its order. */
export const PAPER_CONCEPTS = [
  'loops',
  'conditionals',
  'functions',
  'data structures',
  'algorithms',
  'error handling',
  'recursion',
  'sorting',
  'searching',
  'dynamic programming',
] as const;

/** The paper's difficulty levels, easiest first (Sec. 4.3). */
export const PAPER_DIFFICULTIES = ['very easy', 'easy', 'medium', 'hard', 'very hard'] as const;

const SHORT: Record<string, string> = {
  loops: 'Loop',
  conditionals: 'Cond',
  functions: 'Func',
  'data structures': 'DS',
  algorithms: 'Alg',
  'error handling': 'EH',
  recursion: 'Rec',
  sorting: 'Sort',
  searching: 'Srch',
  'dynamic programming': 'DP',
};

/** A concept's short name (the paper's abbreviations; the first letters of each word for others). */
export function shortConcept(concept: string): string {
  return (
    SHORT[concept] ??
    concept
      .split(/\s+/)
      .map((w) => w.slice(0, w.length > 6 ? 3 : 4).replace(/^./, (c) => c.toUpperCase()))
      .join('')
  );
}

/** A difficulty's short name: the initials of its words (VE, E, M, H, VH). */
export const shortDifficulty = (difficulty: string) =>
  difficulty
    .split(/\s+/)
    .map((w) => w[0]?.toUpperCase() ?? '')
    .join('');

/** The key to the short names a figure prints: each concept's and level's, where it differs from the name. */
export function abbreviations(concepts: readonly string[], difficulties: readonly string[]): { short: string; name: string }[] {
  return [...concepts.map((c) => ({ short: shortConcept(c), name: c })), ...difficulties.map((d) => ({ short: shortDifficulty(d), name: d }))].filter(
    (a) => a.short !== a.name,
  );
}

/** A concept set in a stable order (the order of the run's concept list). */
export function sortConcepts(concepts: Iterable<string>, order: readonly string[]): string[] {
  const rank = (c: string) => {
    const i = order.indexOf(c);
    return i < 0 ? order.length : i;
  };
  return [...new Set(concepts)].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

export type DifficultyGroup = 0 | 1 | 2;

/**
 * The group of the i-th of n levels: the lower 40 % (Very Easy/Easy of five), the middle
 * (Medium), the upper 40 % (Hard/Very Hard), as the paper's Table 4 groups its five levels.
 */
export function difficultyGroup(index: number, levels: number): DifficultyGroup {
  if (index < levels * 0.4) return 0;
  if (index < levels * 0.6) return 1;
  return 2;
}

/** The groups' names for a list of levels (VE/E, M, H/VH for the paper's five). */
export function groupLabels(difficulties: readonly string[]): [string, string, string] {
  const names: string[][] = [[], [], []];
  difficulties.forEach((d, i) => names[difficultyGroup(i, difficulties.length)]!.push(shortDifficulty(d)));
  return names.map((n) => n.join('/') || '—') as [string, string, string];
}

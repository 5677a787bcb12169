// The paper's measures of one item, and their aggregates over a model's items (docs/metrics.md,
// "When Benchmarks Talk"): test-case accuracy per step and final, the step of the first fully
// correct program, directional correctness, the step-wise change crossed with it, surface and
// behavioural steerability, and readability. Pure functions of the attempts.
import { levenshtein } from '../../text/levenshtein.ts';
import { mean, meanSe } from '../../stats/stats.ts';
import { directionallyCorrect } from './claim.ts';
import type { Attempt } from './view.ts';

export type Change = 'better' | 'worse' | 'same';
export type Direction = 'correct' | 'incorrect' | 'none';

/** What happened between two consecutive attempts: the feedback, and how the program moved. */
export interface Transition {
  /** The later attempt's index (1, 2, …). */
  step: number;
  type: string | null;
  before: number;
  after: number;
  change: Change;
  /** Whether the feedback's claim matched the tests before it; null when it made none or the judge could not tell. */
  directional: boolean | null;
  /** Surface steerability: Levenshtein distance in characters between the two programs. */
  edit: number;
  /** Behavioural steerability: tests that passed before and fail after, or the reverse. */
  flipped: number;
  /** The same over the number of tests. */
  flipShare: number;
}

export interface ItemMeasures {
  /** TCA after each attempt. */
  tca: number[];
  /** TCA of the last program. */
  final: number;
  /** The first attempt whose program passes every test (0 = the first), or null. */
  solvedAt: number | null;
  /** Directional correctness of the item: the mean over its judged claims; null without any. */
  dc: number | null;
  transitions: Transition[];
  /** pycodestyle violations of the last program, when they were counted. */
  style: number | null;
}

const changeOf = (before: number, after: number): Change => (after > before ? 'better' : after < before ? 'worse' : 'same');

/** Tests in one list and not the other. */
function symmetricDifference(a: readonly string[], b: readonly string[]): number {
  const x = new Set(a);
  const y = new Set(b);
  let n = 0;
  for (const id of x) if (!y.has(id)) n++;
  for (const id of y) if (!x.has(id)) n++;
  return n;
}

export function itemMeasures(attempts: readonly Attempt[]): ItemMeasures {
  const tca = attempts.map((a) => a.tca);
  const transitions: Transition[] = [];
  for (let i = 1; i < attempts.length; i++) {
    const [prev, cur] = [attempts[i - 1]!, attempts[i]!];
    const claim = cur.feedback?.claim?.verdict;
    const flipped = symmetricDifference(prev.passed, cur.passed);
    transitions.push({
      step: i,
      type: cur.feedback?.type ?? null,
      before: prev.tca,
      after: cur.tca,
      change: changeOf(prev.tca, cur.tca),
      directional: claim ? directionallyCorrect(claim, prev.total > 0 && prev.passed.length === prev.total) : null,
      edit: levenshtein(prev.code, cur.code),
      flipped,
      flipShare: cur.total ? flipped / cur.total : 0,
    });
  }
  const judged = transitions.map((t) => t.directional).filter((d): d is boolean => d !== null);
  const solved = attempts.findIndex((a) => a.total > 0 && a.passed.length === a.total);
  const styled = attempts.findLast((a) => a.style);
  return {
    tca,
    final: tca.at(-1) ?? 0,
    solvedAt: solved < 0 ? null : solved,
    dc: judged.length ? judged.filter(Boolean).length / judged.length : null,
    transitions,
    style: styled?.style ? styled.style.violations : null,
  };
}

export type ChangeTable = Record<Change, Record<Direction, number>>;

/** Fig. 4: transitions counted by step-wise change and directional correctness ("none": no judged claim). */
export function changeTable(items: readonly ItemMeasures[]): ChangeTable {
  const empty = () => ({ correct: 0, incorrect: 0, none: 0 });
  const out: ChangeTable = { better: empty(), worse: empty(), same: empty() };
  for (const t of items.flatMap((m) => m.transitions)) out[t.change][t.directional === null ? 'none' : t.directional ? 'correct' : 'incorrect']++;
  return out;
}

export interface Steerability {
  transitions: number;
  /** Mean Levenshtein distance per transition. */
  edit: number | null;
  /** Mean share of tests flipped per transition. */
  flipShare: number | null;
}

export function steerability(transitions: readonly Transition[]): Steerability {
  return { transitions: transitions.length, edit: mean(transitions.map((t) => t.edit)), flipShare: mean(transitions.map((t) => t.flipShare)) };
}

/** A model's measures over its items (each item counts once). */
export interface ModelMeasures {
  items: number;
  tca: { mean: number; se: number | null } | null;
  tcaFirst: number | null;
  solved: number | null;
  /** Mean first fully correct attempt, over the items that reached one. */
  steps: number | null;
  dc: { mean: number; se: number | null } | null;
  style: number | null;
  /** The items whose style was counted (Style is their mean). */
  styleItems: number;
  steer: Steerability;
  tcaByStep: (number | null)[];
  change: ChangeTable;
  /** Per feedback type: its steerability and directional correctness (random and mixed runs mix types). */
  byType: Record<string, Steerability & { dc: number | null }>;
  /** Fig. 6: each item's first revision (edit distance, share of tests flipped). */
  firstRevision: { edit: number; flipShare: number }[];
}

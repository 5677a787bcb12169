// The dependency-aware score (the paper's equations 1 and 2): a requirement earns credit only
// when it is satisfied and its prerequisites are satisfied too,
//   S_G = (1/m) Σ_j g(r_j) · 𝟙[∀ r_i ∈ P(r_j): g(r_i) = 1],
// with g the judge's (or the checks') verdicts on the unguided solution; S′_G the same on the
// final guided one. Taken literally, the indicator looks at the direct prerequisites' verdicts
// ("direct"); "transitive" asks instead that each prerequisite be credited itself, so a failure
// propagates down every path. Also: how the judge agrees with the checks (a validity measure the
// paper does not have), and which requirements improved or regressed.
import type { Requirement } from '../../model/task.ts';
import { topologicalOrder } from './dag.ts';

export type DependencyRule = 'direct' | 'transitive';

/** The requirements that earn credit, given each one's verdict (missing verdicts count as not satisfied). */
export function credited(requirements: readonly Requirement[], satisfied: ReadonlyMap<number, boolean>, rule: DependencyRule = 'direct'): Set<number> {
  const byId = new Map(requirements.map((r) => [r.id, r]));
  const out = new Set<number>();
  for (const id of topologicalOrder(requirements)) {
    const pre = byId.get(id)?.prerequisites ?? [];
    const met = rule === 'direct' ? pre.every((p) => satisfied.get(p) === true) : pre.every((p) => out.has(p));
    if (satisfied.get(id) === true && met) out.add(id);
  }
  return out;
}

/** S_G: the share of requirements credited (Eq. 1; Eq. 2 on the guided verdicts). */
export function dependencyScore(requirements: readonly Requirement[], satisfied: ReadonlyMap<number, boolean>, rule: DependencyRule = 'direct'): number {
  return requirements.length ? credited(requirements, satisfied, rule).size / requirements.length : 0;
}

/** Agreement of two binary verdicts over the same requirements: the share equal, and Cohen's κ. */
export interface Agreement {
  pairs: number;
  agree: number;
  /** agree / pairs; null without pairs. */
  rate: number | null;
  /** (p_o − p_e) / (1 − p_e); null without pairs, or when chance agreement is 1 (both always say the same thing). */
  kappa: number | null;
  /** Counts: judge satisfied & check passed, judge satisfied & check failed, … */
  table: { both: number; judgeOnly: number; checkOnly: number; neither: number };
}

export function agreement(pairs: readonly (readonly [judge: boolean, check: boolean])[]): Agreement {
  const table = { both: 0, judgeOnly: 0, checkOnly: 0, neither: 0 };
  for (const [j, c] of pairs) {
    if (j && c) table.both++;
    else if (j) table.judgeOnly++;
    else if (c) table.checkOnly++;
    else table.neither++;
  }
  const n = pairs.length;
  const agree = table.both + table.neither;
  if (!n) return { pairs: 0, agree: 0, rate: null, kappa: null, table };
  const po = agree / n;
  const judgeYes = (table.both + table.judgeOnly) / n;
  const checkYes = (table.both + table.checkOnly) / n;
  const pe = judgeYes * checkYes + (1 - judgeYes) * (1 - checkYes);
  return { pairs: n, agree, rate: po, kappa: pe === 1 ? null : (po - pe) / (1 - pe), table };
}

export type Transition = 'improved' | 'regressed' | 'kept' | 'still-failing';

/** How a requirement's credit changed from the unguided solution to the final guided one. */
export function transition(before: boolean, after: boolean): Transition {
  return before === after ? (after ? 'kept' : 'still-failing') : after ? 'improved' : 'regressed';
}

// The map fitted from every evaluation: known logits give counts in exact proportion, and the fit
// must give the logits back (differences, since a common shift is not identified); a strong
// concept probed only at hard levels must still come out stronger than a weak one seen at easy.
import { describe, expect, it } from 'vitest';
import type { EvaluationRecord } from './metrics.ts';
import { fitSkills } from './skill-fit.ts';

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

/** n evaluations of a node, successes in proportion to its chance (rounded). */
function node(concepts: string[], level: number, chance: number, n: number): EvaluationRecord[] {
  const passed = Math.round(chance * n);
  return Array.from({ length: n }, (_, i) => ({
    key: `${concepts.join('+')}@${level}#${i}`,
    modelId: 'm',
    repeat: 0,
    evaluation: i,
    node: 'n',
    concepts,
    level,
    phase: 1,
    depth: 1,
    success: i < passed,
    attempts: 1,
    fixerUsed: false,
    fixedByFixer: false,
  }));
}

describe('fitSkills', () => {
  it('gives back the skills, the level difficulties and the combination cost that made the data', () => {
    const skill = { a: 1, b: -1, c: 0.2 };
    const diff = [0, 1.5];
    const cost = 0.5;
    const records: EvaluationRecord[] = [];
    for (const [c, s] of Object.entries(skill)) for (const l of [0, 1]) records.push(...node([c], l, sigmoid(s - diff[l]!), 4000));
    records.push(...node(['a', 'b'], 1, sigmoid((skill.a + skill.b) / 2 - diff[1]! - cost), 4000));
    const fit = fitSkills(records, ['a', 'b', 'c'], 2);
    const [a, b, c] = fit.skills as number[];
    // With 4,000 evaluations a node the priors move the estimates by less than 0.01.
    expect(a! - b!).toBeCloseTo(2, 1);
    expect(c! - b!).toBeCloseTo(1.2, 1);
    expect(fit.difficulty[1]! - fit.difficulty[0]!).toBeCloseTo(1.5, 1);
    expect(fit.perConcept).toBeCloseTo(0.5, 1);
    expect(fit.n).toBe(records.length);
  });

  it('ranks a strong concept seen only at a hard level above a weak one seen only at an easy level', () => {
    // a: skill 2, only at level 2 (difficulty 3): chance σ(−1) = 0.27. b: skill −1, only at level 0: σ(−1) = 0.27.
    // Their raw success rates are equal; c, seen at every level, ties the levels' difficulties together.
    const records = [...node(['a'], 2, sigmoid(2 - 3), 60), ...node(['b'], 0, sigmoid(-1), 60)];
    for (const [l, d] of [
      [0, 0],
      [1, 1.5],
      [2, 3],
    ] as const)
      records.push(...node(['c'], l, sigmoid(1 - d), 60));
    const fit = fitSkills(records, ['a', 'b', 'c', 'd'], 3);
    expect(fit.skills[0]!).toBeGreaterThan(fit.skills[1]! + 1.5);
    expect(fit.skills[3]).toBeNull(); // never evaluated
  });

  it('stays finite when a concept always passes', () => {
    const fit = fitSkills([...node(['a'], 0, 1, 30), ...node(['b'], 0, 0.5, 30)], ['a', 'b'], 1);
    expect(Number.isFinite(fit.skills[0]!)).toBe(true);
    expect(fit.skills[0]!).toBeGreaterThan(fit.skills[1]!);
  });
});

// A capability map estimated from every evaluation at once (docs/prism.md, "Reading the map"):
// logit P(success) = the mean skill of the node's concepts − the difficulty of its level − a
// cost per concept beyond the first, fitted by penalised maximum likelihood (Newton's method).
// A node's result then informs each of its concepts at its level, whatever else the node held,
// which a success rate per concept cannot do: the search probes strong concepts at hard levels
// and in combinations. A standard-normal prior on each skill keeps a concept with few or
// one-sided evaluations finite; the level difficulties and the combination cost get a weak one.
import type { EvaluationRecord } from './metrics.ts';

export interface SkillFit {
  /** Each concept's skill (logit); null for a concept no evaluation held. */
  skills: (number | null)[];
  /** Each level's difficulty (logit); null for a level no evaluation was at. */
  difficulty: (number | null)[];
  /** Logits lost per concept beyond the first. */
  perConcept: number;
  /** Evaluations fitted. */
  n: number;
  /** Each concept's posterior standard deviation (the Laplace approximation at the fit). */
  skillSd: number[];
}

const SKILL_PRECISION = 1;
const WEAK_PRECISION = 0.01;

/** Solve A·x = b (A symmetric positive definite, small) by Gaussian elimination with partial pivoting. */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r]![c]!) > Math.abs(m[p]![c]!)) p = r;
    [m[c], m[p]] = [m[p]!, m[c]!];
    const pivot = m[c]![c]!;
    if (Math.abs(pivot) < 1e-12) continue;
    for (let r = c + 1; r < n; r++) {
      const f = m[r]![c]! / pivot;
      if (f) for (let k = c; k <= n; k++) m[r]![k]! -= f * m[c]![k]!;
    }
  }
  const x = Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let s = m[r]![n]!;
    for (let k = r + 1; k < n; k++) s -= m[r]![k]! * x[k]!;
    x[r] = Math.abs(m[r]![r]!) < 1e-12 ? 0 : s / m[r]![r]!;
  }
  return x;
}

/** Only what the fit reads of a record. */
export type FitRecord = Pick<EvaluationRecord, 'concepts' | 'level' | 'success'>;

/** `start`: weights to start Newton's method from (an earlier fit's); the result is the same, reached sooner. */
const unit = (n: number, i: number) => Array.from({ length: n }, (_, j) => (j === i ? 1 : 0));

export function fitSkills(records: readonly FitRecord[], concepts: readonly string[], levels: number, iterations = 30, start?: readonly number[]): SkillFit {
  const C = concepts.length;
  const dim = C + levels + 1;
  const index = new Map(concepts.map((c, i) => [c, i]));
  // Features: 1/|concepts| on each of the node's concepts, −1 on its level, −(|concepts| − 1).
  const rows = records.map((r) => {
    const phi = Array<number>(dim).fill(0);
    const known = r.concepts.filter((c) => index.has(c));
    for (const c of known) phi[index.get(c)!] = 1 / known.length;
    phi[C + r.level] = -1;
    phi[C + levels] = -(r.concepts.length - 1);
    return { phi, y: r.success ? 1 : 0 };
  });
  const precision = Array.from({ length: dim }, (_, i) => (i < C ? SKILL_PRECISION : WEAK_PRECISION));
  const w = Array<number>(dim).fill(0);
  let hessian: number[][] = [];
  for (let it = 0; it < iterations; it++) {
    const g = w.map((wi, i) => -precision[i]! * wi);
    const h = Array.from({ length: dim }, (_, i) => Array.from({ length: dim }, (_, j) => (i === j ? precision[i]! : 0)));
    for (const { phi, y } of rows) {
      const eta = phi.reduce((s, v, i) => s + v * w[i]!, 0);
      const p = 1 / (1 + Math.exp(-eta));
      const q = p * (1 - p);
      for (let i = 0; i < dim; i++) {
        if (!phi[i]) continue;
        g[i]! += (y - p) * phi[i]!;
        for (let j = 0; j < dim; j++) if (phi[j]) h[i]![j]! += q * phi[i]! * phi[j]!;
      }
    }
    hessian = h;
    const step = solve(h, g);
    let size = 0;
    for (let i = 0; i < dim; i++) {
      w[i]! += step[i]!;
      size = Math.max(size, Math.abs(step[i]!));
    }
    if (size < 1e-9) break;
  }
  const seenConcept = concepts.map((c) => records.some((r) => r.concepts.includes(c)));
  const seenLevel = Array.from({ length: levels }, (_, l) => records.some((r) => r.level === l));
  return {
    skills: concepts.map((_, i) => (seenConcept[i] ? w[i]! : null)),
    difficulty: seenLevel.map((seen, l) => (seen ? w[C + l]! : null)),
    perConcept: w[C + levels]!,
    n: records.length,
    skillSd: concepts.map((_, i) => (hessian.length ? Math.sqrt(Math.max(0, solve(hessian, unit(dim, i))[i]!)) : 1)),
  };
}

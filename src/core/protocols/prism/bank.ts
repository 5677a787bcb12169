// The authored problem bank (datasets/prism/): small problems tagged with the paper's concepts
// and difficulty levels, each with a reference solution, a unittest suite and mutants — wrong
// solutions that fail some test — and wrong test suites (one expectation changed) that the
// reference fails. The simulated designer draws its challenges from it; the simulated model
// under test answers with its programs. Everything here is hidden from the model under test.
import * as v from 'valibot';
import { PAPER_DIFFICULTIES } from './concepts.ts';

export const BankProblemSchema = v.object({
  id: v.pipe(v.string(), v.regex(/^[a-z0-9-]+$/)),
  title: v.string(),
  concepts: v.pipe(v.array(v.string()), v.minLength(1)),
  difficulty: v.picklist(PAPER_DIFFICULTIES),
  /** The problem for the solver (markdown, examples included); the title is not in it. */
  statement: v.string(),
  reference: v.string(),
  /** A unittest module that imports `from solution import solution`. */
  tests: v.string(),
  mutants: v.pipe(v.array(v.object({ code: v.string(), what: v.array(v.string()) })), v.minLength(1)),
  wrongTests: v.pipe(v.array(v.object({ code: v.string(), what: v.string() })), v.minLength(1)),
});
export type BankProblem = v.InferOutput<typeof BankProblemSchema>;

export const BankSchema = v.object({ version: v.number(), problems: v.pipe(v.array(BankProblemSchema), v.minLength(1)) });
export type Bank = v.InferOutput<typeof BankSchema>;

let loading: Promise<Bank> | null = null;

/** The bank (loaded once, on first use: the app fetches it only when a Prism run needs it). */
export function loadBank(): Promise<Bank> {
  loading ??= import('../../../../datasets/prism/bank.json').then((m) => (m.default ?? m) as Bank);
  return loading;
}

export const bankProblem = (bank: Bank, id: string | null | undefined): BankProblem | undefined => (id ? bank.problems.find((p) => p.id === id) : undefined);

/** The challenge text the bank designer writes for a problem, asked for these concepts at this level. */
export function challengeText(problem: BankProblem, concepts: readonly string[], difficulty: string): string {
  const cap = (s: string) => s.replace(/\b\w/g, (c) => c.toUpperCase());
  return `${problem.title}\nDifficulty: ${cap(difficulty)}\nConcepts: ${concepts.join(', ')}\n\n${problem.statement.trim()}`;
}

/** The bank problem a challenge was drawn from, when its title and statement are a bank problem's. */
export function sourceOf(bank: Bank, challenge: { title: string; text: string }): BankProblem | undefined {
  return bank.problems.find((p) => p.title === challenge.title && challenge.text.includes(p.statement.trim()));
}

/** A level of a run's list on the paper's five-level scale (0–4). */
export const paperLevel = (level: number, levels: number) => (levels <= 1 ? 0 : Math.round((level * (PAPER_DIFFICULTIES.length - 1)) / (levels - 1)));

/** How well a problem fits a node: shared concepts first, then closeness of level, then few extra concepts. */
export function fit(problem: BankProblem, concepts: readonly string[], level: number, levels: number): number {
  const shared = problem.concepts.filter((c) => concepts.includes(c)).length;
  const extra = problem.concepts.length - shared;
  const distance = Math.abs(PAPER_DIFFICULTIES.indexOf(problem.difficulty) - paperLevel(level, levels));
  return 3 * shared - distance - 0.5 * extra;
}

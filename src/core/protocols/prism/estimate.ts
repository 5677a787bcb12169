// What a Prism run may cost before it starts: calls, tokens and dollars per role, as an upper
// bound — every tree makes all its evaluations (the cap, or the phases' caps if smaller), every
// reply needs all its tries, every solution fails until the fixer, and every evaluation could
// be analysed. Sizes of what the agents write are fixed allowances (docs/metrics.md, "Cost estimate").
import { costOf, estimateTokens, priceFor, SIMULATED_PRICE } from '../../llm/pricing.ts';
import { fill, type Estimate, type EstimatedModel, type EstimateInput, type RoleEstimate } from '../contract.ts';
import { prismParams } from './params.ts';
import { ANALYSER_ROLE, DESIGNER_ROLE, MODEL_ROLE } from './roles.ts';

/** Tokens allowed for what each agent writes. */
export const ALLOWANCE = { challenge: 700, tests: 1000, solution: 600, output: 1000, fix: 1800, report: 500 } as const;
/** Calls per reply that must hold a problem (or code), at most. */
const TRIES = 3;

export function prismEstimate(input: EstimateInput): Estimate {
  const p = prismParams(input.params);
  const t = input.templates;
  const tok = (name: string, vars: Record<string, string> = {}) => estimateTokens(fill(t[name] ?? '', vars));
  const levels = p.difficulties.map((d) => `- ${d}`).join('\n');
  const perTree = Math.min(p.maxNodes, p.phase[1].iterations + p.phase[2].iterations + p.phase[3].iterations);
  const analysed = Math.min(perTree, p.phase[3].iterations);
  const models = input.models[MODEL_ROLE] ?? [];
  const trees = models.length * input.repeats;
  const attempts = 1 + p.retries;
  // The solver's k-th call carries the problem and, for each earlier attempt, its reply and the run's output.
  const solverPrompt = Array.from(
    { length: attempts },
    (_, k) => tok('solver.system') + tok('solver.user') + ALLOWANCE.challenge + k * (ALLOWANCE.solution + tok('solver.retry') + ALLOWANCE.output),
  ).reduce((a, b) => a + b, 0);
  const modelCalls = TRIES + attempts + 1;
  const modelPrompt =
    TRIES * (tok('tests.system') + tok('tests.user') + ALLOWANCE.challenge) +
    solverPrompt +
    tok('fixer.system') +
    tok('fixer.user') +
    ALLOWANCE.challenge +
    ALLOWANCE.tests +
    ALLOWANCE.solution +
    ALLOWANCE.output;
  const modelCompletion = TRIES * ALLOWANCE.tests + attempts * ALLOWANCE.solution + ALLOWANCE.fix;
  const row = (role: string, model: EstimatedModel, calls: number, prompt: number, completion: number): RoleEstimate => {
    const price = model.simulated ? SIMULATED_PRICE : priceFor(model.model, input.prices);
    return {
      role,
      label: model.label,
      simulated: model.simulated,
      calls,
      promptTokens: prompt,
      completionTokens: completion,
      costUsd: costOf({ promptTokens: prompt, completionTokens: completion }, price),
    };
  };
  const rows: RoleEstimate[] = models.map((m) =>
    row(MODEL_ROLE, m, perTree * input.repeats * modelCalls, perTree * input.repeats * modelPrompt, perTree * input.repeats * modelCompletion),
  );
  const designer = input.models[DESIGNER_ROLE]?.[0];
  if (designer) {
    const prompt = tok('designer.system', { levels }) + tok('designer.user') + tok('designer.avoid') + 200;
    rows.push(row(DESIGNER_ROLE, designer, trees * perTree * TRIES, trees * perTree * TRIES * prompt, trees * perTree * TRIES * ALLOWANCE.challenge));
  }
  const analyser = input.models[ANALYSER_ROLE]?.[0];
  if (analyser) {
    const prompt =
      tok('validator.system') +
      tok('validator.user') +
      tok('errors.system') +
      tok('errors.user') +
      tok('patterns.system') +
      tok('patterns.user') +
      2 * ALLOWANCE.challenge +
      ALLOWANCE.tests +
      2 * ALLOWANCE.solution +
      ALLOWANCE.output;
    rows.push(row(ANALYSER_ROLE, analyser, trees * analysed * 3, trees * analysed * prompt, trees * analysed * 3 * ALLOWANCE.report));
  }
  const costs = rows.map((r) => r.costUsd);
  return {
    rows,
    calls: rows.reduce((n, r) => n + r.calls, 0),
    promptTokens: rows.reduce((n, r) => n + r.promptTokens, 0),
    completionTokens: rows.reduce((n, r) => n + r.completionTokens, 0),
    costUsd: costs.some((c) => c === null) ? null : costs.reduce((a, b) => a! + b!, 0),
    note: 'An upper bound: every tree makes all its node evaluations, every reply needs all its tries, every solution fails until the fixer, and every Phase-3 node is analysed; tokens are counted high (two bytes a token). Most runs cost far less.',
    docs: 'cost-estimate-prismbench',
  };
}

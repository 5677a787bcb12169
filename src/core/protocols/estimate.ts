// The pieces every protocol's cost estimate is made of: one role's calls and tokens priced as a
// row, and the rows added up (the cost unknown when some paid model has no price).
import { costOf, priceFor, SIMULATED_PRICE, type PriceTable } from '../llm/pricing.ts';
import type { EstimatedModel, EstimateTotals, RoleEstimate } from './contract.ts';

export function roleRow(role: string, model: EstimatedModel, calls: number, promptTokens: number, completionTokens: number, prices: PriceTable): RoleEstimate {
  const price = model.simulated ? SIMULATED_PRICE : priceFor(model.model, prices);
  return {
    role,
    label: model.label,
    simulated: model.simulated,
    calls,
    promptTokens,
    completionTokens,
    costUsd: costOf({ promptTokens, completionTokens }, price),
  };
}

export function totalOf(rows: RoleEstimate[]): EstimateTotals {
  const cost = rows.map((r) => r.costUsd);
  return {
    rows,
    calls: rows.reduce((n, r) => n + r.calls, 0),
    promptTokens: rows.reduce((n, r) => n + r.promptTokens, 0),
    completionTokens: rows.reduce((n, r) => n + r.completionTokens, 0),
    costUsd: cost.some((c) => c === null) ? null : cost.reduce((x, y) => x! + y!, 0),
  };
}

// What a Talk run may cost before it starts, as an upper bound: every item uses all its steps,
// every feedback needs all R + 1 attempts, every instance without a summary is obfuscated.
// Token counts use the deliberately high `estimateTokens` (docs/metrics.md, "Cost estimate").
import { costOf, estimateTokens, priceFor, SIMULATED_PRICE } from '../../llm/pricing.ts';
import { fill, type Estimate, type EstimatedModel, type EstimateInput, type RoleEstimate } from '../contract.ts';
import { FEEDBACK_TYPES } from './feedback-types.ts';
import { needsObfuscator } from './obfuscation.ts';
import { stepsOf, TALK_DEFAULTS, type TalkParams } from './params.ts';
import { settingOf } from './settings.ts';

/** Tokens of prose a model writes around its program, of one piece of feedback, of a verdict. */
const PROSE = 60;
const FEEDBACK = 150;
const VERDICT = 5;

const tok = (text: string | undefined) => estimateTokens(text ?? '');

function row(role: string, model: EstimatedModel, calls: number, promptTokens: number, completionTokens: number, input: EstimateInput): RoleEstimate {
  const price = model.simulated ? SIMULATED_PRICE : priceFor(model.model, input.prices);
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

export function talkEstimate(input: EstimateInput): Estimate {
  const params = { ...TALK_DEFAULTS, ...input.params } as TalkParams;
  const setting = settingOf(params.setting);
  const t = input.templates;
  const steps = stepsOf(params);
  const revisions = steps - 1;
  const attempts = params.regenerations + 1;
  const claims = setting.pick === 'fixed' ? FEEDBACK_TYPES[setting.type!].claims : setting.feedback === 'user';
  const coders = input.models.code ?? [];
  const rows: RoleEstimate[] = [];
  let code = { calls: 0, prompt: 0, completion: 0 };
  let user = { calls: 0, prompt: 0, completion: 0 };
  let judge = { calls: 0, prompt: 0, completion: 0 };
  let obfuscator = { calls: 0, prompt: 0, completion: 0 };
  const add = (a: typeof code, calls: number, prompt: number, completion: number) => ({
    calls: a.calls + calls,
    prompt: a.prompt + calls * prompt,
    completion: a.completion + calls * completion,
  });
  for (const inst of input.instances) {
    const program = tok(inst.reference.length > inst.buggy.length ? inst.reference : inst.buggy);
    const question = setting.statement === 'full' ? tok(inst.statement) : Math.max(tok(inst.summary), 60);
    const reply = program + PROSE;
    const per = input.repeats;
    code = add(code, per, tok(t['code.generate']) + question, reply);
    if (revisions > 0 && setting.feedback !== 'none') {
      code = add(code, per * revisions, tok(t['code.refine']) + question + program + FEEDBACK, reply);
      if (setting.feedback === 'self') code = add(code, per * revisions, tok(t['code.critique']) + question + program, FEEDBACK);
      if (setting.feedback === 'user') {
        const system = tok(fill(t['user.system'] ?? '', { question: inst.statement, solution: inst.reference }));
        const longest = Math.max(...['user.paragraph', 'user.sentence', 'user.code-feedback', 'user.query-rephrasing', 'user.mixed'].map((k) => tok(t[k])));
        user = add(user, per * revisions * attempts, system + longest + program + question + attempts * FEEDBACK, FEEDBACK);
        if (claims) judge = add(judge, per * revisions, tok(t.judge) + FEEDBACK, VERDICT);
      }
    }
    if (setting.statement === 'under' && needsObfuscator(inst, params)) obfuscator = add(obfuscator, 1, tok(t.obfuscate) + tok(inst.statement), 60);
  }
  for (const c of coders) rows.push(row('code', c, code.calls, code.prompt, code.completion, input));
  const support: [string, typeof code][] = [
    ['user', user],
    ['judge', judge],
    ['obfuscator', obfuscator],
  ];
  for (const [role, a] of support) {
    const model = input.models[role]?.[0];
    // A supporting role's calls happen once per code model's items (the obfuscator's once per instance).
    const times = role === 'obfuscator' ? 1 : coders.length;
    if (model && a.calls) rows.push(row(role, model, a.calls * times, a.prompt * times, a.completion * times, input));
  }
  const costs = rows.map((r) => r.costUsd);
  return {
    rows,
    note: 'An upper bound: every item uses all its steps and every piece of feedback all R + 1 attempts; tokens are counted high (two bytes a token); the code model is never sent the history. Most runs stop earlier.',
    docs: 'talk-cost-estimate',
    calls: rows.reduce((n, r) => n + r.calls, 0),
    promptTokens: rows.reduce((n, r) => n + r.promptTokens, 0),
    completionTokens: rows.reduce((n, r) => n + r.completionTokens, 0),
    costUsd: costs.some((c) => c === null) ? null : costs.reduce((x, y) => x! + y!, 0),
  };
}

// What a run may cost, before it starts: calls, tokens and dollars per role, as an upper bound
// (every item uses all α turns, every hint needs all R + 1 attempts). Token counts use the
// deliberately high `estimateTokens`; docs/metrics.md ("Cost estimate") gives the formulas.
import { estimateTokens, type PriceTable } from '../../llm/pricing.ts';
import type { Instance } from '../../model/instance.ts';
import { fill, type Estimate, type EstimatedModel, type EstimateTotals, type EstimateInput, type RoleEstimate } from '../contract.ts';
import { roleRow, totalOf } from '../estimate.ts';
import { expectedText, inputText } from '../shared/evidence.ts';
import { judgeMessages } from './hints/judge.ts';

/** Tokens of prose a model writes around the program in a reply. */
export const REPLY_PROSE_TOKENS = 60;
/** Tokens of one hint (and of the hint slot in a revision prompt). */
export const HINT_TOKENS = 120;
/** Tokens of a judge's verdict. */
export const VERDICT_TOKENS = 30;

export interface RepairEstimateInput {
  instances: readonly Instance[];
  candidates: readonly EstimatedModel[];
  /** null when the protocol asks no feedback model. */
  feedback: EstimatedModel | null;
  judge: EstimatedModel | null;
  turns: number;
  repeats: number;
  /** Regenerations of a rejected hint (R); a hint takes at most R + 1 feedback calls. */
  regenerations: number;
  /** Tests shown to the feedback model per hint. */
  m: number;
  /** The run's templates: system, initial, revision, and the feedback ones. */
  templates: Record<string, string>;
  prices: PriceTable;
}

const tok = (text: string | undefined) => estimateTokens(text ?? '');

/** Per instance, the token sizes the formulas use. */
function sizes(inst: Instance, input: RepairEstimateInput) {
  const t = input.templates;
  const program = inst.reference.length > inst.buggy.length ? inst.reference : inst.buggy;
  const code = tok(program);
  const statement = tok(inst.statement);
  const shown = [...inst.tests]
    .map((x) => tok(inputText(x) + (expectedText(x) ?? '')))
    .sort((a, b) => b - a)
    .slice(0, input.m);
  const hintTemplate = Math.max(
    0,
    ...Object.entries(t)
      .filter(([k]) => /^hint\.(L\d|free)$/.test(k))
      .map(([, v]) => tok(v)),
  );
  return {
    /** Turn 0's prompt: the system message and the initial template with statement and buggy program. */
    first: tok(t.system) + tok(fill(t.initial ?? '', { statement: inst.statement, code: inst.buggy })),
    /** A revision's new message: the template with a hint and the longer program. */
    revision: tok(fill(t.revision ?? '', { hint: '', code: program })) + HINT_TOKENS,
    reply: code + REPLY_PROSE_TOKENS,
    /** The feedback model sees the statement, the reference, the program and m tests, at most. */
    feedbackPrompt: tok(t['feedback.system']) + hintTemplate + statement + tok(inst.reference) + code + shown.reduce((a, b) => a + b, 0),
    judgePrompt: judgeMessages(t, '', 6).reduce((n, msg) => n + tok(msg.content), 0) + HINT_TOKENS,
  };
}

export function estimateRun(input: RepairEstimateInput): EstimateTotals {
  const a = input.turns;
  const attempts = input.regenerations + 1;
  const per = input.instances.map((inst) => sizes(inst, input));
  const sum = (pick: (s: (typeof per)[number]) => number) => per.reduce((n, s) => n + pick(s), 0) * input.repeats;
  // Turn k's prompt carries the whole conversation: turn 0's prompt, then k replies and k revision messages.
  const candidatePrompt = sum((s) => (a + 1) * s.first + ((s.reply + s.revision) * a * (a + 1)) / 2);
  const candidateCompletion = sum((s) => (a + 1) * s.reply);
  const rows: RoleEstimate[] = input.candidates.map((c) =>
    roleRow('candidate', c, input.instances.length * input.repeats * (a + 1), candidatePrompt, candidateCompletion, input.prices),
  );
  const hints = input.instances.length * input.repeats * a * attempts * input.candidates.length;
  if (input.feedback)
    rows.push(
      roleRow('feedback', input.feedback, hints, sum((s) => s.feedbackPrompt) * a * attempts * input.candidates.length, hints * HINT_TOKENS, input.prices),
    );
  if (input.judge)
    rows.push(roleRow('judge', input.judge, hints, sum((s) => s.judgePrompt) * a * attempts * input.candidates.length, hints * VERDICT_TOKENS, input.prices));
  return totalOf(rows);
}

/** The estimate of a PAIR-family run from the Run page's choices (roles the protocol lacks cost nothing). */
export function repairEstimate(input: EstimateInput): Estimate {
  const feedback = input.models.feedback?.[0] ?? null;
  const totals = estimateRun({
    instances: input.instances,
    candidates: input.models.candidate ?? [],
    feedback,
    judge: input.models.judge?.[0] ?? null,
    turns: Number(input.params.turns ?? 0),
    repeats: input.repeats,
    regenerations: feedback ? Number(input.params.regenerations ?? 0) : 0,
    m: Number(input.params.m ?? 3),
    templates: input.templates,
    prices: input.prices,
  });
  return { ...totals, note: PAIR_ESTIMATE_NOTE, docs: 'cost-estimate' };
}

/** What the bound assumes (docs/metrics.md, "Cost estimate"). */
const PAIR_ESTIMATE_NOTE =
  'An upper bound: every item uses all α turns and every hint all R + 1 attempts; tokens are counted high (two bytes a token), and a conversation grows by one prompt and one reply per turn. Most runs stop earlier.';

// The rule-based feedback model (simulated): writes a hint at a requested level from execution
// evidence and the candidate-vs-reference diff. It works out a full diagnosis (which of the
// reference's fix hunks the failing samples need, what kind of fix it is, where it is), then
// says only what the level allows: symptom (L1), + input pattern (L2), + state (L3),
// + location (L4), + concept (L5), + direction (L6). Deterministic.
import type { Executor } from '../../../exec/engine.ts';
import { evaluateProgram } from '../../../exec/engine.ts';
import type { Instance } from '../../../model/instance.ts';
import type { TestOutcome } from '../../../model/outcome.ts';
import { commonSymptom, distinctiveTrait, expectedText, inputText, sizeContrast, symptomOf } from '../evidence.ts';
import { isHintLevel, type HintLevel } from '../hint-levels.ts';
import { applyHunk, hunks, type Hunk } from '../../../text/diff.ts';
import type { ChatModel, ChatRequest, ChatResponse } from '../../../llm/types.ts';
import { CONCEPT, directionSentence, patternSentence, smallestSentence, STATE, symptomSentence } from './feedback-phrases.ts';
import { COUNT_WORDS, falseClaims, singleValued, whichOutputSentences, type ClaimEvidence } from './claims.ts';
import { factsOf } from '../traits.ts';
import { classifyHunk, enclosingBlock, regionName, type FixKind } from './fixes.ts';
import { simulatedResponse } from '../../../llm/simulated/reply.ts';

/** What the feedback model works from (given as the request's context, never sent anywhere). */
export interface FeedbackContext {
  instance: Instance;
  /** The candidate's current program. */
  code: string;
  level: HintLevel;
  /** The sampled failing tests of the targeted scenario, with their current outcomes. */
  samples: TestOutcome[];
  /** A few tests the program passes, for contrast (L2). */
  passingIds?: string[];
}

export function feedbackContextOf(request: { context?: unknown }): FeedbackContext | null {
  const c = request.context as Partial<FeedbackContext> | undefined;
  return c && c.instance && typeof c.code === 'string' && isHintLevel(c.level) && Array.isArray(c.samples) ? (c as FeedbackContext) : null;
}

export interface Diagnosis {
  kind: FixKind | 'unknown';
  /** 1-based lines of the candidate's code the fix touches (one line for an insertion point). */
  lines: [number, number] | null;
  /** "the condition", "the loop header", … for the first touched line. */
  region: string;
  /** The enclosing block, when there is one. */
  within: { line: number; name: string } | null;
  /** The fix hunk itself (of the candidate's code into the reference). */
  hunk?: Hunk;
}

const MAX_TRIED_HUNKS = 8;
const DIAGNOSIS_LIMIT_MS = 1000;

/**
 * Which of the reference's fix hunks the samples need: the one that makes most of them pass
 * (among `candidates` when given: hunks of the code into the reference).
 */
export async function diagnose(
  executor: Executor,
  ctx: Pick<FeedbackContext, 'instance' | 'code' | 'samples'>,
  candidates?: readonly Hunk[],
): Promise<Diagnosis> {
  const options = (candidates ?? hunks(ctx.code, ctx.instance.reference)).slice(0, MAX_TRIED_HUNKS);
  if (options.length === 0) return { kind: 'unknown', lines: null, region: '', within: null };
  const testIds = ctx.samples.map((s) => s.testId);
  let best: Hunk = options[0]!;
  let bestPassed = 0;
  for (const hunk of options) {
    // A hunk that makes the samples run out of time is not the fix; a short limit keeps that cheap.
    const ev = await evaluateProgram(executor, ctx.instance, applyHunk(ctx.code, hunk), {
      defaultTimeLimitMs: DIAGNOSIS_LIMIT_MS,
      capTimeLimitMs: DIAGNOSIS_LIMIT_MS,
      testIds,
    });
    if (ev.passed > bestPassed) {
      best = hunk;
      bestPassed = ev.passed;
    }
  }
  const lines = ctx.code.split('\n');
  const first = best.start + 1;
  const span: [number, number] = best.removed === 0 ? [Math.max(1, best.start), Math.max(1, best.start)] : [first, best.start + best.removed];
  return {
    kind: classifyHunk(lines, best),
    lines: span,
    region: regionName(lines[span[0] - 1] ?? ''),
    within: enclosingBlock(lines, span[0] - 1),
    hunk: best,
  };
}

function locationSentence(d: Diagnosis): string {
  if (!d.lines) return 'The issue is in the part of the program that produces the answer for these inputs.';
  const [a, b] = d.lines;
  const where = a === b ? `line ${a}` : `lines ${a}–${b}`;
  const within = d.within && d.within.line < a ? `, inside ${d.within.name} that starts at line ${d.within.line}` : '';
  return `The issue is likely in ${d.region} at ${where} of your program${within}.`;
}

/** What the tests the hint speaks about show: the sampled failing ones and the passing ones for contrast. */
export function claimEvidenceOf(ctx: Pick<FeedbackContext, 'instance' | 'samples' | 'passingIds'>): ClaimEvidence {
  const tests = new Map(ctx.instance.tests.map((t) => [t.id, t]));
  return {
    samples: ctx.samples.flatMap((o) => {
      const t = tests.get(o.testId);
      return t ? [{ input: inputText(t), expected: expectedText(t), actual: o.stdout }] : [];
    }),
    passing: (ctx.passingIds ?? []).flatMap((id) => {
      const t = tests.get(id);
      return t ? [inputText(t)] : [];
    }),
  };
}

const countWord = (n: number) => COUNT_WORDS[n] ?? String(n);

/**
 * L1: the symptom most samples share, and which part of the output is wrong. Every sentence is
 * checked against the tests before it is kept (a sentence with a claim they do not support is
 * left out, or, for the first one, said without its particulars).
 */
function symptomPart(ctx: FeedbackContext): string[] {
  const tests = new Map(ctx.instance.tests.map((t) => [t.id, t]));
  const symptoms = ctx.samples.map((o) => symptomOf(o, tests.has(o.testId) ? expectedText(tests.get(o.testId)!) : null));
  const common = commonSymptom(symptoms);
  const ev = claimEvidenceOf(ctx);
  const sharing = ev.samples.filter((_, i) => JSON.stringify(symptoms[i]) === JSON.stringify(common));
  const n = ev.samples.length;
  const lead = sharing.length === n ? 'On these tests' : `On ${countWord(sharing.length)} of these ${countWord(n)} tests`;
  let first = symptomSentence(common, lead, singleValued(sharing));
  if (falseClaims(first, ev).length) first = symptomSentence({ kind: 'values' }, lead);
  const more = common.kind === 'numbers' || common.kind === 'values' ? whichOutputSentences(sharing) : [];
  return [first, ...more.filter((s) => falseClaims(`${first} ${s}`, ev).length === 0)];
}

/** L2: what sets the failing inputs apart, or that nothing does, and the smallest failing input. */
function patternPart(ctx: FeedbackContext): string[] {
  const ev = claimEvidenceOf(ctx);
  const failing = ev.samples.map((s) => s.input);
  const pattern = patternSentence(distinctiveTrait(failing, ev.passing), sizeContrast(failing, ev.passing));
  const smallest = smallestSentence(Math.min(...failing.map((x) => factsOf(x).all.length)));
  return [pattern, smallest].filter((s) => failing.length > 0 && falseClaims(s, ev).length === 0);
}

/** Compose the hint for a level from the evidence and the diagnosis. */
export function composeHint(level: HintLevel, ctx: FeedbackContext, diagnosis: Diagnosis): string {
  const parts = symptomPart(ctx);
  if (level >= 2) parts.push(...patternPart(ctx));
  if (level >= 3) parts.push(STATE[diagnosis.kind]);
  if (level >= 4) parts.push(locationSentence(diagnosis));
  if (level >= 5) parts.push(CONCEPT[diagnosis.kind]);
  if (level >= 6) parts.push(directionSentence(diagnosis.kind, diagnosis.lines ? `on line ${diagnosis.lines[0]}` : ''));
  return parts.join(' ');
}

export class RuleBasedFeedback implements ChatModel {
  readonly simulated = true;

  constructor(
    private readonly executor: Executor,
    readonly id = 'rule-based-feedback',
    readonly label = 'Rule-based feedback (simulated)',
  ) {}

  async chat(request: ChatRequest): Promise<ChatResponse> {
    const ctx = feedbackContextOf(request);
    if (!ctx) return simulatedResponse(request.model, request.messages, 'I need the failing tests and the hint level to write a hint.');
    const diagnosis = ctx.level >= 3 ? await diagnose(this.executor, ctx) : { kind: 'unknown' as const, lines: null, region: '', within: null };
    return simulatedResponse(request.model, request.messages, composeHint(ctx.level, ctx, diagnosis));
  }
}

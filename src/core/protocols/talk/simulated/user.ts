// The rule-based simulated user: feedback of each type from execution evidence (the failing
// tests' symptoms) and the reference diff (the detail the failing tests need, found by trying
// each of the reference's fix hunks on them). Its claim follows the evidence — the program
// fails, so it says so — except with the run's configured error rate, when it says the program
// is correct and gives no detail. Deterministic per seed. Labelled "simulated" everywhere.
import type { Executor } from '../../../exec/engine.ts';
import { diagnose } from '../../shared/simulated/feedback.ts';
import { CONCEPT, STATE, symptomSentence } from '../../shared/simulated/feedback-phrases.ts';
import { simulatedResponse } from '../../../llm/simulated/reply.ts';
import { spread } from '../../shared/simulated/mistakes.ts';
import type { ChatModel, ChatRequest, ChatResponse } from '../../../llm/types.ts';
import { expectedText } from '../../../model/test-text.ts';
import { randomFor } from '../../../random.ts';
import { commonSymptom, symptomOf } from '../../shared/evidence.ts';
import { rephrasedQuestion, wordsIn } from '../constraints.ts';
import { FEEDBACK_TYPE_IDS, FEEDBACK_TYPES, type FeedbackType } from '../feedback-types.ts';
import type { UserContext } from '../feedback.ts';
import { DETAIL_WORDS, missingDetails, splitHeader, type Detail, type DetailKind } from './details.ts';

/** Failing tests the user looks at to find the detail they need. */
const SAMPLES = 3;

export function userContextOf(request: { context?: unknown }): UserContext | null {
  const c = request.context as Partial<UserContext> | undefined;
  return c && c.instance && typeof c.code === 'string' && Array.isArray(c.outcomes) && typeof c.question === 'string' ? (c as UserContext) : null;
}

/** What the user found: the detail the failing tests need, and how they fail. */
interface Finding {
  detail: Detail | null;
  symptom: string;
  /** Details the program misses, of every kind. */
  missing: Detail[];
  /** The program's lines, and the header lines before its body. */
  lines: string[];
  offset: number;
}

const tick = (s: string) => `\`${s.trim()}\``;

/** The nearest non-blank line of the program at or before index i (for quoting). */
function lineNear(lines: string[], i: number): string | null {
  for (let k = Math.min(i, lines.length - 1); k >= 0; k--) if (lines[k]!.trim().length >= 4) return lines[k]!;
  return lines.find((l) => l.trim().length >= 4) ?? null;
}

function codeFeedback(f: Finding, codeLines: number): string {
  const kind: DetailKind = f.detail?.kind ?? 'unknown';
  const clause = DETAIL_WORDS[kind].clause;
  const hunk = f.detail?.hunk;
  if (!hunk) return `The solution is not correct yet: it ${clause}.`;
  // Replacement lines come from the reference: at most as many as the run allows.
  const replacement = hunk.added.filter((l) => l.trim()).slice(0, codeLines);
  const at = f.offset + hunk.start;
  if (hunk.removed === 0) {
    const before = lineNear(f.lines, at - 1) ?? '';
    return replacement.length
      ? `The solution is not correct yet: it ${clause}. After the line ${tick(before)}, add ${replacement.map(tick).join(' and ')}.`
      : `The solution is not correct yet: right after the line ${tick(before)}, something is missing, as it ${clause}.`;
  }
  const quoted = lineNear(f.lines, at) ?? '';
  const wrong = `The solution is not correct yet. The line ${tick(quoted)} is wrong: it ${clause}.`;
  if (hunk.added.every((l) => !l.trim())) return `${wrong} Remove it.`;
  return replacement.length ? `${wrong} Replace it with ${replacement.map(tick).join(' and ')}.` : wrong;
}

/** A rewritten question that keeps the details restored so far and adds this one, within the previous length. */
export function rephrase(previous: string, add: string | null): string {
  const budget = wordsIn(previous);
  const restored = Object.values(DETAIL_WORDS)
    .map((w) => w.phrase)
    .filter((p) => previous.includes(p));
  let gist = previous;
  for (const p of restored) gist = gist.replace(p, '');
  const gistWords = gist.replace(/[;.]/g, ' ').split(/\s+/).filter(Boolean);
  const phrases = add && !restored.includes(add) ? [...restored, add] : restored;
  while (phrases.length > 1 && budget - wordsIn(phrases.join(' ')) < 3) phrases.shift();
  const room = Math.max(1, budget - wordsIn(phrases.join(' ')));
  const kept = gistWords.slice(0, Math.min(gistWords.length, room)).join(' ');
  const text = phrases.length && wordsIn(phrases.join(' ')) + 1 <= budget ? `${kept}; ${phrases.join('; ')}.` : previous;
  return `Question: ${text}`;
}

function compose(type: FeedbackType, ctx: UserContext, f: Finding, wrong: boolean): string {
  const kind: DetailKind = f.detail?.kind ?? 'unknown';
  if (type === 'query-rephrasing') return rephrase(rephrasedQuestion(ctx.question), wrong ? null : DETAIL_WORDS[kind].phrase);
  if (wrong) {
    if (type === 'sentence') return 'The solution looks correct to me and does what the full problem asks.';
    if (type === 'paragraph')
      return 'The solution looks correct to me. It follows the full problem as stated and handles every input the problem describes, so I have nothing to add.';
    const line = lineNear(f.lines, f.lines.length - 1);
    return `The line ${tick(line ?? '')} is right, and so is the rest of the solution: it looks correct to me.`;
  }
  if (type === 'sentence') return `The solution is not correct yet: it ${DETAIL_WORDS[kind].clause}.`;
  if (type === 'paragraph') return `The solution is not correct yet. ${f.symptom} ${STATE[kind]} ${CONCEPT[kind]}`;
  return codeFeedback(f, ctx.codeLines);
}

export class RuleBasedUser implements ChatModel {
  readonly simulated = true;

  constructor(
    private readonly executor: Executor,
    private readonly seed: number,
    readonly id = 'sim-rule-based-user',
    readonly label = 'Rule-based user (simulated)',
  ) {}

  private async find(ctx: UserContext): Promise<Finding> {
    const { header, body } = splitHeader(ctx.code);
    const lines = ctx.code.split('\n');
    const missing = missingDetails(body, ctx.instance.reference);
    const failing = ctx.outcomes.filter((o) => o.outcome !== 'passed');
    const ids = new Set(
      spread(
        failing.map((o) => ({ id: o.testId })),
        SAMPLES,
      ),
    );
    const samples = failing.filter((o) => ids.has(o.testId));
    const tests = new Map(ctx.instance.tests.map((t) => [t.id, t]));
    const symptom = symptomSentence(commonSymptom(samples.map((o) => symptomOf(o, tests.has(o.testId) ? expectedText(tests.get(o.testId)!) : null))));
    if (missing.length === 0) return { detail: null, symptom, missing, lines, offset: header.length };
    const d = await diagnose(
      this.executor,
      { instance: ctx.instance, code: body, samples },
      missing.map((m) => m.hunk),
    );
    const detail = missing.find((m) => m.hunk === d.hunk) ?? missing[0]!;
    return { detail, symptom, missing, lines, offset: header.length };
  }

  async chat(request: ChatRequest): Promise<ChatResponse> {
    const ctx = userContextOf(request);
    if (!ctx) return simulatedResponse(request.model, request.messages, 'I need the program and the problem to give feedback.');
    // One draw per instance, repeat, step and type: its regenerations get the same claim, and
    // every code model meets the same user at the same step (common random numbers).
    const rng = randomFor(this.seed, 'user', ctx.type ?? 'mixed', ctx.instance.id, ctx.repeat, ctx.step);
    const wrong = rng() < ctx.errorRate;
    const type = ctx.type ?? (ctx.offered ?? FEEDBACK_TYPE_IDS)[Math.floor(rng() * (ctx.offered?.length ?? FEEDBACK_TYPE_IDS.length))]!;
    const text = compose(type, ctx, await this.find(ctx), wrong);
    return simulatedResponse(request.model, request.messages, ctx.type ? text : `[${FEEDBACK_TYPES[type].tag}] ${text}`);
  }
}

// Simulated code models of known skill, for Talk. A program is the instance's buggy program
// with some of the details applied (details.ts) and, now and then, a realistic mistake of its
// own (a synthesis mutation). From the full statement each detail is likely right; from the
// under-specified one it is mostly missed; feedback helps in its own way: code feedback names
// the line (the model fixes that very hunk), a paragraph or a sentence names the kind of detail
// (its words), a rephrased question restores a detail and the model writes afresh from it. A
// claim that the program is correct makes the model keep it. Every program starts with two
// comment lines of notes: a paragraph of feedback makes the model rewrite them (more surface
// change), and a low-skill model writes them against pycodestyle. Deterministic per seed, and
// every skill draws the same random numbers at the same step (common random numbers).
import type { Executor } from '../../../exec/engine.ts';
import { realisticMistake } from '../../shared/simulated/mistakes.ts';
import { codeReply, simulatedResponse } from '../../../llm/simulated/reply.ts';
import type { ChatModel, ChatRequest, ChatResponse } from '../../../llm/types.ts';
import { randomFor } from '../../../random.ts';
import { applyHunk, applyHunks } from '../../../text/diff.ts';
import { quotedLines } from '../constraints.ts';
import type { CoderContext } from '../step.ts';
import { DETAIL_WORDS, joinHeader, kindsMentioned, missingDetails, splitHeader, type Detail } from './details.ts';

export interface CoderSkill {
  /** 0 to 1: how much of the problem it gets right by itself (and how tidily it writes). */
  skill: number;
  /** 0 to 1: how well it uses feedback it acts on; its skill when absent. */
  uptake?: number;
  /** The share of feedback it acts on at all (1 when absent). */
  listens?: number;
}

/**
 * Three skills that use feedback as well as they solve, and two that do not: a stubborn model
 * (strong alone, barely moved by feedback) and an attentive one (weak alone, quick to use
 * feedback), whose rank changes from static to the feedback settings.
 */
export const CODER_SKILLS: Record<'low' | 'medium' | 'high' | 'stubborn' | 'attentive', CoderSkill> = {
  low: { skill: 0.25 },
  medium: { skill: 0.55 },
  high: { skill: 0.85 },
  stubborn: { skill: 0.85, listens: 0.15 },
  attentive: { skill: 0.25, uptake: 0.95 },
};

/** The chances, as functions of skill s (docs/talk.md, "Simulated models", has them as a table). */
export const CHANCES = {
  /** A detail right in a first attempt from the full statement… */
  full: (s: number) => 0.35 + 0.6 * s,
  /** …from the under-specified one… */
  under: (s: number) => 0.1 + 0.3 * s,
  /** …and from a rephrased question that names it. */
  named: (s: number) => 0.4 + 0.55 * s,
  /** A mistake of its own in a first attempt, and in a revision. */
  mistake: (s: number) => 0.35 * (1 - s),
  regress: (s: number) => 0.2 * (1 - s),
  /** Fixing the detail the feedback is about, by its type. */
  'code-feedback': (s: number) => 0.35 + 0.6 * s,
  paragraph: (s: number) => 0.3 + 0.55 * s,
  sentence: (s: number) => 0.15 + 0.45 * s,
  'self-critique': (s: number) => 0.2 + 0.5 * s,
  /** Its own critique names a missing detail: with the full statement, and without it. */
  critiqueFull: (s: number) => 0.3 + 0.6 * s,
  critiqueUnder: (s: number) => 0.1 * s,
  /** A fix when the feedback says the program is correct (it keeps the program otherwise). */
  trusting: (s: number) => 0.1 * s,
};

const NOTES = ['reads the input', 'works out the answer', 'prints the result', 'keeps the running state', 'checks each case', 'builds the output'];

/** Two lines of notes; the low-skill model omits the space after "#" (pycodestyle E265), the medium one on one line. */
function notes(skill: number, draw: (decision: string) => number): string[] {
  const a = NOTES[Math.floor(draw('note 1') * NOTES.length)]!;
  const b = NOTES[Math.floor(draw('note 2') * NOTES.length)]!;
  const sloppy = skill < 0.4 ? 2 : skill < 0.7 ? 1 : 0;
  return [`${sloppy >= 1 ? '#' : '# '}Step 1: ${a}`, `${sloppy >= 2 ? '#' : '# '}Step 2: ${b}`];
}

/** A uniform number for each named decision. */
type Draw = (decision: string) => number;

/**
 * Common random numbers: each decision at an item's step has its own draw, the same for every
 * skill (not keyed by the model or its program), so a more skilled model does at least as well
 * draw by draw, and models are compared on the same luck.
 */
const draws =
  (seed: number, ctx: CoderContext): Draw =>
  (decision) =>
    randomFor(seed, 'talk-coder', ctx.instance.id, ctx.repeat, ctx.step, ctx.task, ctx.question.kind, decision)();

const detailName = (d: Detail) => `detail:${d.hunk.removed}:${d.hunk.added.join('\n')}`;

export function coderContextOf(request: { context?: unknown }): CoderContext | null {
  const c = request.context as Partial<CoderContext> | undefined;
  return c && c.instance && c.question && typeof c.task === 'string' ? (c as CoderContext) : null;
}

/** Feedback that only says the program is right (the erroneous claim of the rule-based user, or any such reply). */
const claimsCorrect = (text: string) =>
  /\b(looks|is) (correct|right)\b/i.test(text) && !/\b(not|but|however|wrong|incorrect|missing|misses|fails?)\b|n't\b/i.test(text);

/**
 * The detail a piece of feedback is about, as the simulated code model reads it: the detail
 * whose lines a code feedback quotes, or the first kind of detail the words name (details.ts);
 * null when it can place none. `header` is the number of note lines before the program's body.
 */
export function feedbackTarget(ctx: Pick<CoderContext, 'code' | 'feedback'>, missing: Detail[], header: number): Detail | null {
  const text = ctx.feedback?.text ?? '';
  if (ctx.feedback?.type === 'code-feedback') {
    const lines = (ctx.code ?? '').split('\n').map((l) => l.replace(/\s+/g, ' ').trim());
    const quoted = new Set(quotedLines(text, ctx.code ?? ''));
    const touched = (d: Detail) => {
      const from = header + Math.max(0, d.hunk.start - (d.hunk.removed === 0 ? 1 : 0));
      const to = header + d.hunk.start + Math.max(0, d.hunk.removed - 1);
      return lines.slice(from, to + 1).some((l) => quoted.has(l));
    };
    const hit = missing.find(touched);
    if (hit) return hit;
  }
  const [kind] = kindsMentioned(
    text,
    missing.map((d) => d.kind),
  );
  return kind ? (missing.find((d) => d.kind === kind) ?? null) : null;
}

export class SimulatedCoder implements ChatModel {
  readonly simulated = true;

  constructor(
    readonly id: string,
    readonly label: string,
    private readonly profile: CoderSkill,
    private readonly deps: { executor: Executor; mutator: string; seed: number },
  ) {}

  async chat(request: ChatRequest): Promise<ChatResponse> {
    const ctx = coderContextOf(request);
    if (!ctx) return simulatedResponse(request.model, request.messages, 'Please send me the problem to solve.');
    const draw = draws(this.deps.seed, ctx);
    if (ctx.task === 'critique') return simulatedResponse(request.model, request.messages, this.critique(ctx, draw));
    const code = ctx.task === 'generate' ? await this.generate(ctx, draw) : await this.refine(ctx, draw);
    return simulatedResponse(request.model, request.messages, codeReply(code, draw('fence') < 0.1 ? 'bare-fence' : 'fenced', draw('opening')));
  }

  private mistake(ctx: CoderContext, body: string, draw: Draw): Promise<string> {
    return realisticMistake(this.deps, ctx.instance, body, draw('which mistake'));
  }

  private readonly bases = new Map<string, Promise<string>>();

  /**
   * The program written without the details: the instance's buggy program; for an instance that
   * has none (an imported code-generation problem), two realistic mistakes of the reference
   * (synthesis mutations, the same for every model), so that there are details to get right.
   */
  private baseOf(ctx: CoderContext): Promise<string> {
    const buggy = splitHeader(ctx.instance.buggy).body;
    if (buggy.trim()) return Promise.resolve(buggy);
    let base = this.bases.get(ctx.instance.id);
    if (!base) {
      const pick = (k: number) => randomFor(this.deps.seed, 'talk-base', ctx.instance.id, k)();
      base = realisticMistake(this.deps, ctx.instance, ctx.instance.reference, pick(1)).then((once) =>
        realisticMistake(this.deps, ctx.instance, once, pick(2)),
      );
      this.bases.set(ctx.instance.id, base);
    }
    return base;
  }

  /** A first attempt, from the question alone. */
  private async generate(ctx: CoderContext, draw: Draw): Promise<string> {
    const s = this.profile.skill;
    const u = this.profile.uptake ?? s;
    const base = await this.baseOf(ctx);
    const details = missingDetails(base, ctx.instance.reference);
    const named =
      ctx.question.kind === 'rephrased'
        ? new Set(
            kindsMentioned(
              ctx.question.text,
              details.map((d) => d.kind),
            ),
          )
        : new Set();
    const chance = (d: Detail) =>
      ctx.question.kind === 'full'
        ? CHANCES.full(s)
        : named.has(d.kind)
          ? Math.max(CHANCES.under(s), CHANCES.named(u) * (this.profile.listens ?? 1))
          : CHANCES.under(s);
    let body = applyHunks(
      base,
      details.filter((d) => draw(detailName(d)) < chance(d)).map((d) => d.hunk),
    );
    if (draw('mistake') < CHANCES.mistake(s)) body = await this.mistake(ctx, body, draw);
    return joinHeader(notes(s, draw), body);
  }

  /** A revision after feedback (the user's, or its own critique). */
  private async refine(ctx: CoderContext, draw: Draw): Promise<string> {
    const s = this.profile.skill;
    const u = this.profile.uptake ?? s;
    const { header, body } = splitHeader(ctx.code ?? '');
    const missing = missingDetails(body, ctx.instance.reference);
    const type = ctx.feedback?.type ?? null;
    const text = ctx.feedback?.text ?? '';
    let next = body;
    if (missing.length) {
      const target = feedbackTarget(ctx, missing, header.length);
      const fallback = missing[Math.floor(draw('guess') * missing.length)]!;
      const chance = (type && type in CHANCES ? CHANCES[type as 'paragraph'](u) : 0) * (this.profile.listens ?? 1);
      // Told it is correct, it keeps the program (but for a fix of its own, now and then); told
      // nothing it can place, it guesses at half the chance (its own vague critique: hardly).
      const guess = type === 'self-critique' ? CHANCES.trusting(s) : chance / 2;
      if (claimsCorrect(text)) {
        if (draw('trust') < CHANCES.trusting(s)) next = applyHunk(body, fallback.hunk);
      } else if (target) {
        if (draw(detailName(target)) < chance) next = applyHunk(body, target.hunk);
      } else if (draw('guess fix') < guess) next = applyHunk(body, fallback.hunk);
    }
    if (draw('mistake') < CHANCES.regress(s)) next = await this.mistake(ctx, next, draw);
    // A paragraph of feedback makes it rework its notes too.
    return joinHeader(type === 'paragraph' ? notes(s, draw) : header, next);
  }

  /** Its own critique: it names a detail it misses when it can tell, more often from the full statement. */
  private critique(ctx: CoderContext, draw: Draw): string {
    const s = this.profile.skill;
    const missing = missingDetails(splitHeader(ctx.code ?? '').body, ctx.instance.reference);
    const sees = ctx.question.kind === 'full' ? CHANCES.critiqueFull(s) : CHANCES.critiqueUnder(s);
    if (missing.length && draw('sees') < sees)
      return `Looking at the problem again, the program ${DETAIL_WORDS[missing[Math.floor(draw('which') * missing.length)]!.kind].clause}.`;
    return 'I re-read the problem and the program; I cannot tell what is missing, so I will review it once more.';
  }
}

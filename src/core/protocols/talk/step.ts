// One step of a Talk item: one attempt of the code model. The first attempt works from the
// statement alone (the full one, or the under-specified one); each later one from the latest
// program and the feedback on it — the user's, or its own critique — and never from the
// history (Sec. 2.3). Query rephrasing replaces the question instead, and the code model writes
// afresh from it (Fig. 13). An item stops when a program passes every test or the steps run out.
import { extractCode } from '../../llm/extract.ts';
import type { Instance } from '../../model/instance.ts';
import type { TestOutcome } from '../../model/outcome.ts';
import { fill, type StepContext, type StepEnv, type StepResult } from '../contract.ts';
import { shuffledTypes, typeFor, userFeedback, withNewline } from './feedback.ts';
import type { FeedbackType } from './feedback-types.ts';
import { underSpecified } from './obfuscation.ts';
import { stepsOf, TALK_DEFAULTS, type TalkParams } from './params.ts';
import { ENTRY_NOTE, STARTER_NOTE, STDOUT_NOTE } from './prompts.ts';
import { settingOf } from './settings.ts';
import type { Feedback, Question, TalkStepData } from './step-data.ts';
import { attemptsOf, CODE_ROLE, questionText, type Attempt } from './view.ts';

export const TALK_STOP_REASONS = { solved: 'every test passes', steps: 'out of steps', single: 'one attempt (static)' };

/** What a simulated code model works from (never sent anywhere). */
export interface CoderContext {
  instance: Instance;
  /** generate: a program from the question alone; refine: the program revised after feedback; critique: its own feedback. */
  task: 'generate' | 'refine' | 'critique';
  question: Question & { text: string };
  /** The latest program (refine, critique). */
  code?: string;
  feedback?: { type: FeedbackType | 'self-critique' | null; text: string | null };
  step: number;
  repeat: number;
}

/** The Fig. 13/14 sentence about how the program is run: stdout for stdin programs, the function for the others. */
export function ioNote(instance: Instance): string {
  if (instance.testKind === 'stdio') return STDOUT_NOTE;
  return instance.entry ? fill(ENTRY_NOTE, { entry: instance.entry }) : '';
}

const starterNote = (instance: Instance) => (instance.starter?.trim() ? fill(STARTER_NOTE, { starter: withNewline(instance.starter) }) : '');

/** Ask the code model, read its program, evaluate it and count its style. */
async function attempt(prompt: string, context: CoderContext, data: Omit<TalkStepData, 'extraction'>, env: StepEnv): Promise<StepResult> {
  env.report('generating', context.step);
  const reply = await env.call(CODE_ROLE, [{ role: 'user', content: prompt }], { context });
  const extraction = extractCode(reply);
  if (extraction.code === null) return { data: { extraction: extraction.how, ...data } satisfies TalkStepData };
  env.report('executing', context.step);
  const outcomes = await env.evaluate(extraction.code);
  const style = await env.style(extraction.code);
  return { evaluated: { code: extraction.code, outcomes }, data: { extraction: extraction.how, ...data, ...(style ? { style } : {}) } satisfies TalkStepData };
}

/** The question the code model works from now: the first attempt's, or the latest rephrasing. */
function currentQuestion(attempts: readonly Attempt[], statement: string): Question & { text: string } {
  const latest = attempts.findLast((a) => a.question.kind === 'rephrased') ?? attempts[0]!;
  return { ...latest.question, text: questionText(latest, statement) };
}

export async function talkStep(ctx: StepContext<TalkParams>, env: StepEnv): Promise<StepResult> {
  const instance = ctx.instance;
  if (!instance) throw new Error(`item ${ctx.item.key} has no instance`);
  const params = { ...TALK_DEFAULTS, ...ctx.params };
  const setting = settingOf(params.setting);
  const attempts = attemptsOf(ctx.steps, instance.tests.length);
  const k = attempts.length;
  const base = { instance, step: k, repeat: ctx.item.repeat };
  const t = ctx.templates;

  if (k === 0) {
    const question =
      setting.statement === 'full'
        ? { kind: 'full' as const, text: instance.statement }
        : { kind: 'under' as const, ...(await underSpecified(instance, ctx.manifest, params, t, env)) };
    const prompt = fill(t['code.generate'] ?? '', { question: question.text, io: ioNote(instance), starter: starterNote(instance) });
    const recorded: Question = question.kind === 'full' ? { kind: 'full' } : { kind: 'under', text: question.text };
    return attempt(
      prompt,
      { ...base, task: 'generate', question: { kind: question.kind, text: question.text } },
      { question: recorded, ...('obfuscation' in question ? { obfuscation: question.obfuscation } : {}) },
      env,
    );
  }

  const last = attempts.at(-1)!;
  if (last.total > 0 && last.passed.length === last.total) return { stop: 'solved' };
  if (k >= stepsOf(params)) return { stop: setting.feedback === 'none' ? 'single' : 'steps' };

  const question = currentQuestion(attempts, instance.statement);
  const recorded: Question = question.kind === 'full' ? { kind: 'full' } : { kind: question.kind, text: question.text };
  const code = last.code;
  env.report('planning', k);
  let feedback: Feedback;
  if (setting.feedback === 'self') {
    const critique = await env.call(
      CODE_ROLE,
      [{ role: 'user', content: fill(t['code.critique'] ?? '', { question: question.text, io: ioNote(instance), code: withNewline(code) }) }],
      {
        context: { ...base, task: 'critique', question, code } satisfies CoderContext,
      },
    );
    const text = critique.trim();
    feedback = { type: 'self-critique', text, attempts: [{ text, accepted: true, problems: [] }] };
  } else {
    const outcomes: TestOutcome[] = ctx.outcomes ?? (await env.evaluate(code));
    const type = typeFor(setting, ctx.manifest.settings.seed, ctx.item.key, k);
    const offered = setting.pick === 'mixed' ? shuffledTypes(ctx.manifest.settings.seed, ctx.item.key, k) : undefined;
    ({ feedback } = await userFeedback(
      {
        instance,
        code,
        outcomes,
        question: question.text,
        type,
        ...(offered ? { offered } : {}),
        params,
        templates: t,
        key: ctx.item.key,
        repeat: ctx.item.repeat,
        step: k,
      },
      env,
    ));
  }

  if (feedback.type === 'query-rephrasing') {
    // The rephrased question replaces the old one, and the code model writes afresh from it (Fig. 13).
    const asked = feedback.text ?? question.text;
    const next: Question & { text: string } = feedback.text ? { kind: 'rephrased', text: asked } : question;
    const prompt = fill(t['code.generate'] ?? '', { question: asked, io: ioNote(instance), starter: starterNote(instance) });
    return attempt(
      prompt,
      { ...base, task: 'generate', question: next, feedback: { type: feedback.type, text: feedback.text } },
      { question: next.kind === 'full' ? { kind: 'full' } : { kind: next.kind, text: next.text }, feedback },
      env,
    );
  }
  const prompt = fill(t['code.refine'] ?? '', {
    question: question.text,
    io: ioNote(instance),
    code: withNewline(code),
    feedback: feedback.text ?? '(The user gave no feedback this time.)',
  });
  return attempt(
    prompt,
    { ...base, task: 'refine', question, code, feedback: { type: feedback.type, text: feedback.text } },
    { question: recorded, feedback },
    env,
  );
}

// The feedback that comes between two attempts: the simulated user's (Figs. 8–12, mixed and
// random types), checked for its form and for protected data and regenerated up to R times
// with the reasons, then judged for its claim; or the model's own critique (self-critique).
import type { ChatMessage } from '../../llm/types.ts';
import type { Instance } from '../../model/instance.ts';
import type { TestOutcome } from '../../model/outcome.ts';
import { randomFor } from '../../random.ts';
import { fill, type StepEnv } from '../contract.ts';
import { askUntilAccepted } from '../shared/regenerate.ts';
import { claimOf, parseVerdict } from './claim.ts';
import { checkFeedback, cleanFeedback, PROTECTED, rephrasedQuestion } from './constraints.ts';
import { FEEDBACK_TYPE_IDS, FEEDBACK_TYPES, type FeedbackType } from './feedback-types.ts';
import type { TalkParams } from './params.ts';
import type { Setting } from './settings.ts';
import type { Feedback, FeedbackAttempt } from './step-data.ts';

export const USER_ROLE = 'user';
export const JUDGE_ROLE = 'judge';

/** What the simulated user works from (never sent anywhere). */
export interface UserContext {
  instance: Instance;
  /** The program to give feedback on, and its per-test outcomes. */
  code: string;
  outcomes: TestOutcome[];
  /** The type asked for; null in mixed feedback, where the user picks one of `offered`. */
  type: FeedbackType | null;
  offered?: FeedbackType[];
  /** The question the code model works from now. */
  question: string;
  errorRate: number;
  codeLines: number;
  /** The item, its repeat and the step (seeds). */
  key: string;
  repeat: number;
  step: number;
}

/** What the simulated judge works from. */
export interface JudgeContext {
  feedback: string;
}

/** The type of this step's feedback: the setting's, drawn at random (seeded), or null (mixed: the user picks). */
export function typeFor(setting: Setting, seed: number, key: string, step: number): FeedbackType | null {
  if (setting.pick === 'fixed') return setting.type!;
  if (setting.pick === 'random') return FEEDBACK_TYPE_IDS[Math.floor(randomFor(seed, key, 'type', step)() * FEEDBACK_TYPE_IDS.length)]!;
  return null;
}

/** Mixed feedback: every type, in an order shuffled for this step (seeded). */
export function shuffledTypes(seed: number, key: string, step: number): FeedbackType[] {
  const rng = randomFor(seed, key, 'offer', step);
  const out = [...FEEDBACK_TYPE_IDS];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const TAG = /^\s*\[([A-Za-z ]+)\]\s*/;
const typeByTag = (tag: string) => FEEDBACK_TYPE_IDS.find((t) => FEEDBACK_TYPES[t].tag === tag.trim().toUpperCase());

export interface FeedbackRequest {
  instance: Instance;
  code: string;
  outcomes: TestOutcome[];
  question: string;
  type: FeedbackType | null;
  offered?: FeedbackType[];
  params: TalkParams;
  templates: Record<string, string>;
  key: string;
  repeat: number;
  step: number;
}

function userMessages(req: FeedbackRequest): ChatMessage[] {
  const t = req.templates;
  const system = fill(t['user.system'] ?? '', { question: req.instance.statement, solution: `\`\`\`python\n${withNewline(req.instance.reference)}\`\`\`` });
  const code = withNewline(req.code);
  const prompt = req.type
    ? fill(t[`user.${req.type}`] ?? '', { code, question: req.question })
    : fill(t['user.mixed'] ?? '', {
        code,
        question: req.question,
        options: (req.offered ?? []).map((type, i) => `${i + 1}. [${FEEDBACK_TYPES[type].tag}]: ${FEEDBACK_TYPES[type].ask}.`).join('\n'),
        example: FEEDBACK_TYPES[req.offered?.[0] ?? 'paragraph'].tag,
      });
  return [
    { role: 'system', content: system },
    { role: 'user', content: prompt },
  ];
}

export const withNewline = (code: string) => (code.endsWith('\n') || code === '' ? code : `${code}\n`);

/** One reply checked: its type (mixed: the tag it begins with), its text and its problems. */
function checkReply(reply: string, req: FeedbackRequest): FeedbackAttempt {
  let type = req.type;
  let rest = reply;
  if (!type) {
    const tag = TAG.exec(reply);
    type = tag ? (typeByTag(tag[1]!) ?? null) : null;
    rest = tag ? reply.slice(tag[0].length) : reply;
  }
  const text = cleanFeedback(rest);
  if (!type)
    return { text, accepted: false, problems: [{ kind: 'no-type', detail: 'it does not begin with the name of a kind of feedback in square brackets' }] };
  const problems = checkFeedback(type, text, { instance: req.instance, code: req.code, question: req.question, codeLines: req.params.codeLines });
  return { text, accepted: problems.length === 0, problems, ...(req.type ? {} : { type }) };
}

/** The user's feedback for this step, checked and regenerated; its claim judged when its type makes one. */
export async function userFeedback(req: FeedbackRequest, env: StepEnv): Promise<{ feedback: Feedback; type: FeedbackType | null }> {
  const context: UserContext = {
    instance: req.instance,
    code: req.code,
    outcomes: req.outcomes,
    type: req.type,
    ...(req.offered ? { offered: req.offered } : {}),
    question: req.question,
    errorRate: req.params.userErrorRate,
    codeLines: req.params.codeLines,
    key: req.key,
    repeat: req.repeat,
    step: req.step,
  };
  const attempts = await askUntilAccepted({
    conversation: userMessages(req),
    regenerations: req.params.regenerations,
    // Each call records the conversation as it was sent.
    ask: (messages) => env.call(USER_ROLE, [...messages], { context }),
    check: async (reply) => checkReply(reply, req),
    retry: (rejected) => fill(req.templates['user.retry'] ?? '', { reasons: rejected.problems.map((p) => `${p.kind} (${p.detail})`).join('; ') }),
  });
  const last = attempts.at(-1)!;
  const usable = (a: FeedbackAttempt) => a.text !== '' && !a.problems.some((p) => PROTECTED.has(p.kind) || p.kind === 'no-type');
  const chosen = last.accepted
    ? last
    : attempts.filter(usable).reduce<FeedbackAttempt | null>((b, a) => (!b || a.problems.length < b.problems.length ? a : b), null);
  const type = req.type ?? chosen?.type ?? null;
  const base = {
    attempts,
    ...(req.offered ? { offered: req.offered } : {}),
    ...(last.accepted ? {} : { flagged: chosen ? ('best-effort' as const) : ('skipped' as const) }),
  };
  if (!chosen || !type) return { feedback: { type, text: null, ...base }, type };
  const text = type === 'query-rephrasing' ? rephrasedQuestion(chosen.text) : chosen.text;
  const feedback: Feedback = { type, text, ...base };
  if (FEEDBACK_TYPES[type].claims) {
    const verdict = parseVerdict(
      await env.call(JUDGE_ROLE, [{ role: 'user', content: fill(req.templates.judge ?? '', { feedback: text }) }], {
        context: { feedback: text } satisfies JudgeContext,
      }),
    );
    feedback.claim = claimOf(verdict, text);
  }
  return { feedback, type };
}

// The under-specified statement (Sec. 2.1): the instance's one-sentence summary when it has one
// (the built-in set and the paper's own files do), otherwise the obfuscator's summary of the
// full statement with the paper's few-shot prompt (Fig. 17). The obfuscator's summary is checked
// (shorter than a fraction of the full statement, no hidden test data), asked again with the
// reasons up to R times, and refused when no attempt passes. It is made once per instance ×
// obfuscator model × templates × that fraction and shared by every item and later run
// (StepEnv.shared); each step 0 records the statement it used.
import { sha256Hex } from '../../exec/hash.ts';
import type { Instance } from '../../model/instance.ts';
import type { Manifest } from '../../model/runlog.ts';
import { fill, type StepEnv } from '../contract.ts';
import { hiddenData, normalizeForMatching } from '../shared/leakage.ts';
import { askUntilAccepted } from '../shared/regenerate.ts';
import type { Problem } from './constraints.ts';
import type { TalkParams } from './params.ts';
import type { TalkStepData } from './step-data.ts';

export const OBFUSCATOR_ROLE = 'obfuscator';

/** What the simulated obfuscator works from (never sent anywhere). */
export interface ObfuscatorContext {
  instance: Instance;
}

/** The summary in an obfuscator's reply: after a SUMMARY header when there is one, its first paragraph, unquoted. */
export function summaryFromReply(reply: string): string {
  const text = reply.replace(/\r\n?/g, '\n');
  const header = /#*\s*SUMMARY\s*:?\s*\n?/i.exec(text);
  const body = (header ? text.slice(header.index + header[0].length) : text).trim();
  const first = body.split(/\n\s*\n/)[0] ?? '';
  return first
    .replace(/^<YOUR SUMMARY HERE>$/i, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^["“](.*)["”]$/, '$1')
    .trim();
}

export interface UnderSpecified {
  text: string;
  obfuscation: NonNullable<TalkStepData['obfuscation']>;
}

/** Whether a run uses the obfuscator for this instance. */
export const needsObfuscator = (instance: Instance, params: Pick<TalkParams, 'underSpecified'>) =>
  params.underSpecified === 'obfuscator' || !instance.summary?.trim();

/** Why a statement cannot stand for the full one: empty, not shorter than `maxFraction` of it (in characters, normalised), or holding hidden test data. */
export function obfuscationProblems(summary: string, instance: Instance, maxFraction: number): Problem[] {
  const length = normalizeForMatching(summary).length;
  if (!length) return [{ kind: 'empty', detail: 'the reply holds no summary' }];
  const out: Problem[] = [];
  const full = normalizeForMatching(instance.statement).length;
  if (length >= maxFraction * full)
    out.push({ kind: 'too-long', detail: `${length} characters; it must be shorter than ${maxFraction} of the full statement's ${full}` });
  const hidden = hiddenData(summary, instance);
  if (hidden) out.push({ kind: 'hidden-data', detail: hidden });
  return out;
}

type Rejected = NonNullable<NonNullable<TalkStepData['obfuscation']>['rejected']>;

const reasons = (problems: readonly Problem[]) => problems.map((p) => `${p.kind} (${p.detail})`).join('; ');

export async function underSpecified(
  instance: Instance,
  manifest: Manifest,
  params: TalkParams,
  templates: Record<string, string>,
  env: StepEnv,
): Promise<UnderSpecified> {
  if (!needsObfuscator(instance, params)) return { text: instance.summary!.trim(), obfuscation: { source: 'summary' } };
  const model = manifest.models.find((m) => m.role === OBFUSCATOR_ROLE);
  if (!model) throw new Error('this run has no obfuscator model, and the instance has no summary');
  const template = templates.obfuscate ?? '';
  const retry = templates['obfuscate.retry'] ?? '';
  const maxFraction = params.obfuscatedMaxFraction;
  const key = `talk.obfuscation|${model.provider?.baseURL ?? 'simulated'}|${model.model}|${await sha256Hex(template)}|${await sha256Hex(retry)}|under ${maxFraction}|${await sha256Hex(instance.statement)}`;
  let rejected: Rejected = [];
  const { value, made } = await env.shared(key, async () => {
    const attempts = await askUntilAccepted({
      conversation: [{ role: 'user', content: fill(template, { question: instance.statement }) }],
      regenerations: params.regenerations,
      // Each call records the conversation as it was sent.
      ask: (messages) => env.call(OBFUSCATOR_ROLE, [...messages], { context: { instance } satisfies ObfuscatorContext }),
      check: async (reply) => {
        const text = summaryFromReply(reply);
        const problems = obfuscationProblems(text, instance, maxFraction);
        return { text, problems, accepted: problems.length === 0 };
      },
      retry: (r) => fill(retry, { reasons: reasons(r.problems) }),
    });
    const last = attempts.at(-1)!;
    if (!last.accepted)
      throw new Error(
        `the obfuscator's statement was refused after ${attempts.length} attempt${attempts.length > 1 ? 's' : ''}: ${attempts.map((a, i) => `attempt ${i + 1}: ${reasons(a.problems)}`).join('; ')}`,
      );
    rejected = attempts.slice(0, -1).map((a) => ({ text: a.text, problems: a.problems }));
    return last.text;
  });
  return { text: value, obfuscation: { source: 'obfuscator', model: model.id, made, ...(made && rejected.length ? { rejected } : {}) } };
}

// The under-specified statement (Sec. 2.1): the instance's one-sentence summary when it has one
// (the built-in set and the paper's own files do), otherwise the obfuscator's summary of the
// full statement with the paper's few-shot prompt (Fig. 17). An obfuscator's summary is made
// once per instance × obfuscator model × template and shared by every item and later run
// (StepEnv.shared); each step 0 records the statement it used.
import { sha256Hex } from '../../exec/hash.ts';
import type { Instance } from '../../model/instance.ts';
import type { Manifest } from '../../model/runlog.ts';
import { fill, type StepEnv } from '../contract.ts';
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
export const needsObfuscator = (instance: Instance, params: Pick<TalkParams, 'underSpecified'>) => params.underSpecified === 'obfuscator' || !instance.summary?.trim();

export async function underSpecified(instance: Instance, manifest: Manifest, params: TalkParams, templates: Record<string, string>, env: StepEnv): Promise<UnderSpecified> {
  if (!needsObfuscator(instance, params)) return { text: instance.summary!.trim(), obfuscation: { source: 'summary' } };
  const model = manifest.models.find((m) => m.role === OBFUSCATOR_ROLE);
  if (!model) throw new Error('this run has no obfuscator model, and the instance has no summary');
  const template = templates.obfuscate ?? '';
  const key = `talk.obfuscation|${model.provider?.baseURL ?? 'simulated'}|${model.model}|${await sha256Hex(template)}|${await sha256Hex(instance.statement)}`;
  const { value, made } = await env.shared(key, async () => {
    const reply = await env.call(OBFUSCATOR_ROLE, [{ role: 'user', content: fill(template, { question: instance.statement }) }], { context: { instance } satisfies ObfuscatorContext });
    const summary = summaryFromReply(reply);
    if (!summary) throw new Error(`the obfuscator's reply holds no summary: ${JSON.stringify(reply.slice(0, 200))}`);
    return summary;
  });
  return { text: value, obfuscation: { source: 'obfuscator', model: model.id, made } };
}

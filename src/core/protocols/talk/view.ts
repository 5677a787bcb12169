// How Talk reads a run log: each item as its attempts (one per stored step that did not fail),
// each with the program after it (the one before when the reply held none), the tests it
// passes, the statement the code model saw and the feedback it answered.
import type { CallRecord, ItemRecord, Manifest, RunLog, Step } from '../../model/runlog.ts';
import { itemBasics, programSteps, type ItemBasics } from '../shared/items.ts';
import type { Feedback, Question, TalkStepData } from './step-data.ts';

/** The tested role: the code models a run compares. */
export const CODE_ROLE = 'code';

export interface Attempt {
  /** 0 is the first attempt, from the statement alone. */
  index: number;
  /** The code model's message for this attempt, and its reply. */
  prompt: string;
  reply: string | null;
  extraction: TalkStepData['extraction'];
  /** `no-code` when the reply held no program: the program stays as it was (none before the first). */
  outcome: 'evaluated' | 'no-code';
  code: string;
  passed: string[];
  total: number;
  /** Test-case accuracy of the program after this attempt: passed / total (0 before any program). */
  tca: number;
  question: Question;
  obfuscation?: TalkStepData['obfuscation'];
  feedback?: Feedback;
  style?: TalkStepData['style'];
  calls: CallRecord[];
  startedAt: string;
  durationMs: number;
}

export interface TalkItem extends ItemBasics {
  attempts: Attempt[];
}

/** The code model's last call of a step (self-critique makes two: the critique, then the revision). */
const codeCall = (step: Step) => step.calls.findLast((c) => c.role === CODE_ROLE);

/** The attempts of an item's stored steps; `total` is the instance's number of tests. */
export function attemptsOf(steps: readonly Step[], total: number): Attempt[] {
  const out: Attempt[] = [];
  for (const { step, code, passed } of programSteps(steps)) {
    const data = (step.data ?? { extraction: 'none', question: { kind: 'under' } }) as TalkStepData;
    const call = codeCall(step);
    out.push({
      index: out.length,
      prompt: call?.messages.at(-1)?.content ?? '',
      reply: call?.content ?? null,
      extraction: data.extraction,
      outcome: step.evaluation ? 'evaluated' : 'no-code',
      code,
      passed,
      total,
      tca: total ? passed.length / total : 0,
      question: data.question,
      ...(data.obfuscation ? { obfuscation: data.obfuscation } : {}),
      ...(data.feedback ? { feedback: data.feedback } : {}),
      ...(data.style ? { style: data.style } : {}),
      calls: step.calls,
      startedAt: step.startedAt,
      durationMs: step.durationMs,
    });
  }
  return out;
}

export const testIdsOf = (manifest: Manifest) => new Map(manifest.dataset.instances.map((i) => [i.id, i.testIds]));

export function talkItem(item: ItemRecord, tests: ReadonlyMap<string, readonly string[]>): TalkItem {
  const basics = itemBasics(item);
  return { ...basics, attempts: attemptsOf(item.steps, tests.get(basics.instanceId)?.length ?? 0) };
}

const cache = new WeakMap<RunLog, TalkItem[]>();

/** Every item of a Talk run, read as attempts (kept per log object, so views share it). */
export function talkItems(log: RunLog): TalkItem[] {
  let items = cache.get(log);
  if (!items) {
    const tests = testIdsOf(log.manifest);
    items = log.items.map((i) => talkItem(i, tests));
    cache.set(log, items);
  }
  return items;
}

/** The question text the code model saw at an attempt (the full statement is the instance's). */
export function questionText(attempt: Pick<Attempt, 'question'>, statement: string): string {
  return attempt.question.kind === 'full' ? statement : (attempt.question.text ?? '');
}

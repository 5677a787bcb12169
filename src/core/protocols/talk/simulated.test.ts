// Talk's simulated models: the rule-based user writes every type in the form the checks ask
// for, with the claim the keyword judge reads back; the simulated code model places feedback
// the way docs/talk.md says; the obfuscator's summaries; the user's rephrased questions.
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { NodeExecutorPool } from '../../../../workers/node-executor.ts';
import { evaluateProgram } from '../../exec/engine.ts';
import { CONCEPT, STATE } from '../shared/simulated/feedback-phrases.ts';
import type { Instance } from '../../model/instance.ts';
import { checkFeedback, rephrasedQuestion, wordsIn } from './constraints.ts';
import { FEEDBACK_TYPE_IDS, FEEDBACK_TYPES } from './feedback-types.ts';
import type { UserContext } from './feedback.ts';
import { summaryFromReply } from './obfuscation.ts';
import { extractCode } from '../../llm/extract.ts';
import { feedbackTarget, SimulatedCoder } from './simulated/coder.ts';
import { DETAIL_WORDS, kindsMentioned, missingDetails, splitHeader, type DetailKind } from './simulated/details.ts';
import type { CoderContext } from './step.ts';
import { keywordVerdict } from './simulated/judge.ts';
import { ruleBasedSummary } from './simulated/obfuscator.ts';
import { rephrase, RuleBasedUser } from './simulated/user.ts';

const builtin = readFileSync(new URL('../../../../datasets/builtin.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l) as Instance);
const demo = builtin.filter((i) => i.subsets?.includes('demo')).slice(0, 5);
const pool = new NodeExecutorPool(2);
afterAll(() => pool.close());

describe('the rule-based user (simulated)', () => {
  it('writes every type in its form, without protected data, and the keyword judge reads its claim', async () => {
    const user = new RuleBasedUser(pool, 3);
    for (const instance of demo) {
      const outcomes = (await evaluateProgram(pool, instance, instance.buggy)).outcomes;
      for (const type of FEEDBACK_TYPE_IDS) {
        for (const errorRate of [0, 1]) {
          const context: UserContext = {
            instance,
            code: instance.buggy,
            outcomes,
            type,
            question: instance.summary!,
            errorRate,
            codeLines: 2,
            key: 'k',
            repeat: 0,
            step: 1,
          };
          const text = (await user.chat({ model: 'm', messages: [], context })).content;
          const where = `${instance.id}, ${type}, error rate ${errorRate}: ${text}`;
          expect(checkFeedback(type, text, { instance, code: instance.buggy, question: instance.summary!, codeLines: 2 }), where).toEqual([]);
          if (FEEDBACK_TYPES[type].claims) expect(keywordVerdict(text), where).toBe(errorRate ? 'CORRECT' : 'INCORRECT');
          if (type === 'query-rephrasing') expect(wordsIn(rephrasedQuestion(text)), where).toBeLessThanOrEqual(wordsIn(instance.summary!));
        }
      }
    }
  }, 120_000);

  it('names the detail the failing tests need, in words the simulated code model places', async () => {
    const user = new RuleBasedUser(pool, 3);
    for (const instance of demo) {
      const missing = missingDetails(instance.buggy, instance.reference);
      const outcomes = (await evaluateProgram(pool, instance, instance.buggy)).outcomes;
      for (const type of ['paragraph', 'sentence', 'code-feedback'] as const) {
        const context: UserContext = {
          instance,
          code: instance.buggy,
          outcomes,
          type,
          question: instance.summary!,
          errorRate: 0,
          codeLines: 2,
          key: 'k',
          repeat: 0,
          step: 1,
        };
        const text = (await user.chat({ model: 'm', messages: [], context })).content;
        const target = feedbackTarget({ code: instance.buggy, feedback: { type, text } }, missing, 0);
        expect(target, `${instance.id}, ${type}: ${text}`).not.toBeNull();
      }
    }
  }, 120_000);

  it('rewrites the question within its length, keeping the details restored before', () => {
    const q = 'Find the best run of days in a profit record for a few different run lengths, reporting for each length its total and where the run starts.';
    const once = rephrasedQuestion(rephrase(q, DETAIL_WORDS.order.phrase));
    expect(once).toContain(DETAIL_WORDS.order.phrase);
    expect(wordsIn(once)).toBeLessThanOrEqual(wordsIn(q));
    const twice = rephrasedQuestion(rephrase(once, DETAIL_WORDS.bound.phrase));
    expect(twice).toContain(DETAIL_WORDS.order.phrase);
    expect(twice).toContain(DETAIL_WORDS.bound.phrase);
    expect(wordsIn(twice)).toBeLessThanOrEqual(wordsIn(once));
    // With less room, the oldest detail gives way (three words of the gist stay).
    const short = rephrasedQuestion(
      rephrase(
        rephrasedQuestion(rephrase('Find the best run of days in a profit record for each length.', DETAIL_WORDS.order.phrase)),
        DETAIL_WORDS.bound.phrase,
      ),
    );
    expect(short).toBe('Find the best run of days; count both ends of each range right.');
    // Nothing to add: the question as it was.
    expect(rephrase(q, null)).toBe(`Question: ${q}`);
    // No room for a detail: the question as it was.
    expect(rephrase('Sort it.', DETAIL_WORDS.order.phrase)).toBe('Question: Sort it.');
  });
});

describe('the simulated code model reads', () => {
  it("each kind of detail from the user's words (the paragraph's sentences and the sentence's clause)", () => {
    const kinds = Object.keys(DETAIL_WORDS).filter((k) => k !== 'unknown') as DetailKind[];
    for (const kind of kinds) {
      expect(kindsMentioned(`${STATE[kind]} ${CONCEPT[kind]}`, kinds)[0], kind).toBe(kind);
      expect(kindsMentioned(`it ${DETAIL_WORDS[kind].clause}.`, kinds)[0], kind).toBe(kind);
      expect(kindsMentioned(DETAIL_WORDS[kind].phrase, kinds)[0], kind).toBe(kind);
    }
  });
  it('the detail whose line a code feedback quotes, notes before the program counted', () => {
    const instance = builtin.find((i) => i.id === 'arr-best-window')!;
    const missing = missingDetails(instance.buggy, instance.reference);
    const code = `# Step 1: reads the input\n# Step 2: prints the result\n${instance.buggy}`;
    const text = 'The line `sums = [pre[i + k] - pre[i] for i in range(n - k)]` is wrong.';
    const target = feedbackTarget({ code, feedback: { type: 'code-feedback', text } }, missing, 2);
    expect(target!.hunk.added.join('\n')).toContain('range(n - k + 1)');
    expect(feedbackTarget({ code, feedback: { type: 'code-feedback', text: 'Something is off.' } }, missing, 2)).toBeNull();
  });
});

describe('the simulated code model on an imported problem (no buggy program)', () => {
  it('starts from two realistic mistakes of the reference, the same for every model, so that there are details to get right', async () => {
    const reference = builtin.find((i) => i.id === 'arr-best-window')!;
    const instance: Instance = { ...reference, id: 'imported', buggy: '' };
    const MUTATOR = readFileSync(new URL('../../../../workers/python/mutate.py', import.meta.url), 'utf8');
    const coder = (skill: number, id: string) => new SimulatedCoder(id, id, { skill }, { executor: pool, mutator: MUTATOR, seed: 4 });
    const ask = async (model: SimulatedCoder, repeat: number) => {
      const reply = (
        await model.chat({
          model: 'm',
          messages: [],
          context: { instance, task: 'generate', question: { kind: 'under', text: instance.summary! }, step: 0, repeat } satisfies CoderContext,
        })
      ).content;
      return extractCode(reply).code!;
    };
    const low = await Promise.all([0, 1, 2, 3].map((r) => ask(coder(0.25, 'low'), r)));
    const again = await Promise.all([0, 1, 2, 3].map((r) => ask(coder(0.25, 'other'), r)));
    expect(again).toEqual(low); // common to every model of the same skill, whatever its id
    const bodies = low.map((c) => splitHeader(c).body);
    expect(bodies.some((b) => b.trim() !== instance.reference.trim())).toBe(true);
    expect(bodies.every((b) => missingDetails(b, instance.reference).length <= 2)).toBe(true);
  }, 60_000);
});

describe('the obfuscator', () => {
  it("reads the summary from a reply in Fig. 17's form, or a bare one", () => {
    expect(summaryFromReply('###SUMMARY\n\nCount the islands.\n')).toBe('Count the islands.');
    expect(summaryFromReply('SUMMARY: "Count the islands."')).toBe('Count the islands.');
    expect(summaryFromReply('Count the islands\non a map.\n\nMore text.')).toBe('Count the islands on a map.');
    expect(summaryFromReply('###SUMMARY\n\n<YOUR SUMMARY HERE>')).toBe('');
  });
  it('writes one short sentence without code or names when the instance has no summary (simulated)', () => {
    for (const instance of builtin.slice(0, 20)) {
      const s = ruleBasedSummary(instance);
      expect(s, instance.id).toMatch(/^[^`$]+[.!?]$/);
      expect(wordsIn(s), `${instance.id}: ${s}`).toBeLessThanOrEqual(16);
      expect(s, instance.id).not.toMatch(/\b[a-z]_\w|\b[A-Za-z]\w*\d/);
    }
  });
});

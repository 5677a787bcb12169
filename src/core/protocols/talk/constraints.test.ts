// The checks on a user's feedback: the form each type asks for, and what none may carry.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Instance } from '../../model/instance.ts';
import { inputText } from '../../model/test-text.ts';
import { checkFeedback, cleanFeedback, paragraphsIn, quotedLines, rephrasedQuestion, sentencesIn, wordsIn } from './constraints.ts';

const builtin = readFileSync(new URL('../../../../datasets/builtin.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l) as Instance);
const instance = builtin.find((i) => i.id === 'arr-best-window')!;
const code = instance.buggy;
const check = (type: Parameters<typeof checkFeedback>[0], text: string, extra: { question?: string; codeLines?: number } = {}) =>
  checkFeedback(type, text, {
    instance,
    code,
    question: extra.question ?? 'Find the best run of days in a profit record for a few different run lengths.',
    codeLines: extra.codeLines ?? 2,
  }).map((p) => p.kind);

describe('counting', () => {
  it('counts words, sentences and paragraphs', () => {
    expect(wordsIn('  one two\nthree  ')).toBe(3);
    expect(sentencesIn('The loop stops early. It misses the last window!')).toBe(2);
    expect(sentencesIn('It uses e.g. the sums, not the values.')).toBe(1);
    expect(sentencesIn('The result 3.5 is off; check it.')).toBe(1);
    expect(paragraphsIn('one\ntwo\n\nthree')).toBe(2);
    expect(rephrasedQuestion('Question:  Find the best run. ')).toBe('Find the best run.');
    expect(cleanFeedback('  "Quoted all over."  ')).toBe('Quoted all over.');
  });
  it('finds the lines of the program a reply quotes, whitespace aside', () => {
    expect(quotedLines('The line `sums = [pre[i + k] - pre[i] for i in range(n - k)]` misses one.', code)).toEqual([
      'sums = [pre[i + k] - pre[i] for i in range(n - k)]',
    ]);
    expect(quotedLines('Nothing quoted here.', code)).toEqual([]);
  });
});

describe('the form of each type', () => {
  it('accepts feedback in the form its type asks for', () => {
    expect(check('sentence', 'The solution never looks at the last stretch of days.')).toEqual([]);
    expect(check('paragraph', 'The solution misses the last stretch. It also reports the latest of several equally good stretches.')).toEqual([]);
    expect(check('code-feedback', 'The line `start = i + 1` keeps going past the first best stretch: stop there.')).toEqual([]);
    expect(check('query-rephrasing', 'Question: Best stretch of days per length; earliest on ties.')).toEqual([]);
  });
  it('rejects too many words, sentences or paragraphs', () => {
    expect(check('sentence', `${'word '.repeat(51)}.`)).toEqual(['too-long']);
    expect(check('sentence', 'It stops early. It also breaks ties wrongly.')).toEqual(['not-one-sentence']);
    expect(check('paragraph', 'It stops early.\n\nIt also breaks ties wrongly.')).toEqual(['not-one-paragraph']);
    expect(check('paragraph', `${'word '.repeat(101)}.`)).toEqual(['too-long']);
  });
  it('asks code feedback to copy a line of the program', () => {
    expect(check('code-feedback', 'The window sums are computed over too few positions.')).toEqual(['no-quoted-line']);
  });
  it('asks query rephrasing for "Question:" and no more words than the previous question', () => {
    expect(check('query-rephrasing', 'Best stretch of days per length.')).toEqual(['no-question']);
    expect(check('query-rephrasing', 'Question: one two three four five six', { question: 'one two three four five' })).toEqual(['longer-question']);
    expect(check('query-rephrasing', 'Question: one two three four five', { question: 'one two three four five' })).toEqual([]);
  });
  it('rejects an empty reply', () => {
    expect(check('paragraph', '   ')).toEqual(['empty']);
  });
});

describe('what no feedback may carry', () => {
  const hidden = instance.tests.find((t) => !instance.publicTests?.includes(t.id) && inputText(t).length > 30)!;
  it('rejects hidden test data quoted verbatim, but not the public examples', () => {
    expect(check('paragraph', `Try the input ${inputText(hidden).replace(/\n/g, ' ')} and see.`)).toContain('hidden-data');
    expect(check('paragraph', 'Try the first example: 5 3 then 3 -1 4 -1 2 then 1 3 6.')).toEqual([]);
  });
  it('rejects reference lines the program does not have, except a few replacements in code feedback', () => {
    const fixed = 'sums = [pre[i + k] - pre[i] for i in range(n - k + 1)]';
    expect(check('paragraph', `Write ${fixed} instead.`)).toEqual(['reference']);
    expect(check('query-rephrasing', `Question: ${fixed}`, { question: 'a b c d e f g h i j k l m n o p' })).toEqual(['reference']);
    const replace = `The line \`sums = [pre[i + k] - pre[i] for i in range(n - k)]\` misses the last window: replace it with \`${fixed}\`.`;
    expect(check('code-feedback', replace)).toEqual([]);
    expect(check('code-feedback', replace, { codeLines: 0 })).toEqual(['reference']);
    // Three reference lines are copying the solution when two are allowed.
    const tiny = { ...instance, reference: 'total_value = 0\nfor item in items:\n    total_value += item\nprint(total_value)\n', buggy: 'print(0)\n' };
    const three = 'The line `print(0)` is wrong: write `total_value = 0`, then `for item in items:` and `total_value += item` before it.';
    const args = { instance: tiny, code: tiny.buggy, question: '', codeLines: 2 };
    expect(checkFeedback('code-feedback', three, args).map((p) => p.kind)).toEqual(['reference']);
    expect(checkFeedback('code-feedback', three, { ...args, codeLines: 3 })).toEqual([]);
  });
});

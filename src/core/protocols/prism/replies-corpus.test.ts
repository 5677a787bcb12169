// PrismBench's readers on every reply of the corpus that expects something of them, after the
// model layer has split off the thinking.
import { describe, expect, it } from 'vitest';
import { answerOf, expecting } from '../../llm/fixtures/reply-corpus.ts';
import { readChallenge, readCode, readFix } from './replies.ts';

describe('PrismBench reads the reply corpus', () => {
  it.each(expecting('prismChallenge'))('designer — %s', (_, e) => expect(readChallenge(answerOf(e))).toEqual(e.expect.prismChallenge));
  it.each(expecting('prismCode'))('test generator and solver — %s', (_, e) => expect(readCode(answerOf(e))).toBe(e.expect.prismCode));
  it.each(expecting('prismFix'))('fixer — %s', (_, e) => expect(readFix(answerOf(e))).toEqual(e.expect.prismFix));
});

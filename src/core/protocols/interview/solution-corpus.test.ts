// The Interview's project reader on every reply of the corpus that expects a project, after the
// model layer has split off the thinking.
import { describe, expect, it } from 'vitest';
import { answerOf, expecting } from '../../llm/fixtures/reply-corpus.ts';
import { parseSolution } from './solution.ts';

describe('the Interview reads the reply corpus', () => {
  it.each(expecting('interview'))('%s', (_, e) => expect(parseSolution(answerOf(e))).toEqual(e.expect.interview));
});

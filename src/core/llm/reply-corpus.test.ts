// Every reply of the corpus through each protocol's own reader, after splitThinking (the model
// layer hands protocols only the answer).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extractCode } from './extract.ts';
import { answerOf as answer, expecting as having, REPLY_CORPUS, type Shape } from './fixtures/reply-corpus.ts';
import { splitThinking } from './thinking.ts';

const REQUIRED: Shape[] = [
  'tag-python',
  'tag-py',
  'tag-python3',
  'tag-none',
  'several-blocks',
  'prose-only',
  'diff-block',
  'replace-prose',
  'whole-file',
  'function-only',
  'main-guard',
  'think-draft',
  'thinking-tag',
  'think-unclosed',
  'think-lone-close',
  'crlf',
  'tabs',
  'truncated',
  'long-fence',
  'tilde-fence',
  'fence-filename',
  'markdown-around',
  'input-quoted',
  'json-block',
  'other-language',
  'emoji',
  'long-lines',
  'windows-paths',
  'interview-multifile',
  'interview-subfolder',
  'interview-runtime',
  'interview-twice',
  'designer-tagged',
  'designer-untagged',
  'fixer',
];

describe('the reply corpus', () => {
  it('holds 60 or more distinct replies covering every required shape', () => {
    expect(REPLY_CORPUS.length).toBeGreaterThanOrEqual(60);
    expect(new Set(REPLY_CORPUS.map((e) => e.name)).size).toBe(REPLY_CORPUS.length);
    expect(REQUIRED.filter((s) => !REPLY_CORPUS.some((e) => e.shapes.includes(s)))).toEqual([]);
    expect(REPLY_CORPUS.filter((e) => Object.keys(e.expect).every((k) => k === 'thinking' || k === 'unclosed')).map((e) => e.name)).toEqual([]);
  });

  it('is read by the readers the protocols call', () => {
    // Each protocol's step, by its folder and file.
    const source = (protocol: string, file: string) => readFileSync(new URL(`../protocols/${protocol}/${file}`, import.meta.url), 'utf8');
    expect(source('pair', 'family.ts')).toMatch(/extractCode\(reply\)/);
    expect(source('talk', 'step.ts')).toMatch(/extractCode\(reply\)/);
    expect(source('prism', 'step.ts')).toMatch(/readChallenge[\s\S]*readCode[\s\S]*readFix/);
    expect(source('interview', 'step.ts')).toMatch(/parseSolution\(reply\)/);
  });
});

describe('thinking', () => {
  it.each(REPLY_CORPUS.filter((e) => e.expect.thinking !== undefined || e.expect.unclosed !== undefined).map((e) => [e.name, e] as const))('%s', (_, e) => {
    const split = splitThinking(e.reply);
    if (e.expect.thinking !== undefined) expect(split.thinking).toBe(e.expect.thinking);
    if (e.expect.unclosed !== undefined) expect(split.unclosed).toBe(e.expect.unclosed);
  });
  it('is needed: without it, a draft in the thinking would be taken for the program', () => {
    const raw = (name: string) => extractCode(REPLY_CORPUS.find((e) => e.name === name)!.reply).code;
    expect(raw('<think> with a python draft, the answer in an untagged block')).toMatch(/^n = int\(input\(\)\)\na = .*\nbest = 0\n/);
    expect(raw('an unclosed <think>: cut off while still thinking (no code)')).toMatch(/^def is_balanced/);
  });
});

describe('PAIR: the candidate program', () => {
  it.each(having('pair'))('%s', (_, e) => {
    const got = extractCode(answer(e));
    expect(got.code).toBe(e.expect.pair);
    if (e.expect.how) expect(got.how).toBe(e.expect.how);
  });
});

describe('Talk: the code model program', () => {
  it.each(having('talk'))('%s', (_, e) => expect(extractCode(answer(e)).code).toBe(e.expect.talk));
});

// PrismBench's and the Interview's readers are held to the corpus in their folders (replies-corpus.test.ts).

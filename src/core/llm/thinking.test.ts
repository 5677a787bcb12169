// A reply's thinking taken apart from its answer, in the shapes reasoning models send it.
import { describe, expect, it } from 'vitest';
import { splitThinking } from './thinking.ts';

const F = '```';

describe('splitThinking', () => {
  it('leaves a reply without thinking exactly as it is', () => {
    const reply = '\n\nHere:\n\n```python\nprint(1)\n```\n\n';
    expect(splitThinking(reply)).toEqual({ answer: reply, thinking: null, unclosed: false });
    expect(splitThinking('')).toEqual({ answer: '', thinking: null, unclosed: false });
  });

  it('takes a leading <think> block out, a draft block in it included, and trims the blank lines around the answer', () => {
    const reply = `\n<think>\nThe sum of the list.\n${F}python\nprint(0)\n${F}\nNo, read the input.\n</think>\n\n\nHere is the program:\n\n${F}python\nprint(sum(map(int, input().split())))\n${F}\n\n`;
    expect(splitThinking(reply)).toEqual({
      answer: `Here is the program:\n\n${F}python\nprint(sum(map(int, input().split())))\n${F}`,
      thinking: `The sum of the list.\n${F}python\nprint(0)\n${F}\nNo, read the input.`,
      unclosed: false,
    });
  });

  it('reads <thinking> and any case of the tag names, and joins several leading blocks with a blank line', () => {
    expect(splitThinking('<THINK>one</Think>\n<thinking>\n two \n</THINKING>\nanswer')).toEqual({ answer: 'answer', thinking: 'one\n\ntwo', unclosed: false });
  });

  it('closes a block only with its own tag name', () => {
    expect(splitThinking('<thinking>a </think> b</thinking>ok')).toEqual({ answer: 'ok', thinking: 'a </think> b', unclosed: false });
  });

  it('gives null thinking for empty blocks (Qwen3 without thinking)', () => {
    expect(splitThinking('<think>\n\n</think>\n\nprint(1)')).toEqual({ answer: 'print(1)', thinking: null, unclosed: false });
  });

  it('reads the thinking before a lone closing tag (the opening tag was in the prompt)', () => {
    expect(splitThinking('Okay, the user wants a sum.\nSo read n numbers.\n</think>\n\nAnswer.')).toEqual({
      answer: 'Answer.',
      thinking: 'Okay, the user wants a sum.\nSo read n numbers.',
      unclosed: false,
    });
    expect(splitThinking('</think>\n\nAnswer.')).toEqual({ answer: 'Answer.', thinking: null, unclosed: false });
  });

  it('reads a reply cut off while thinking as all thinking', () => {
    expect(splitThinking(`<think>\nLet me draft it.\n${F}python\ndef f(`)).toEqual({
      answer: '',
      thinking: `Let me draft it.\n${F}python\ndef f(`,
      unclosed: true,
    });
    expect(splitThinking('<think>first</think>\n<think>second, cut')).toEqual({ answer: '', thinking: 'first\n\nsecond, cut', unclosed: true });
    expect(splitThinking('<think>')).toEqual({ answer: '', thinking: null, unclosed: true });
  });

  it('keeps tags that come after the answer has begun as the answer’s text', () => {
    const code = `Strip the reasoning:\n\n${F}python\nimport re\nprint(re.sub(r"<think>.*?</think>", "", input()))\n${F}`;
    expect(splitThinking(code)).toEqual({ answer: code, thinking: null, unclosed: false });
    expect(splitThinking(`<think>plan</think>\n${code}`)).toEqual({ answer: code, thinking: 'plan', unclosed: false });
  });

  it('keeps CRLF line endings and the indentation of the answer’s first line', () => {
    expect(splitThinking('<think>\r\nhmm\r\n</think>\r\n\r\n    x = 1\r\nprint(x)\r\n')).toEqual({
      answer: '    x = 1\r\nprint(x)',
      thinking: 'hmm',
      unclosed: false,
    });
  });
});

// Replies read from either wire, whole and streamed, in the shapes providers send (sources in the
// provider corpus): text and thinking parts, a refusal, a reply cut with no content, the
// Responses API's items and events, and usage wherever it counts the reasoning.
import { describe, expect, it } from 'vitest';
import { capabilitiesFor } from '../capabilities.ts';
import { usageOf } from '../usage.ts';
import { chatBody, readCompletion, takeChunk } from './chat.ts';
import { Reply } from './reply.ts';
import { readResponse, responsesBody, takeEvent } from './responses.ts';

const choice = (message: Record<string, unknown>, finish = 'stop') => ({
  id: 'x',
  model: 'm',
  choices: [{ index: 0, message, finish_reason: finish }],
  usage: { prompt_tokens: 10, completion_tokens: 5 },
});

describe('chat completions', () => {
  it("Mistral's content chunk lists: thinking parts to the thinking, text parts to the answer", () => {
    const reply = readCompletion(
      choice({
        role: 'assistant',
        content: [
          { type: 'thinking', thinking: [{ type: 'text', text: 'Check the bound.' }] },
          { type: 'text', text: 'print(1)' },
        ],
      }),
      'm',
    ).response();
    expect(reply).toMatchObject({ content: 'print(1)', thinking: 'Check the bound.', finishReason: 'stop' });
    // Streamed: the same lists in deltas, then plain strings.
    const r = new Reply('m');
    for (const delta of [
      { content: [{ type: 'thinking', thinking: [{ type: 'text', text: 'Check ' }] }] },
      { content: [{ type: 'thinking', thinking: [{ type: 'text', text: 'the bound.' }] }] },
      { content: 'print(' },
      { content: [{ type: 'text', text: '1)' }] },
    ])
      takeChunk(r, { choices: [{ index: 0, delta }] });
    expect(r.response()).toMatchObject({ content: 'print(1)', thinking: 'Check the bound.' });
  });

  it('a refusal is no answer; a content filter is a refusal too', () => {
    expect(readCompletion(choice({ role: 'assistant', content: null, refusal: "I can't help with that." }), 'm').response()).toMatchObject({
      content: '',
      refusal: "I can't help with that.",
    });
    expect(readCompletion(choice({ role: 'assistant', content: 'partial' }, 'content_filter'), 'm').response()).toMatchObject({
      content: '',
      refusal: "the provider's content filter stopped the reply",
    });
    const r = new Reply('m');
    takeChunk(r, { choices: [{ index: 0, delta: { role: 'assistant', content: null, refusal: '' } }] });
    takeChunk(r, { choices: [{ index: 0, delta: { refusal: 'No.' }, finish_reason: 'stop' }] });
    expect(r.response()).toMatchObject({ content: '', refusal: 'No.' });
  });

  it('a reply cut by its limit with no content (null, or no field at all) is a cut reply, not a malformed one', () => {
    expect(readCompletion(choice({ role: 'assistant', content: null }, 'length'), 'm').response()).toMatchObject({ content: '', finishReason: 'length' });
    expect(readCompletion(choice({ role: 'assistant' }, 'length'), 'm').response()).toMatchObject({ content: '', finishReason: 'length' });
    expect(() => readCompletion(choice({ role: 'assistant' }, 'stop'), 'm')).toThrow(/no message content/);
  });

  it("Gemini's thoughts asked for through extra_body come back in <thought> tags", () => {
    const { body } = chatBody(
      { model: 'gemini-2.5-flash', messages: [{ role: 'user', content: 'hi' }] },
      { ...capabilitiesFor('gemini', 'gemini-2.5-flash'), thoughts: true },
      true,
    );
    expect(body.extra_body).toEqual({ google: { thinking_config: { include_thoughts: true } } });
    expect(readCompletion(choice({ role: 'assistant', content: '<thought>Consider n = 0.</thought>print(0)' }), 'm').response()).toMatchObject({
      content: 'print(0)',
      thinking: 'Consider n = 0.',
    });
  });

  it('a Mistral request carries no stream_options; OpenAI chat models ask for the usage', () => {
    const ask = { model: 'x', messages: [{ role: 'user' as const, content: 'hi' }], maxTokens: 100 };
    expect(chatBody(ask, capabilitiesFor('mistral', 'mistral-small-latest'), true).body).toEqual({
      model: 'x',
      messages: ask.messages,
      max_tokens: 100,
      stream: true,
    });
    expect(chatBody(ask, capabilitiesFor('openai', 'gpt-4o-mini'), true).body).toEqual({
      model: 'x',
      messages: ask.messages,
      max_completion_tokens: 100,
      stream: true,
      stream_options: { include_usage: true },
    });
  });
});

describe('the Responses API', () => {
  it('the request: input messages, max_output_tokens, the effort and its summary, nothing stored', () => {
    const { body } = responsesBody(
      {
        model: 'gpt-5-pro',
        messages: [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: 'hi' },
        ],
        maxTokens: 900,
        reasoningEffort: 'medium',
      },
      capabilitiesFor('openai', 'gpt-5-pro'),
      true,
    );
    expect(body).toEqual({
      model: 'gpt-5-pro',
      input: [
        { role: 'developer', content: 'Be brief.' },
        { role: 'user', content: 'hi' },
      ],
      max_output_tokens: 900,
      reasoning: { effort: 'high', summary: 'auto' },
      store: false,
      stream: true,
    });
  });

  it('a whole response: the reasoning summary is the thinking, output_text the answer, a refusal part a refusal, incomplete by max_output_tokens a cut reply', () => {
    const usage = {
      input_tokens: 20,
      input_tokens_details: { cached_tokens: 8 },
      output_tokens: 30,
      output_tokens_details: { reasoning_tokens: 24 },
      total_tokens: 50,
    };
    const reasoning = {
      type: 'reasoning',
      id: 'rs',
      summary: [
        { type: 'summary_text', text: 'Plan.' },
        { type: 'summary_text', text: 'Check.' },
      ],
    };
    const message = (content: unknown[]) => ({ type: 'message', id: 'msg', role: 'assistant', status: 'completed', content });
    expect(
      readResponse(
        { status: 'completed', model: 'gpt-5-pro', output: [reasoning, message([{ type: 'output_text', text: 'print(1)', annotations: [] }])], usage },
        'm',
      ).response(),
    ).toEqual({
      content: 'print(1)',
      thinking: 'Plan.\n\nCheck.',
      usage: { promptTokens: 20, completionTokens: 30, reasoningTokens: 24, cachedPromptTokens: 8 },
      model: 'gpt-5-pro',
      finishReason: 'stop',
    });
    expect(readResponse({ status: 'completed', output: [message([{ type: 'refusal', refusal: 'No.' }])] }, 'm').response()).toMatchObject({
      content: '',
      refusal: 'No.',
    });
    expect(readResponse({ status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' }, output: [reasoning] }, 'm').response()).toMatchObject({
      content: '',
      finishReason: 'length',
      thinking: 'Plan.\n\nCheck.',
    });
  });

  it('events: summary and text deltas, the usage and status from the last event; an error event fails the reply', () => {
    const r = new Reply('m');
    const events = [
      { type: 'response.created', response: { status: 'in_progress' } },
      { type: 'response.reasoning_summary_part.added' },
      { type: 'response.reasoning_summary_text.delta', delta: 'Plan.' },
      { type: 'response.reasoning_summary_part.added' },
      { type: 'response.reasoning_summary_text.delta', delta: 'Check.' },
      { type: 'response.output_text.delta', delta: 'print(' },
      { type: 'response.output_text.delta', delta: '1)' },
      { type: 'response.completed', response: { status: 'completed', model: 'gpt-5-pro', output: [], usage: { input_tokens: 5, output_tokens: 9 } } },
    ];
    expect(events.map((e) => takeEvent(r, e))).toEqual([false, false, true, false, true, true, true, false]);
    expect(r.response()).toEqual({
      content: 'print(1)',
      thinking: 'Plan.\n\nCheck.',
      usage: { promptTokens: 5, completionTokens: 9 },
      model: 'gpt-5-pro',
      finishReason: 'stop',
    });
    expect(() => takeEvent(new Reply('m'), { type: 'error', code: 'server_error', message: 'The server had an error.' })).toThrow(/The server had an error/);
  });
});

describe('usage', () => {
  it('reasoning the completion leaves out but the total counts (Gemini) is added to the output', () => {
    expect(usageOf({ prompt_tokens: 100, completion_tokens: 20, total_tokens: 150 })).toEqual({ promptTokens: 100, completionTokens: 50, reasoningTokens: 30 });
    expect(usageOf({ prompt_tokens: 100, completion_tokens: 50, total_tokens: 150, completion_tokens_details: { reasoning_tokens: 30 } })).toEqual({
      promptTokens: 100,
      completionTokens: 50,
      reasoningTokens: 30,
    });
    expect(usageOf({ prompt_tokens: 100, completion_tokens: 20, total_tokens: 150, completion_tokens_details: { reasoning_tokens: 30 } })).toEqual({
      promptTokens: 100,
      completionTokens: 50,
      reasoningTokens: 30,
    });
  });
});

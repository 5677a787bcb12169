// What a refusal teaches a model's request shape, and the reasoning effort it is then sent with:
// never dropped in silence, moved to the nearest value the model takes.
import { describe, expect, it } from 'vitest';
import { capabilitiesFor, type Capabilities } from './capabilities.ts';
import { effortToSend, nearestEffort } from './effort.ts';
import { learn } from './learn.ts';
import { sentSettings } from './wire/settings.ts';

const shape = (over: Partial<Capabilities> = {}): Capabilities => ({ ...capabilitiesFor('custom', 'house-model'), ...over });
const ask = { model: 'm', messages: [{ role: 'user' as const, content: 'hi' }] };

describe('reasoning effort', () => {
  it('moves to the nearest value taken; between two as near, to the one with more thinking', () => {
    expect(nearestEffort('minimal', ['none', 'low', 'medium', 'high'])).toBe('low');
    expect(nearestEffort('xhigh', ['low', 'medium', 'high'])).toBe('high');
    expect(nearestEffort('medium', ['low', 'high'])).toBe('high');
    expect(nearestEffort('low', ['none', 'high'])).toBe('high'); // two steps either way
    expect(nearestEffort('none', ['minimal', 'low', 'medium', 'high'])).toBe('minimal');
    expect(nearestEffort('high', [])).toBeNull();
    expect(effortToSend('minimal', undefined)).toBe('minimal');
  });

  it('every request says how it differs from the settings: effort moved or not sent, temperature not sent, reply limit capped', () => {
    const gpt51 = capabilitiesFor('openai', 'gpt-5.1');
    expect(sentSettings({ ...ask, reasoningEffort: 'minimal', temperature: 0.2 }, gpt51)).toEqual({
      reasoningEffort: 'low',
      changed: ['temperature 0.2 not sent (the model takes its default only)', 'reasoning effort minimal → low'],
    });
    expect(sentSettings({ ...ask, reasoningEffort: 'high' }, capabilitiesFor('anthropic', 'claude-sonnet-4-5'))).toEqual({
      changed: ['reasoning effort high not sent (the model takes none)'],
    });
    expect(sentSettings({ ...ask, maxTokens: 16384 }, shape({ maxReplyTokens: 8192 }))).toEqual({
      maxTokens: 8192,
      changed: ['reply limit 16384 → 8192 tokens (the most the model takes)'],
    });
    expect(sentSettings({ ...ask, reasoningEffort: 'high', temperature: 0.3, maxTokens: 100 }, shape({ reasoningEffort: true }))).toEqual({
      temperature: 0.3,
      maxTokens: 100,
      reasoningEffort: 'high',
      changed: [],
    });
  });
});

describe('learn', () => {
  it('a refused value takes the values the provider listed; without a list, the ones known less the refused one', () => {
    const s = shape({ reasoningEffort: true });
    expect(learn(s, { kind: 'value', param: 'reasoning_effort', allowed: ['none', 'low', 'medium', 'high', 'default'] }, 'minimal')).toBe(
      'reasoning efforts limited to none, low, medium, high (as the provider listed)',
    );
    expect(s.efforts).toEqual(['none', 'low', 'medium', 'high']);
    expect(learn(s, { kind: 'value', param: 'reasoning_effort' }, 'low')).toBe('reasoning efforts limited to none, medium, high');
    expect(learn(s, { kind: 'value', param: 'reasoning_effort', allowed: ['none', 'medium', 'high'] }, 'low')).toBeNull(); // nothing new
    const one = shape({ reasoningEffort: true, efforts: ['high'] });
    expect(learn(one, { kind: 'value', param: 'reasoning_effort' }, 'high')).toBe('reasoning_effort left out (the provider took none of its values)');
    expect(one.reasoningEffort).toBe(false);
    const none = shape({ reasoningEffort: true });
    expect(learn(none, { kind: 'parameter', param: 'reasoning_effort' })).toBe('reasoning_effort left out (the model takes none)');
  });

  it('fields, roles, the stream usage, the thinking asked for, a reply limit, another API', () => {
    const s = shape({ thoughts: true });
    expect(learn(s, { kind: 'parameter', param: 'max_tokens' })).toBe('max_tokens → max_completion_tokens');
    expect(learn(s, { kind: 'parameter', param: 'stream_options.include_usage' })).toBe('stream_options left out');
    expect(learn(s, { kind: 'parameter', param: 'extra_body' })).toBe('thinking no longer asked for');
    expect(learn(s, { kind: 'value', param: 'temperature' })).toBe('temperature left out');
    expect(learn(s, { kind: 'role', role: 'system' })).toBe('system message folded into the first user message');
    expect(learn(s, { kind: 'value', param: 'max_completion_tokens', max: 8192 })).toBe('reply limit capped at 8192 tokens (the most the model takes)');
    expect(learn(s, { kind: 'api', api: 'responses' })).toBe('sent through the Responses API (the model is not served by chat completions)');
    expect(learn(s, { kind: 'parameter', param: 'messages.name' })).toBeNull();
    expect(s).toMatchObject({
      tokenLimit: 'max_completion_tokens',
      streamUsage: false,
      thoughts: false,
      temperature: false,
      systemRole: 'user',
      maxReplyTokens: 8192,
      api: 'responses',
    });
    const dev = shape({ systemRole: 'developer' });
    expect(learn(dev, { kind: 'role', role: 'developer' })).toBe('developer message sent as a system message');
  });
});

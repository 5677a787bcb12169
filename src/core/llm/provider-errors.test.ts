// Error bodies read whole, in the shapes providers send them (each shape's source is in the
// provider corpus, src/core/llm/fixtures/providers/): the message in the provider's words, and
// what the body names as refused.
import { describe, expect, it } from 'vitest';
import { readErrorBody } from './provider-errors.ts';

const read = (status: number, body: unknown) => readErrorBody(status, typeof body === 'string' ? body : JSON.stringify(body));

describe('readErrorBody', () => {
  it("OpenAI's error object: its message, and the parameter or value its param and code name", () => {
    expect(
      read(400, {
        error: {
          message: "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
          type: 'invalid_request_error',
          param: 'max_tokens',
          code: 'unsupported_parameter',
        },
      }),
    ).toEqual({
      message: "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
      code: 'unsupported_parameter',
      type: 'invalid_request_error',
      named: [{ kind: 'parameter', param: 'max_tokens' }],
    });
    const effort = read(400, {
      error: {
        message: "Unsupported value: 'reasoning_effort' does not support 'minimal' with this model. Supported values are: 'none', 'low', 'medium', and 'high'.",
        type: 'invalid_request_error',
        param: 'reasoning_effort',
        code: 'unsupported_value',
      },
    });
    expect(effort.named).toEqual([{ kind: 'value', param: 'reasoning_effort', allowed: ['none', 'low', 'medium', 'high'] }]);
    // A chat model's refusal has no param: the message names it.
    expect(
      read(400, { error: { message: 'Unrecognized request argument supplied: reasoning_effort', type: 'invalid_request_error', param: null, code: null } })
        .named,
    ).toEqual([{ kind: 'parameter', param: 'reasoning_effort' }]);
  });

  it("Mistral's 422 validation list (no `error` key): every item located, never 'no body'", () => {
    const body = {
      object: 'error',
      message: {
        detail: [{ type: 'extra_forbidden', loc: ['body', 'stream_options'], msg: 'Extra inputs are not permitted', input: { include_usage: true } }],
      },
      type: 'invalid_request_error',
      param: null,
      code: null,
    };
    expect(read(422, body)).toEqual({
      message: 'stream_options: Extra inputs are not permitted',
      type: 'invalid_request_error',
      named: [{ kind: 'parameter', param: 'stream_options' }],
    });
    // A nested location, and the bare {"detail": […]} shape.
    expect(
      read(422, { detail: [{ type: 'extra_forbidden', loc: ['body', 'stream_options', 'include_usage'], msg: 'Extra inputs are not permitted' }] }).named,
    ).toEqual([{ kind: 'parameter', param: 'stream_options.include_usage' }]);
    // The earlier shape: the message is itself JSON text.
    const older = {
      object: 'error',
      message: JSON.stringify({ detail: [{ type: 'extra_forbidden', loc: ['body', 'frequency_penalty'], msg: 'Extra inputs are not permitted', input: 0 }] }),
      type: 'internal_error_proxy',
      param: null,
      code: '1000',
    };
    expect(read(422, older)).toMatchObject({
      message: 'frequency_penalty: Extra inputs are not permitted',
      code: '1000',
      named: [{ kind: 'parameter', param: 'frequency_penalty' }],
    });
    // The late-2025 shape: detail and message both lists.
    const item = { type: 'extra_forbidden', loc: ['body', 'tools'], msg: 'Extra inputs are not permitted', input: [] };
    expect(read(422, { object: 'Error', detail: [item], message: [item], type: 'invalid_request_error', code: 3001 })).toMatchObject({
      message: 'tools: Extra inputs are not permitted',
      code: '3001',
      named: [{ kind: 'parameter', param: 'tools' }],
    });
  });

  it("OpenRouter's wrapped upstream refusal: the parameter named inside metadata.raw, and who refused", () => {
    const raw = JSON.stringify({
      error: {
        message: "Unsupported parameter: 'temperature' is not supported with this model.",
        type: 'invalid_request_error',
        param: 'temperature',
        code: 'unsupported_parameter',
      },
    });
    const got = read(400, { error: { message: 'Provider returned error', code: 400, metadata: { raw, provider_name: 'OpenAI' } } });
    expect(got.named).toEqual([{ kind: 'parameter', param: 'temperature' }]);
    expect(got.via).toBe('OpenAI');
    expect(got.message).toBe("Provider returned error; Unsupported parameter: 'temperature' is not supported with this model.");
  });

  it("Gemini's list of errors, Anthropic's envelope, a bare string error, vLLM's older top-level shape", () => {
    expect(
      read(400, [{ error: { code: 400, message: 'Invalid JSON payload received. Unknown name "seed": Cannot find field.', status: 'INVALID_ARGUMENT' } }])
        .named,
    ).toEqual([{ kind: 'parameter', param: 'seed' }]);
    expect(read(400, { type: 'error', error: { type: 'invalid_request_error', message: 'seed: Extra inputs are not permitted' } })).toMatchObject({
      message: 'seed: Extra inputs are not permitted',
      type: 'invalid_request_error',
    });
    expect(read(400, { error: 'No models loaded. Please load a model in the developer page or use the `lms load` command.' }).message).toMatch(
      /^No models loaded/,
    );
    expect(read(404, { object: 'error', message: 'The model `x` does not exist.', type: 'NotFoundError', param: null, code: 404 })).toMatchObject({
      message: 'The model `x` does not exist.',
      code: '404',
    });
  });

  it("effort values in words: quoted, bare, or in Ollama's and Mistral's wording", () => {
    expect(read(400, { error: { message: `invalid reasoning value: 'minimal' (must be "high", "medium", "low", or "none")` } }).named).toEqual([
      { kind: 'value', param: 'reasoning_effort', allowed: ['high', 'medium', 'low', 'none'] },
    ]);
    expect(read(400, [{ error: { code: 400, message: 'Invalid reasoning_effort: xhigh. Valid values are: high, low, medium, none' } }]).named).toEqual([
      { kind: 'value', param: 'reasoning_effort', allowed: ['high', 'low', 'medium', 'none'] },
    ]);
    expect(
      read(400, {
        object: 'error',
        message: "reasoning_effort='low' is not supported for this model. Must be one of (<ReasoningEffort.none: 'none'>, <ReasoningEffort.high: 'high'>)",
        code: '3051',
      }).named,
    ).toEqual([{ kind: 'value', param: 'reasoning_effort', allowed: ['none', 'high'] }]);
    expect(
      read(400, { error: { message: "'reasoning_effort' : value is not one of the allowed values ['none', 'default', 'low', 'medium', 'high']" } }).named,
    ).toEqual([{ kind: 'value', param: 'reasoning_effort', allowed: ['none', 'default', 'low', 'medium', 'high'] }]);
    expect(read(400, { error: { message: '"qwen2.5-coder:7b" does not support thinking' } }).named).toEqual([{ kind: 'parameter', param: 'reasoning_effort' }]);
  });

  it('a role refused (DeepSeek answers in plain text), a reply limit above the most, a model served elsewhere', () => {
    expect(
      read(
        400,
        'Failed to deserialize the JSON body into the target type: messages[0].role: unknown variant `developer`, expected one of `system`, `user`, `assistant`, `tool`',
      ).named,
    ).toEqual([{ kind: 'role', role: 'developer' }]);
    expect(read(400, { error: { message: 'Invalid max_tokens value, the valid range of max_tokens is [1, 8192]' } }).named).toEqual([
      { kind: 'value', param: 'max_tokens', max: 8192 },
    ]);
    expect(
      read(404, {
        error: {
          message: 'This model is only supported in v1/responses and not in v1/chat/completions.',
          type: 'invalid_request_error',
          param: 'model',
          code: null,
        },
      }).named,
    ).toContainEqual({ kind: 'api', api: 'responses' });
  });

  it('text and HTML bodies, empty bodies, bodies with no message', () => {
    expect(read(502, '<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1></body></html>').message).toBe(
      '502 Bad Gateway 502 Bad Gateway',
    );
    expect(read(503, '')).toEqual({ message: 'HTTP 503 with an empty body', named: [] });
    expect(read(400, { ok: false }).message).toBe('HTTP 400, a body with no message: {"ok":false}');
  });
});

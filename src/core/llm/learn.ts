// Learning from refusals: a provider that refuses part of a request (provider-errors.ts reads
// what its error names) teaches the model's request shape to send it otherwise — leave a
// parameter out, move the reply limit to the other field, send system messages another way,
// take a reasoning effort from the values the provider lists, or use the Responses API. Each
// change is said in words; a refusal the shape cannot answer changes nothing.
import type { Capabilities } from './capabilities.ts';
import { isEffort, REASONING_EFFORTS, type ReasoningEffort } from './effort.ts';
import type { Named } from './provider-errors.ts';

/** Change the shape so that the named part is not refused again; the change in words, or null when it cannot be helped. */
export function learn(shape: Capabilities, named: Named, sentEffort?: ReasoningEffort): string | null {
  if (named.kind === 'api') {
    if (shape.api === 'responses') return null;
    shape.api = 'responses';
    return 'sent through the Responses API (the model is not served by chat completions)';
  }
  if (named.kind === 'role') return learnRole(shape, named.role);
  const p = named.param.toLowerCase().replace(/^body\./, '');
  if (named.kind === 'value' && named.max !== undefined && /^max_(completion_|output_)?tokens$/.test(p)) {
    if (shape.maxReplyTokens !== undefined && shape.maxReplyTokens <= named.max) return null;
    shape.maxReplyTokens = named.max;
    return `reply limit capped at ${named.max} tokens (the most the model takes)`;
  }
  if (p === 'max_tokens' && shape.tokenLimit === 'max_tokens') return ((shape.tokenLimit = 'max_completion_tokens'), 'max_tokens → max_completion_tokens');
  if (p === 'max_completion_tokens' && shape.tokenLimit === 'max_completion_tokens')
    return ((shape.tokenLimit = 'max_tokens'), 'max_completion_tokens → max_tokens');
  if (p === 'temperature' && shape.temperature) return ((shape.temperature = false), 'temperature left out');
  if (p === 'seed' && shape.seed) return ((shape.seed = false), 'seed left out');
  if ((p === 'reasoning_effort' || p === 'reasoning.effort' || p === 'reasoning') && shape.reasoningEffort) {
    if (named.kind === 'parameter') return ((shape.reasoningEffort = false), 'reasoning_effort left out (the model takes none)');
    return learnEfforts(shape, named.allowed, sentEffort);
  }
  if (p.startsWith('stream_options') && shape.streamUsage) return ((shape.streamUsage = false), 'stream_options left out');
  if (p === 'stream' && shape.stream) return ((shape.stream = false), 'streaming turned off');
  if ((p === 'reasoning.summary' || p.startsWith('extra_body') || p.startsWith('google') || /thinking_config|include_thoughts/.test(p)) && shape.thoughts)
    return ((shape.thoughts = false), 'thinking no longer asked for');
  if (p === 'role' || p === 'messages.role' || /^messages(\[\d+\])?\.role$/.test(p) || p === 'developer')
    return learnRole(shape, /developer/.test(p) ? 'developer' : shape.systemRole);
  return null;
}

function learnRole(shape: Capabilities, role: string): string | null {
  if (role === 'developer' && shape.systemRole === 'developer') return ((shape.systemRole = 'system'), 'developer message sent as a system message');
  if (shape.systemRole !== 'user' && (role === 'system' || role === shape.systemRole))
    return ((shape.systemRole = 'user'), 'system message folded into the first user message');
  return null;
}

/** A refused effort: the values the provider listed, or those known less the refused one; none left means none at all. */
function learnEfforts(shape: Capabilities, listed: string[] | undefined, sent: ReasoningEffort | undefined): string | null {
  const allowed = listed?.filter(isEffort);
  const before = shape.efforts ?? [...REASONING_EFFORTS];
  const next = allowed?.length ? allowed : before.filter((e) => e !== sent);
  if (!next.length) return ((shape.reasoningEffort = false), 'reasoning_effort left out (the provider took none of its values)');
  if (shape.efforts && next.length === shape.efforts.length && next.every((e) => shape.efforts!.includes(e))) return null;
  shape.efforts = next;
  return `reasoning efforts limited to ${next.join(', ')}${allowed?.length ? ' (as the provider listed)' : ''}`;
}

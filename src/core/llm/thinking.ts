// A reasoning model's thinking apart from its answer. Models served by Ollama, vLLM or llama.cpp
// (Qwen3, DeepSeek-R1 distills) write it in <think>…</think> or <thinking>…</thinking> blocks, and
// Gemini, asked for its thoughts, in <thought>…</thought>,
// before the answer; servers that put the opening tag in the prompt send the thinking and a lone
// closing tag. Rule: only blocks at the start of the reply (whitespace between them) are thinking,
// so a tag after the answer has begun is the answer's own text (code or prose about the tags).
// An opening tag never closed is a reply cut off while thinking: all of it is thinking.

const OPEN = /^\s*<(think|thinking|thought)>/i;
const ANY_OPEN = /<(think|thinking|thought)>/i;
const CLOSE = /<\/(think|thinking|thought)>/i;

export interface SplitReply {
  /** The reply less its thinking, blank lines around it trimmed; the reply as it is when it had none. */
  answer: string;
  /** The blocks' texts, trimmed, a blank line between them; null when there was none (or only empty blocks). */
  thinking: string | null;
  /** Cut off while thinking: an opening tag with no closing one (the answer is then ''). */
  unclosed: boolean;
}

export function splitThinking(content: string): SplitReply {
  const texts: string[] = [];
  let rest = content;
  let found = false;
  let unclosed = false;
  const lone = CLOSE.exec(rest);
  if (lone && !ANY_OPEN.test(rest.slice(0, lone.index))) {
    texts.push(rest.slice(0, lone.index));
    rest = rest.slice(lone.index + lone[0].length);
    found = true;
  }
  for (let open = OPEN.exec(rest); open; open = OPEN.exec(rest)) {
    found = true;
    const inside = rest.slice(open[0].length);
    const end = new RegExp(`</${open[1]}>`, 'i').exec(inside);
    if (!end) {
      texts.push(inside);
      rest = '';
      unclosed = true;
      break;
    }
    texts.push(inside.slice(0, end.index));
    rest = inside.slice(end.index + end[0].length);
  }
  if (!found) return { answer: content, thinking: null, unclosed: false };
  const thinking = texts
    .map((t) => t.trim())
    .filter(Boolean)
    .join('\n\n');
  return { answer: rest.replace(/^(?:[ \t]*\r?\n)+/, '').trimEnd(), thinking: thinking || null, unclosed };
}

// The chat template a model is prompted with: its own (tokenizer.chat_template in its GGUF), or,
// for a model that names none, a named fallback: ChatML, the format of the Qwen family and of
// llama.cpp's server when a model has no template.

export const CHATML = {
  name: 'ChatML',
  text: "{% for message in messages %}{{ '<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>' + '\\n' }}{% endfor %}{% if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{% endif %}",
} as const;

export interface ChosenTemplate {
  /** "the model's own", or the fallback's name. */
  name: string;
  text: string;
  fallback: boolean;
}

export const templateFor = (own: string | null): ChosenTemplate =>
  own
    ? { name: "the model's own", text: own, fallback: false }
    : { name: `${CHATML.name} (fallback: the model names no template)`, text: CHATML.text, fallback: true };

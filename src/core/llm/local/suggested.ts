// Small instruction-tuned code models to try in the browser (docs/local-models.md): about
// 0.5–1.5 B parameters at 4 bits. Sizes are approximate; the page reads each file's exact size
// from the server before anything is downloaded, and the user confirms.

export interface SuggestedModel {
  label: string;
  url: string;
  /** Parameters, in words. */
  parameters: string;
  /** The file's size, about. */
  approxBytes: number;
  licence: string;
  licenceUrl: string;
}

export const SUGGESTED_MODELS: readonly SuggestedModel[] = [
  {
    label: 'Qwen2.5-Coder 0.5B Instruct (Q4_K_M)',
    url: 'https://huggingface.co/Qwen/Qwen2.5-Coder-0.5B-Instruct-GGUF/resolve/main/qwen2.5-coder-0.5b-instruct-q4_k_m.gguf',
    parameters: '0.5 B',
    approxBytes: 0.4e9,
    licence: 'Apache-2.0',
    licenceUrl: 'https://huggingface.co/Qwen/Qwen2.5-Coder-0.5B-Instruct/blob/main/LICENSE',
  },
  {
    label: 'DeepSeek-Coder 1.3B Instruct (Q4_K_M)',
    url: 'https://huggingface.co/TheBloke/deepseek-coder-1.3b-instruct-GGUF/resolve/main/deepseek-coder-1.3b-instruct.Q4_K_M.gguf',
    parameters: '1.3 B',
    approxBytes: 0.87e9,
    licence: 'DeepSeek License (use restrictions apply)',
    licenceUrl: 'https://github.com/deepseek-ai/DeepSeek-Coder/blob/main/LICENSE-MODEL',
  },
  {
    label: 'Qwen2.5-Coder 1.5B Instruct (Q4_K_M)',
    url: 'https://huggingface.co/Qwen/Qwen2.5-Coder-1.5B-Instruct-GGUF/resolve/main/qwen2.5-coder-1.5b-instruct-q4_k_m.gguf',
    parameters: '1.5 B',
    approxBytes: 1.1e9,
    licence: 'Apache-2.0',
    licenceUrl: 'https://huggingface.co/Qwen/Qwen2.5-Coder-1.5B-Instruct/blob/main/LICENSE',
  },
];

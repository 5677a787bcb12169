// Provider presets: OpenAI-compatible endpoints, with what each needs to work from a browser.

export interface Preset {
  id: string;
  label: string;
  baseURL: string;
  /** Extra headers every request needs. */
  headers?: Record<string, string>;
  /** The header the key goes in: Authorization (as a bearer token) unless said. */
  keyHeader?: 'api-key';
  /** Azure OpenAI: the api-version every request carries (editable per provider); its base URL is the resource's endpoint and its models are deployments. */
  apiVersion?: string;
  /** The base URL is the user's own (a custom endpoint, an Azure resource): it must be entered. */
  ownURL?: boolean;
  /** Whether a key is needed (local servers usually take none). */
  needsKey: boolean;
  /** An example model name to start from. */
  exampleModel: string;
  /** What to do when the browser cannot reach it (CORS). */
  corsFix: string;
  local?: boolean;
  /** The model runs in this browser (llama.cpp in WebAssembly): no server, no key, no cost. */
  inBrowser?: boolean;
}

/** The preset of models that run in this browser (docs/local-models.md). */
export const IN_BROWSER = 'inbrowser';
/** Their base URL in runs: they have no endpoint. */
export const IN_BROWSER_URL = 'in-browser:';

/** For hosted APIs that may not answer requests from a web page. */
const VIA_ELSEWHERE =
  'If the network is fine, this provider does not answer requests from web pages (CORS): reach the same model through OpenRouter, or run the benchmark with `npx hintbench run`, which sends requests from Node.';

export const PRESETS: Preset[] = [
  { id: 'openai', label: 'OpenAI', baseURL: 'https://api.openai.com/v1', needsKey: true, exampleModel: 'gpt-4o-mini', corsFix: VIA_ELSEWHERE },
  {
    id: 'azure',
    label: 'Azure OpenAI',
    baseURL: 'https://<resource>.openai.azure.com',
    keyHeader: 'api-key',
    // Reasoning models (o1, o3-mini) need 2024-12-01-preview or later, the Responses API 2025-03-01-preview, its summaries 2025-04-01-preview.
    apiVersion: '2025-04-01-preview',
    ownURL: true,
    needsKey: true,
    exampleModel: 'your deployment name',
    corsFix: `Check the resource endpoint (https://<resource>.openai.azure.com, without /openai) and the deployment name. ${VIA_ELSEWHERE}`,
  },
  {
    id: 'openrouter',
    label: 'OpenRouter',
    baseURL: 'https://openrouter.ai/api/v1',
    needsKey: true,
    exampleModel: 'deepseek/deepseek-chat',
    corsFix: 'OpenRouter answers browser requests; check your network, VPN or browser extensions (ad blockers can block API hosts).',
  },
  {
    id: 'anthropic',
    label: 'Anthropic (OpenAI-compatible endpoint)',
    baseURL: 'https://api.anthropic.com/v1/',
    headers: { 'anthropic-dangerous-direct-browser-access': 'true' },
    needsKey: true,
    exampleModel: 'claude-sonnet-4-5',
    corsFix: 'Anthropic answers browsers only with the header "anthropic-dangerous-direct-browser-access: true" (the preset sends it); keep it.',
  },
  {
    id: 'gemini',
    label: 'Google Gemini (OpenAI-compatible endpoint)',
    baseURL: 'https://generativelanguage.googleapis.com/v1beta/openai/',
    needsKey: true,
    exampleModel: 'gemini-2.5-flash',
    corsFix: `Check that the base URL ends in /v1beta/openai/. ${VIA_ELSEWHERE}`,
  },
  { id: 'deepseek', label: 'DeepSeek', baseURL: 'https://api.deepseek.com/v1', needsKey: true, exampleModel: 'deepseek-v4-flash', corsFix: VIA_ELSEWHERE },
  { id: 'groq', label: 'Groq', baseURL: 'https://api.groq.com/openai/v1', needsKey: true, exampleModel: 'llama-3.3-70b-versatile', corsFix: VIA_ELSEWHERE },
  {
    id: 'together',
    label: 'Together',
    baseURL: 'https://api.together.xyz/v1',
    needsKey: true,
    exampleModel: 'meta-llama/Llama-3.3-70B-Instruct-Turbo',
    corsFix: VIA_ELSEWHERE,
  },
  { id: 'mistral', label: 'Mistral', baseURL: 'https://api.mistral.ai/v1', needsKey: true, exampleModel: 'mistral-small-latest', corsFix: VIA_ELSEWHERE },
  {
    id: 'ollama',
    label: 'Ollama (local)',
    baseURL: 'http://localhost:11434/v1',
    needsKey: false,
    exampleModel: 'qwen2.5-coder:7b',
    local: true,
    corsFix: 'Start Ollama with this page allowed: OLLAMA_ORIGINS="<this page\'s origin>" ollama serve (or OLLAMA_ORIGINS="*").',
  },
  {
    id: 'lmstudio',
    label: 'LM Studio (local)',
    baseURL: 'http://localhost:1234/v1',
    needsKey: false,
    exampleModel: 'qwen2.5-coder-7b-instruct',
    local: true,
    corsFix: 'In LM Studio\'s server settings, turn on "Enable CORS".',
  },
  {
    id: 'vllm',
    label: 'vLLM (local)',
    baseURL: 'http://localhost:8000/v1',
    needsKey: false,
    exampleModel: 'Qwen/Qwen2.5-Coder-7B-Instruct',
    local: true,
    corsFix: "Start vLLM with --allowed-origins '[\"*\"]' (or this page's origin).",
  },
  {
    id: 'llamacpp',
    label: 'llama.cpp server (local)',
    baseURL: 'http://localhost:8080/v1',
    needsKey: false,
    exampleModel: 'local-model',
    local: true,
    corsFix: 'llama-server allows browser requests by default; check that it is running on this port.',
  },
  {
    id: IN_BROWSER,
    label: 'In this browser',
    baseURL: IN_BROWSER_URL,
    needsKey: false,
    exampleModel: '',
    local: true,
    inBrowser: true,
    corsFix: 'The model runs in this tab: nothing is sent anywhere.',
  },
  {
    id: 'custom',
    label: 'Custom OpenAI-compatible endpoint',
    baseURL: '',
    ownURL: true,
    needsKey: false,
    exampleModel: '',
    corsFix: "The server must answer browser requests with CORS headers (Access-Control-Allow-Origin) for this page's origin.",
  },
];

/** The preset with this id; an unknown id is an error (never a silent fall-back to "custom"). */
export function presetById(id: string): Preset {
  const preset = PRESETS.find((p) => p.id === id);
  if (!preset) throw new Error(`unknown provider preset "${id}" (presets: ${PRESETS.map((p) => p.id).join(', ')})`);
  return preset;
}

/** The preset with this id, or "custom" for one this copy does not know (stored settings of another version). */
export const presetOrCustom = (id: string): Preset => PRESETS.find((p) => p.id === id) ?? PRESETS.at(-1)!;

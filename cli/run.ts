// `hintbench run --config run.json --out results.json [--shard k/n]` and `hintbench demo`:
// a full run through the built site in headless Chromium. Provider keys come from the
// environment variables the config names; they are added to requests by this process on
// their way out (the page never holds them), and never written anywhere.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import * as v from 'valibot';
import type { PriceTable } from '../src/core/llm/pricing.ts';
import type { Instance } from '../src/core/model/instance.ts';
import type { InterviewTask } from '../src/core/model/task.ts';
import { importFiles } from '../src/core/datasets/importers/index.ts';
import type { RunLog } from '../src/core/model/runlog.ts';
import { IN_BROWSER, IN_BROWSER_URL, presetById, PRESETS } from '../src/core/llm/presets.ts';
import { modelIdOf, orderFiles, sourceFromUrl } from '../src/core/llm/local/sources.ts';
import { serveModelFiles, type ModelFiles } from './model-files.ts';
import { parseParams } from '../src/core/protocols/params.ts';
import { PROTOCOL_IDS, requireProtocol } from '../src/core/protocols/registry.ts';
import { needsDataset, subjectsOf } from '../src/core/protocols/work.ts';
import { parseSettings } from '../src/core/runner/settings.ts';
import { pickInstances, pickTasks, splitParams } from '../src/core/runner/study.ts';
import { REASONING_EFFORTS } from '../src/core/llm/effort.ts';
import { modelSpec } from '../src/core/llm/specs.ts';
import type { AnyProtocol } from '../src/core/protocols/contract.ts';
import { NO_DATASET, type CandidateConfig, type ModelConfig, type ProviderModelConfig, type RunConfig, type RunData } from '../src/core/runner/setup.ts';
import { DEMO_PROTOCOLS, demoRun, demoRuns } from '../src/core/runner/demo.ts';
import { openSite, type Site } from './browser.ts';
import { readDataset } from './exec.ts';
import { readUpload } from './import.ts';
import { fullReport } from './report.ts';
import { writeRunLogFile } from './runlog-file.ts';
import { DIST, ensureBuilt } from './site.ts';

export { pickInstances };

const log = (line: string) => process.stderr.write(`${line}\n`);

/** An object whose every field is known: a field this version does not have is an error, never ignored. */
function strict<T extends v.ObjectEntries>(entries: T) {
  return v.strictObject(entries, (i) =>
    i.expected === 'never' ? `unknown field ${i.received} (see docs/formats.md, "Run configuration")` : `expected an object, got ${i.received}`,
  );
}

const ProviderSchema = strict({
  id: v.pipe(v.string(), v.regex(/^[\w-]+$/, 'letters, digits, - and _ only')),
  label: v.optional(v.string()),
  preset: v.optional(
    v.picklist(
      PRESETS.map((p) => p.id) as [string, ...string[]],
      (i) => `unknown preset ${JSON.stringify(i.input)} (presets: ${PRESETS.map((p) => p.id).join(', ')})`,
    ),
    'custom',
  ),
  baseURL: v.pipe(v.string(), v.url()),
  model: v.string(),
  apiKeyEnv: v.optional(v.pipe(v.string(), v.regex(/^[A-Z_][A-Z0-9_]*$/, 'an environment variable name'))),
  /** Azure OpenAI's api-version (its preset's default when absent). */
  apiVersion: v.optional(v.pipe(v.string(), v.regex(/^[\w.-]+$/, 'an API version such as 2024-10-21'))),
  headers: v.optional(v.record(v.string(), v.string())),
  temperature: v.optional(v.number()),
  maxTokens: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
  reasoningEffort: v.optional(v.picklist(REASONING_EFFORTS)),
  /** Overrides of the request shape the preset and the model's name give it (docs/providers.md). */
  capabilities: v.optional(
    strict({
      api: v.optional(v.picklist(['chat', 'responses'])),
      tokenLimit: v.optional(v.picklist(['max_tokens', 'max_completion_tokens'])),
      temperature: v.optional(v.boolean()),
      seed: v.optional(v.boolean()),
      systemRole: v.optional(v.picklist(['system', 'developer', 'user'])),
      reasoningEffort: v.optional(v.boolean()),
      efforts: v.optional(v.array(v.picklist(REASONING_EFFORTS))),
      maxReplyTokens: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
      thoughts: v.optional(v.boolean()),
      stream: v.optional(v.boolean()),
      streamUsage: v.optional(v.boolean()),
    }),
  ),
  maxConcurrency: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
});
type ProviderEntry = v.InferOutput<typeof ProviderSchema>;

/** A simulated model the role offers (its profile; the protocol checks it). */
const SimulatedSchema = strict({ simulated: v.pipe(v.string(), v.minLength(1)) });
/** A model that runs in the page (docs/local-models.md): its GGUF by link, or a file on this machine (any part of a split model). */
const InBrowserSchema = strict({
  id: v.pipe(v.string(), v.regex(/^[\w-]+$/, 'letters, digits, - and _ only')),
  label: v.optional(v.string()),
  inBrowser: v.pipe(v.string(), v.minLength(1)),
  temperature: v.optional(v.number()),
  maxTokens: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
});
type InBrowserEntry = v.InferOutput<typeof InBrowserSchema>;
/** A simulated model when the entry says `simulated`, an in-browser one when it says `inBrowser`, else a provider entry (so errors name the right fields). */
const isSimulated = (input: unknown) => typeof input === 'object' && input !== null && 'simulated' in input;
const isInBrowser = (input: unknown) => typeof input === 'object' && input !== null && 'inBrowser' in input;
const ModelSchema = v.lazy((input) => (isSimulated(input) ? SimulatedSchema : isInBrowser(input) ? InBrowserSchema : ProviderSchema));

const ProtocolSchema = v.picklist(PROTOCOL_IDS, (i) => `unknown protocol ${JSON.stringify(i.input)} (protocols: ${PROTOCOL_IDS.join(', ')})`);
/** Run settings and the protocol's parameters, side by side (each checked by its owner). */
const ParamsSchema = v.record(v.string(), v.union([v.number(), v.string(), v.boolean(), v.null()]));

/** A setting of a study (`hintbench study`): what it changes from the main configuration. */
const SettingSchema = strict({
  name: v.string(),
  protocol: v.optional(ProtocolSchema),
  params: v.optional(ParamsSchema),
  feedback: v.optional(ModelSchema),
  roles: v.optional(v.record(v.string(), ModelSchema)),
  templates: v.optional(v.record(v.string(), v.string())),
});

export const ConfigSchema = strict({
  name: v.optional(v.string()),
  /** A dataset file, or "builtin" (the default); not for a protocol that makes its own problems. */
  dataset: v.optional(v.string()),
  subset: v.optional(v.string()),
  instances: v.optional(v.array(v.string())),
  protocol: v.optional(ProtocolSchema, PROTOCOL_IDS[0]),
  /** The models under test. */
  models: v.pipe(v.array(ModelSchema), v.minLength(1)),
  /** Shorthands for roles.feedback and roles.judge. */
  feedback: v.optional(ModelSchema),
  judge: v.optional(ModelSchema),
  /** Models of the protocol's supporting roles, by role name. */
  roles: v.optional(v.record(v.string(), ModelSchema)),
  templates: v.optional(v.record(v.string(), v.string())),
  params: v.optional(ParamsSchema),
  prices: v.optional(v.record(v.string(), strict({ input: v.number(), output: v.number(), cachedInput: v.optional(v.number()) }))),
  /** Other settings to run beside this one (`hintbench study`); ignored by `run`. */
  settings: v.optional(v.array(SettingSchema)),
});
export type CliConfig = v.InferOutput<typeof ConfigSchema>;

export function readConfig(file: string): CliConfig {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(`${file}: ${(err as Error).message}`);
  }
  const parsed = v.safeParse(ConfigSchema, raw);
  if (!parsed.success) throw new Error(`${file}: ${parsed.issues.map((i) => `field "${v.getDotPath(i) ?? '(config)'}": ${i.message}`).join('; ')}`);
  try {
    runConfigOf(parsed.output); // the protocol's parameters and roles, checked before any browser starts
  } catch (err) {
    throw new Error(`${file}: ${(err as Error).message}`);
  }
  return parsed.output;
}

/** Every provider entry of the config (models under test and every supporting role). */
const providersOf = (config: CliConfig): ProviderEntry[] =>
  [...config.models, ...Object.values(rolesOf(config))].filter((m): m is ProviderEntry => !('simulated' in m) && !('inBrowser' in m));

/** Every in-browser model of the config. */
const inBrowserOf = (config: CliConfig): InBrowserEntry[] =>
  [...config.models, ...Object.values(rolesOf(config))].filter((m): m is InBrowserEntry => 'inBrowser' in m);

/** An in-browser entry's source: a link as it is, or the files on this machine it names (every part of a split model). */
export function inBrowserFiles(entry: string): { url: string } | { files: string[]; id: string } {
  if (/^https?:\/\//i.test(entry)) return { url: entry };
  const path = resolve(entry);
  if (!existsSync(path)) throw new Error(`${entry}: no such file (an in-browser model is a .gguf file or a link to one)`);
  const dir = dirname(path);
  const parts = /-\d{5}-of-\d{5}\.gguf$/i.test(path)
    ? readdirSync(dir)
        .filter((f) => modelIdOf(f) === modelIdOf(basename(path)) && /-\d{5}-of-\d{5}\.gguf$/i.test(f))
        .map((f) => join(dir, f))
    : [path];
  const { files, id } = orderFiles(parts.map((p) => ({ name: basename(p), path: p })));
  return { files: files.map((f) => f.path), id };
}

/** The model's name in the page: the file's name, without .gguf and a part number. */
const inBrowserModelId = (entry: string) => {
  const source = inBrowserFiles(entry);
  return 'url' in source ? sourceFromUrl(source.url).id : source.id;
};

function providerConfig(m: ProviderEntry | InBrowserEntry): ProviderModelConfig {
  if ('inBrowser' in m)
    return {
      kind: 'provider',
      id: m.id,
      label: m.label ?? `${inBrowserModelId(m.inBrowser)} (in this browser)`,
      preset: IN_BROWSER,
      baseURL: IN_BROWSER_URL,
      model: inBrowserModelId(m.inBrowser),
      ...(m.temperature !== undefined ? { temperature: m.temperature } : {}),
      ...(m.maxTokens !== undefined ? { maxTokens: m.maxTokens } : {}),
    };
  if (m.preset === IN_BROWSER)
    throw new Error(`${m.id}: a model in the browser is named by its file: {"id": "${m.id}", "inBrowser": "<a .gguf link or path>"}`);
  return {
    kind: 'provider',
    id: m.id,
    ...(m.label ? { label: m.label } : {}),
    preset: m.preset,
    baseURL: m.baseURL,
    model: m.model,
    ...(m.apiVersion ? { apiVersion: m.apiVersion } : {}),
    ...(m.headers ? { headers: m.headers } : {}),
    ...(m.temperature !== undefined ? { temperature: m.temperature } : {}),
    ...(m.maxTokens !== undefined ? { maxTokens: m.maxTokens } : {}),
    ...(m.reasoningEffort !== undefined ? { reasoningEffort: m.reasoningEffort } : {}),
    ...(m.capabilities ? { capabilities: m.capabilities } : {}),
    ...(m.maxConcurrency !== undefined ? { maxConcurrency: m.maxConcurrency } : {}),
  };
}

type SupportEntry = v.InferOutput<typeof ModelSchema>;

/** The supporting roles' models: `roles`, with `feedback` and `judge` as shorthands. */
function rolesOf(config: Pick<CliConfig, 'feedback' | 'judge' | 'roles'>): Record<string, SupportEntry> {
  const roles: Record<string, SupportEntry> = { ...config.roles };
  for (const [name, entry] of [
    ['feedback', config.feedback],
    ['judge', config.judge],
  ] as const) {
    if (!entry) continue;
    if (roles[name]) throw new Error(`the ${name} model is given twice ("${name}" and "roles.${name}")`);
    roles[name] = entry;
  }
  return roles;
}

/** The keys of the config's providers, from the environment (base URL → key, kept in this process only). */
function keysFrom(config: CliConfig): Map<string, string> {
  const keys = new Map<string, string>();
  for (const m of providersOf(config)) {
    if (!m.apiKeyEnv) continue;
    const key = process.env[m.apiKeyEnv];
    if (!key) throw new Error(`environment variable ${m.apiKeyEnv} (the key for ${m.id}) is not set`);
    const other = keys.get(m.baseURL);
    if (other !== undefined && other !== key) throw new Error(`two different keys for ${m.baseURL}: use one per endpoint`);
    keys.set(m.baseURL, key);
  }
  return keys;
}

/** The run configuration: `params` split into run settings and the protocol's parameters, each checked. */
/** A choice of data the protocol would ignore is an error that names it (PrismBench makes its own problems). */
function checkDataFields(protocol: AnyProtocol, config: CliConfig): void {
  if (needsDataset(protocol)) return;
  const given = (['dataset', 'subset', 'instances'] as const).filter((k) => config[k] !== undefined);
  if (given.length)
    throw new Error(
      `${given.map((k) => `"${k}"`).join(', ')}: the ${protocol.id} protocol makes its own problems and reads no dataset; remove ${given.length > 1 ? 'these fields' : 'the field'}`,
    );
}

export function runConfigOf(config: CliConfig, shard?: { k: number; n: number }): RunConfig {
  const protocol = requireProtocol(config.protocol);
  checkDataFields(protocol, config);
  const { settings, params } = splitParams(config.params);
  parseSettings(settings);
  parseParams(protocol.params, params, `the ${protocol.id} protocol`);
  const roles: Record<string, ModelConfig> = {};
  for (const [name, entry] of Object.entries(rolesOf(config))) {
    if (!protocol.roles.some((r) => r.name === name && !r.tested))
      throw new Error(
        `the ${protocol.id} protocol has no ${name} role (its supporting roles: ${
          protocol.roles
            .filter((r) => !r.tested)
            .map((r) => r.name)
            .join(', ') || 'none'
        })`,
      );
    roles[name] = 'simulated' in entry ? { kind: 'simulated', profile: entry.simulated } : providerConfig(entry);
    modelSpec(
      roles[name],
      protocol.roles.find((r) => r.name === name)!,
    ); // a simulated model the role lacks is an error now
  }
  const tested = protocol.roles.find((r) => r.tested)!;
  const candidates = config.models.map((m): CandidateConfig => ('simulated' in m ? { kind: 'simulated', profile: m.simulated } : providerConfig(m)));
  for (const c of candidates) modelSpec(c, tested);
  return {
    protocol: config.protocol,
    candidates,
    settings,
    params,
    ...(Object.keys(roles).length ? { roles } : {}),
    ...(config.templates ? { templates: config.templates } : {}),
    ...(config.name ? { name: config.name } : {}),
    ...(shard ? { shard } : {}),
  };
}

/** Requests to each provider leave through this process, which adds the key (and answers CORS). */
async function routeProviders(page: Page, config: CliConfig, keys: Map<string, string>): Promise<void> {
  for (const m of providersOf(config)) {
    const base = m.baseURL.replace(/\/+$/, '');
    await page.route(`${base}/**`, async (route) => {
      const request = route.request();
      const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*', 'access-control-allow-methods': 'GET, POST, OPTIONS' };
      if (request.method() === 'OPTIONS') return route.fulfill({ status: 204, headers: cors });
      // The config's extra headers join the request here, outside the page, like the key.
      const headers = { ...request.headers(), ...m.headers };
      // Each preset's key header: Azure's api-key, everyone else's Authorization.
      const key = keys.get(m.baseURL);
      const keyHeader = presetById(m.preset).keyHeader ?? 'authorization';
      delete headers[keyHeader];
      if (key) headers[keyHeader] = keyHeader === 'authorization' ? `Bearer ${key}` : key;
      try {
        const response = await route.fetch({ headers });
        await route.fulfill({ response, headers: { ...response.headers(), ...cors } });
      } catch {
        await route.abort('connectionrefused');
      }
    });
  }
}

/**
 * Put the config's in-browser models into the page's storage before the run: a link is
 * downloaded by the page; files on this machine are served to it from a port of this machine
 * (cli/model-files.ts), so the page reads them as it reads any link.
 */
async function storeInBrowserModels(site: Site, config: CliConfig): Promise<void> {
  const entries = inBrowserOf(config);
  if (!entries.length) return;
  const served: ModelFiles[] = [];
  try {
    for (const entry of entries) {
      const source = inBrowserFiles(entry.inBrowser);
      let url: string;
      if ('url' in source) url = source.url;
      else {
        const files = await serveModelFiles(source.files);
        served.push(files);
        url = files.urls.get(source.files[0]!)!;
      }
      log(`storing the in-browser model ${entry.id} from ${entry.inBrowser}`);
      const stored = await site.page.evaluate((u) => window.hintbench.localModels.add(u), url);
      log(`  stored ${stored.id}: ${stored.totalBytes} bytes`);
    }
  } finally {
    for (const s of served) await s.close();
  }
}

/**
 * Multi-requirement tasks from a file or folder: hintbench JSONL (with its tasks' references and
 * checks), or DevAI's task files (judged by the LLM judge only). Rejected rows are errors.
 */
export function readTasks(path: string): InterviewTask[] {
  const upload = readUpload(path);
  const own = importFiles('pairbench', upload);
  const read = own.tasks.length ? own : importFiles('devai', upload);
  const bad = read.rejected.filter((r) => r.reason !== 'invalid instance');
  if (bad.length) throw new Error(`${path}: ${bad.map((r) => `${r.where}: ${r.reason} (${r.detail})`).join('; ')}`);
  if (!read.tasks.length) throw new Error(`${path}: no multi-requirement tasks (hintbench JSONL tasks or DevAI task files)`);
  return read.tasks;
}

/** The tasks a run of a protocol that works on tasks takes: the built-in ones or a file's, filtered like instances. */
async function selectTasks(page: Page, config: CliConfig): Promise<RunData> {
  const source = config.dataset ?? 'builtin';
  const all: InterviewTask[] = source === 'builtin' ? await page.evaluate(() => window.hintbench.builtinTasks()) : readTasks(source);
  const chosen = pickTasks(all, config);
  return { id: source, name: source === 'builtin' ? 'Built-in benchmark' : source, instances: [], tasks: chosen };
}

export async function selectInstances(page: Page, config: CliConfig): Promise<RunData> {
  const protocol = requireProtocol(config.protocol);
  checkDataFields(protocol, config);
  if (!needsDataset(protocol)) return { ...NO_DATASET, instances: [] };
  if (subjectsOf(protocol) === 'tasks') return selectTasks(page, config);
  const source = config.dataset ?? 'builtin';
  const all: Instance[] = source === 'builtin' ? await page.evaluate(() => window.hintbench.builtinInstances()) : readDataset(source);
  return { id: source, name: source === 'builtin' ? 'Built-in benchmark' : source, instances: pickInstances(protocol, all, config) };
}

export function shardOf(spec: string | undefined): { k: number; n: number } | undefined {
  if (!spec) return undefined;
  const m = /^(\d+)\/(\d+)$/.exec(spec);
  const k = Number(m?.[1]);
  const n = Number(m?.[2]);
  if (!m || n < 1 || k < 1 || k > n) throw new Error('--shard must be k/n with 1 ≤ k ≤ n, e.g. 2/4');
  return { k, n };
}

/** Record provider answers to a file, or replay them from one (no network, no key). */
export type Tape = { mode: 'record'; file: string } | { mode: 'replay'; file: string };

function tapeOf(record: string | undefined, replay: string | undefined): Tape | undefined {
  if (record && replay) throw new Error('use --record or --replay, not both');
  if (replay) return { mode: 'replay', file: replay };
  return record ? { mode: 'record', file: record } : undefined;
}

/** Drive one run in an open site's page, until it stops; progress on stderr. */
async function runOnSite(site: Site, config: CliConfig, keys: Map<string, string>, shard?: { k: number; n: number }, tape?: Tape): Promise<RunLog> {
  const runConfig = runConfigOf(config, shard);
  const cassette = tape && { mode: tape.mode, jsonl: tape.mode === 'replay' ? readFileSync(tape.file, 'utf8') : '' };
  await site.page.unrouteAll();
  if (tape?.mode !== 'replay') await routeProviders(site.page, config, keys);
  await storeInBrowserModels(site, config);
  const dataset = await selectInstances(site.page, config);
  const prices: PriceTable = config.prices ?? {};
  const runId = await site.page.evaluate(([c, d, p, t]) => window.hintbench.startRun(c, d, { externalKeys: true, prices: p, ...(t ? { cassette: t } : {}) }), [
    runConfig,
    dataset,
    prices,
    cassette,
  ] as const);
  const units = dataset.tasks?.length ? `${dataset.tasks.length} task(s)` : `${dataset.instances.length} instance(s)`;
  log(`run ${runId}: ${units} × ${runConfig.candidates.length} model(s), ${runConfig.protocol}${shard ? `, shard ${shard.k}/${shard.n}` : ''}`);
  let last = '';
  const timer = setInterval(() => {
    void site.page
      .evaluate((id) => window.hintbench.runProgress(id), runId)
      .then((p) => {
        const done = p.items.filter((i) => i.status.startsWith('done') || i.status.startsWith('error')).length;
        const waiting = p.items.filter((i) => i.status.startsWith('waiting on rate limit')).length;
        const of = p.planned === null ? `${done}/${p.items.length} items finished` : `${done} of at most ${Math.max(p.planned, done)} evaluations finished`;
        const line = `  ${of}, ${p.turns} turns${waiting ? `, ${waiting} waiting on rate limits` : ''}`;
        if (line !== last) log((last = line));
      })
      .catch(() => {});
  }, 2000);
  try {
    const runLog = await site.page.evaluate((id) => window.hintbench.waitRun(id), runId);
    if (tape?.mode === 'record') {
      writeAtomically(tape.file, (await site.page.evaluate((id) => window.hintbench.recordedCassette(id), runId)) ?? '');
      log(`recorded the provider answers in ${tape.file}`);
    }
    return runLog;
  } finally {
    clearInterval(timer);
  }
}

/** Drive a whole run in the page; progress on stderr. */
export async function headlessRun(config: CliConfig, shard?: { k: number; n: number }, tape?: Tape): Promise<RunLog> {
  const keys = tape?.mode === 'replay' ? new Map<string, string>() : keysFrom(config);
  runConfigOf(config, shard);
  await ensureBuilt(log);
  const site = await openSite(DIST, { log });
  try {
    return await runOnSite(site, config, keys, shard, tape);
  } finally {
    await site.close();
  }
}

/**
 * Several runs one after another in one page, so that they share what the app keeps between
 * runs (an obfuscated statement is made once for all of a study's settings). `done` gets each
 * log as soon as its run stops.
 */
export async function headlessRuns(configs: readonly CliConfig[], done: (log: RunLog, i: number) => void | Promise<void> = () => {}): Promise<RunLog[]> {
  const keys = configs.map((c) => keysFrom(c));
  for (const c of configs) runConfigOf(c);
  await ensureBuilt(log);
  const site = await openSite(DIST, { log });
  const logs: RunLog[] = [];
  try {
    for (const [i, config] of configs.entries()) {
      if (configs.length > 1) log(`run ${i + 1} of ${configs.length}: ${config.name ?? config.protocol}`);
      const runLog = await runOnSite(site, config, keys[i]!);
      logs.push(runLog);
      await done(runLog, i);
    }
    return logs;
  } finally {
    await site.close();
  }
}

function writeAtomically(file: string, text: string): void {
  const tmp = `${file}.partial`;
  writeFileSync(tmp, text);
  renameSync(tmp, file);
}

/** A results file: JSON, or JSONL for a `.jsonl` name; gzip-compressed when the name ends in `.gz`. */
export const writeLog = (file: string, runLog: RunLog): Promise<void> => writeRunLogFile(file, runLog);

export async function runCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: { config: { type: 'string' }, out: { type: 'string' }, shard: { type: 'string' }, record: { type: 'string' }, replay: { type: 'string' } },
    strict: true,
  });
  if (!values.config || !values.out) {
    log('usage: hintbench run --config run.json --out results.json [--shard k/n] [--record FILE.jsonl | --replay FILE.jsonl]');
    return 2;
  }
  const runLog = await headlessRun(readConfig(values.config), shardOf(values.shard), tapeOf(values.record, values.replay));
  await writeLog(values.out, runLog);
  process.stdout.write(fullReport([runLog]));
  const errors = runLog.items.filter((i) => i.status === 'error');
  log(`wrote ${values.out}${errors.length ? `; ${errors.length} item(s) ended with an error (see the file)` : ''}`);
  return 0;
}

/** A protocol's zero-key demo (its registry entry's `simulation.demo`) as run configurations: one per variant, or one. */
export function demoConfigs(protocol: AnyProtocol): CliConfig[] {
  const simulated = (c: ModelConfig) => ({ simulated: (c as { profile: string }).profile });
  return demoRuns(protocol).map((run) => ({
    name: run.name!,
    ...(needsDataset(protocol) ? { dataset: 'builtin' } : {}),
    ...(protocol.simulation.demo?.subset ? { subset: protocol.simulation.demo.subset } : {}),
    protocol: protocol.id,
    models: run.candidates.map(simulated),
    ...(run.roles ? { roles: Object.fromEntries(Object.entries(run.roles).map(([k, c]) => [k, simulated(c)])) } : {}),
    params: { ...run.settings, ...run.params } as Record<string, number>,
  }));
}

/** A results file name for the i-th run of several: 1-static.json, 2-self-critique.json, … */
export const runFileName = (i: number, name: string) =>
  `${i + 1}-${
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'run'
  }.json`;

export async function demoCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { out: { type: 'string' }, protocol: { type: 'string' } }, strict: true });
  const id = values.protocol ?? DEMO_PROTOCOLS[0]!.id;
  const protocol = DEMO_PROTOCOLS.find((p) => p.id === id);
  if (!protocol) {
    log(`hintbench demo: no demo for "${id}" (demos: ${DEMO_PROTOCOLS.map((p) => p.id).join(', ')})`);
    return 2;
  }
  const configs = demoConfigs(protocol);
  if (configs.length === 1) {
    const runLog = await headlessRun(configs[0]!);
    if (values.out) await writeLog(values.out, runLog);
    process.stdout.write(fullReport([runLog]));
    return 0;
  }
  // A demo of several runs: --out names a folder for their results files.
  if (values.out) mkdirSync(values.out, { recursive: true });
  const logs = await headlessRuns(configs, async (runLog, i) => {
    if (!values.out) return;
    const file = join(values.out, runFileName(i, configs[i]!.name!));
    await writeLog(file, runLog);
    log(`wrote ${file}`);
  });
  process.stdout.write(protocol.report.compare(logs));
  return 0;
}

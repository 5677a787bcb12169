// The zero-key demos: each protocol's `simulation.demo` (simulated models only; no key, no network) as a
// run configuration. The Home page's buttons and `hintbench demo [--protocol id]` run them;
// PAIR's is the main one.
import type { Instance } from '../model/instance.ts';
import type { InterviewTask } from '../model/task.ts';
import type { AnyProtocol } from '../protocols/contract.ts';
import { canWorkOn, subjectsOf } from '../protocols/work.ts';
import { DEMO_PROTOCOL, PROTOCOL_LIST } from '../protocols/registry.ts';
import type { RunConfig } from './setup.ts';

/** The protocols that have a demo, the main one first. */
export const DEMO_PROTOCOLS: readonly AnyProtocol[] = [DEMO_PROTOCOL, ...PROTOCOL_LIST.filter((p) => p.simulation.demo && p !== DEMO_PROTOCOL)];

/** A protocol's demo as a run configuration. */
export function demoRun(protocol: AnyProtocol): RunConfig {
  const demo = protocol.simulation.demo;
  if (!demo) throw new Error(`the ${protocol.id} protocol has no demo (demos: ${DEMO_PROTOCOLS.map((p) => p.id).join(', ')})`);
  return {
    name: demo.name,
    protocol: protocol.id,
    candidates: demo.candidates.map((c) => ({ ...c })),
    ...(demo.roles ? { roles: Object.fromEntries(Object.entries(demo.roles).map(([k, c]) => [k, { ...c }])) } : {}),
    ...(demo.params ? { params: { ...demo.params } } : {}),
    ...(demo.settings ? { settings: { ...demo.settings } } : {}),
  };
}

/**
 * Every run of a protocol's demo: one per variant (its name, its parameters over the demo's),
 * or the single run when the demo has no variants.
 */
export function demoRuns(protocol: AnyProtocol): RunConfig[] {
  const base = demoRun(protocol);
  const variants = protocol.simulation.demo?.variants ?? [];
  if (variants.length === 0) return [base];
  return variants.map((v) => ({ ...base, name: v.name, params: { ...base.params, ...v.params } }));
}

/** The built-in instances a protocol's demo runs on (none for a protocol that works on none, or on tasks). */
export function demoInstancesOf(protocol: AnyProtocol, all: readonly Instance[]): Instance[] {
  const subset = protocol.simulation.demo?.subset;
  if (subjectsOf(protocol) !== 'instances' || !subset) return [];
  return all.filter((i) => i.subsets?.includes(subset) && canWorkOn(protocol, i));
}

/** The built-in tasks a protocol's demo runs on: its subset's, or all of them (none for a protocol that does not work on tasks). */
export function demoTasksOf(protocol: AnyProtocol, all: readonly InterviewTask[]): InterviewTask[] {
  if (subjectsOf(protocol) !== 'tasks') return [];
  const subset = protocol.simulation.demo?.subset;
  return subset ? all.filter((t) => t.subsets?.includes(subset)) : [...all];
}

/** PAIR's demo: the one Home's main button and `hintbench demo` run. */
export const DEMO_RUN: RunConfig = demoRun(DEMO_PROTOCOL);

/**
 * PAIR's demo with one real model under test (an in-browser model): the same instances and
 * feedback, fewer turns (a small model on a CPU is slow), one item at a time.
 */
export function demoWithModel(candidate: RunConfig['candidates'][number], label: string): RunConfig {
  return {
    ...DEMO_RUN,
    name: `Demo (${label}, in this browser)`,
    candidates: [candidate],
    params: { ...DEMO_RUN.params, turns: 3 },
    settings: { ...DEMO_RUN.settings, concurrency: 1 },
  };
}

/** A demo run's name, numbered when an earlier run has it ("… #2"): runs set up alike stay told apart. */
export function numberedName(name: string, taken: Iterable<string>): string {
  const names = new Set(taken);
  if (!names.has(name)) return name;
  let n = 2;
  while (names.has(`${name} #${n}`)) n++;
  return `${name} #${n}`;
}

/** Whether a name is a run's name, perhaps numbered by numberedName. */
export const isNamed = (name: string, base: string | undefined): boolean =>
  base !== undefined && (name === base || new RegExp(`^${base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} #\\d+$`).test(name));

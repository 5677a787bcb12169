// Whether runs set side by side were run on the same data, and labels that tell their columns
// apart. Every protocol's compare page reads it: runs on other instances (or tasks, or concepts),
// or on another dataset, are shown only under a warning that names what each run has and what
// they share; a label two runs would carry alike ("Static", the same model) gets the run's number.
import type { Manifest } from '../../model/runlog.ts';

/** What a run was evaluated on: its dataset and the ids of its units (instances, tasks, concepts). */
export interface RunData {
  dataset: { id: string; hash: string };
  /** The unit's name, singular and plural ("instance", "instances"). */
  noun: readonly [string, string];
  ids: readonly string[];
}

/** A run's data as its manifest lists it: its tasks when it has some, else its instances. */
export function runDataOf(manifest: Manifest): RunData {
  const dataset = { id: manifest.dataset.id, hash: manifest.dataset.hash };
  const tasks = manifest.dataset.tasks ?? [];
  if (tasks.length) return { dataset, noun: ['task', 'tasks'], ids: tasks.map((t) => t.id) };
  return { dataset, noun: ['instance', 'instances'], ids: manifest.dataset.instances.map((i) => i.id) };
}

export interface DataDifference {
  /** How many units each run has, in the order given. */
  counts: number[];
  /** Units every run has. */
  shared: number;
  /** The datasets' ids, one per run, when they are not all the same. */
  datasets: string[] | null;
  /** The same dataset id and the same units, but the dataset's content differs (another hash). */
  otherVersion: boolean;
  /** The warning, in words. */
  text: string;
}

const tag = (i: number) => `[${i + 1}]`;
const count = (n: number, noun: readonly [string, string]) => `${n} ${n === 1 ? noun[0] : noun[1]}`;

/** A list in words: "a, b and c". */
function list(parts: readonly string[]): string {
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/** null when the runs are on the same data (the same dataset, version and units); else what differs, in words. */
export function dataDifference(runs: readonly RunData[]): DataDifference | null {
  if (runs.length < 2) return null;
  const noun = runs[0]!.noun;
  const sets = runs.map((r) => new Set(r.ids));
  const counts = sets.map((s) => s.size);
  const shared = [...sets[0]!].filter((id) => sets.every((s) => s.has(id))).length;
  const sameUnits = counts.every((n) => n === shared);
  const ids = runs.map((r) => r.dataset.id);
  const datasets = new Set(ids).size > 1 ? ids : null;
  const otherVersion = !datasets && sameUnits && new Set(runs.map((r) => r.dataset.hash)).size > 1;
  if (sameUnits && !datasets && !otherVersion) return null;

  const each = runs.map((r, i) => `${tag(i)} has ${i === 0 ? count(counts[i]!, noun) : counts[i]}${datasets ? ` of ${r.dataset.id}` : ''}`);
  let text: string;
  if (otherVersion)
    text = `These runs are on different versions of the dataset ${ids[0]} (the same ${noun[1]}, other contents): their numbers are not like for like.`;
  else {
    const who = runs.length === 2 ? 'they share' : 'all of them share';
    const tail =
      shared === 0
        ? `${runs.length === 2 ? 'They share' : 'All of them share'} no ${noun[0]}, so no number here is like for like.`
        : `Only the ${shared === 1 ? `one ${noun[0]}` : count(shared, noun)} ${who} ${shared === 1 ? 'is' : 'are'} like for like: each run's numbers count all of its own ${noun[1]}.`;
    text = `These runs differ in their data: ${list(each)}. ${tail}`;
  }
  return { counts, shared, datasets, otherVersion, text };
}

/** Labels with the run's number added to those that two or more runs would carry alike: "Static [1]", "Static [2]". */
export function distinctLabels(labels: readonly string[], runOf: (i: number) => number = (i) => i): string[] {
  const runsOf = new Map<string, Set<number>>();
  labels.forEach((l, i) => runsOf.set(l, (runsOf.get(l) ?? new Set()).add(runOf(i))));
  return labels.map((l, i) => (runsOf.get(l)!.size > 1 ? `${l} ${tag(runOf(i))}` : l));
}

/** A manifest's setup as text, keys sorted: everything but the run's id, name and time. */
function setupKey(manifest: Manifest): string {
  const { runId: _id, name: _name, createdAt: _at, ...setup } = manifest;
  const sorted = (x: unknown): unknown =>
    Array.isArray(x)
      ? x.map(sorted)
      : x && typeof x === 'object'
        ? Object.fromEntries(
            Object.entries(x)
              .sort(([a], [b]) => (a < b ? -1 : 1))
              .map(([k, v]) => [k, sorted(v)]),
          )
        : x;
  return JSON.stringify(sorted(setup));
}

/** Runs set up alike (the same protocol, parameters, models, data, settings and seed), and what that means, in words. */
export interface SameSetup {
  /** Each group of two or more such runs: their positions in the order given. */
  groups: number[][];
  text: string;
}

/** null when no two runs were set up alike. */
export function sameSetup(manifests: readonly Manifest[]): SameSetup | null {
  const byKey = new Map<string, number[]>();
  manifests.forEach((m, i) => {
    const key = setupKey(m);
    byKey.set(key, [...(byKey.get(key) ?? []), i]);
  });
  const groups = [...byKey.values()].filter((g) => g.length > 1);
  if (!groups.length) return null;
  const sentences = groups.map((g) => {
    const simulated = manifests[g[0]!]!.models.every((m) => m.simulated);
    const what = simulated
      ? 'their models are all simulated, so they give the same numbers: one run shown twice, not a repeat'
      : 'only the models’ own randomness can make their numbers differ';
    return `${list(g.map(tag))} were set up alike (the same protocol, parameters, models, data, settings and seed): ${what}.`;
  });
  return { groups, text: sentences.join(' ') };
}

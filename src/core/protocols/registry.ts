// The protocols this copy of hintbench runs, in the order the Run page offers them. Everything
// above the sandbox finds a protocol here by the id its run log names.
import { RUNNER_STOP_REASONS, type ItemRecord, type Manifest, type ModelSpec, type ModelSummary } from '../model/runlog.ts';
import type { AnyProtocol, LegacyLogFormat, RoleSpec } from './contract.ts';
import type { ItemScore } from './reduce.ts';
import { callTotals } from '../llm/totals.ts';
import { interview } from './interview/interview.ts';
import { FAMILY as PAIR_FAMILY } from './pair/members.ts';
import { prism } from './prism/prism.ts';
import { talk } from './talk/talk.ts';

export const PROTOCOL_LIST: readonly AnyProtocol[] = [...PAIR_FAMILY, talk, prism, interview];

export const PROTOCOLS: Readonly<Record<string, AnyProtocol>> = Object.fromEntries(PROTOCOL_LIST.map((p) => [p.id, p]));

export const PROTOCOL_IDS = PROTOCOL_LIST.map((p) => p.id) as [string, ...string[]];

/** The protocol of this id, or undefined when this copy does not know it (a log from a newer version). */
export const protocolById = (id: string): AnyProtocol | undefined => PROTOCOLS[id];

/** The protocol of this id; an unknown id is an error that lists the known ones. */
export function requireProtocol(id: string): AnyProtocol {
  const p = PROTOCOLS[id];
  if (!p) throw new Error(`unknown protocol "${id}" (this copy of hintbench runs: ${PROTOCOL_IDS.join(', ')})`);
  return p;
}

/**
 * Per-model summaries by the run's own protocol: each tested model's items scored, then reduced
 * (overall, and per repeat for repeated runs), with the tokens and cost of their calls; none for a
 * protocol this copy does not know. `scores` are the items' records when already made.
 */
export function summarizeRun(manifest: Manifest, items: readonly ItemRecord[], scores?: ReadonlyMap<ItemRecord, ItemScore>): ModelSummary[] {
  const protocol = protocolById(manifest.protocol.id);
  if (!protocol) return [];
  const { itemScores, reduce } = protocol.metrics;
  const scoreOf = (r: ItemRecord) => scores?.get(r) ?? itemScores(manifest, r);
  return testedModels(manifest).map((model) => {
    const mine = items.filter((r) => r.modelId === model.id).map((r) => ({ repeat: r.repeat, score: scoreOf(r) }));
    const all = reduce(
      manifest,
      mine.map((x) => x.score),
    );
    return modelRow(model, items, manifest.settings.repeats, {
      items: all.items,
      metrics: all.metrics,
      ofRepeat: (repeat) =>
        reduce(
          manifest,
          mine.filter((x) => x.repeat === repeat).map((x) => x.score),
        ).metrics,
      ...(all.data !== undefined ? { data: all.data } : {}),
    });
  });
}

// The part of a model's leaderboard row every protocol fills the same way: who the model is,
// what its items' calls cost, and its metrics overall and per repeat.
type Metrics = ModelSummary['metrics'];

interface RowMetrics {
  /** Items the metrics count. */
  items: number;
  metrics: Metrics;
  /** The metrics of one repeat (asked for only when the run has more than one). */
  ofRepeat: (repeat: number) => Metrics;
  /** The protocol's own block (ModelSummary.data). */
  data?: unknown;
}

/** A model's row. Every call of the model's items counts, those of failed steps too. */
function modelRow(model: ModelSpec, records: readonly ItemRecord[], repeats: number, row: RowMetrics): ModelSummary {
  const all = records.filter((r) => r.modelId === model.id).flatMap((r) => r.steps.flatMap((s) => s.calls));
  const calls = callTotals(all);
  const own = callTotals(all.filter((c) => c.modelId === model.id));
  const changed = Object.keys(own.settingsChanged).length > 0;
  const notes = {
    truncated: own.truncated,
    adjusted: own.adjusted,
    reasoningTokens: own.reasoningTokens,
    ...(own.refused ? { refused: own.refused } : {}),
    ...(changed ? { settingsChanged: own.settingsChanged } : {}),
  };
  return {
    modelId: model.id,
    label: model.label,
    simulated: model.simulated,
    items: row.items,
    promptTokens: calls.promptTokens,
    completionTokens: calls.completionTokens,
    costUsd: calls.costUsd,
    ...(notes.truncated || notes.adjusted || notes.reasoningTokens || own.refused || changed ? { notes } : {}),
    metrics: row.metrics,
    ...(repeats > 1 ? { repeats: Array.from({ length: repeats }, (_, r) => row.ofRepeat(r)) } : {}),
    ...(row.data !== undefined ? { data: row.data } : {}),
  };
}

/** How to read a log whose manifest names this older schema (one from before runs named their protocol); undefined for any other. */
export const legacyLogFormat = (schema: unknown): LegacyLogFormat | undefined =>
  typeof schema === 'string' ? PROTOCOL_LIST.find((p) => p.legacyLog?.schema === schema)?.legacyLog : undefined;

/** The protocol whose runs Teach mode seats a learner in: the first with the `teach` capability. */
export const TEACH_PROTOCOL: AnyProtocol = PROTOCOL_LIST.find((p) => p.teach)!;

/** The protocol of Home's main demo and `hintbench demo`: the first with a demo. */
export const DEMO_PROTOCOL: AnyProtocol = PROTOCOL_LIST.find((p) => p.simulation.demo)!;

/** The role whose models a protocol's runs compare (each protocol has exactly one). */
export function testedRole(protocol: AnyProtocol): RoleSpec {
  const role = protocol.roles.find((r) => r.tested);
  if (!role) throw new Error(`the ${protocol.id} protocol has no tested role`);
  return role;
}

/**
 * The name of a run's tested role: its protocol's, or for a protocol this copy does not know, the
 * role of the manifest's first model (a run lists the tested role's models first).
 */
export function testedRoleName(manifest: Manifest): string | undefined {
  const known = protocolById(manifest.protocol.id);
  return known ? testedRole(known).name : manifest.models[0]?.role;
}

/** The models a run compares (its tested role's). */
export function testedModels(manifest: Manifest): ModelSpec[] {
  const role = testedRoleName(manifest);
  return manifest.models.filter((m) => m.role === role);
}

/** The run's stop reasons in words: its protocol's, and the runner's. */
export const stopReasonsOf = (manifest: Manifest): Readonly<Record<string, string>> => ({
  ...RUNNER_STOP_REASONS,
  ...protocolById(manifest.protocol.id)?.stopReasons,
});

/** A protocol's name for people (its id when this copy does not know it). */
export const protocolLabel = (id: string) => protocolById(id)?.label ?? id;

/**
 * Why runs cannot be set side by side, in words (null when they can): fewer than two, or runs of
 * protocols whose compare pages differ (their metrics differ) or that this copy does not know.
 */
export function compareGapOf(manifests: readonly Manifest[]): string | null {
  if (manifests.length < 2) return 'tick two or more runs';
  const pages = new Set(manifests.map((m) => protocolById(m.protocol.id)?.views.compare));
  if (pages.has(undefined)) return 'a ticked run’s protocol has no compare page in this copy';
  if (pages.size === 1) return null;
  const names = [...new Set(manifests.map((m) => protocolLabel(m.protocol.id)))];
  return `the ticked runs are of protocols with different metrics: ${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

// You beside the models: a Teach session (a run whose manifest marks its person human) set beside
// runs of models on its exact setting — the same protocol, parameters, prompts, seed and repeats,
// instances or tasks, and models in every role but the person's — in one leaderboard made of the
// runs' stored scores. The simulated models of the person's role (those its seat names) can be run
// on that setting: the tested role's all in one run, a supporting role's one run each.
import type { ModelConfig } from '../llm/specs.ts';
import type { Manifest, ModelSpec, ModelSummary } from '../model/runlog.ts';
import type { AnyProtocol, SeatSpec } from '../protocols/contract.ts';
import { testedRole } from '../protocols/registry.ts';
import { growthOf } from '../protocols/work.ts';
import type { RunConfig } from '../runner/setup.ts';

/** The run's person (its model marked human); undefined for a run of models only. */
export const personOf = (manifest: Manifest): ModelSpec | undefined => manifest.models.find((m) => m.human);

/** The ids of a run's people (the leaderboard marks their rows). */
export const peopleOf = (manifest: Manifest): ReadonlySet<string> => new Set(manifest.models.filter((m) => m.human).map((m) => m.id));

/** Who a model is, across runs: what it runs and where. */
const identity = (m: ModelSpec) => JSON.stringify([m.simulated, m.model, m.profile ?? null, m.provider?.baseURL ?? null]);
const modelsIn = (manifest: Manifest, role: string) =>
  manifest.models
    .filter((m) => m.role === role)
    .map(identity)
    .sort();
const sorted = (o: Readonly<Record<string, unknown>>) =>
  JSON.stringify(
    Object.keys(o)
      .sort()
      .map((k) => [k, o[k]]),
  );
const ids = (list: readonly { id: string }[] | undefined) => JSON.stringify((list ?? []).map((x) => x.id).sort());

/** Whether `other` is a run of models on the setting of `session` (a run with a person). */
export function onSameSetting(session: Manifest, other: Manifest, protocol: AnyProtocol): boolean {
  const person = personOf(session);
  if (!person || personOf(other) || other.runId === session.runId || other.protocol.id !== session.protocol.id) return false;
  const a = session.settings;
  const b = other.settings;
  // A search's batches are as large as its concurrency, so that changes which nodes it evaluates.
  if (a.seed !== b.seed || a.repeats !== b.repeats || (growthOf(protocol) && a.concurrency !== b.concurrency)) return false;
  if (sorted(session.params) !== sorted(other.params) || sorted(session.prompts) !== sorted(other.prompts)) return false;
  if (ids(session.dataset.instances) !== ids(other.dataset.instances) || ids(session.dataset.tasks) !== ids(other.dataset.tasks)) return false;
  if (!modelsIn(other, person.role).length) return false;
  const roles = new Set([...session.models, ...other.models].map((m) => m.role));
  return [...roles].every((r) => r === person.role || JSON.stringify(modelsIn(session, r)) === JSON.stringify(modelsIn(other, r)));
}

/** The simulated models a session is set beside: its seat's, among those its person's role offers. */
export function besideChoices(protocol: AnyProtocol, seat: SeatSpec) {
  const offered = protocol.roles.find((r) => r.name === seat.role)?.simulated ?? [];
  return seat.beside ? offered.filter((c) => seat.beside!.includes(c.profile)) : [...offered];
}

/** The runs that put these simulated models (by profile) in the person's role, the rest of the session's setting kept; an error names a model that cannot be run again here. */
export function besideConfigs(session: Manifest, protocol: AnyProtocol, seat: SeatSpec, profiles: readonly string[]): RunConfig[] {
  const person = personOf(session);
  if (!person) throw new Error('this run has no person in it');
  const chosen = besideChoices(protocol, seat).filter((c) => profiles.includes(c.profile));
  if (!chosen.length) throw new Error(`the ${seat.role} role offers none of these simulated models: ${profiles.join(', ')}`);
  const keyless = (m: ModelSpec): ModelConfig => {
    if (m.simulated && m.profile) return { kind: 'simulated', profile: m.profile };
    throw new Error(`${m.label} is not a simulated model: run the models beside this session from the Run page, with its key`);
  };
  const tested = testedRole(protocol).name;
  const others = Object.fromEntries(session.models.filter((m) => m.role !== tested && m.role !== person.role).map((m) => [m.role, keyless(m)]));
  const candidates = session.models.filter((m) => m.role === tested && !m.human).map(keyless);
  const edited = session.templates?.edited ?? [];
  const base = {
    protocol: session.protocol.id,
    params: { ...session.params },
    settings: { ...session.settings },
    ...(edited.length ? { templates: Object.fromEntries(edited.map((t) => [t, session.templates!.texts[t]!])) } : {}),
  };
  const name = (labels: string) => `${session.name} · beside: ${labels}`;
  if (person.role === tested)
    return [
      {
        ...base,
        name: name(chosen.map((c) => c.label).join(', ')),
        candidates: chosen.map((c) => ({ kind: 'simulated' as const, profile: c.profile })),
        ...(Object.keys(others).length ? { roles: others } : {}),
      },
    ];
  return chosen.map((c) => ({ ...base, name: name(c.label), candidates, roles: { ...others, [person.role]: { kind: 'simulated', profile: c.profile } } }));
}

/** The profiles of the seat's simulated models that no run beside the session has in the person's role yet. */
export function besideMissing(session: Manifest, protocol: AnyProtocol, seat: SeatSpec, others: readonly Manifest[]): string[] {
  const role = personOf(session)?.role;
  const present = new Set(others.flatMap((o) => o.models.filter((m) => m.role === role && m.simulated && m.profile).map((m) => m.profile!)));
  return besideChoices(protocol, seat)
    .map((c) => c.profile)
    .filter((p) => !present.has(p));
}

/** A run's stored scores, for the leaderboard beside a session. */
export interface ScoredRun {
  manifest: Manifest;
  summaries: readonly ModelSummary[];
}

/**
 * One leaderboard of a session and the runs beside it: every tested model's row of each run,
 * tagged with its run ([1] is the session) and, when the person is in a supporting role, with the
 * model that took it ("· feedback: You"). The rows a person shaped are in `people`.
 */
export function besideRows(session: ScoredRun, others: readonly ScoredRun[], protocol: AnyProtocol): { summaries: ModelSummary[]; people: Set<string> } {
  const role = personOf(session.manifest)?.role;
  const tested = testedRole(protocol).name;
  const roleLabel = protocol.roles.find((r) => r.name === role)?.label ?? role ?? '';
  const people = new Set<string>();
  const summaries = [session, ...others].flatMap((run, k) => {
    const inRole = run.manifest.models.find((m) => m.role === role);
    const testedIds = new Set(run.manifest.models.filter((m) => m.role === tested).map((m) => m.id));
    return run.summaries
      .filter((s) => testedIds.has(s.modelId))
      .map((s) => {
        const modelId = `${k + 1}/${s.modelId}`;
        const person = k === 0 && (role === tested ? run.manifest.models.some((m) => m.id === s.modelId && m.human) : true);
        if (person) people.add(modelId);
        const by = role !== tested && inRole ? ` · ${roleLabel}: ${inRole.label}` : '';
        return { ...s, modelId, label: `[${k + 1}] ${s.label}${by}` };
      });
  });
  return { summaries, people };
}

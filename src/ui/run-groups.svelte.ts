// Runs started together (a run and its baselines, a demo's variants, a model-profile study),
// kept in this browser's local storage so that a reload finds them grouped again.

const GROUPS_KEY = 'hintbench:run-groups';

/** The groups kept in this browser (none when storage is unavailable or the entry unreadable). */
function storedGroups(): { groups: Record<string, string[]>; profiles: string[] } {
  try {
    const raw = JSON.parse(localStorage.getItem(GROUPS_KEY) ?? 'null') as { groups?: unknown; profiles?: unknown } | null;
    const ids = (x: unknown): x is string[] => Array.isArray(x) && x.every((i) => typeof i === 'string');
    const groups = raw && typeof raw.groups === 'object' && raw.groups ? Object.fromEntries(Object.entries(raw.groups).filter(([, v]) => ids(v))) : {};
    return { groups, profiles: ids(raw?.profiles) ? raw.profiles.filter((id) => id in groups) : [] };
  } catch {
    return { groups: {}, profiles: [] };
  }
}

class RunGroups {
  private readonly stored = storedGroups();
  /** The groups, by their first run's id. */
  groups = $state<Record<string, string[]>>(this.stored.groups);
  /** The groups that are model-profile studies, by their first run's id. */
  profiles = $state<string[]>(this.stored.profiles);

  /** Keep runs started together as a group (a model-profile study: `profile`). */
  group(ids: readonly string[], profile = false): void {
    if (ids.length < 2) return;
    this.groups[ids[0]!] = [...ids];
    if (profile && !this.profiles.includes(ids[0]!)) this.profiles.push(ids[0]!);
    this.save();
  }

  /** The group a run starts, if any. */
  startedBy(runId: string): string[] | undefined {
    return this.groups[runId];
  }

  /** The runs of the model-profile study a run belongs to, in the study's order. */
  profileOf(runId: string): string[] | undefined {
    const first = this.profiles.find((id) => this.groups[id]?.includes(runId));
    return first === undefined ? undefined : this.groups[first];
  }

  /** A run was deleted: a group without one of its runs is no longer the group it was. */
  forget(runId: string): void {
    const broken = Object.keys(this.groups).filter((id) => this.groups[id]!.includes(runId));
    if (!broken.length) return;
    for (const id of broken) delete this.groups[id];
    this.profiles = this.profiles.filter((id) => !broken.includes(id));
    this.save();
  }

  private save(): void {
    try {
      localStorage.setItem(GROUPS_KEY, JSON.stringify({ groups: $state.snapshot(this.groups), profiles: $state.snapshot(this.profiles) }));
    } catch {
      // no storage: the groups last as long as the tab
    }
  }
}

export const runGroups = new RunGroups();

// One model, every protocol: the profile of a study's models from its runs of each protocol that
// declares what it gives a profile (its `profile`: PAIR; Talk static and a feedback setting;
// PrismBench; Interview). Each protocol's numbers are its runs' stored scores (its summaries for the
// values, its item scores for the bootstrap; scored now for a run without them), and its
// `profile.section` gives its own section; this
// file only matches models across runs, ranks them, and measures how far the protocols' rankings
// agree. It reaches the protocols through the registry alone. docs/metrics.md, "Model profile".
import type { ItemRecord, Manifest, ModelSummary, RunLog } from '../model/runlog.ts';
import type { ProfileSection, ProfileSpec } from '../protocols/contract.ts';
import { PROTOCOL_LIST, protocolById, summarizeRun } from '../protocols/registry.ts';
import { needsDataset } from '../protocols/work.ts';
import { randomFor } from '../random.ts';
import { agreement, discordantPairs, drawWeights, percentile95, ranksOf, weightedMean } from './agreement.ts';

/** The protocols a profile reads (those that declare what they give it), by the id their runs record. */
export const PROFILE_PROTOCOLS: readonly string[] = PROTOCOL_LIST.filter((p) => p.profile).map((p) => p.id);

const profileOf = (id: string): ProfileSpec => protocolById(id)!.profile!;

export interface Interval {
  lo: number;
  hi: number;
}

export interface ProfileValue {
  /** The protocol's own value (the run's stored summary). */
  value: number | null;
  /** The bootstrap's 95 % percentile interval; null when undefined in every draw or not bootstrapped. */
  ci: Interval | null;
}

export interface ProfileMeasure {
  /** e.g. "pair.trs", "talk:static.tca". */
  key: string;
  /** The run it comes from (its index in the logs given). */
  run: number;
  /** Its name in the report: "PAIR TRS", "Talk static TCA", "Interview S′_G". */
  label: string;
  /** The metric's key in the protocol's summaries and item scores. */
  metric: string;
  /** As the protocol's leaderboard shows it: a percentage (0–100) or a plain number. */
  format: 'pct' | 'num';
  /** Its anchor in docs/metrics.md, as the protocol's leaderboard links it. */
  anchor: string;
  /** Per model, in the profile's model order. */
  values: ProfileValue[];
  /** Whether the mean of the item scores over all items gives the summary's value for every model (the bootstrap's premise); intervals are left out when not. */
  consistent: boolean;
}

/** A ranking of the models by one measure: a protocol (or Talk setting, or Interview's S_G / S′_G). */
export interface ProfileColumn {
  label: string;
  measure: string;
  /** Mid-ranks, 1 = best; null when some model has no value. */
  ranks: number[] | null;
}

export interface MatrixCell {
  value: number | null;
  ci: Interval | null;
}

export interface DiscordantPair {
  /** Ranked higher by the row's column… */
  first: string;
  /** …ranked higher by the other column. */
  second: string;
  /** Share of bootstrap draws in which the two columns order this pair oppositely. */
  share: number | null;
}

export interface ModelProfile {
  models: { id: string; label: string; simulated: boolean }[];
  /** Whether there are models to rank (two or more): with one, the ranks, the agreement between rankings and Talk's rank change say nothing. */
  ranked: boolean;
  /** Models some of the runs have and others lack (left out of the profile). */
  unmatched: { id: string; label: string; missingFrom: string[] }[];
  runs: { name: string; protocol: string; label: string }[];
  measures: ProfileMeasure[];
  columns: ProfileColumn[];
  /** tau[i][j]: Kendall's τ-b between columns i and j. */
  tau: MatrixCell[][];
  /** footrule[i][j]: the normalized Spearman footrule between columns i and j. */
  footrule: MatrixCell[][];
  /** Per pair of columns i < j, the model pairs they order oppositely. */
  discordant: { a: number; b: number; pairs: DiscordantPair[] }[];
  /** The protocols' own sections, in the protocols' order (Talk: the rank change; PrismBench: the weakest concepts). */
  sections: ProfileSection[];
  bootstrap: { replicates: number; seed: number };
}

export interface ProfileOptions {
  /** Bootstrap draws (default 1000). */
  replicates?: number;
  /** The bootstrap's seed (default: the first run's seed). */
  seed?: number;
}

/** Whether a set of runs can be profiled: a run of each profiled protocol, and what each protocol asks of its runs (Talk: static and a feedback setting). */
export const profileGap = (logs: readonly RunLog[]): string | null => profileGapOf(logs.map((l) => l.manifest));

/** profileGap from the runs' manifests alone (a run list knows them before any steps are read). */
export function profileGapOf(manifests: readonly Manifest[]): string | null {
  const missing = PROFILE_PROTOCOLS.flatMap((id) => {
    const mine = manifests.filter((m) => m.protocol.id === id);
    const name = profileOf(id).name;
    return mine.length ? (profileOf(id).missing?.(mine) ?? []) : [`${/^[AEIOU]/.test(name) ? 'an' : 'a'} ${name} run`];
  });
  return missing.length ? `a model profile needs a run of each protocol (missing: ${missing.join(', ')})` : null;
}

/** A run's name in the profile and the key that tells it from another run of its protocol (Talk: its setting). */
function runOf(log: RunLog): { label: string; key: string } {
  const spec = profileOf(log.manifest.protocol.id);
  return spec.run?.(log.manifest) ?? { label: spec.name, key: '' };
}

/** The unit an item is resampled with: its instance or task (shared by every model), or the item itself (PrismBench: each model's own tree). */
const unitOf = (r: ItemRecord, shared: boolean) => (shared ? (r.instanceId ?? r.taskId ?? r.key) : `${r.modelId}\u0000${r.key}`);

export function modelProfile(allLogs: readonly RunLog[], options: ProfileOptions = {}): ModelProfile {
  const gap = profileGap(allLogs);
  if (gap) throw new Error(gap);
  // Only the profiled protocols' runs, in the order given.
  const logs = allLogs.filter((l) => PROFILE_PROTOCOLS.includes(l.manifest.protocol.id));
  const protocols = logs.map((l) => protocolById(l.manifest.protocol.id)!);
  // A run's stored scores where it has them (the numbers every other view shows), else scored now.
  const summaries: ModelSummary[][] = logs.map((l) => l.scores?.summaries ?? summarizeRun(l.manifest, l.items));
  const runs = logs.map(runOf);
  const labels = runs.map((r) => r.label);

  // Models are matched by id: a model is profiled when every run has a summary row for it.
  const first = summaries[0]!;
  const everyId = [...new Set(summaries.flat().map((s) => s.modelId))];
  const inAll = (id: string) => summaries.every((rows) => rows.some((s) => s.modelId === id));
  const models = first.filter((s) => inAll(s.modelId)).map((s) => ({ id: s.modelId, label: s.label, simulated: s.simulated }));
  const labelOf = (id: string) => summaries.flat().find((s) => s.modelId === id)?.label ?? id;
  const unmatched = everyId
    .filter((id) => !inAll(id))
    .map((id) => ({ id, label: labelOf(id), missingFrom: labels.filter((_, i) => !summaries[i]!.some((s) => s.modelId === id)) }));
  const ids = models.map((m) => m.id);
  const idSet = new Set(ids);

  // Every run's items of profiled models, each with its item scores (the protocol's own).
  const records = logs.map((l, i) => {
    const itemScores = protocols[i]!.metrics.itemScores;
    const shared = needsDataset(protocols[i]!);
    return l.items
      .filter((r) => idSet.has(r.modelId))
      .map((r) => ({ modelId: r.modelId, unit: unitOf(r, shared), scores: l.scores?.items[r.key] ?? itemScores(l.manifest, r) }));
  });
  // Resampling groups per run: shared units (one group), or each model's own items (a group per model).
  const offsets = records.map((_, i) => records.slice(0, i).reduce((n, r) => n + r.length, 0));
  const total = records.reduce((n, r) => n + r.length, 0);
  const groups: number[][][] = records.flatMap((rs, i) => {
    const shared = needsDataset(protocols[i]!);
    const byUnit = new Map<string, number[]>();
    rs.forEach((r, k) => {
      if (!byUnit.has(r.unit)) byUnit.set(r.unit, []);
      byUnit.get(r.unit)!.push(offsets[i]! + k);
    });
    const units = [...byUnit.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    if (shared) return [units.map(([, ks]) => ks)];
    return ids.map((id) => units.filter(([u]) => u.startsWith(`${id}\u0000`)).map(([, ks]) => ks));
  });

  // The measures: each run's headline metrics, valued by its summaries.
  const specs = logs.flatMap((l, run) =>
    profileOf(l.manifest.protocol.id).measures.map(({ metric, name, ranked }) => ({
      run,
      metric,
      ranked,
      key: `${l.manifest.protocol.id}${runs[run]!.key ? `:${runs[run]!.key}` : ''}.${metric}`,
      label: `${labels[run]} ${name}`,
    })),
  );
  const valueOf = (run: number, id: string, metric: string) => summaries[run]!.find((s) => s.modelId === id)?.metrics[metric] ?? null;
  // Per measure and model: the item scores in the flat record order (null for other models' items).
  const columnsOf = specs.map((s) =>
    ids.map((id) => {
      const flat = new Array<number | null>(total).fill(null);
      records[s.run]!.forEach((r, k) => {
        if (r.modelId === id) flat[offsets[s.run]! + k] = r.scores[s.metric] ?? null;
      });
      return flat;
    }),
  );
  const ones = new Array<number>(total).fill(1);
  const consistent = specs.map((s, m) =>
    ids.every((id, k) => {
      const fromItems = weightedMean(columnsOf[m]![k]!, ones);
      const value = valueOf(s.run, id, s.metric);
      return value === null ? fromItems === null : fromItems !== null && Math.abs(fromItems - value) < 1e-9;
    }),
  );

  const ranked = specs.map((s, m) => ({ s, m })).filter((x) => x.s.ranked);
  const replicates = options.replicates ?? 1000;
  const seed = options.seed ?? logs[0]!.manifest.settings.seed;
  const random = randomFor('model-profile', seed);
  const draws: (number | null)[][][] = specs.map(() => ids.map(() => []));
  const pairKeys = (a: number, b: number) => `${a},${b}`;
  const tauDraws = new Map<string, (number | null)[]>();
  const footDraws = new Map<string, (number | null)[]>();
  const discordDraws = new Map<string, Map<string, number>>();
  for (let b = 0; b < replicates; b++) {
    const w = drawWeights(groups, total, random);
    const values = specs.map((_, m) => ids.map((__, k) => weightedMean(columnsOf[m]![k]!, w)));
    values.forEach((row, m) => row.forEach((v, k) => draws[m]![k]!.push(v)));
    for (let i = 0; i < ranked.length; i++) {
      for (let j = i + 1; j < ranked.length; j++) {
        const a = values[ranked[i]!.m]!;
        const c = values[ranked[j]!.m]!;
        const key = pairKeys(i, j);
        const defined = a.every((x) => x !== null) && c.every((x) => x !== null);
        const ag = defined ? agreement(a as number[], c as number[]) : { tau: null, footrule: null };
        if (!tauDraws.has(key)) {
          tauDraws.set(key, []);
          footDraws.set(key, []);
        }
        tauDraws.get(key)!.push(ag.tau);
        footDraws.get(key)!.push(ag.footrule);
        if (defined) {
          const counts = discordDraws.get(key) ?? new Map<string, number>();
          for (const [x, y] of discordantPairs(ids, a as number[], c as number[])) counts.set(`${x}|${y}`, (counts.get(`${x}|${y}`) ?? 0) + 1);
          discordDraws.set(key, counts);
        }
      }
    }
  }

  const measures: ProfileMeasure[] = specs.map((s, m) => {
    const column = protocols[s.run]!.metrics.columns.find((c) => c.key === s.metric);
    return {
      key: s.key,
      run: s.run,
      label: s.label,
      metric: s.metric,
      format: column?.format ?? 'pct',
      anchor: column?.anchor ?? 'model-profile',
      values: ids.map((id, k) => ({ value: valueOf(s.run, id, s.metric), ci: consistent[m] ? percentile95(draws[m]![k]!) : null })),
      consistent: consistent[m]!,
    };
  });
  const scoresOf = (m: number) => measures[m]!.values.map((v) => v.value);
  const full = (xs: (number | null)[]): xs is number[] => xs.every((x) => x !== null);
  const columns: ProfileColumn[] = ranked.map(({ s, m }) => {
    const scores = scoresOf(m);
    return { label: s.label, measure: s.key, ranks: full(scores) ? ranksOf(scores) : null };
  });
  const cell = (i: number, j: number, which: 'tau' | 'footrule'): MatrixCell => {
    if (i === j) return { value: which === 'tau' ? 1 : 0, ci: null };
    const [a, c] = i < j ? [i, j] : [j, i];
    const x = scoresOf(ranked[a]!.m);
    const y = scoresOf(ranked[c]!.m);
    const value = full(x) && full(y) ? agreement(x, y)[which] : null;
    return { value, ci: percentile95((which === 'tau' ? tauDraws : footDraws).get(pairKeys(a, c)) ?? []) };
  };
  const tau = columns.map((_, i) => columns.map((__, j) => cell(i, j, 'tau')));
  const footrule = columns.map((_, i) => columns.map((__, j) => cell(i, j, 'footrule')));
  const discordant = columns.flatMap((_, a) =>
    columns.slice(a + 1).map((__, d) => {
      const b = a + 1 + d;
      const x = scoresOf(ranked[a]!.m);
      const y = scoresOf(ranked[b]!.m);
      const counts = discordDraws.get(pairKeys(a, b));
      const pairs =
        full(x) && full(y)
          ? discordantPairs(ids, x, y).map(([first, second]) => ({
              first,
              second,
              share: replicates ? (counts?.get(`${first}|${second}`) ?? 0) / replicates : null,
            }))
          : [];
      return { a, b, pairs };
    }),
  );

  // Each protocol's own section, by its own code, from its runs.
  const sections = PROFILE_PROTOCOLS.flatMap((id) => {
    const section = profileOf(id).section?.(
      logs.filter((l) => l.manifest.protocol.id === id),
      models,
      models.length >= 2,
    );
    return section ? [section] : [];
  });

  return {
    models,
    ranked: models.length >= 2,
    unmatched,
    runs: logs.map((l, i) => ({ name: l.manifest.name, protocol: l.manifest.protocol.id, label: labels[i]! })),
    measures,
    columns,
    tau,
    footrule,
    discordant,
    sections,
    bootstrap: { replicates, seed },
  };
}

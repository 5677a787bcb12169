// The model profile in words, before its numbers: how many models and protocols, which model each
// ranking puts first, how far the rankings disagree and about whom, and how much three or four
// models can say at all. The page and the text report lead with it. docs/metrics.md, "Model profile".
import type { ModelProfile } from './profile.ts';

/** The profile's heading: "Model profile: 3 models, 4 protocols". */
export function profileTitle(p: ModelProfile): string {
  const protocols = new Set(p.runs.map((r) => r.protocol)).size;
  return `Model profile: ${p.models.length} model${p.models.length === 1 ? '' : 's'}, ${protocols} protocol${protocols === 1 ? '' : 's'}`;
}

/** "a", "a and b", "a, b and c". */
export function listWords(xs: readonly string[]): string {
  return xs.length <= 1 ? (xs[0] ?? '') : `${xs.slice(0, -1).join(', ')} and ${xs.at(-1)}`;
}

/** The values Kendall's τ-b can take between two rankings of n models with no ties. */
export const tauValues = (n: number): number => (n * (n - 1)) / 2 + 1;

/** The summary's sentences (none about ranks with a single model). */
export function profileSummary(p: ModelProfile): string[] {
  const label = (id: string) => p.models.find((m) => m.id === id)?.label ?? id;
  const out = [
    `${p.models.length} model${p.models.length === 1 ? '' : 's'}, compared by ${p.measures.length} measures from ${p.runs.length} runs (${listWords(p.runs.map((r) => r.label))}).`,
  ];
  if (!p.ranked) return out;

  // Who each ranking puts first (its best mid-rank: a tie for first names every tied model).
  const firsts = new Map<string, string[]>();
  let unranked = 0;
  for (const c of p.columns) {
    if (!c.ranks) {
      unranked++;
      continue;
    }
    const best = Math.min(...c.ranks);
    c.ranks.forEach((r, k) => {
      if (r === best) firsts.set(p.models[k]!.id, [...(firsts.get(p.models[k]!.id) ?? []), c.label]);
    });
  }
  const ranked = p.columns.length - unranked;
  const leaders = [...firsts.entries()].sort((a, b) => b[1].length - a[1].length);
  out.push(`First place: ${leaders.map(([id, cs]) => `${label(id)} in ${cs.length} of ${ranked} rankings (${listWords(cs)})`).join('; ')}.`);

  // Disagreement: the pairs of rankings that order some pair of models oppositely, and who is in them.
  const pairs = (p.columns.length * (p.columns.length - 1)) / 2;
  const discordant = p.discordant.filter((d) => d.pairs.length);
  if (!discordant.length) {
    out.push(`All ${pairs} pairs of rankings order every pair of models the same way (ties aside).`);
  } else {
    const involved = new Map<string, number>();
    for (const d of discordant) {
      const models = new Set(d.pairs.flatMap((x) => [x.first, x.second]));
      for (const id of models) involved.set(id, (involved.get(id) ?? 0) + 1);
    }
    const always = p.models.filter((m) => involved.get(m.id) === discordant.length).map((m) => m.label);
    const who =
      always.length && always.length < p.models.length
        ? ` ${listWords(always)} ${always.length === 1 ? 'is' : 'are'} in every one of them: the protocols disagree about ${always.length === 1 ? 'that model' : 'those models'}, not about the rest.`
        : '';
    out.push(`${discordant.length} of the ${pairs} pairs of rankings put some pair of models in opposite order.${who}`);
  }
  if (p.models.length <= 4) {
    out.push(
      `With ${p.models.length} models, Kendall's τ-b between two rankings takes only ${tauValues(p.models.length)} values without ties, and one swapped pair moves it by ${(4 / (p.models.length * (p.models.length - 1))).toFixed(2)}; most of its intervals span much of −1 to 1. Read the agreement as a direction, and the model pairs below as the substance.`,
    );
  }
  return out;
}

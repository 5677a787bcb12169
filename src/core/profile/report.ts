// The model profile as text (`hintbench study` and `hintbench report` print it after the runs'
// own reports): the per-model table, the ranks per protocol, the τ and footrule matrices with
// their bootstrap intervals, the discordant pairs, and the protocols' own sections (Talk's rank
// change, PrismBench's weakest concepts). docs/metrics.md, "Model profile", defines every number.
import { textTable } from '../text/table.ts';
import type { Interval, ModelProfile } from './profile.ts';
import { profileSummary, profileTitle } from './summary.ts';
import { formatValue } from '../text/numbers.ts';
import { formatCell as matrixCell } from './tables.ts';

const pct = (x: number | null) => formatValue('pct', x);
const ci = (c: Interval | null, f: (x: number) => string) => (c ? ` [${f(c.lo)}, ${f(c.hi)}]` : '');

export function profileReport(p: ModelProfile): string {
  const out: string[] = [];
  const label = (id: string) => p.models.find((m) => m.id === id)?.label ?? id;
  out.push(profileTitle(p));
  out.push(...profileSummary(p).map((s) => `  ${s}`), '');
  out.push(`Runs: ${p.runs.map((r) => `${r.label} ("${r.name}")`).join(' · ')}`);
  out.push(`Models matched by id in every run: ${p.models.map((m) => `${m.label} (${m.id})`).join(', ')}`);
  if (p.unmatched.length)
    out.push(`Left out (not in every run): ${p.unmatched.map((u) => `${u.label} (${u.id}; missing from ${u.missingFrom.join(', ')})`).join('; ')}`);
  out.push(
    `Intervals: 95% percentile bootstrap over items, ${p.bootstrap.replicates} draws, seed ${p.bootstrap.seed} (PAIR and Talk resample instances, Interview tasks, PrismBench each model's evaluations).\n`,
  );

  out.push('Per model (% unless marked "(number)"; [95% interval]):');
  out.push(
    textTable(
      ['Measure', ...p.models.map((m) => m.label)],
      p.measures.map((m) => {
        const f = (x: number | null) => formatValue(m.format, x);
        return [
          m.label + (m.format === 'num' ? ' (number)' : '') + (m.consistent ? '' : ' (no interval: item scores do not add up to it)'),
          ...m.values.map((v) => `${f(v.value)}${ci(v.ci, f)}`),
        ];
      }),
    ),
  );

  if (!p.ranked) {
    out.push(`\n${SINGLE_MODEL}`);
    out.push(...sectionsText(p));
    return out.join('\n') + '\n';
  }

  out.push('\nRanks per protocol (1 = best; ties share their mid-rank):');
  out.push(
    textTable(
      ['Ranking', ...p.models.map((m) => m.label)],
      p.columns.map((c) => [c.label, ...(c.ranks ? c.ranks.map((r) => String(r)) : p.models.map(() => '—'))]),
    ),
  );

  const short = p.columns.map((_, i) => `(${i + 1})`);
  out.push(`\nColumns: ${p.columns.map((c, i) => `${short[i]} ${c.label}`).join(' · ')}`);
  out.push("\nKendall's τ-b between rankings [95% interval] (1 agree, −1 reversed):");
  out.push(
    textTable(
      ['', ...short],
      p.tau.map((row, i) => [short[i]!, ...row.map(matrixCell)]),
    ),
  );
  out.push('\nSpearman footrule between rankings, Σ|Δrank| / ⌊n²/2⌋ [95% interval] (0 agree, 1 reversed):');
  out.push(
    textTable(
      ['', ...short],
      p.footrule.map((row, i) => [short[i]!, ...row.map(matrixCell)]),
    ),
  );

  out.push('\nDiscordant model pairs (ranked one way by the first ranking, the other way by the second; share of bootstrap draws where they are):');
  const lines = p.discordant
    .filter((d) => d.pairs.length)
    .flatMap((d) =>
      d.pairs.map(
        (x) =>
          `  ${short[d.a]} vs ${short[d.b]}: ${label(x.first)} above ${label(x.second)} in ${p.columns[d.a]!.label}, below it in ${p.columns[d.b]!.label} (${x.share === null ? '—' : pct(x.share) + '%'} of draws)`,
      ),
    );
  out.push(lines.length ? lines.join('\n') : '  none: every pair of rankings orders every pair of models the same way (ties aside).');

  out.push(...sectionsText(p));
  return out.join('\n') + '\n';
}

/** What the profile of one model leaves out, and why. */
export const SINGLE_MODEL =
  "One model: ranks, the agreement between the protocols' rankings and Talk's rank change need two or more models, so they are left out.";

/** The protocols' own sections (their code writes them), each after a blank line. */
const sectionsText = (p: ModelProfile): string[] => p.sections.map((s) => `\n${s.text}`);

// `hintbench report FILE`: the leaderboard of a results file, as a text table.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { RunLog } from '../src/core/model/runlog.ts';
import { parseRunLog } from '../src/core/runner/export.ts';
import { formatMetric, leaderboardOrder, marks, METRIC_COLUMNS } from '../src/core/protocols/pair/leaderboard.ts';

const money = (x: number | null) => (x === null ? '—' : `$${x.toFixed(4)}`);

function table(headers: string[], rows: string[][]): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(headers), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

const MARK = { top: '▲', bottom: '▼' } as const;

/** Table III: the progress-centric leaderboard, with tokens and cost. ▲/▼ mark each metric's best and worst. */
export function leaderboard(log: RunLog): string {
  const m = log.manifest;
  const feedback = m.models.find((x) => x.role === 'feedback');
  const pairParams = m.protocol === 'pair' ? `, β = ${m.params.beta}, m = ${m.params.m}` : '';
  const head = `${m.name} — ${m.protocol}, α = ${m.params.turns}${pairParams}, ${m.dataset.instances.length} instance(s), ${m.params.repeats} repeat(s)${m.shard ? `, shard ${m.shard.k}/${m.shard.n}` : ''}${feedback ? `\nFeedback model: ${feedback.label}` : ''}`;
  const ordered = leaderboardOrder(log.summaries);
  const marked = marks(ordered.map((s) => s.metrics));
  const rows = ordered.map((s, i) => [
    `${s.label}${s.simulated && !/simulated/i.test(s.label) ? ' (simulated)' : ''}`,
    String(s.items),
    ...METRIC_COLUMNS.map((col) => {
      const value = formatMetric(col, s.metrics[col.key]);
      const gain = col.key === 'finalFix' ? ` (${s.metrics.netGain >= 0 ? '+' : ''}${(s.metrics.netGain * 100).toFixed(1)})` : '';
      const mark = marked[col.key][i];
      return `${value}${gain}${mark ? MARK[mark] : ' '}`;
    }),
    String(s.promptTokens + s.completionTokens),
    money(s.costUsd),
  ]);
  const headers = ['Model', 'Items', ...METRIC_COLUMNS.map((c) => `${c.label}${c.format === 'pct' ? ' %' : ''} ${c.direction === 'up' ? '↑' : '↓'}`), 'Tokens', 'Cost'];
  const errors = log.items.filter((i) => i.status === 'error').length;
  const legend = 'Metrics over initially failing instances, except Initial and Final Fix (all instances). ▲ best, ▼ worst per metric. — : not defined for this protocol or no data.';
  return `${head}\n\n${table(headers, rows)}\n${errors ? `\n${errors} item(s) ended with an error.\n` : ''}\n${legend}\nMetrics: docs/metrics.md\n`;
}

export async function reportCommand(args: string[]): Promise<number> {
  const { positionals } = parseArgs({ args, allowPositionals: true, strict: true });
  if (positionals.length !== 1) {
    process.stderr.write('usage: hintbench report FILE\n');
    return 2;
  }
  process.stdout.write(leaderboard(parseRunLog(readFileSync(positionals[0]!, 'utf8'))));
  return 0;
}

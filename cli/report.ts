// `hintbench report FILE`: the leaderboard of a results file, as a text table.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { RunLog } from '../src/core/model/runlog.ts';
import { parseRunLog } from '../src/core/runner/export.ts';

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const money = (x: number | null) => (x === null ? '—' : `$${x.toFixed(4)}`);

function table(headers: string[], rows: string[][]): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(headers), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

export function leaderboard(log: RunLog): string {
  const m = log.manifest;
  const head = `${m.name} — ${m.protocol}, α = ${m.params.turns}, ${m.dataset.instances.length} instance(s), ${m.params.repeats} repeat(s)${m.shard ? `, shard ${m.shard.k}/${m.shard.n}` : ''}`;
  const rows = [...log.summaries]
    .sort((a, b) => b.finalFix - a.finalFix || b.meanBestPassRate - a.meanBestPassRate)
    .map((s) => [
      `${s.label}${s.simulated && !/simulated/i.test(s.label) ? ' (simulated)' : ''}`,
      String(s.items),
      pct(s.initialFix),
      pct(s.finalFix),
      pct(s.meanBestPassRate),
      s.meanTurnsToFix === null ? '—' : s.meanTurnsToFix.toFixed(2),
      String(s.promptTokens + s.completionTokens),
      money(s.costUsd),
    ]);
  const errors = log.items.filter((i) => i.status === 'error').length;
  return `${head}\n\n${table(['Model', 'Items', 'Initial Fix', 'Final Fix', 'Best pass rate', 'Turns to fix', 'Tokens', 'Cost'], rows)}\n${errors ? `\n${errors} item(s) ended with an error.\n` : ''}\nMetrics: docs/metrics.md\n`;
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

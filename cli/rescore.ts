// `hintbench rescore FILE [--out FILE] [--check]`: recompute a results file's stored scores (its
// leaderboard rows and per-item numbers) with this copy's metric code, say what changed per model
// and metric, and write the file with the new scores. --check writes nothing and exits 1 when the
// stored scores are not what this copy computes (docs/metrics.md, "Stored scores and rescoring").
import { parseArgs } from 'node:util';
import type { Annotation, ModelSummary, Scores } from '../src/core/model/runlog.ts';
import { ScoredItems } from '../src/core/runner/scores.ts';
import { lastUseOfFile, readRunLogFileInto, runLogFileItems, writeRunLogFile } from './runlog-file.ts';

const USAGE = 'usage: hintbench rescore FILE [--out FILE] [--check]\n';

/** Numbers that agree to this much (absolute, or relative to the larger) are the same number. */
const TOLERANCE = 1e-9;

export const sameNumber = (a: number | null | undefined, b: number | null | undefined): boolean => {
  if (a === undefined || a === null || b === undefined || b === null) return (a ?? null) === (b ?? null);
  return a === b || Math.abs(a - b) <= TOLERANCE * Math.max(1, Math.abs(a), Math.abs(b));
};

/** A number as the change list shows it: six significant digits, more when that hides the difference; — for none. */
function shown(x: number | null | undefined, other: number | null | undefined): string {
  if (x === undefined || x === null) return '—';
  const short = String(Number(x.toPrecision(6)));
  const otherShort = other === undefined || other === null ? null : String(Number(other.toPrecision(6)));
  return short === otherShort ? String(x) : short;
}

/** One number that differs between the stored scores and the recomputed ones. */
export interface Change {
  /** A model's label (leaderboard rows) or an item's key (item scores). */
  where: string;
  metric: string;
  old: number | null | undefined;
  now: number | null | undefined;
}

function numberChanges(where: string, old: Record<string, number | null> | undefined, now: Record<string, number | null> | undefined, suffix = ''): Change[] {
  const keys = [...new Set([...Object.keys(old ?? {}), ...Object.keys(now ?? {})])];
  return keys
    .filter((k) => !sameNumber(old?.[k], now?.[k]) || (old !== undefined && now !== undefined && k in old !== k in now))
    .map((k) => ({ where, metric: `${k}${suffix}`, old: old?.[k], now: now?.[k] }));
}

function rowChanges(old: readonly ModelSummary[], now: readonly ModelSummary[]): Change[] {
  const out: Change[] = [];
  const ids = [...new Set([...now.map((s) => s.modelId), ...old.map((s) => s.modelId)])];
  for (const id of ids) {
    const [a, b] = [old.find((s) => s.modelId === id), now.find((s) => s.modelId === id)];
    const where = `${(b ?? a)!.label} (${id})`;
    if (!sameNumber(a?.items, b?.items)) out.push({ where, metric: 'items', old: a?.items, now: b?.items });
    out.push(...numberChanges(where, a?.metrics, b?.metrics));
    const repeats = Math.max(a?.repeats?.length ?? 0, b?.repeats?.length ?? 0);
    for (let r = 0; r < repeats; r++) out.push(...numberChanges(where, a?.repeats?.[r], b?.repeats?.[r], ` (repeat ${r + 1})`));
  }
  return out;
}

/** What differs between stored scores and a recomputation: the leaderboard's rows, then the items' numbers. */
export function scoreChanges(old: Scores, now: Scores): { rows: Change[]; items: Change[] } {
  const keys = [...new Set([...Object.keys(now.items), ...Object.keys(old.items)])];
  return { rows: rowChanges(old.summaries, now.summaries), items: keys.flatMap((k) => numberChanges(k, old.items[k], now.items[k])) };
}

/** Items whose changes are listed one by one; the rest are counted. */
const ITEMS_LISTED = 20;

/** The comparison in words: which metric code made each, and every change (old → new). */
export function changesText(file: string, old: Scores | undefined, now: Scores): { text: string; differ: boolean } {
  const stamp = (s: Scores) => `${s.metrics.protocol} metrics v${s.metrics.version}`;
  if (!old) return { text: `${file}: no stored scores; computed by ${stamp(now)}.\n`, differ: true };
  const otherCode = old.metrics.protocol !== now.metrics.protocol || old.metrics.version !== now.metrics.version;
  const { rows, items } = scoreChanges(old, now);
  const lines = [`${file}: stored scores by ${stamp(old)} (scored ${old.scoredAt}); recomputed by ${stamp(now)}.`];
  if (!rows.length && !items.length) lines.push(otherCode ? '  Every number is the same.' : '  The stored scores agree with a recomputation.');
  if (rows.length) {
    lines.push('  Leaderboard:');
    for (const c of rows) lines.push(`    ${c.where}: ${c.metric} ${shown(c.old, c.now)} → ${shown(c.now, c.old)}`);
  }
  if (items.length) {
    const changed = [...new Set(items.map((c) => c.where))];
    lines.push(`  Items: ${changed.length} of ${Object.keys(now.items).length} changed`);
    for (const key of changed.slice(0, ITEMS_LISTED))
      lines.push(
        `    ${key}: ${items
          .filter((c) => c.where === key)
          .map((c) => `${c.metric} ${shown(c.old, c.now)} → ${shown(c.now, c.old)}`)
          .join('; ')}`,
      );
    if (changed.length > ITEMS_LISTED) lines.push(`    … and ${changed.length - ITEMS_LISTED} more`);
  }
  return { text: `${lines.join('\n')}\n`, differ: otherCode || rows.length > 0 || items.length > 0 };
}

export async function rescoreCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args, options: { out: { type: 'string' }, check: { type: 'boolean' } }, allowPositionals: true, strict: true });
  if (positionals.length !== 1 || (values.check && values.out !== undefined)) {
    process.stderr.write(USAGE);
    if (values.check && values.out !== undefined) process.stderr.write('--check writes nothing: give it without --out\n');
    return 2;
  }
  const file = positionals[0]!;
  // Read record by record, to know whether the file itself holds scores (a whole-log read fills
  // them in); each item is scored as it comes and kept without its calls' texts.
  const lastUse = await lastUseOfFile(file);
  let kept: ScoredItems | undefined;
  let stored: Scores | undefined;
  const annotations: Annotation[] = [];
  await readRunLogFileInto(
    file,
    {
      manifest: (m) => void (kept = new ScoredItems(m)),
      scores: (s) => void (stored = s),
      item: (i) => void kept!.add(i),
      annotation: (a) => void annotations.push(a),
    },
    lastUse,
  );
  if (!kept) throw new Error(`${file}: no manifest`);
  const { manifest } = kept;
  const now = kept.scores();
  if (!now) {
    process.stderr.write(`${file}: this copy of hintbench does not know the "${manifest.protocol.id}" protocol, so it cannot score it.\n`);
    return 1;
  }
  const { text, differ } = changesText(file, stored, now);
  process.stdout.write(text);
  if (values.check) {
    if (differ) process.stderr.write(`${file}: the stored scores are not this copy's: run \`hintbench rescore ${file}\` to recompute them.\n`);
    return differ ? 1 : 0;
  }
  const out = values.out ?? file;
  if (!differ && out === file) {
    process.stderr.write(`${file} left as it is: its scores are current.\n`);
    return 0;
  }
  // The items written are read again from the file, one at a time.
  await writeRunLogFile(out, { manifest, scores: now, ...(annotations.length ? { annotations } : {}) }, runLogFileItems(file, lastUse));
  process.stderr.write(`wrote ${out}\n`);
  return 0;
}

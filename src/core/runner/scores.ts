// A run's stored scores: its protocol's summaries and per-item numbers, stamped with the version
// of the metric code that computed them (docs/metrics.md, "Stored scores").
import type { ItemRecord, Manifest, MetricsStamp, RunLog, Scores } from '../model/runlog.ts';
import type { ItemScore } from '../protocols/reduce.ts';
import { protocolById, summarizeRun } from '../protocols/registry.ts';
import { leanItem } from '../runlog/lean.ts';

/** The metric code of this copy for a protocol; undefined when this copy does not know it. */
export function currentStamp(protocolId: string): MetricsStamp | undefined {
  const p = protocolById(protocolId);
  return p ? { protocol: p.id, version: p.metrics.version } : undefined;
}

/**
 * Scores of a run from its items, by this copy's metric code (none for a protocol it does not
 * know). `given`: item scores already made (ScoredItems), used instead of scoring those items.
 */
export function scoreRun(manifest: Manifest, items: readonly ItemRecord[], now = new Date(), given?: ReadonlyMap<ItemRecord, ItemScore>): Scores | undefined {
  const p = protocolById(manifest.protocol.id);
  if (!p) return undefined;
  const scored = new Map(items.map((item) => [item, given?.get(item) ?? p.metrics.itemScores(manifest, item)] as const));
  const perItem: Scores['items'] = {};
  for (const [item, score] of scored) perItem[item.key] = { ...score };
  return {
    metrics: { protocol: p.id, version: p.metrics.version },
    scoredAt: now.toISOString(),
    summaries: summarizeRun(manifest, items, scored),
    items: perItem,
  };
}

/**
 * A run's items gathered a record at a time for its scores: each item scored whole as it arrives,
 * then kept without its calls' texts (lean.ts), so a large log is never held decoded.
 */
export class ScoredItems {
  readonly items: ItemRecord[] = [];
  readonly scored = new Map<ItemRecord, ItemScore>();
  private readonly protocol;
  constructor(readonly manifest: Manifest) {
    this.protocol = protocolById(manifest.protocol.id);
  }

  /** Keep an item (`score`: false when its score will not be needed); returns the kept copy. */
  add(item: ItemRecord, score = true): ItemRecord {
    const lean = leanItem(item);
    this.items.push(lean);
    if (score && this.protocol) this.scored.set(lean, this.protocol.metrics.itemScores(this.manifest, item));
    return lean;
  }

  /** The run's scores, its items in this order (the kept copies). */
  scores(items: readonly ItemRecord[] = this.items, now = new Date()): Scores | undefined {
    if (this.protocol && items.some((i) => !this.scored.has(i))) throw new Error('an item was kept without its score');
    return scoreRun(this.manifest, items, now, this.scored);
  }
}

/** Why stored scores are not this copy's: null when this copy's metric code made them. */
export function scoredElsewhere(scores: Scores): string | null {
  const now = currentStamp(scores.metrics.protocol);
  if (!now) return `scored by the metric code of the ${scores.metrics.protocol} protocol (version ${scores.metrics.version}), which this copy does not have`;
  if (now.version === scores.metrics.version) return null;
  return `scored by version ${scores.metrics.version} of the ${scores.metrics.protocol} metrics; this copy has version ${now.version}`;
}

/** Runs among these whose stored scores are not this copy's, with their place in the list (0-based) and why. */
export function runsScoredElsewhere(logs: readonly Pick<RunLog, 'manifest' | 'scores'>[]): { index: number; name: string; reason: string }[] {
  return logs.flatMap((l, index) => {
    const reason = l.scores ? scoredElsewhere(l.scores) : null;
    return reason ? [{ index, name: l.manifest.name, reason }] : [];
  });
}

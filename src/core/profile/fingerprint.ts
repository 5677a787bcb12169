// The profile's figure, one panel per model (its "fingerprint"): each measure that is a share
// (0–1) with its 95 % interval and, for a ranked measure, the model's rank. HE (a number on
// another scale) is left out of the figure; the per-model table has it.
import type { DataTable } from '../text/data-table.ts';
import { formatInterval, formatValue } from '../text/numbers.ts';
import type { Interval, ModelProfile } from './profile.ts';

export interface FingerprintRow {
  key: string;
  label: string;
  value: number | null;
  ci: Interval | null;
  /** The model's rank by this measure (1 = best), when the measure ranks the models. */
  rank: number | null;
  /** Its values in words (aria-label and tooltip). */
  text: string;
}

export interface Fingerprint {
  id: string;
  label: string;
  simulated: boolean;
  rows: FingerprintRow[];
}

export function fingerprints(p: ModelProfile): Fingerprint[] {
  const shares = p.measures.filter((m) => m.format === 'pct');
  const n = p.models.length;
  return p.models.map((model, k) => ({
    ...model,
    rows: shares.map((m) => {
      const v = m.values[k]!;
      const rank = p.ranked ? (p.columns.find((c) => c.measure === m.key)?.ranks?.[k] ?? null) : null;
      const ci = v.ci ? ` ${formatInterval('pct', v.ci)}` : '';
      const text = `${model.label}, ${m.label}: ${formatValue('pct', v.value)}%${ci}${rank === null ? '' : `, rank ${rank} of ${n}`}`;
      return { key: m.key, label: m.label, value: v.value, ci: v.ci, rank, text };
    }),
  }));
}

/** The figure's data: a row per model and measure. */
export function fingerprintTable(p: ModelProfile): DataTable {
  return {
    columns: [
      { label: 'Model', format: 'text' },
      { label: 'Measure', format: 'text' },
      { label: 'Value', format: 'pct' },
      { label: '95% low', format: 'pct' },
      { label: '95% high', format: 'pct' },
      { label: 'Rank', format: 'text' },
    ],
    rows: fingerprints(p).flatMap((f) =>
      f.rows.map((r) => [f.label, r.label, r.value, r.ci?.lo ?? null, r.ci?.hi ?? null, r.rank === null ? null : String(r.rank)]),
    ),
  };
}

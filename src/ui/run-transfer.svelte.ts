// Runs in and out of this browser: a run exported as a file, and a run log opened from a file,
// a text or an address under the site (view only: an opened run cannot be resumed here).
import { toCsv } from '../core/runner/export.ts';
import { gzipBlob, gzipName } from '../core/runner/gzip.ts';
import { scoreRun } from '../core/runner/scores.ts';
import { textChunks } from '../core/runner/stream-read.ts';
import type { Annotation, ItemHead, ItemRecord, Manifest, Scores } from '../core/model/runlog.ts';
import type { HeadWithStartRef } from '../core/runlog/compact.ts';
import { readLogInto, type CompactEntry } from '../core/runlog/read.ts';
import { logChunks } from '../core/runlog/write.ts';
import type { RunStore, StepEntry } from '../core/store/runs.ts';
import { downloadBlob, downloadText as download } from './download.ts';
import { runs } from './runs.svelte.ts';
import { urlUnderSite } from './site-url.ts';

/** Download a run: its log as JSON or JSONL, plain or gzip, or its items as CSV. */
export async function exportRun(runId: string, format: 'json' | 'jsonl' | 'json.gz' | 'jsonl.gz' | 'csv'): Promise<void> {
  // A file still being read into the run has only some of its steps stored: exporting it would cut it short.
  if (runs.list.some((r) => r.manifest.runId === runId && r.importing)) throw new Error(`run ${runId} is still being read from its file`);
  const log = await runs.log(runId);
  if (!log) return;
  const base = log.manifest.runId;
  if (format === 'csv') return download(`${base}.csv`, toCsv(log), 'text/csv');
  // Piece by piece: the file is a list of texts (one per item), never one string.
  const plain = format.startsWith('jsonl') ? 'jsonl' : 'json';
  const pieces: string[] = [];
  for await (const piece of logChunks(log, log.items, plain)) pieces.push(piece);
  if (!format.endsWith('.gz'))
    return downloadBlob(`${base}.${format}`, new Blob(pieces, { type: plain === 'json' ? 'application/json' : 'application/x-ndjson' }));
  downloadBlob(`${base}.${format}`, new Blob([await gzipBlob(pieces)], { type: 'application/gzip' }));
}

class RunImport {
  /** How far an import has got: items read, and what is being done. */
  importing = $state<{ items: number; phase: string } | null>(null);

  /**
   * Store a run log read from a text in pieces (view only: it cannot be resumed here). Items are
   * stored in batches as they arrive, a version-3 file's as they are written (checked, never
   * decoded). Once the manifest and stored scores are read the run is listed with its
   * leaderboard (`opened` is called then), while the rest is stored; a log without scores is
   * scored here, by this copy's metric code, when all its items are read.
   */
  async importText(text: AsyncIterable<string>, opened?: (runId: string) => void): Promise<string> {
    const store: RunStore = runs.store;
    let manifest: Manifest | null = null;
    let scores: Scores | undefined;
    let announced = false;
    const heads: (ItemHead | HeadWithStartRef)[] = [];
    const kept: ItemRecord[] = [];
    const annotations: Annotation[] = [];
    let batch: StepEntry[] = [];
    let compactBatch: CompactEntry[] = [];
    let pending = 0;
    const flush = async () => {
      if (!manifest) return;
      if (batch.length) await store.putSteps(manifest.runId, batch);
      if (compactBatch.length) await store.putCompact!(manifest.runId, compactBatch);
      batch = [];
      compactBatch = [];
      pending = 0;
    };
    const progress = async (m: Manifest) => {
      if (heads.length < 100 || heads.length % 100 === 0) this.importing = { items: heads.length, phase: 'reading' };
      if (pending >= IMPORT_BATCH) await flush();
      // The first items read: the run shows its stored leaderboard while the rest is stored.
      if (!announced && scores) {
        announced = true;
        await store.putRun({ manifest: m, status: 'paused', items: [], updatedAt: new Date().toISOString(), source: 'imported', scores, importing: true });
        await runs.refresh();
        opened?.(m.runId);
      }
    };
    this.importing = { items: 0, phase: 'reading' };
    try {
      await readLogInto(text, {
        manifest: async (m) => {
          const existing = await store.getRun(m.runId);
          if (existing && existing.source !== 'imported') throw new Error(`run ${m.runId} is already in this browser`);
          if (existing) await store.deleteRun(m.runId); // opened again: replaced whole
          manifest = m;
          await store.putRun({ manifest: m, status: 'paused', items: [], updatedAt: new Date().toISOString(), source: 'imported', importing: true });
        },
        scores: (s) => void (scores = s),
        item: async (item) => {
          const { steps, ...head } = item;
          heads.push(head);
          if (!scores) kept.push(item);
          for (const step of steps) batch.push({ itemKey: item.key, step, ...(item.instanceId !== undefined ? { instanceId: item.instanceId } : {}) });
          pending += steps.length;
          await progress(manifest!);
        },
        ...(store.putCompact
          ? {
              compact: async (entry: CompactEntry) => {
                heads.push(entry.head);
                compactBatch.push(entry);
                pending += entry.steps.length;
                await progress(manifest!);
              },
            }
          : {}),
        annotation: (a) => void annotations.push(a),
      });
      await flush();
      if (!manifest) throw new Error('not a run log');
      const m: Manifest = manifest;
      if (!scores) {
        this.importing = { items: heads.length, phase: 'scoring' };
        scores = scoreRun(m, kept);
      }
      for (const a of annotations) await store.putAnnotation(m.runId, a);
      const items = await startsRead(store, m.runId, heads);
      await store.putRun({
        manifest: m,
        status: items.every((i) => i.status === 'done' || i.status === 'error') ? 'done' : 'paused',
        items,
        updatedAt: new Date().toISOString(),
        source: 'imported',
        ...(scores ? { scores } : {}),
      });
      await runs.refresh();
      if (!announced) opened?.(m.runId);
      return m.runId;
    } catch (err) {
      const m = manifest as Manifest | null;
      if (m) await store.deleteRun(m.runId).catch(() => {}); // nothing half-read stays
      await runs.refresh();
      throw err;
    } finally {
      this.importing = null;
    }
  }

  /** Store a run log given as one text (a results bundle, a test). */
  importLog(text: string): Promise<string> {
    return this.importText(
      (async function* () {
        yield text;
      })(),
    );
  }

  /** A results file chosen by the user: JSON or JSONL, plain or gzip (a name ending in .gz must hold gzip). */
  async importFile(file: File, opened?: (runId: string) => void): Promise<string> {
    return this.importText(textChunks(file.stream(), { named: gzipName(file.name) }), opened);
  }

  /**
   * ?results=<URL under the site>: open a results bundle published next to the site, plain or
   * gzip (known by its first bytes: a server may have decompressed a .gz already).
   */
  async importFromUrl(raw: string, opened?: (runId: string) => void): Promise<string> {
    const url = urlUnderSite(raw, document.baseURI);
    const response = await fetch(url);
    if (!response.ok || !response.body) throw new Error(`could not fetch ${url.pathname}: HTTP ${response.status}`);
    try {
      return await this.importText(textChunks(response.body), opened);
    } catch (err) {
      throw new Error(`${url.pathname}: ${(err as Error).message}`);
    }
  }
}

export const runImport = new RunImport();

/** Steps stored per transaction while a log is imported. */
const IMPORT_BATCH = 500;

/** Heads whose start programs are still part numbers (a compact import), with their texts read from the store. */
async function startsRead(store: RunStore, runId: string, heads: readonly (ItemHead | HeadWithStartRef)[]): Promise<ItemHead[]> {
  const refs = [...new Set(heads.flatMap((h) => (typeof h.start?.code === 'number' ? [h.start.code] : [])))];
  if (!refs.length) return heads as ItemHead[];
  const texts = await store.partTexts!(runId, refs);
  const shared = new Map<object, ItemHead['start']>(); // one object per start, as the file shared it
  return heads.map((h) => {
    if (typeof h.start?.code !== 'number') return h as ItemHead;
    let start = shared.get(h.start);
    if (!start) {
      start = { ...h.start, code: texts.get(h.start.code)! };
      shared.set(h.start, start);
    }
    return { ...h, start };
  });
}

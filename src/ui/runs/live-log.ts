// A running run's stored log, re-read as it changes, shared by the views that read it at the
// same moment (the Run page's progress and a protocol's live view): one read per state of the
// run, named by a stamp of what changed (its record's time, its items, its steps). Only the
// latest read is kept.
import type { RunLog } from '../../core/model/runlog.ts';
import { runs } from '../runs.svelte.ts';

let slot: { runId: string; stamp: string; log: Promise<RunLog | undefined> } | null = null;

/** The run's log as stored now; the same read for the same run and stamp. */
export function liveLog(runId: string, stamp: string): Promise<RunLog | undefined> {
  if (slot && slot.runId === runId && slot.stamp === stamp) return slot.log;
  const current = { runId, stamp, log: runs.log(runId) };
  slot = current;
  current.log.catch(() => {
    if (slot === current) slot = null;
  });
  return current.log;
}

/** The stamp of a run's state as the live views see it. */
export const liveStamp = (record: { updatedAt: string; items: readonly unknown[] }, turns: number | undefined) =>
  `${record.updatedAt}|${record.items.length}|${turns ?? 0}`;

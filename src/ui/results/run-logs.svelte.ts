// The logs of the runs a compare page sets side by side, loaded from this browser and reloaded
// as the runs progress. Call it while a component is being set up (it starts an effect).
import { whileCurrent } from '../while-current.ts';
import type { RunLog } from '../../core/model/runlog.ts';
import { runs } from '../runs.svelte.ts';

export interface ComparedRuns {
  /** The runs found, in the order asked. */
  readonly ready: RunLog[];
  /** Ids not in this browser. */
  readonly missing: string[];
  /** Whether the runs asked for have been looked up (each found or missing); a page shows that it loads until then. */
  readonly loaded: boolean;
  /** A run's status ("running", "done", …). */
  statusOf(id: string): string;
}

export function comparedRuns(runIds: () => readonly string[]): ComparedRuns {
  let logs = $state<(RunLog | null)[]>([]);
  let missing = $state<string[]>([]);
  let loadedFor = $state<string | null>(null);
  $effect(() => {
    const ids = [...runIds()];
    const stamp = ids.map((id) => runs.list.find((r) => r.manifest.runId === id)?.updatedAt ?? '').join(); // reload as the runs progress
    void stamp;
    return whileCurrent(Promise.all(ids.map((id) => runs.log(id))), (found) => {
      logs = found.map((l) => l ?? null);
      missing = ids.filter((_, i) => !found[i]);
      loadedFor = ids.join('\n');
    });
  });
  const ready = $derived(logs.filter((l): l is RunLog => l !== null));
  return {
    get ready() {
      return ready;
    },
    get missing() {
      return missing;
    },
    get loaded() {
      return loadedFor === runIds().join('\n');
    },
    statusOf: (id) => runs.list.find((r) => r.manifest.runId === id)?.status ?? '',
  };
}

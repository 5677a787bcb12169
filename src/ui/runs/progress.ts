// A run's progress in its items: how many are done, with errors, working, and to go. For a
// protocol that makes its units as it goes (a search), the items made so far are not all there
// will be: what it plans in all (its `growth.planned`) and has not made yet is still to go.
export interface RunCounts {
  done: number;
  error: number;
  waiting: number;
  sandbox: number;
  working: number;
  /** Made and queued (or stopped), plus the planned units not made yet. */
  other: number;
  /** Planned units not made yet (part of `other`). */
  unmade: number;
  /** What the progress counts against: the planned units, or the items made. */
  total: number;
}

/**
 * Counts from each item's state (its live state in this tab, or its stored status). `planned`:
 * the protocol's count of units in all (null when it has none or it is not known yet); `over`:
 * the run is done, so the items made are all there are.
 */
export function runProgress(states: readonly string[], options: { planned: number | null; over: boolean }): RunCounts {
  const c: RunCounts = { done: 0, error: 0, waiting: 0, sandbox: 0, working: 0, other: 0, unmade: 0, total: states.length };
  for (const s of states) {
    if (s === 'done') c.done++;
    else if (s === 'error') c.error++;
    else if (s === 'rate-limited') c.waiting++;
    else if (s === 'waiting-sandbox') c.sandbox++;
    else if (s === 'planning' || s === 'generating' || s === 'executing') c.working++;
    else c.other++;
  }
  if (options.planned !== null && !options.over) {
    c.unmade = Math.max(0, options.planned - states.length);
    c.other += c.unmade;
    c.total = states.length + c.unmade;
  }
  return c;
}

/** A duration as m:ss, or h:mm:ss from an hour. */
export function clock(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  const [h, m, sec] = [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60];
  const two = (n: number) => String(n).padStart(2, '0');
  return h ? `${h}:${two(m)}:${two(sec)}` : `${m}:${two(sec)}`;
}

/**
 * The time the items left would take at the pace measured in this tab (`finished` items in
 * `elapsedMs` since the run started here); null before an item has finished here.
 */
export function timeLeft(elapsedMs: number, finished: number, left: number): number | null {
  return finished > 0 ? (elapsedMs / finished) * left : null;
}

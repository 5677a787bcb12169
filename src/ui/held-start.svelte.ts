// A start asked for on a first visit to a static host, while the page waits to reload into
// cross-origin isolation (src/offline.ts), is held until the page is settled, and kept in this
// tab meanwhile: if the reload comes first, the page after it carries the start out. No click
// is lost to the reload.
import { isolation } from './isolation.svelte.ts';

/** A model-profile study's start carries its choices (the Run page's form keeps its own draft). */
export type HeldStart =
  { kind: 'demo'; protocol: string } | { kind: 'run' } | { kind: 'profile'; models: string[]; seed: number; concurrency: number; budget: string };

const KEY = 'hintbench:held-start';
/** How long a start waits for the reload at most; then it goes ahead without isolation. */
const HOLD_MS = 30_000;
/** A held start older than this is dropped (a tab left on another page). */
const STALE_MS = 60_000;

/** Whether the page still expects to reload into isolation (or does not know yet). */
export const isolationPending = (): boolean => isolation.current === null || isolation.current.pending;

/** A start button's label while it starts: it may be waiting for the isolation reload. */
export const startingLabel = (): string => (isolationPending() ? 'Preparing the sandbox…' : 'Starting…');

function keep(request: HeldStart | null): void {
  try {
    if (request) sessionStorage.setItem(KEY, JSON.stringify({ ...request, at: Date.now() }));
    else sessionStorage.removeItem(KEY);
  } catch {
    // no storage: the start is still held, only not carried across a reload
  }
}

/** Wait until the page is settled (at most HOLD_MS), the request kept for the page after a reload meanwhile. */
export async function holdUntilSettled(request: HeldStart): Promise<void> {
  if (!isolationPending()) return;
  keep(request);
  const deadline = Date.now() + HOLD_MS;
  while (isolationPending() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  keep(null);
}

/** The start a reload interrupted, of this kind (taken: it is carried out once). */
export function takeHeld<K extends HeldStart['kind']>(kind: K): Extract<HeldStart, { kind: K }> | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    const held = JSON.parse(raw) as HeldStart & { at?: number };
    if (held.kind !== kind) return null;
    sessionStorage.removeItem(KEY);
    return typeof held.at === 'number' && Date.now() - held.at < STALE_MS ? (held as Extract<HeldStart, { kind: K }>) : null;
  } catch {
    return null;
  }
}

// Cross-origin isolation (COOP/COEP) lets the sandbox interrupt programs through shared memory.
// A server can send the headers; on hosts that cannot (GitHub Pages, plain static hosts) the
// offline service worker adds them to the responses it serves, and the page reloads once into
// the isolated mode. This module holds the headers and the decision (no DOM here).

/** The headers that make a page cross-origin isolated. */
export const ISOLATION_HEADERS: Readonly<Record<string, string>> = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

/** Their default values: a server that sends these declines isolation, and the service worker respects that. */
export const NO_ISOLATION_HEADERS: Readonly<Record<string, string>> = {
  'Cross-Origin-Opener-Policy': 'unsafe-none',
  'Cross-Origin-Embedder-Policy': 'unsafe-none',
};

/** The service worker sets this header (value `service-worker`) on responses it added the headers to. */
export const SW_ISOLATION_MARK = 'X-Hintbench-Isolation';

/** How the page is isolated: by the server's headers, by the service worker's, or not at all. */
export type IsolationMode = 'server' | 'service-worker' | 'none';

export interface IsolationFacts {
  /** `crossOriginIsolated` of the page. */
  isolated: boolean;
  /** The browser offers service workers here (a secure context). */
  serviceWorkers: boolean;
  /** A service worker controls the page. */
  controlled: boolean;
  /** That worker adds the isolation headers to this site's responses (the host sends none). */
  workerAddsHeaders: boolean;
  /** The page may reload for isolation: it has not done so in this tab yet, and can remember that it did. */
  mayReload: boolean;
}

export interface IsolationState {
  mode: IsolationMode;
  /** Reload now: the service worker's headers will isolate the next load. */
  reload: boolean;
  /** A reload into isolation is expected soon (now, or once the service worker takes control): work asked for meanwhile is held. */
  pending: boolean;
  /** Why, in a few words, for the sandbox panel. */
  why: string;
}

export function decideIsolation(f: IsolationFacts): IsolationState {
  if (f.isolated && f.controlled && f.workerAddsHeaders) {
    return { mode: 'service-worker', reload: false, pending: false, why: 'the host sends no COOP/COEP headers; the service worker adds them' };
  }
  if (f.isolated) return { mode: 'server', reload: false, pending: false, why: "the server's COOP/COEP headers" };
  const none = (why: string): IsolationState => ({ mode: 'none', reload: false, pending: false, why });
  if (!f.serviceWorkers) return none('no COOP/COEP headers, and service workers are unavailable here (an insecure origin?)');
  if (!f.controlled && f.mayReload)
    return { ...none('no COOP/COEP headers yet: the service worker is installing, and the page reloads once it can isolate it'), pending: true };
  if (!f.controlled) return none('no COOP/COEP headers, and the service worker does not control this tab');
  if (!f.workerAddsHeaders) return none('the server declines isolation (it sends COOP/COEP that do not isolate)');
  if (f.mayReload) return { mode: 'none', reload: true, pending: true, why: "reloading once so that the service worker's headers apply" };
  return none("the service worker's headers did not take effect in this tab");
}
